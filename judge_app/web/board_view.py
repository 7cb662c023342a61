"""What the board pages draw: a board or state tree turned into players, zones, cards and counters.

Driven by the data itself (lists of cards are zones, numbers are counters, a `players` map is the table)
and by each game's layout in board_layouts.py (zone order, names, which zones are face-down piles or
fixed grids). Every element keeps its dotted path, which is what trace changes name, so the page can
highlight what a trace entry changed, and the builder knows what it is editing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge_app.web.board_layouts import LABELS, Layout, layout_of

NAME_KEYS = ("name", "名前", "card_name", "title", "card", "id", "code")
HIDDEN_KEYS = {"uid"}


@dataclass
class Card:
    path: str
    name: str
    stats: list[tuple[str, str]]
    flags: list[str]
    classes: list[str]
    empty: bool = False


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


@dataclass
class BoardView:
    game: str
    header: list[Zone]
    players: list[Player]
    others: list[Zone]
    layout: Layout


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


def card_of(value: Any, path: str, layout: Layout) -> Card:
    if value is None:
        return Card(path, "", [], [], ["empty"], empty=True)
    if not isinstance(value, dict):
        return Card(path, show(value), [], [], [])
    name = next((str(value[k]) for k in NAME_KEYS if isinstance(value.get(k), (str, int)) and value.get(k) != ""), "カード")
    stats, flags, classes = [], [], []
    for k, v in value.items():
        if k in NAME_KEYS[:1] or (str(v) == name and k in NAME_KEYS) or k in HIDDEN_KEYS:
            continue
        if isinstance(v, bool):
            if v:
                flags.append(label_of(k, layout))
                cls = layout.card_classes.get(k)
                if cls:
                    classes.append(cls)
            elif k in layout.false_classes:
                classes.append(layout.false_classes[k])
        elif isinstance(v, (int, float, str)):
            stats.append((label_of(k, layout), show(v)))
        elif isinstance(v, list) and v and all(isinstance(x, (str, int)) for x in v):
            stats.append((label_of(k, layout), "・".join(str(x) for x in v[:6])))
        elif isinstance(v, list):
            stats.append((label_of(k, layout), f"{len(v)}"))
    return Card(path, name, stats, flags, classes)


def zone_of(key: str, value: Any, path: str, layout: Layout, depth: int = 0) -> Zone:
    label = label_of(key, layout)
    if isinstance(value, list):
        if value and all(isinstance(x, list) for x in value):
            rows = [[card_of(c, f"{path}.{i}.{j}", layout) for j, c in enumerate(row)] for i, row in enumerate(value)]
            return Zone(key, label, path, "rows", rows=rows, count=sum(len(r) for r in value))
        cards = [card_of(c, f"{path}.{i}", layout) for i, c in enumerate(value)]
        kind = "pile" if key in layout.piles else ("slots" if key in layout.slots or any(x is None for x in value) else "cards")
        return Zone(key, label, path, kind, cards=cards, count=sum(1 for x in value if x is not None), editable_list=True)
    if isinstance(value, dict):
        if depth < 3 and not _looks_like_card(value):
            children = [zone_of(k, v, f"{path}.{k}", layout, depth + 1) for k, v in _ordered(value, layout)]
            return Zone(key, label, path, "group", children=children)
        return Zone(key, label, path, "cards", cards=[card_of(value, path, layout)], count=1)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Zone(key, label, path, "counter", value=value)
    return Zone(key, label, path, "value", value=show(value))


def _looks_like_card(value: dict) -> bool:
    return any(k in value for k in NAME_KEYS[:4])


def _ordered(mapping: dict, layout: Layout) -> list[tuple[str, Any]]:
    order = {k: i for i, k in enumerate(layout.order)}
    items = [(k, v) for k, v in mapping.items() if k not in layout.hidden]
    return sorted(items, key=lambda kv: order.get(kv[0], len(order)))


def build(game: str, data: Any) -> BoardView:
    layout = layout_of(game)
    if not isinstance(data, dict):
        return BoardView(game, [Zone("board", "盤面", "", "value", value=show(data))], [], [], layout)
    header: list[Zone] = []
    others: list[Zone] = []
    players: list[Player] = []
    active = layout.active_player(data)
    for key, value in _ordered(data, layout):
        if key == "players" and isinstance(value, dict):
            for pid, pdata in value.items():
                path = f"players.{pid}"
                zones = ([zone_of(k, v, f"{path}.{k}", layout, 1) for k, v in _ordered(pdata, layout)]
                         if isinstance(pdata, dict) else [zone_of(pid, pdata, path, layout)])
                players.append(Player(pid, layout.player_label(pid, pdata), path, layout.player_marks(pid, data),
                                      zones, active == pid))
        elif key == "players" and isinstance(value, list):
            for i, pdata in enumerate(value):
                path = f"players.{i}"
                pid = str(pdata.get("id", i)) if isinstance(pdata, dict) else str(i)
                zones = ([zone_of(k, v, f"{path}.{k}", layout, 1) for k, v in _ordered(pdata, layout)]
                         if isinstance(pdata, dict) else [])
                players.append(Player(pid, layout.player_label(pid, pdata), path, layout.player_marks(pid, data),
                                      zones, active == pid))
        elif isinstance(value, (dict, list)):
            others.append(zone_of(key, value, key, layout))
        else:
            header.append(zone_of(key, value, key, layout))
    if layout.table_order == "opponent-first" and len(players) == 2:
        players = players[::-1]
    return BoardView(game, header, players, others, layout)


def highlight_paths(changes: list[dict]) -> set[str]:
    return {c.get("path", "") for c in changes}
