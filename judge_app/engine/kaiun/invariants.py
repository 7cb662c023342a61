"""What holds after every step of a 開運コロシアム game (the fuzzer checks it)."""
from __future__ import annotations

from judge_app.engine.kaiun.board import ZONES
from judge_app.engine.state import GameState


def invariants(g: GameState, may_end_without_winner: bool = False) -> list[str]:
    """Every card in one zone and none gained or lost; at most one card in a battle area (3-5-3); a winner at the
    end unless the game may end without one (kaiun-multi's concede=end_game)."""
    broken: list[str] = []
    seen: set[str] = set()
    for p, pl in g.data["players"].items():
        n = 0
        for z in ZONES:
            for c in pl[z]:
                if c["id"] in seen:
                    broken.append(f"card {c['id']} in two zones")
                seen.add(c["id"])
            n += len(pl[z])
        if n != g.kaiun_cards[p]:
            broken.append(f"{p}: {n} cards, started with {g.kaiun_cards[p]}")
        if len(pl["battle_area"]) > 1:
            broken.append(f"{p}: {len(pl['battle_area'])} cards in the battle area (3-5-3)")
    if g.finished and g.winner is None and not may_end_without_winner:
        broken.append("game finished without a winner")
    return broken
