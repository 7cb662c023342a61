"""What the board pages draw: a board or state tree turned into players, zones, cards and counters.

Driven by the data itself (lists of cards are zones, numbers are counters, a `players` map is the table)
and by each game's layout in board_layouts.py (zone order, names, which zones are face-down piles or
fixed grids). Every element keeps its dotted path, which is what trace changes name, so the page can
highlight what a trace entry changed, and the builder knows what it is editing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge_app.application.schema_nodes import follow_ref
from judge_app.web.shared.board_layouts import FLAG_LABELS, LABELS, VALUE_LABELS, Layout, layout_of  # noqa: F401 (re-exported)

NAME_KEYS = ("name", "名前", "card_name", "title", "card", "id", "code")
TOOLTIP_KEYS = ("id", "number", "filler")  # kept off the tile (shown on hover) to keep tiles small


# ---- a little JSON Schema walking: enough to know the shape of a missing or empty zone ----------
def _deref(schema: Any, root: dict) -> dict:
    schema = follow_ref(schema, root)
    if not isinstance(schema, dict):
        return {}
    alts = schema.get("anyOf") or schema.get("oneOf")
    if alts:
        real = [_deref(a, root) for a in alts if _deref(a, root).get("type") != "null"]
        nullable = len(real) < len(alts)
        merged = dict(real[0]) if real else {}
        if nullable:
            merged["x-nullable"] = True
        return merged
    return schema


def child_schema(schema: Any, key: Any, root: dict) -> dict:
    schema = _deref(schema, root)
    if isinstance(key, int):
        prefix = schema.get("prefixItems") or []
        return _deref(prefix[key] if key < len(prefix) else schema.get("items", {}), root)
    props = schema.get("properties") or {}
    if key in props:
        return _deref(props[key], root)
    extra = schema.get("additionalProperties")
    return _deref(extra, root) if isinstance(extra, dict) else {}


def _is_card_schema(schema: dict) -> bool:
    props = schema.get("properties") or {}
    return schema.get("type") == "object" and any(k in props for k in NAME_KEYS[:4])


def _items_nullable(schema: dict, root: dict) -> bool:
    items = _deref(schema.get("items", {}), root)
    return bool(items.get("x-nullable"))


@dataclass
class Card:
    path: str
    name: str
    stats: list[tuple[str, str]]
    flags: list[str]
    classes: list[str]
    empty: bool = False
    tip: str = ""


@dataclass
class Zone:
    key: str
    label: str
    path: str
    kind: str  # cards | pile | slots | rows | counter | value | group
    cards: list[Card] = field(default_factory=list)
    rows: list[list[Card]] = field(default_factory=list)
    value: Any = None
    children: list["Zone"] = field(default_factory=list)
    count: int = 0
    editable_list: bool = False
    ghost: bool = False  # not in the data yet: drawn from the schema so the judge can fill it
    counted: bool = False   # builder: the count is the zone's size (listed + anonymous), one control
    derived: bool = False   # builder: a value the rules derive (opcg's DON!! deck), shown, not edited
    problem: str = ""       # builder: the board's problem, said beside the control that caused it

    @property
    def css(self) -> str:
        return "zone-" + "".join(ch if ch.isalnum() else "-" for ch in self.key.lower())


@dataclass
class Player:
    id: str
    label: str
    path: str
    marks: list[str]
    zones: list[Zone]
    active: bool = False
    fields: list[str] = field(default_factory=list)   # builder: the player's own fields, edited in one dialog
    problem: str = ""


@dataclass
class BoardView:
    game: str
    header: list[Zone]
    players: list[Player]
    others: list[Zone]
    layout: Layout
    turn: list[tuple[str, str]] = field(default_factory=list)   # builder: the head's fields as one control
    turn_keys: list[str] = field(default_factory=list)
    turn_problem: str = ""


def label_of(key: str, layout: Layout) -> str:
    return layout.labels.get(key) or LABELS.get(key) or key


def show(value: Any) -> str:
    if value is None:
        return "—"
    if value is True:
        return "はい"
    if value is False:
        return "いいえ"
    return str(value)


def show_value(key: str, value: Any, layout: Layout) -> str:
    names = layout.value_labels.get(key) or VALUE_LABELS.get(key) or {}
    if isinstance(value, list):
        return "".join(str(names.get(x, x)) for x in value) if names else "・".join(show(x) for x in value[:8])
    return str(names.get(value, show(value))) if isinstance(value, (str, int, bool)) or value is None else show(value)


def card_of(value: Any, path: str, layout: Layout) -> Card:
    if value is None:
        return Card(path, "", [], [], ["empty"], empty=True)
    if not isinstance(value, dict):
        return Card(path, show(value), [], [], [])
    name = next((str(value[k]) for k in NAME_KEYS if isinstance(value.get(k), (str, int)) and value.get(k) != ""), "カード")
    stats, flags, classes = [], [], []
    tip = [f"{label_of(k, layout)}: {show(value[k])}" for k in TOOLTIP_KEYS if k in value]
    for k, v in value.items():
        if k in NAME_KEYS[:1] or (str(v) == name and k in NAME_KEYS) or k in TOOLTIP_KEYS or k in layout.card_hidden:
            continue
        if k in layout.value_classes and isinstance(v, str):
            classes.append(f"{k}-{v}".replace("_", "-"))
        if isinstance(v, bool):
            if v:
                flags.append(FLAG_LABELS.get(k) or label_of(k, layout))
                cls = layout.card_classes.get(k)
                if cls:
                    classes.append(cls)
            elif k in layout.false_classes:
                classes.append(layout.false_classes[k])
        elif isinstance(v, (int, float, str)):
            stats.append((label_of(k, layout), show_value(k, v, layout)))
        elif isinstance(v, list) and v and all(isinstance(x, (str, int)) for x in v):
            stats.append((label_of(k, layout), show_value(k, v, layout)))
        elif isinstance(v, list) and v:
            stats.append((label_of(k, layout), f"{len(v)}"))
    card = Card(path, name, stats, flags, classes)
    card.tip = " / ".join(tip)
    return card


def zone_of(key: str, value: Any, path: str, layout: Layout, depth: int = 0, schema: dict | None = None,
            root: dict | None = None, ghosts: bool = False) -> Zone:
    label = label_of(key, layout)
    schema = schema or {}
    root = root or {}
    if value is None and (_is_card_schema(schema) or key in layout.card_slots):
        return Zone(key, label, path, "slots", cards=[card_of(None, path, layout)], count=0)
    if isinstance(value, list):
        if value and all(isinstance(x, list) for x in value):
            rows = [[card_of(c, f"{path}.{i}.{j}", layout) for j, c in enumerate(row)] for i, row in enumerate(value)]
            return Zone(key, label, path, "rows", rows=rows, count=sum(len(r) for r in value))
        cards = [card_of(c, f"{path}.{i}", layout) for i, c in enumerate(value)]
        slots = key in layout.slots or any(x is None for x in value) or _items_nullable(schema, root)
        kind = "pile" if key in layout.piles else ("slots" if slots else "cards")
        return Zone(key, label, path, kind, cards=cards, count=sum(1 for x in value if x is not None), editable_list=True)
    if isinstance(value, dict):
        if depth < 3 and not _looks_like_card(value):
            children = [zone_of(k, v, f"{path}.{k}", layout, depth + 1, child_schema(schema, k, root), root)
                        for k, v in _ordered(value, layout)]
            if ghosts:
                children += ghost_zones(value, schema, path, layout, root, depth + 1)
            return Zone(key, label, path, "group", children=children)
        return Zone(key, label, path, "cards", cards=[card_of(value, path, layout)], count=1)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Zone(key, label, path, "counter", value=value)
    return Zone(key, label, path, "value", value=show_value(key, value, layout))


def ghost_zones(data: dict, schema: dict, path: str, layout: Layout, root: dict, depth: int) -> list[Zone]:
    """Zones the schema allows but the data does not have yet (the builder shows them, empty)."""
    out = []
    schema = _deref(schema, root)
    for key in (schema.get("properties") or {}):
        if key in data or key in layout.hidden or key in layout.builder_hidden or key in layout.card_internal:
            continue
        sub = child_schema(schema, key, root)
        where = f"{path}.{key}" if path else key
        kind = sub.get("type")
        if kind == "array" or "items" in sub:
            n = sub.get("minItems", 0) if _items_nullable(sub, root) else 0
            z = zone_of(key, [None] * n, where, layout, depth, sub, root)
            if n == 0 and _items_nullable(sub, root):
                z.kind = "slots"
        elif _is_card_schema(sub):
            z = zone_of(key, None, where, layout, depth, sub, root)
        elif kind == "object":
            z = Zone(key, label_of(key, layout), where, "group",
                     children=ghost_zones({}, sub, where, layout, root, depth + 1))
        else:
            z = Zone(key, label_of(key, layout), where, "counter" if kind in ("integer", "number") else "value", value="—")
        z.ghost = True
        out.append(z)
    return _sort_zones(out, layout)


def _sort_zones(zones: list[Zone], layout: Layout) -> list[Zone]:
    order = {k: i for i, k in enumerate(layout.order)}
    return sorted(zones, key=lambda z: order.get(z.key, len(order)))


def _looks_like_card(value: dict) -> bool:
    return any(k in value for k in NAME_KEYS[:4])


def _ordered(mapping: dict, layout: Layout) -> list[tuple[str, Any]]:
    order = {k: i for i, k in enumerate(layout.order)}
    items = [(k, v) for k, v in mapping.items() if k not in layout.hidden]
    return sorted(items, key=lambda kv: order.get(kv[0], len(order)))


def build(game: str, data: Any, schema: dict | None = None, ghosts: bool = False,
          counted: dict | None = None, derived: dict | None = None, problem: dict | None = None) -> BoardView:
    """`schema` shapes empty zones; `ghosts` (the builder) also draws zones the data does not have yet, folds each
    counted zone's count into it (`counted`: zone -> {count, extra}), shows the values the rules derive
    (`derived`: path -> value), puts the head's fields in one control and a problem beside its control."""
    layout = layout_of(game)
    root = schema or {}
    players_schema = child_schema(root, "players", root)
    if not isinstance(data, dict):
        return BoardView(game, [Zone("board", "盤面", "", "value", value=show(data))], [], [], layout)
    header: list[Zone] = []
    others: list[Zone] = []
    players: list[Player] = []
    active = layout.active_player(data)
    counted = counted or {}
    for key, value in _ordered(data, layout):
        if key == "players" and isinstance(value, dict):
            for pid, pdata in value.items():
                path = f"players.{pid}"
                ps = child_schema(players_schema, pid, root)
                if ghosts and isinstance(pdata, dict):
                    zones = _builder_zones(pdata, path, ps, layout, root, counted, derived or {})
                    fields = [k for k in layout.player_fields if k in (_deref(ps, root).get("properties") or {})]
                else:
                    zones = ([zone_of(k, v, f"{path}.{k}", layout, 1, child_schema(ps, k, root), root, ghosts)
                              for k, v in _ordered(pdata, layout)] if isinstance(pdata, dict) else [zone_of(pid, pdata, path, layout)])
                    fields = []
                players.append(Player(pid, layout.player_label(pid, pdata), path, layout.player_marks(pid, data),
                                      zones, active == pid, fields))
        elif key == "players" and isinstance(value, list):
            for i, pdata in enumerate(value):
                path = f"players.{i}"
                pid = str(pdata.get("id", i)) if isinstance(pdata, dict) else str(i)
                zones = ([zone_of(k, v, f"{path}.{k}", layout, 1) for k, v in _ordered(pdata, layout)]
                         if isinstance(pdata, dict) else [])
                players.append(Player(pid, layout.player_label(pid, pdata), path, layout.player_marks(pid, data),
                                      zones, active == pid))
        elif ghosts and key in layout.builder_hidden:
            continue
        elif isinstance(value, (dict, list)):
            others.append(zone_of(key, value, key, layout, 0, child_schema(root, key, root), root))
        else:
            header.append(zone_of(key, value, key, layout))
    if ghosts and isinstance(data, dict):
        header += [z for z in ghost_zones(data, root, "", layout, root, 0) if z.kind in ("counter", "value")]
    if layout.table_order == "opponent-first" and len(players) == 2:
        players = players[::-1]
    view = BoardView(game, header, players, others, layout)
    if ghosts:
        props = _deref(root, root).get("properties") or {}
        view.turn_keys = [k for k in layout.turn_keys if k in props]
        by_key = {z.key: z for z in header}
        view.turn = [(by_key[k].label, str(by_key[k].value)) for k in view.turn_keys if k in by_key]
        view.header = [z for z in header if z.key not in view.turn_keys]
        if problem:
            _place_problem(view, problem)
    return view


