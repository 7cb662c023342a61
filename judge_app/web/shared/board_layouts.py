"""Per-game drawing hints for the board pages: zone order and names, piles, grids, player marks.

The data decides what is drawn (board_model.py); a layout only says how a game's table looks to the
players. A game without an entry here is drawn by the generic rules, so a new ruleset is never hidden.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
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
    "modifiers": "修正", "effects": "効果", "attacker": "攻撃側", "target": "対象", "blocker": "ブロッカー",
    # opcg
    "category": "カテゴリー", "keywords": "キーワード", "number": "カードナンバー", "played_this_turn": "このターン登場",
    "deck_count": "デッキ（内容不明）", "hand_count": "手札（内容不明）", "life_count": "ライフ（内容不明）",
    "trash_count": "トラッシュ（内容不明）", "barrier_count": "バリア（内容不明）", "leader_damaged_at_zero": "ライフ0でダメージ",
    "cards_total": "カード総数", "effect_seq": "効果番号", "rested_count": "レスト",
    # kaiun
    "janken": "ジャンケン", "unchi_kachi": "運値(カチ)", "unchi_aiko_make": "運値(アイコ・マケ)", "unchi_mod": "運値の修正",
    "kachi": "カチ", "aiko_make": "アイコ・マケ", "win_battle": "このバトルに勝つ", "battle_result": "バトル結果",
    "defeat": "敗北条件", "kaiun_used": "開運済み", "lost": "敗北", "left": "ゲームから離脱", "filler": "内容不明のカード",
    # los
    "front": "前衛", "back": "後衛", "energy": "エネルギーゾーン", "support": "サポートゾーン", "speed": "スピード",
    "atk": "ATK", "def": "DEF", "down": "DOWN", "flash": "フラッシュ", "display": "表示", "entered_turn": "登場ターン",
    "display_changed_turn": "表示変更ターン", "flipped_turn": "表にしたターン", "moved_turn": "移動ターン",
    "priority_used": "優先権で使った効果",
    "attack_turn": "アタックしたターン", "attacks": "アタック回数", "battles": "戦闘回数", "mods": "修正", "cannot": "禁止",
    "gained": "ゲイン表示", "energy_placed_turn": "エネルギーを置いたターン", "counts": "枚数",
    "keyword_uses": "このターンに使ったキーワード能力",
    # thv
    "graveyard": "冥界", "play_area": "プレイエリア", "sideboard": "サイドボード", "toughness": "耐久力",
    "graze": "グレイズ", "race": "種族", "caster": "術者", "need": "必要ノード", "owner": "持ち主", "state": "状態",
    "attack_mod": "攻撃力修正", "toughness_mod": "耐久力修正", "battle_damage": "戦闘ダメージ", "deathblow": "決死", "sets": "セット", "starting_player": "先攻プレイヤー",
    "priority": "優先権", "interference": "干渉", "this_turn": "このターン", "passes": "パス", "flags": "フラグ",
    "card_counts": "カード枚数", "triggers": "誘発", "trigger_seq": "誘発番号", "adjust_seq": "調整番号",
    "mod_seq": "修正番号", "fillers": "穴埋め", "playing": "プレイ中", "no": "カード番号", "activated": "起動効果", "effect": "効果",
    # runtime records a session's drawing shows (thv this_turn and flags; kaiun's are on its layouts)
    "node_set": "ノードをセットした", "character_played": "キャラクターを登場させた", "doll_played": "人形を登場させた",
    "world_spell_played": "世界呪符を使った", "locked_names": "1ターンに1度の使用済み", "first_turn": "最初のターン",
    "end_turn": "ターンを終了する", "end_phase": "フェイズを終了する", "skip": "スキップするフェイズ",
    "extra": "追加のフェイズ", "forced_attack": "アタックを強制されたカード",
    # kaiun-multi
    "parent": "親",
    # battle bookkeeping
    "attacker_player": "攻撃側プレイヤー", "attacker_zone": "攻撃側の場所", "target_player": "対象のプレイヤー",
    "target_zone": "対象の場所",
}

# A true flag on a card reads as a state, whatever the same key means elsewhere (opcg cost_area.rested).
FLAG_LABELS: dict[str, str] = {"rested": "レスト", "tapped": "タップ", "face_down": "裏向き", "face_up": "表向き",
                               "played_this_turn": "このターン登場", "gained": "ゲイン表示", "flash": "フラッシュ",
                               "filler": "穴埋め"}

# How enumerated values read on a tile.
VALUE_LABELS: dict[str, dict] = {
    "lead": {"up": "▲", "down": "▼", "left": "◀", "right": "▶"},
    "display": {"attack": "アタック", "defense_right": "ディフェンス（右向き）", "defense_left": "ディフェンス（左向き）"},
    "type": {"character": "キャラクター", "effect": "エフェクト", "support": "サポート", "unknown": "不明",
             "spell": "スペル", "command": "コマンド"},
    "state": {"active": "アクティブ", "sleep": "スリープ"},
    "battle_result": {"win": "勝ち", "lose": "負け", "draw": "引き分け"},
    # 開運コロシアム's defeat conditions (1-2-2-1, 1-2-2-2), in the rulebook's words
    "defeat": {"battle": "バリア0枚でバトルに敗北した（1-2-2-1）", "refresh": "バリア0枚でリフレッシュを行った（1-2-2-2）"},
}


@dataclass
class Layout:
    title: str = ""
    order: tuple[str, ...] = ()          # zones in the order the table shows them
    hidden: frozenset[str] = frozenset({"options", "finished", "winner", "effect_seq", "trigger_seq", "adjust_seq",
                                        "mod_seq"})  # shown elsewhere, or the engine's id counters
    piles: frozenset[str] = frozenset({"deck", "life", "don_deck"})  # face-down stacks: drawn as a count
    slots: frozenset[str] = frozenset()   # fixed-size areas where empty places matter
    labels: dict[str, str] = field(default_factory=dict)
    card_classes: dict[str, str] = field(default_factory=lambda: {"rested": "rested", "tapped": "rested",
                                                                  "face_down": "face-down"})
    false_classes: dict[str, str] = field(default_factory=lambda: {"face_up": "face-down"})
    table_order: str = "opponent-first"   # two players: the opponent's side is drawn on top
    max_players: int = 2
    marks: Callable[[str, dict], list[str]] | None = None
    value_labels: dict[str, dict] = field(default_factory=dict)
    card_hidden: frozenset[str] = frozenset()     # card fields not drawn on the tile
    value_classes: frozenset[str] = frozenset({"display", "state"})  # card fields that style the tile (display-attack …)
    card_slots: frozenset[str] = frozenset()      # single-card places that may be empty (opcg stage)
    builder_hidden: frozenset[str] = frozenset({"winner", "finished", "options", "effects", "effect_seq", "battle",
                                                "counts", "priority", "interference", "this_turn", "passes", "flags",
                                                "adjust_seq", "mod_seq", "fillers", "playing", "card_counts",
                                                "triggers", "trigger_seq", "priority_used", "keyword_uses"})
    # ^ state the engine keeps, not set by a judge
    # The builder (issue 25): a card dialog's first screen (the rest under 詳細), card and player fields a judge never
    # sets (runtime bookkeeping), a player's fields edited in the player's own dialog rather than drawn, the head's
    # fields that are one control (ターン・ターンプレイヤー・フェイズ), and player fields the rules derive when left out.
    card_main: tuple[str, ...] = ("name",)
    card_internal: frozenset[str] = frozenset()
    player_internal: frozenset[str] = frozenset()
    player_fields: tuple[str, ...] = ()
    turn_keys: tuple[str, ...] = ("turn", "turn_player", "phase", "first_player", "starting_player", "parent")
    derived: tuple[str, ...] = ()

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
        for key in ("first", "first_player", "starting_player"):
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


_KAIUN_CARD = ("name", "janken", "unchi_kachi", "unchi_aiko_make", "cost")
_KAIUN_LABELS = {"win_used": "バトル勝利時済み", "lose_used": "バトル敗北時済み", "keywords_used": "発動済みのキーワード効果"}

LAYOUTS: dict[str, Layout] = {
    "opcg": Layout(title="ONE PIECE CARD GAME",
                   order=("characters", "stage", "leader", "life", "life_count", "deck", "deck_count", "trash",
                          "don_deck", "cost_area", "hand", "hand_count"),
                   labels={"characters": "キャラクターエリア", "stage": "ステージエリア", "leader": "リーダーエリア",
                           "cost_area": "コストエリア", "active": "アクティブのドン!!", "rested": "レストのドン!!",
                           "don": "付与ドン!!", "don_deck": "ドン!!デッキ", "life": "ライフ"},
                   card_hidden=frozenset({"colors", "played_this_turn"}), card_slots=frozenset({"stage"}),
                   card_main=("name", "power", "cost", "counter", "keywords", "rested", "don"),
                   player_internal=frozenset({"leader_damaged_at_zero", "cards_total", "don_deck"}),
                   turn_keys=("turn", "turn_player", "phase", "first_player"), derived=("don_deck",)),
    "los": Layout(title="Legend of Stars",
                  order=("front", "back", "life", "energy", "support", "hand", "deck", "deck_count", "trash",
                         "energy_placed_turn"),
                  slots=frozenset({"front", "back"}),
                  labels={"front": "キャラクターゾーン 前衛", "back": "キャラクターゾーン 後衛", "trash": "トラッシュゾーン"},
                  card_hidden=frozenset({"entered_turn", "display_changed_turn", "flipped_turn", "moved_turn",
                                         "attack_turn"}),
                  card_classes={"face_down": "face-down", "gained": "gained"},
                  card_main=("name", "atk", "def", "down", "lead", "display", "face_down", "type"),
                  card_internal=frozenset({"mods", "damage", "cannot"}), player_fields=("energy_placed_turn",),
                  turn_keys=("turn", "turn_player", "phase", "first_player")),
    "thv": Layout(title="東方VISION",
                  order=("field", "life", "nodes", "deck", "deck_count", "hand", "graveyard", "removed", "play_area",
                         "sideboard"),
                  labels={"field": "場", "nodes": "ノードエリア", "removed": "除外エリア", "life": "ライフ"},
                  card_hidden=frozenset({"owner"}), hidden=frozenset({"options", "finished", "winner", "adjust_seq",
                                                                      "mod_seq", "fillers"}),
                  card_main=("name", "type", "cost", "need", "attack", "toughness", "graze", "race", "state",
                             "face_down", "keywords"),
                  card_internal=frozenset({"owner", "mods"}), turn_keys=("turn", "turn_player", "phase", "starting_player")),
    "kaiun": Layout(title="開運コロシアム",
                    order=("battle_area", "face_up", "barrier", "barrier_count", "cost_area", "trash", "trash_count",
                           "hand", "hand_count", "deck", "deck_count", "unchi_mod", "win_battle", "battle_result",
                           "defeat", "kaiun_used", "lost", "left"),
                    piles=frozenset({"deck", "barrier"}), labels=_KAIUN_LABELS,
                    card_main=_KAIUN_CARD, card_internal=frozenset({"filler"}),
                    player_internal=frozenset({"win_used", "lose_used", "kaiun_used", "keywords_used", "left"}),
                    player_fields=("face_up", "unchi_mod", "win_battle", "battle_result", "defeat", "lost"),
                    turn_keys=("turn", "phase")),
    "kaiun-multi": Layout(title="開運コロシウム 多人数制",
                          order=("battle_area", "face_up", "barrier", "barrier_count", "cost_area", "trash", "trash_count",
                                 "hand", "hand_count", "deck", "deck_count", "unchi_mod", "win_battle", "battle_result",
                                 "defeat", "kaiun_used", "lost", "left"),
                          piles=frozenset({"deck", "barrier"}), labels=_KAIUN_LABELS,
                          table_order="seat", max_players=5, marks=_parent_mark,
                          card_main=_KAIUN_CARD, card_internal=frozenset({"filler"}),
                          player_internal=frozenset({"win_used", "lose_used", "kaiun_used", "keywords_used"}),
                          player_fields=("face_up", "unchi_mod", "win_battle", "battle_result", "defeat", "lost", "left"),
                          turn_keys=("turn", "phase", "parent")),
}


@lru_cache(maxsize=None)
def layout_of(game: str) -> Layout:
    from judge_app.engine import rulesets

    layout = LAYOUTS.get(game) or Layout(title=game)
    ruleset = rulesets().get(game)
    if ruleset is not None and ruleset.phase_labels and "phase" not in layout.value_labels:
        # the phase reads as the rulebook names it (メインフェイズ, not main)
        layout = replace(layout, value_labels={**layout.value_labels, "phase": dict(ruleset.phase_labels)})
    return layout
