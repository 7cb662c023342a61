"""Reading cards on the table: where a card is, its current ATK/DEF/DOWN, and moving it between zones."""
from __future__ import annotations

from judge_app.engine import lasting
from judge_app.engine.los.board import ZONES
from judge_app.engine.los.board_terms import LANES, ROWS, has_keyword, square_name
from judge_app.engine.state import GameState

RUNTIME = ("display", "face_down", "entered_turn", "entered", "display_changed_turn", "flipped_turn", "moved_turn",
           "attack_turn", "attacks", "battles", "mods", "damage", "cannot", "gained")
SEARCH_ORDER = tuple(sorted(ZONES, key=lambda z: z == "deck"))   # the deck last


def locate(g: GameState, cid: str) -> tuple[str, str, int] | None:
    """(player, zone or row, index) of a card, or None. A card is in one place only (invariants), so the
    squares are searched first, where most looked-up cards are, and the deck, the longest list, last."""
    players = g.data["players"]
    for pid, p in players.items():
        for row in ROWS:
            for i, c in enumerate(p[row]):
                if c is not None and c["id"] == cid:
                    return pid, row, i
    for zone in SEARCH_ORDER:
        for pid, p in players.items():
            for i, c in enumerate(p[zone]):
                if c["id"] == cid:
                    return pid, zone, i
    return None


def on_field(g: GameState, cid: str) -> bool:
    where = locate(g, cid)
    return bool(where) and where[1] in ("front", "back", "support")


def keyword_stop(g: GameState, card: dict, name: str) -> dict | None:
    """The invalidation (9.1) that stops the character's keyword `name` in the flow now, or None (nothing is read
    while there are no lasting effects)."""
    if not g.data.get("effects") or not has_keyword(card, name):
        return None
    where = locate(g, card["id"])
    return lasting.keyword_invalidation(g, card["id"], name, where[0] if where else None, lambda s: on_field(g, s))


def keyword_works(g: GameState, card: dict, name: str) -> bool:
    """The character has the keyword and no invalidation stops it (8.13, 9.1)."""
    return has_keyword(card, name) and (not g.data.get("effects") or keyword_stop(g, card, name) is None)


def card_at(g: GameState, pid: str, row: str, lane: int) -> dict | None:
    return g.data["players"][pid][row][lane]


def end_field_bound(g: GameState) -> list[tuple[dict, dict]]:
    """「このカードが場にある間」 modifications and 「できない」 whose card has left the field end (9.4: an effect
    that ends when something happens). Returns (character, ended item) pairs; nothing is read while no such
    modification was ever made (`field_bound`)."""
    if not g.data.get("field_bound"):
        return []
    ended: list[tuple[dict, dict]] = []
    for pid in ("p1", "p2"):
        for row, lane, c in list(characters(g, pid)):
            lists = {k: c.get(k) or [] for k in ("mods", "cannot")}
            kept = {k: [m for m in v if m["until"] != "while_on_field" or on_field(g, m.get("source"))]
                    for k, v in lists.items()}
            if kept != lists:
                ended += [(c, m) for k, v in lists.items() for m in v if m not in kept[k]]
                set_square(g, pid, row, lane, {**{k: v for k, v in c.items() if k not in kept},
                                               **{k: v for k, v in kept.items() if v}})
    return ended


def field_bound_ends(g: GameState):
    """The 「場にある間」 modifications of a card that has just left the field end (9.4), logged as one step."""
    ended = end_field_bound(g)
    if ended:
        yield g.log("los:9.4", "expire", field_bound_words(ended), None)


def field_bound_words(ended) -> str:
    what = "、".join(f"「{c['name']}」の{mod_words(m)}" for c, m in ended)
    return f"効果を持つカードが場を離れたため、「このカードが場にある間」の効果を終了しました（{what}）"


def mod_words(m: dict) -> str:
    if "stat" not in m:
        return f"「{lasting.ACTION_WORDS.get(m['action'], m['action'])}ことができない」"
    return f"{m['stat']}{m['value']:+d}" if m["op"] == "add" else f"{m['stat']}={m['value']}"


def characters(g: GameState, pid: str):
    """(row, lane, card) for each character on pid's キャラクターゾーン, lane by lane."""
    p = g.data["players"][pid]
    for row in ROWS:
        for lane in range(LANES):
            c = p[row][lane]
            if c is not None:
                yield row, lane, c


def where(g: GameState, cid: str) -> str:
    loc = locate(g, cid)
    if loc is None:
        return "（場にない）"
    pid, zone, i = loc
    return square_name(pid, zone, i) if zone in ROWS else f"{pid} {zone}"