def _builder_zones(pdata: dict, path: str, ps: dict, layout: Layout, root: dict, counted: dict,
                   derived: dict) -> list[Zone]:
    """A player's zones as the builder draws them: internal and player-dialog fields left out, each counted zone
    one zone whose count is its size, derived values shown."""
    skip = set(layout.player_internal) | set(layout.player_fields) | {c["count"] for c in counted.values()}
    skip -= {k for k in layout.derived if f"{path}.{k}" in derived}
    zones = [zone_of(k, v, f"{path}.{k}", layout, 1, child_schema(ps, k, root), root, True)
             for k, v in _ordered(pdata, layout) if k not in skip]
    ghosts = [z for z in ghost_zones(pdata, ps, path, layout, root, 1) if z.key not in skip]
    for z in ghosts:
        if z.path in derived:
            z.kind, z.value, z.ghost, z.derived = "counter", derived[z.path], False, True
    zones = _sort_zones(zones + ghosts, layout)
    for z in zones:
        spec = counted.get(z.key)
        if spec is None or z.kind not in ("cards", "pile", "slots"):
            continue
        listed = len(pdata.get(z.key)) if isinstance(pdata.get(z.key), list) else 0
        n = pdata.get(spec["count"])
        if type(n) is int:
            z.count = listed + n if spec["extra"] else n
            z.ghost = False
        z.counted = True
    return zones


def _place_problem(view: BoardView, problem: dict) -> None:
    """The board's problem beside the control that caused it: the element whose path is the problem's, or the
    nearest one above it (a card for one of its fields, a player for one of its own fields, the turn control)."""
    path = problem.get("path") or ""
    message = problem.get("error") or ""
    parts = path.split(".") if path else []
    if parts and parts[0] in view.turn_keys:
        view.turn_problem = message
        return
    for player in view.players:
        if not (path == player.path or path.startswith(player.path + ".")):
            continue
        rest = path[len(player.path) + 1:].split(".")[0] if path != player.path else ""
        for z in player.zones:
            if z.key == rest:
                z.problem = message
                return
        player.problem = message
        return
    view.turn_problem = view.turn_problem or ""


def highlight_paths(changes: list[dict]) -> set[str]:
    return {c.get("path", "") for c in changes}
