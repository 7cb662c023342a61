"""Per-game drawing hints for the board pages: zone order and names, piles, grids, player marks.

The data decides what is drawn (board_view.py); a layout only says how a game's table looks to the
players. A game without an entry here is drawn by the generic rules, so a new ruleset is never hidden.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

# Names shown for keys the rulesets use (schema titles are not needed for these).
LABELS: dict[str, str] = {
    "turn": "ターン", "phase": "フェイズ", "step": "ステップ", "winner": "勝者", "finished": "終了",
    "active": "ターンプレイヤー", "active_player": "ターンプレイヤー", "turn_player": "ターンプレイヤー",
    "first": "先攻", "first_player": "先攻プレイヤー", "options": "ルール選択", "battle": "バトル",
    "players": "プレイヤー", "name": "名前", "hand": "手札", "deck": "デッキ", "trash": "トラッシュ",
    "life": "ライフ", "leader": "リーダー", "characters": "キャラクターエリア", "character_area": "キャラクターエリア",
    "stage": "ステージ", "cost_area": "コストエリア", "don_deck": "ドン!!デッキ", "don": "ドン!!",
    "don_active": "アクティブのドン!!", "don_rested": "レストのドン!!", "attached_don": "付与ドン!!",
    "power": "パワー", "cost": "コスト", "counter": "カウンター", "rested": "レスト", "active_state": "アクティブ",
    "attack": "攻撃力", "defence": "防御力", "defense": "防御力", "face_down": "裏向き", "face_up": "表向き",
    "lead": "リード", "grid": "エリア", "field": "フィールド", "node": "ノード", "nodes": "ノードエリア",
    "node_area": "ノードエリア", "underworld": "冥界", "meikai": "冥界", "removed": "除外エリア",
    "exclusion": "除外エリア", "exile": "除外エリア", "life_points": "ライフ", "lp": "ライフ",
    "battle_area": "バトルエリア", "barrier": "バリア", "barriers": "バリア", "parent": "親", "oya": "親",
    "seat": "席", "hp": "体力", "damage": "ダメージ", "color": "色", "colors": "色", "type": "種類",
    "attributes": "特徴", "traits": "特徴", "text": "テキスト", "id": "ID", "count": "枚数",
    "mulligan": "マリガン", "level": "レベル", "tapped": "タップ", "position": "位置",
    "modifiers": "修整", "effects": "効果", "attacker": "攻撃側", "target": "対象", "blocker": "ブロッカー",
}


@dataclass
class Layout:
    title: str = ""
    order: tuple[str, ...] = ()          # zones in the order the table shows them
    hidden: frozenset[str] = frozenset()  # internal bookkeeping not drawn
    piles: frozenset[str] = frozenset({"deck", "life", "don_deck"})  # face-down stacks: drawn as a count
    slots: frozenset[str] = frozenset()   # fixed-size areas where empty places matter
    labels: dict[str, str] = field(default_factory=dict)
    card_classes: dict[str, str] = field(default_factory=lambda: {"rested": "rested", "tapped": "rested",
                                                                  "face_down": "face-down"})
    false_classes: dict[str, str] = field(default_factory=lambda: {"face_up": "face-down"})
    table_order: str = "opponent-first"   # two players: the opponent's side is drawn on top
    max_players: int = 2
    marks: Callable[[str, dict], list[str]] | None = None

    def player_label(self, pid: str, pdata: Any) -> str:
        if isinstance(pdata, dict) and isinstance(pdata.get("name"), str) and pdata["name"]:
            return f"{pdata['name']}（{pid}）"
        return pid

    def active_player(self, data: dict) -> str | None:
        for key in ("active", "active_player", "turn_player"):
            if isinstance(data.get(key), str):
                return data[key]
        return None

    def player_marks(self, pid: str, data: dict) -> list[str]:
        marks = []
        if self.active_player(data) == pid:
            marks.append("ターンプレイヤー")
        for key in ("first", "first_player"):
            if data.get(key) == pid:
                marks.append("先攻")
        if self.marks:
            marks += self.marks(pid, data)
        return marks


def _parent_mark(pid: str, data: dict) -> list[str]:
    for key in ("parent", "oya"):
        if data.get(key) == pid:
            return ["親"]
    p = (data.get("players") or {}).get(pid) if isinstance(data.get("players"), dict) else None
    if isinstance(p, dict) and (p.get("parent") is True or p.get("oya") is True):
        return ["親"]
    return []


LAYOUTS: dict[str, Layout] = {
    "opcg": Layout(title="ONE PIECE CARD GAME",
                   order=("leader", "characters", "character_area", "stage", "cost_area", "don_active", "don_rested",
                          "don_deck", "life", "hand", "deck", "trash")),
    "los": Layout(title="Legend of Stars", order=("grid", "field", "hand", "deck", "trash"),
                  slots=frozenset({"grid", "field"})),
    "thv": Layout(title="東方VISION", order=("field", "node_area", "nodes", "hand", "deck", "underworld", "meikai",
                                             "removed", "exclusion", "life", "life_points")),
    "kaiun": Layout(title="開運コロシアム", order=("battle_area", "barrier", "barriers", "cost_area", "hand", "deck",
                                                  "trash")),
    "kaiun-multi": Layout(title="開運コロシウム 多人数制", order=("battle_area", "barrier", "barriers", "cost_area", "hand",
                                                             "deck", "trash"),
                          table_order="seat", max_players=5, marks=_parent_mark),
}


def layout_of(game: str) -> Layout:
    return LAYOUTS.get(game) or Layout(title=game)
