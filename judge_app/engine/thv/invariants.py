"""What must hold after every step (checked after each step when fuzzing, so kept lean)."""
from collections import Counter

from judge_app.engine.thv.cards import PLAYERS, ZONES

# These lists are replaced, never changed in place (cards in them are never updated), so what was computed
# for one list object holds while the zone is that same object.
STILL = ("deck", "hand", "graveyard", "removed", "sideboard")


def _summary(lst):
    ids = [c["id"] for c in lst]
    p1 = sum(1 for c in lst if c["owner"] == "p1")
    return lst, ids, p1


def broken(g) -> list[str]:
    out = []
    ids: list[str] = []
    owned_p1 = 0
    data = g.data
    players = data["players"]
    cache = g.__dict__.setdefault("_thv_inv_cache", {})
    # Zones are replaced when they change, and field cards are replaced when updated: when every zone list
    # and every field card is the very object seen last time, the card checks still hold.
    key = [players[p][z] for p in PLAYERS for z in ZONES] + [c for p in PLAYERS for c in players[p]["field"]]
    last = cache.get("key")
    same = last is not None and len(last) == len(key) and all(a is b for a, b in zip(last, key))
    if same:
        out = list(cache["cards"])
        return out + _flow(data, players)
    for p in PLAYERS:
        pl = players[p]
        for zone in ZONES:
            lst = pl[zone]
            if not lst:
                continue
            if zone in STILL:
                hit = cache.get((p, zone))
                if hit is None or hit[0] is not lst:
                    hit = cache[(p, zone)] = _summary(lst)
                ids += hit[1]
                owned_p1 += hit[2]
                continue
            for c in lst:
                ids.append(c["id"])
                owned_p1 += c["owner"] == "p1"
                st = c.get("state")
                if zone == "play_area":
                    continue
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
    cache["key"], cache["cards"] = key, list(out)
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
