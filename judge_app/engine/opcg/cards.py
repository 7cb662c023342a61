"""Cards on the table: where they are, their power (2-6, 6-5-5-2) and keywords (10-1), read from the state.

Zones of a player (3-1-1): leader (リーダーエリア), characters (キャラクターエリア), stage (ステージエリア),
hand (手札), deck (デッキ, index 0 is the top), trash (トラッシュ), life (ライフ, index 0 is the top),
and DON!! as counts: don_deck, cost_area {active, rested}, and `don` on a leader or character (付与).

State lists and card objects are replaced, never changed in place, so every recorded change keeps a
true `before` (see judge_app/engine/state.py).
"""
from __future__ import annotations

from typing import Iterator

from judge_app.engine.state import GameState

LIST_ZONES = ("characters", "hand", "deck", "trash", "life")
ZONE_NAMES = {"leader": "リーダーエリア", "characters": "キャラクターエリア", "stage": "ステージエリア",
              "hand": "手札", "deck": "デッキ", "trash": "トラッシュ", "life": "ライフ"}
DON_TOTAL = 10  # 5-1-2: a DON!! deck of exactly 10


def other(player: str) -> str:
    return "p2" if player == "p1" else "p1"


def label(card: dict | None) -> str:
    if not card:
        return "(なし)"
    return f"{card.get('name', '?')}({card['id']})"


def zone_cards(pdata: dict) -> Iterator[tuple[str, dict]]:
    """Every card of one player with its zone name."""
    yield "leader", pdata["leader"]
    if pdata.get("stage"):
        yield "stage", pdata["stage"]
    for zone in LIST_ZONES:
        for card in pdata[zone]:
            yield zone, card


def locate(g: GameState, card_id: str) -> tuple[str, str, dict] | None:
    """(player, zone, card) for a card id, or None when no zone holds it."""
    for player, pdata in g.data["players"].items():
        for zone, card in zone_cards(pdata):
            if card["id"] == card_id:
                return player, zone, card
    return None


def field_cards(g: GameState, player: str) -> list[dict]:
    """The leader and characters of a player: the cards that have power and can hold DON!!."""
    pdata = g.data["players"][player]
    return [pdata["leader"], *pdata["characters"]]


def replace_card(g: GameState, player: str, zone: str, card_id: str, **fields) -> dict:
    """Write a changed copy of a card where it stands (the list is replaced, not changed in place)."""
    base = f"players.{player}.{zone}"
    if zone in ("leader", "stage"):
        new = {**g.get(base), **fields}
        g.set(base, new)
        return new
    items = list(g.get(base))
    for i, card in enumerate(items):
        if card["id"] == card_id:
            items[i] = new = {**card, **fields}
            g.set(base, items)
            return new
    raise KeyError(card_id)


def take_from(g: GameState, player: str, zone: str, card_id: str) -> dict:
    """Remove a card from a zone and return it."""
    if zone in ("leader", "stage"):
        card = g.get(f"players.{player}.{zone}")
        if zone == "leader":
            raise ValueError("3-6-3: the leader never leaves the leader area")
        g.set(f"players.{player}.stage", None)
        return card
    items = list(g.get(f"players.{player}.{zone}"))
    for i, card in enumerate(items):
        if card["id"] == card_id:
            del items[i]
            g.set(f"players.{player}.{zone}", items)
            return card
    raise KeyError(card_id)


def put_into(g: GameState, player: str, zone: str, card: dict, top: bool = False) -> None:
    if zone != "life" and "face_up" in card:   # only the life holds a card face up as an exception (3-10-2-1)
        card = {k: v for k, v in card.items() if k != "face_up"}
    if zone == "stage":
        g.set(f"players.{player}.stage", card)
        return
    items = list(g.get(f"players.{player}.{zone}"))
    if top:
        items.insert(0, card)
    else:
        items.append(card)
    g.set(f"players.{player}.{zone}", items)


def as_new_card(card: dict) -> dict:
    """3-1-6: a card that leaves the field is a new card in its new zone: drop the field-only fields."""
    return {k: v for k, v in card.items() if k not in ("rested", "don", "played_this_turn")}


# ---- keywords and power --------------------------------------------------------

def keywords(g: GameState, card: dict) -> set[str]:
    """Printed keywords, then the judge's grants and removals in the order they were made; an invalidated keyword (or
    every keyword of a card whose effects are invalidated) does not occur (8-2-1-1)."""
    kws = set(card.get("keywords") or ())
    for e in g.data["effects"]:
        if e["target"] == card["id"]:
            if e["kind"] == "keyword_add":
                kws.add(e["keyword"])
            elif e["kind"] in ("keyword_remove", "invalidate") and e.get("keyword"):
                kws.discard(e["keyword"])
            elif e["kind"] == "invalidate":
                kws.clear()
    return kws


def invalidated(g: GameState, card: dict, keyword: str) -> dict | None:
    """The invalidation on the card of this keyword (or of all its effects) that was printed or granted, or None."""
    effects = g.data["effects"]
    had = keyword in (card.get("keywords") or ()) or any(
        e["kind"] == "keyword_add" and e["target"] == card["id"] and e["keyword"] == keyword for e in effects)
    for e in effects if had else ():
        if e["kind"] == "invalidate" and e["target"] == card["id"] and e.get("keyword") in (keyword, None):
            return e
    return None


def has(g: GameState, card: dict, keyword: str) -> bool:
    return keyword in keywords(g, card)


def power(g: GameState, card: dict, owner: str) -> int:
    """Printed power, plus effects (counters included), plus 1000 per attached DON!! on the owner's turn (6-5-5-2)."""
    value = card.get("power") or 0
    for e in g.data["effects"]:
        if e["target"] == card["id"] and e["kind"] == "power":
            value += e["value"]
    if g.data.get("turn_player") == owner:
        value += 1000 * (card.get("don") or 0)
    return value


def power_sources(g: GameState, card: dict, owner: str) -> tuple[str, tuple[str, ...]]:
    """Where a card's power comes from, for a comparison: a breakdown in words and the clauses that made each
    part: 7-1-3-2-1 for a counter, 2-6-3 for another effect, 6-5-5-2 for attached DON!! (counted on the owner's
    turn only, and cited either way: it is the clause that says whether they count)."""
    parts, cites = [f"元々{card.get('power') or 0}"], []
    for e in g.data["effects"]:
        if e["target"] == card["id"] and e["kind"] == "power":
            rule = e.get("rule") or "opcg:2-6-3"
            parts.append(("カウンター" if rule == "opcg:7-1-3-2-1" else "効果") + f"{e['value']:+d}")
            cites.append(rule)
    don = card.get("don") or 0
    if don:
        if g.data.get("turn_player") == owner:
            parts.append(f"付与ドン!!{don}枚+{1000 * don}")
        else:
            parts.append(f"付与ドン!!{don}枚は相手のターン中のため数えない")
        cites.append("opcg:6-5-5-2")
    return "、".join(parts), tuple(dict.fromkeys(cites))


def don_count(pdata: dict) -> int:
    """Every DON!! card of a player: DON!! deck, cost area, and attached to the leader and characters."""
    attached = (pdata["leader"].get("don") or 0) + sum(c.get("don") or 0 for c in pdata["characters"])
    return pdata["don_deck"] + pdata["cost_area"]["active"] + pdata["cost_area"]["rested"] + attached
