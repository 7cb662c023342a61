"""What must hold after every step."""
from judge_app.engine.thv.cards import PLAYERS, ZONES


def broken(g) -> list[str]:
    out = []
    seen = {}
    per_owner = {p: 0 for p in PLAYERS}
    data = g.data
    for p in PLAYERS:
        pl = data["players"][p]
        for zone in ZONES:
            for c in pl[zone]:
                cards = [c] + (list(c.get("sets") or ()) if zone == "field" else [])
                if zone != "field" and c.get("sets"):
                    out.append(f"{c['id']}: {zone} のカードにセットカードがある")
                for x in cards:
                    if x["id"] in seen:
                        out.append(f"{x['id']}: {seen[x['id']]} と {p}.{zone} の両方にある")
                    seen[x["id"]] = f"{p}.{zone}"
                    per_owner[x["owner"]] += 1
                if zone in ("field", "nodes") and c.get("state") not in ("active", "sleep"):
                    out.append(f"{c['id']}: 縦横の状態がない")
                if zone == "field":
                    if (c.get("damage") or 0) < 0 or (c.get("battle_damage") or 0) < 0:
                        out.append(f"{c['id']}: 負のダメージ")
                    if any(s.get("state") != c.get("state") for s in c.get("sets") or ()):
                        out.append(f"{c['id']}: セットカードと縦横の状態が違う（11.3.11.c）")
    counts = data.get("card_counts")
    if counts and counts != per_owner:
        out.append(f"カードの枚数が変わった: {counts} → {per_owner}")
    inter = data.get("interference")
    in_play = {c["id"] for p in PLAYERS for c in data["players"][p]["play_area"]} - {data.get("playing")}
    if inter is None:
        if in_play:
            out.append(f"干渉がないのにプレイエリアにカードがある: {sorted(in_play)}")
        if data.get("battle"):
            out.append("干渉がないのに戦闘がある")
    else:
        items = {it["card"] for it in inter["items"] if it["kind"] == "card" and not it.get("negated")}
        if not in_play <= items:
            out.append(f"干渉にないカードがプレイエリアにある: {sorted(in_play - items)}")
    if data.get("priority") not in (None, *PLAYERS):
        out.append("優先権の持ち主が不正")
    if not 0 <= data.get("passes", 0) <= 2:
        out.append("連続した放棄の数が不正")
    return out
