"""What must hold after every step of Legend of Stars (checked after every fuzzed step)."""
from __future__ import annotations

from judge_app.engine.los.board_terms import LANES, ROWS
from judge_app.engine.state import GameState


def invariants(g: GameState) -> list[str]:
    """Every card in exactly one zone, card totals conserved, four squares a row, one character a square.
    Called after every fuzzed step, so the common case is a few list comprehensions."""
    broken: list[str] = []
    ids: list[str] = []
    for pid, p in g.data["players"].items():
        n = len(ids)
        for zone in ("deck", "hand", "trash", "energy", "support"):
            ids += [c["id"] for c in p[zone]]
        for row in ROWS:
            squares = p[row]
            if len(squares) != LANES:
                broken.append(f"{pid}.{row}: {len(squares)} squares")
            for c in squares:
                if c is None:
                    continue
                if not isinstance(c, dict) or c.get("type", "character") != "character":
                    broken.append(f"{pid}.{row}: a square holds {c!r:.60}")
                else:
                    ids.append(c["id"])
        if len(ids) - n != g.data["counts"][pid]:
            broken.append(f"{pid}: {len(ids) - n} cards, expected {g.data['counts'][pid]}")
        if not isinstance(p["life"], int):
            broken.append(f"{pid}.life not an integer")
    if len(set(ids)) != len(ids):
        seen: set[str] = set()
        twice = sorted({i for i in ids if i in seen or seen.add(i)})
        broken.append(f"cards in two zones: {', '.join(twice[:5])}")
    return broken
