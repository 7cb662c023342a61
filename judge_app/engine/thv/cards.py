"""Cards and where they are: printed information (2), zones (3), characters (6.1) and battle power (6.1.10)."""
from __future__ import annotations

from judge_app.engine import lasting
from judge_app.engine.thv import keywords as kw

PLAYERS = ("p1", "p2")
ZONES = ("deck", "hand", "field", "nodes", "graveyard", "removed", "play_area", "sideboard")
ZONE_JA = {"deck": "デッキ", "hand": "手札", "field": "場", "nodes": "ノードエリア", "graveyard": "冥界",
           "removed": "除外エリア", "play_area": "プレイエリア", "sideboard": "サイドボード"}
# Printed information (2) plus identity; everything else is given to a card in a zone and lost when it
# moves (3.1.7).
PRINTED = ("id", "owner", "name", "type", "cost", "need", "attack", "toughness", "attack_mod", "toughness_mod",
           "graze", "race", "caster", "alt_race", "keywords", "effect", "activated", "no")
# Where `locate` looks first: the small zones the rules touch most, the decks last.
SEARCH_ORDER = ("field", "play_area", "hand", "nodes", "graveyard", "removed", "deck", "sideboard")
TYPE_JA = {"character": "キャラクター", "spell": "スペル", "command": "コマンド", "unknown": "不明"}


def opponent(p: str) -> str:
    return "p2" if p == "p1" else "p1"


def bare(card: dict) -> dict:
    """The card as it arrives in a new zone: only its printed information (3.1.7)."""
    return {k: card[k] for k in PRINTED if k in card}


def words(card: dict) -> list[str]:
    if card.get("face_down"):   # 5.7.4: the face side's text of a face-down card on the field is invalid
        return []
    return card.get("keywords") or []


def label(card: dict) -> str:
    return f"{card.get('name', '?')}（{card['id']}）"


# ---- locating -----------------------------------------------------------------------------------------
def locate(g, cid: str):
    """(player, zone, index, set_index) of card `cid`, or None. set_index is the position among the set
    cards of field[index] (3.4.6: a card set on a field card is a field card too)."""
    players = g.data["players"]
    for zone in SEARCH_ORDER:  # ids are unique, so the order only decides how soon the card is found
        for p in PLAYERS:
            for i, c in enumerate(players[p].get(zone) or ()):
                if c["id"] == cid:
                    return p, zone, i, None
                if zone == "field":
                    for j, s in enumerate(c.get("sets") or ()):
                        if s["id"] == cid:
                            return p, zone, i, j
    return None


def card_path(loc) -> str:
    p, zone, i, j = loc
    return f"players.{p}.{zone}.{i}" + (f".sets.{j}" if j is not None else "")


def get_card(g, cid: str) -> dict | None:
    loc = locate(g, cid)
    return g.get(card_path(loc)) if loc else None


def update_card(g, cid: str, **fields) -> dict:
    """Replace the card with a changed copy (values are replaced, never mutated in place)."""
    loc = locate(g, cid)
    path = card_path(loc)
    new = {**g.get(path), **fields}
    g.set(path, new)
    return new


def add_card_mod(g, cid: str, mod: dict) -> None:
    """A modification joins the card's `mods`, recorded as the one mod added (GameState.append): the card is
    replaced by a copy, as update_card does."""
    path = card_path(locate(g, cid))
    g.append(f"{path}.mods", mod, whole=path)


def take(g, cid: str) -> dict:
    """Remove card `cid` from wherever it is and return it (with what it carried)."""
    loc = locate(g, cid)
    p, zone, i, j = loc
    if j is None:
        items = list(g.data["players"][p][zone])
        card = items.pop(i)
        g.set(f"players.{p}.{zone}", items)
    else:
        host = g.data["players"][p]["field"][i]
        sets = list(host["sets"])
        card = sets.pop(j)
        g.set(f"players.{p}.field.{i}", {**host, "sets": sets})
    return card


def put(g, card: dict, player: str, zone: str, top: bool = False) -> None:
    """Put a card into a zone. Deck top is index 0; the 冥界's top is its end (3.3.2)."""
    g.insert_into(f"players.{player}.{zone}", card, 0 if top else None)


def send_off(g, cid: str, zone: str) -> list[dict]:
    """Move card `cid` to its owner's `zone` (冥界 or 除外エリア); the cards set on it go to their owners' 冥界
    (9.3.4.e/f, 9.4.4). Returns the cards moved, the host last."""
    card = take(g, cid)
    moved = []
    for s in card.get("sets") or ():
        put(g, bare(s), s["owner"], "graveyard")
        moved.append(s)
    put(g, bare(card), card["owner"], zone)
    return moved + [card]


def field_cards(g, p: str) -> list[dict]:
    return list(g.data["players"][p]["field"])


def is_character(card: dict) -> bool:
    """A card on the field not set on another card, face up, that is a character card or 幻想生物 (6.1.1, 5.4.3,
    10.16.3). Cards set on others live in `sets`, so every top-level field card of these kinds is one. A face-down
    card has no information (5.7.1), so it is none."""
    if card.get("face_down"):
        return False
    return card.get("type") == "character" or kw.has(words(card), "幻想生物")


def characters(g, p: str | None = None) -> list[dict]:
    ps = PLAYERS if p is None else (p,)
    return [c for q in ps for c in g.data["players"][q]["field"] if is_character(c)]