def set_value(card: dict, name: str, value: int) -> int:
    """9.5 後から場に出たカードの効果を優先: of the 「になる」 mods, the one whose card entered the field last (`rank`,
    its `entered`; a board's cards and an effect with no source card 0), then the later applied among equals."""
    best = None
    for i, m in enumerate(card.get("mods") or ()):
        if m["stat"] == name and m["op"] == "set" and (best is None or (m.get("rank", 0), i) >= best[0]):
            best = ((m.get("rank", 0), i), m["value"])
    return value if best is None else best[1]


def entered(g: GameState, card: dict) -> dict:
    """The card as it enters the field: numbered after every card that entered before it (9.5 needs 「後から」)."""
    seq = g.data.get("entry_seq", 0) + 1
    g.set("entry_seq", seq)
    return {**card, "entered": seq}


def stat(card: dict, name: str) -> int:
    """ATK/DEF/DOWN now: the printed value (8.7 元々の), the 「になる」 of the card that entered last (9.5), then ±N
    (8.9); never below 0 (2.1.2, 2.1.3, 2.1.4)."""
    mods = card.get("mods") or []
    value = set_value(card, name, card.get(name.lower(), 0))
    value += sum(m["value"] for m in mods if m["stat"] == name and m["op"] == "add")
    return max(0, value)


FLOOR = {"ATK": "los:2.1.2", "DEF": "los:2.1.3", "DOWN": "los:2.1.4"}


def stat_cites(card: dict, name: str) -> list[str]:
    """Where the value `stat` gives comes from, beyond the printed number: ±N (8.9), the latest 「になる」 (9.5),
    and the floor at 0 when the result would be negative (2.1.2 ATK, 2.1.3 DEF, 2.1.4 DOWN)."""
    mods = card.get("mods")
    if not mods:
        return []
    cites = []
    if any(m["stat"] == name and m["op"] == "set" for m in mods):
        cites.append("los:9.5")
    if any(m["stat"] == name and m["op"] == "add" for m in mods):
        cites.append("los:8.9")
    value = set_value(card, name, card.get(name.lower(), 0))
    if value + sum(m["value"] for m in mods if m["stat"] == name and m["op"] == "add") < 0:
        cites.append(FLOOR[name])
    return cites


def forbidden(card: dict, action: str) -> bool:
    return any(c["action"] == action for c in card.get("cannot") or [])


def printed(card: dict) -> dict:
    """A card leaving the キャラクターゾーン (or the energy/support zone) loses what the table gave it."""
    return {k: v for k, v in card.items() if k not in RUNTIME}


def set_square(g: GameState, pid: str, row: str, lane: int, card: dict | None) -> None:
    squares = list(g.data["players"][pid][row])
    squares[lane] = card
    g.set(f"players.{pid}.{row}", squares)


def add_card_mod(g: GameState, cid: str, mod: dict) -> None:
    """A modification joins the card's `mods`, recorded as the one mod added (GameState.append): its row or zone
    is replaced by a copy, as update_card does."""
    pid, zone, i = locate(g, cid)
    g.append(f"players.{pid}.{zone}.{i}.mods", mod, whole=f"players.{pid}.{zone}")


def update_card(g: GameState, cid: str, **fields) -> None:
    """Replace a card on the board or in a zone by a copy with `fields` changed (values are never mutated)."""
    pid, zone, i = locate(g, cid)
    card = dict(g.data["players"][pid][zone][i])
    for k, v in fields.items():
        if v is None:
            card.pop(k, None)
        else:
            card[k] = v
    if zone in ROWS:
        set_square(g, pid, zone, i, card)
    else:
        items = list(g.data["players"][pid][zone])
        items[i] = card
        g.set(f"players.{pid}.{zone}", items)


def take(g: GameState, cid: str) -> tuple[str, dict]:
    """Remove a card from wherever it is; returns (owner, card)."""
    pid, zone, i = locate(g, cid)
    if zone in ROWS:
        card = g.data["players"][pid][zone][i]
        set_square(g, pid, zone, i, None)
    else:
        items = list(g.data["players"][pid][zone])
        card = items.pop(i)
        g.set(f"players.{pid}.{zone}", items)
    return pid, card


def put(g: GameState, pid: str, zone: str, card: dict, index: int | None = None) -> None:
    g.insert_into(f"players.{pid}.{zone}", card, index)


def to_trash(g: GameState, cid: str) -> dict:
    pid, card = take(g, cid)
    put(g, pid, "trash", printed(card))
    return card
