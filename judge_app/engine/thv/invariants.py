"""What must hold after every step (checked after each step when fuzzing, so kept lean)."""
from collections import Counter

from judge_app.engine.thv.cards import PLAYERS, ZONES

# Zones whose cards have no 縦横 state to check (cards in them are only counted).
STILL = ("deck", "hand", "graveyard", "removed", "sideboard")


def invariants(g) -> list[str]:
    """Every check runs on the state as it is now: nothing is cached, so a change made in place is seen too."""
    out = []
    ids: list[str] = []
    owned_p1 = 0
    data = g.data
    players = data["players"]
    for p in PLAYERS:
        pl = players[p]
        for zone in ZONES:
            for c in pl[zone]:
                ids.append(c["id"])
                owned_p1 += c["owner"] == "p1"
                if zone in STILL or zone == "play_area":
                    continue
                st = c.get("state")
                if st != "active" and st != "sleep":
                    out.append(f"{c['id']}: 縦横の状態がない")
                if zone == "field":
                    if c.get("damage", 0) < 0 or c.get("battle_damage", 0) < 0:
                        out.append(f"{c['id']}: 負のダメージ")
                    for s in c.get("sets") or ():
                        ids.append(s["id"])
                        owned_p1 += s["owner"] == "p1"
                        if s.get("state") != st:
                            out.append(f"{c['id']}: セットカードと縦横の状態が違う（11.3.11.c）")
    if len(set(ids)) != len(ids):
        dup = [i for i, n in Counter(ids).items() if n > 1]
        out.append(f"同じカードが2か所にある: {dup[:5]}")
    counts = data.get("card_counts")
    if counts and (owned_p1 != counts["p1"] or len(ids) - owned_p1 != counts["p2"]):
        out.append(f"カードの枚数が変わった: {counts} → p1 {owned_p1}, p2 {len(ids) - owned_p1}")
    return out + _flow(data, players)


def _flow(data, players) -> list[str]:
    out = []
    inter = data.get("interference")
    playing = data.get("playing")
    in_play = [c["id"] for p in PLAYERS for c in players[p]["play_area"] if c["id"] != playing]
    if inter is None:
        if in_play:
            out.append(f"干渉がないのにプレイエリアにカードがある: {sorted(in_play)}")
        if data.get("battle"):
            out.append("干渉がないのに戦闘がある")
    elif in_play:
        items = {it["card"] for it in inter["items"] if it["kind"] == "card" and not it.get("negated")}
        stray = set(in_play) - items
        if stray:
            out.append(f"干渉にないカードがプレイエリアにある: {sorted(stray)}")
    if data.get("priority") not in (None, "p1", "p2"):
        out.append("優先権の持ち主が不正")
    if not 0 <= data.get("passes", 0) <= 2:
        out.append("連続した放棄の数が不正")
    return out