def end_field_bound(g) -> list[tuple[dict, dict]]:
    """「このカードが場にある間」 modifications whose card has left the field end (7.6.1: an effect applies during its
    period only). Returns (character, ended modification) pairs; nothing is read while none was ever made."""
    if not g.data.get("field_bound"):
        return []
    ended = []
    for c in characters(g):
        mods = c.get("mods") or ()
        kept = [m for m in mods if m.get("until") != "while_on_field" or _on_field(g, m.get("source"))]
        if len(kept) != len(mods):
            ended += [(c, m) for m in mods if m not in kept]
            update_card(g, c["id"], mods=kept)
    return ended


def keyword_stop(g, card: dict | None, word: str) -> dict | None:
    """The invalidation of the card's effects or of its keyword `word` (on the card, or on its player) that stops the
    keyword where the flow reads it, wherever the card is (hand, play area, field; 2.1.1.a — invalidated text keeps
    its 【】 keywords, 2.13.3), or None. Nothing is read while there are no lasting effects."""
    if not card or not g.data.get("effects"):
        return None
    loc = locate(g, card["id"])
    return lasting.keyword_invalidation(g, card["id"], word, loc[0] if loc else None, lambda s: _on_field(g, s),
                                        ("effects",))


def keyword_live(g, card: dict, word: str, printed: list | None = None) -> bool:
    """The card has the keyword (in `printed`, its words by default) and no invalidation stops it."""
    return kw.has(words(card) if printed is None else printed, word) and keyword_stop(g, card, word) is None


def _on_field(g, cid: str | None) -> bool:
    loc = locate(g, cid) if cid else None
    return bool(loc) and loc[1] == "field"


def controller(g, cid: str) -> str | None:
    loc = locate(g, cid)
    return loc[0] if loc else None


def on_field_character(g, cid: str | None) -> bool:
    if cid is None:
        return False
    loc = locate(g, cid)
    return bool(loc) and loc[1] == "field" and loc[3] is None and is_character(g.get(card_path(loc)))


# ---- what a character has ------------------------------------------------------------------------------
def gained_sets(card: dict) -> list[dict]:
    """Set cards whose text the character gains: 装備 and 呪符 cards (6.1.13, 10.13.6, 10.14.4)."""
    return [s for s in card.get("sets") or () if kw.has(words(s), "装備") or kw.has(words(s), "呪符")]


def char_words(card: dict) -> list[str]:
    out = list(words(card))
    for s in gained_sets(card):
        out += [w for w in words(s) if kw.parse(w)[0] not in kw.NOT_GAINED]
    return out


def has(card: dict, name: str) -> bool:
    return kw.has(char_words(card), name)


def races(card: dict) -> set[str]:
    r = card.get("race") or []
    return set(r) if r else {"なし"}  # 2.6.3


def same_race(a: dict, b: dict) -> bool:
    return bool(races(a) & races(b))  # 2.6.6


def _num(v) -> int:
    return 0 if v in (None, "-") else int(v)  # 1.6.1.b: 「-」 asked as a number is 0


def battle_power_raw(card: dict) -> tuple[int, int]:
    """攻撃力 and 耐久力 through the layers of 6.1.10, before the floor of 6.1.12:
    a 変更 (set), b 入れ替え (swap), c 戦闘修正 (±, equipment's 戦闘修正 included), d 常に (always)."""
    a, t = _num(card.get("attack")), _num(card.get("toughness"))
    mods = card.get("mods") or ()
    if not mods and not card.get("sets"):
        return a, t
    for m in mods:
        if m["layer"] == "set":
            a = m["attack"] if m.get("attack") is not None else a
            t = m["toughness"] if m.get("toughness") is not None else t
    for m in mods:
        if m["layer"] == "swap":
            a, t = t, a
    for s in gained_sets(card):
        a += _num(s.get("attack_mod"))
        t += _num(s.get("toughness_mod"))
    for m in mods:
        if m["layer"] == "modify":
            a += m.get("attack") or 0
            t += m.get("toughness") or 0
    for m in mods:
        if m["layer"] == "always":
            a = m["attack"] if m.get("attack") is not None else a
            t = m["toughness"] if m.get("toughness") is not None else t
    return a, t


def attack_of(card: dict) -> int:
    return max(0, battle_power_raw(card)[0])  # 6.1.12


def toughness_of(card: dict) -> int:
    return max(0, battle_power_raw(card)[1])  # 6.1.12


_LAYER_RULE = {"set": "thv:6.1.10.a", "swap": "thv:6.1.10.b", "modify": "thv:6.1.10.c", "always": "thv:6.1.10.d"}


def power_cites(card: dict | None) -> tuple[str, ...]:
    """Where a character's 攻撃力/耐久力 come from when they are not the printed ones: each layer of 6.1.10 that
    modifies it, the 戦闘修正 its 装備 (10.13.6) or 呪符 (10.14.4) card gives, and the floor of 6.1.12."""
    if not card:
        return ()
    out = []
    for m in card.get("mods") or ():
        out.append(_LAYER_RULE[m["layer"]])
    for s in gained_sets(card):
        if _num(s.get("attack_mod")) or _num(s.get("toughness_mod")):
            out.append("thv:10.13.6" if kw.has(words(s), "装備") else "thv:10.14.4")
    if out:
        a, t = battle_power_raw(card)
        if a < 0 or t < 0:
            out.append("thv:6.1.12")
    return tuple(dict.fromkeys(out))


def accumulated(card: dict) -> int:
    return (card.get("damage") or 0) + (card.get("battle_damage") or 0)


def cost_of(card: dict):
    """The cost to pay: an int, or None for 「-」 (2.4.3: cannot be played). Nullity is 0 (2.4.4)."""
    c = card.get("cost", 0)
    if c == "-":
        return None
    if c == "Nullity":
        return 0
    return max(0, int(c))  # 1.8.7.j


def need_of(card: dict) -> int:
    n = card.get("need", 0)
    return 0 if n in ("Nullity", "-", None) else int(n)
