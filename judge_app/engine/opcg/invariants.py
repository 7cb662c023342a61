"""What must hold after every step of ONE PIECE CARD GAME (checked after every fuzzed step)."""
from __future__ import annotations

from judge_app.engine.opcg.cards import DON_TOTAL, LIST_ZONES, don_count
from judge_app.engine.state import GameState


def invariants(g: GameState) -> list[str]:
    broken: list[str] = []
    ids: list[str] = []
    for player, pdata in g.data["players"].items():
        mine = [pdata["leader"]["id"], *(c["id"] for z in LIST_ZONES for c in pdata[z])]
        if pdata["stage"]:
            mine.append(pdata["stage"]["id"])
        if len(mine) != pdata["cards_total"]:
            broken.append(f"{player}: {len(mine)} cards, expected {pdata['cards_total']}")
        ids += mine
        if don_count(pdata) != DON_TOTAL:
            broken.append(f"{player}: {don_count(pdata)} DON!!, expected {DON_TOTAL}")
        area = pdata["cost_area"]
        if min(pdata["don_deck"], area["active"], area["rested"]) < 0:
            broken.append(f"{player}: a negative DON!! count")
        if len(pdata["characters"]) > 5:
            broken.append(f"{player}: {len(pdata['characters'])} characters (3-7-6)")
        if pdata["leader"].get("category") != "リーダー":
            broken.append(f"{player}: the leader left the leader area (3-6-3)")
    if len(set(ids)) != len(ids):
        seen: set[str] = set()
        broken += [f"{i} is in more than one zone" for i in ids if i in seen or seen.add(i)]
    return broken
