"""The los board as a judge enters it: JSON Schema, the checks the schema cannot say, and the initial state."""
from __future__ import annotations

import copy
from collections import Counter

from judge_app.engine.los.board_terms import DISPLAY_JA, DISPLAYS, ICON_JA, ICONS, LANES, ROWS, parse_keywords
from judge_app.engine.los.deckgen import random_board
from judge_app.engine.los.phases import PHASES
from judge_app.engine.trace import BoardError

KEYWORD_PATTERN = r"^(上空|2回攻撃|毒呪|(スピード耐性|エネルギー耐性)[:：][0-9]{1,2})$"
STAT = {"type": "integer", "minimum": 0, "maximum": 100000}
TURN_NO = {"type": "integer", "minimum": 0}
# The closed sets a judge picks from, each with the clause that defines it (the builder's pickers read `x-choices`,
# an annotation JSON Schema validators ignore); `param` ":" is a keyword written with its X (スピード耐性:3).
KEYWORD_CHOICES = [
    {"value": "上空", "label": "上空", "rule": "los:8.13.1"},
    {"value": "スピード耐性", "label": "スピード耐性：X", "rule": "los:8.13.2", "param": ":"},
    {"value": "エネルギー耐性", "label": "エネルギー耐性：X", "rule": "los:8.13.3", "param": ":"},
    {"value": "2回攻撃", "label": "2回攻撃", "rule": "los:8.13.4"},
    {"value": "毒呪", "label": "毒呪", "rule": "los:8.13.5"},
]
TYPE_CHOICES = [{"value": "character", "label": "キャラクターカード", "rule": "los:2.1"},
                {"value": "effect", "label": "エフェクトカード", "rule": "los:2.2"},
                {"value": "support", "label": "サポートカード", "rule": "los:2.3"},
                {"value": "unknown", "label": "不明（内容を問わないカード）", "rule": "los:2"}]

UNTIL = ["battle", "turn", "next_turn_end", "while_on_field", "permanent"]
# where a modification ends: 「次の相手のターン終了時まで」 at that turn's end (5.6 2.), 「場にある間」 with its card (9.4)
ENDING = {"until_turn": {"type": "integer", "minimum": 1, "description": "このターンの終了時に終わる（次の相手のターン）"},
          "source": {"type": "string", "minLength": 1, "maxLength": 40, "description": "効果を持つカード（場にある間）"}}
MOD = {
    "type": "object", "required": ["stat", "op", "value", "until"], "additionalProperties": False,
    "properties": {"stat": {"enum": ["ATK", "DEF", "DOWN"]}, "op": {"enum": ["add", "set"]},
                   "value": {"type": "integer"}, "until": {"enum": UNTIL}, **ENDING,
                   "rank": {"type": "integer", "minimum": 0,
                            "description": "「になる」の効果のカードが場に出た順（9.5: 大きいほど優先）"}},
}

CARD = {
    "type": "object", "required": ["id", "name"],
    "properties": {
        "id": {"type": "string", "minLength": 1, "maxLength": 40, "title": "カードID"},
        "name": {"type": "string", "minLength": 1, "maxLength": 80, "title": "カード名"},
        "type": {"enum": ["character", "effect", "support", "unknown"], "title": "カードの種類",
                 "description": "2. カードの種類", "x-choices": TYPE_CHOICES},
        "cost": {**STAT, "title": "コスト"}, "speed": {**STAT, "title": "スピード"},
        "atk": {**STAT, "title": "ATK"}, "def": {**STAT, "title": "DEF"}, "down": {**STAT, "title": "DOWN"},
        "lead": {"type": "array", "items": {"enum": list(ICONS)}, "uniqueItems": True, "title": "リードアイコン",
                 "description": "2.1.1 リードアイコン: 正位置のカードに印刷された向き",
                 "x-choices": [{"value": i, "label": ICON_JA[i], "rule": "los:2.1.1"} for i in ICONS]},
        "keywords": {"type": "array", "items": {"type": "string", "pattern": KEYWORD_PATTERN}, "uniqueItems": True,
                     "title": "キーワード", "x-choices": KEYWORD_CHOICES},
        "flash": {"type": "boolean", "title": "フラッシュ", "description": "2.2.1 エフェクト（フラッシュ）"},
        "field": {"type": "boolean", "title": "フィールド", "description": "2.3.1 サポートカード（フィールド）"},
        # characters on the board
        "display": {"enum": list(DISPLAYS), "title": "表示",
                    "x-choices": [{"value": d, "label": DISPLAY_JA[d], "rule": "los:6.1" if d == "attack" else "los:6.2"}
                                  for d in DISPLAYS]},
        "face_down": {"type": "boolean", "title": "裏側表示", "description": "6.4 裏側表示"},
        "entered_turn": {**TURN_NO, "title": "登場したターン"},
        "entered": {"type": "integer", "minimum": 0, "title": "場に出た順",
                    "description": "9.5: 後から場に出たカードの効果を優先（大きいほど後。盤面のカードは 0）"},
        "display_changed_turn": {**TURN_NO, "title": "表示を変えたターン"},
        "flipped_turn": {**TURN_NO, "title": "表側表示にしたターン"},
        "moved_turn": {**TURN_NO, "title": "移動したターン"}, "attack_turn": {**TURN_NO, "title": "アタックしたターン"},
        "attacks": {"type": "integer", "minimum": 0, "maximum": 2, "title": "このターンのアタック回数"},
        "battles": {"type": "integer", "minimum": 0, "maximum": 2, "title": "このターンの戦闘回数"},
        "mods": {"type": "array", "items": MOD, "maxItems": 50, "title": "修正（実行時）"},
        "damage": {"type": "integer", "minimum": 0, "title": "ダメージ（実行時）"},
        "cannot": {"type": "array", "title": "禁止（実行時）",
                   "items": {"type": "object", "required": ["action", "until"],
                             "properties": {"action": {"enum": ["attack", "move", "display"]},
                                            "until": {"enum": UNTIL}, **ENDING}}},
        # energy and support cards
        "gained": {"type": "boolean", "title": "ゲイン表示", "description": "6.6 ゲイン表示（横向き）なら true"},
    },
}
CARDS = {"type": "array", "items": CARD, "maxItems": 200}
# What a card can have depends on where it is: 表示 and 裏側表示 are a character's in a character zone (6.1-6.4),
# ゲイン表示 an energy or support card's (6.5, 6.6). The builder's dialog leaves out the rest (x-hidden, an annotation
# validators ignore: a board that still carries them is accepted as before).
_IN_PLAY = ["display", "face_down", "attacks", "battles"]
OUT_OF_PLAY_CARDS = {**CARDS, "items": {**CARD, "x-hidden": [*_IN_PLAY, "gained"]}}   # deck, hand, trash
GAINED_CARDS = {**CARDS, "items": {**CARD, "x-hidden": _IN_PLAY}}                      # energy, support
ROW = {"type": "array", "minItems": LANES, "maxItems": LANES,
       "items": {"anyOf": [{"type": "null"}, {**CARD, "x-hidden": ["gained"]}]},
       "description": "index 0 = レーン1（持ち主から見て左）"}

PLAYER = {
    "type": "object", "required": ["life"], "additionalProperties": False,
    "properties": {
        "life": {"type": "integer", "minimum": -100000, "maximum": 100000, "title": "ライフ"},
        "deck": {**OUT_OF_PLAY_CARDS, "title": "デッキ"},
        "deck_count": {"type": "integer", "minimum": 0, "maximum": 200, "title": "デッキ（内容不明の枚数）",
                       "description": "デッキの下にある内容不明のカードの枚数"},
        "hand": {**OUT_OF_PLAY_CARDS, "title": "手札"}, "trash": {**OUT_OF_PLAY_CARDS, "title": "トラッシュゾーン"},
        "energy": {**GAINED_CARDS, "title": "エネルギーゾーン"}, "support": {**GAINED_CARDS, "title": "サポートゾーン"},
        "front": {**ROW, "title": "前衛"}, "back": {**ROW, "title": "後衛"},
        "energy_placed_turn": {**TURN_NO, "title": "エネルギーを置いたターン"},
    },
}

BOARD_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Legend of Stars board",
    "type": "object", "required": ["players"], "additionalProperties": False,
    "properties": {
        "players": {"type": "object", "required": ["p1", "p2"], "additionalProperties": False,
                    "properties": {"p1": PLAYER, "p2": PLAYER}},
        "turn": {**TURN_NO, "title": "ターン"},
        "phase": {"enum": [None, *PHASES], "title": "フェイズ"},
        "turn_player": {"enum": ["p1", "p2"], "title": "ターンプレイヤー"},
        "first_player": {"enum": ["p1", "p2"], "title": "先攻プレイヤー"},
        "options": {"type": "object"},
        # runtime fields a state carries (so that a state can be entered again as a board)
        "winner": {"type": ["string", "null"]}, "finished": {"type": "boolean"},
        "counts": {"type": "object"}, "battle": {"type": ["object", "null"]},
        "triggers": {"type": "array", "maxItems": 50, "items": {
            "type": "object", "required": ["id", "player", "label", "forced"],
            "properties": {"id": {"type": "string"}, "player": {"enum": ["p1", "p2"]}, "label": {"type": "string"},
                           "forced": {"type": "boolean"}}}},
        "trigger_seq": {"type": "integer", "minimum": 0},
        "entry_seq": {"type": "integer", "minimum": 0, "description": "9.5: 場に出たカードの通し番号（entered）の最後"},
        "spent_triggers": {"type": "array", "maxItems": 50, "description": "このターン、優先権のやり取りが終わった誘発効果"
                           "（9.3, 8.1.2）", "items": {"type": "object", "properties": {
                               "player": {"enum": ["p1", "p2"]}, "label": {"type": "string"},
                               "how": {"enum": ["applied", "closed", "dropped"]}}}},
        "priority_used": {"type": ["object", "null"],
                          "description": "優先権の交換中: 各プレイヤーが直前の優先権で使った効果（5.5.1 II/III, 9.3）"},
    },
}

ZONES = ("deck", "hand", "trash", "energy", "support")


def is_fresh(board: dict) -> bool:
    """No phase, or turn 0: the preparation of 5.1 has not been done yet."""
    return board.get("phase") in (None, "preparation") or not board.get("turn")


def all_cards(player: dict):
    for zone in ZONES:
        for i, card in enumerate(player.get(zone) or []):
            yield f"{zone}[{i}]", card
    for row in ROWS:
        for i, card in enumerate(player.get(row) or []):
            if card is not None:
                yield f"{row}[{i}]", card


def check_board(board: dict) -> None:
    seen: dict[str, str] = {}
    fresh = is_fresh(board)
    for pid, player in board["players"].items():
        names: Counter = Counter()
        for where, card in all_cards(player):
            field = f"board.players.{pid}.{where}"
            if card["id"] in seen:
                raise BoardError(f"{field}.id: カードID「{card['id']}」が {seen[card['id']]} と重複しています", f"{field}.id")
            seen[card["id"]] = field
            if card.get("type", "character") != "unknown":
                names[card["name"]] += 1
            for kw in card.get("keywords") or []:
                if kw.startswith(("スピード耐性", "エネルギー耐性")) and not parse_keywords({"keywords": [kw]}):
                    raise BoardError(f"{field}.keywords: 「{kw}」を読めません", f"{field}.keywords")
            if where.startswith(ROWS) and card.get("type", "character") != "character":
                raise BoardError(f"{field}: キャラクターゾーンに置けるのはキャラクターカードだけです（3.3）", f"{field}.type")
        for name, n in names.items():
            if n > 3:
                raise BoardError(f"board.players.{pid}: 「{name}」が{n}枚あります（同じ名称は3枚まで、3.1）",
                                 f"board.players.{pid}")
        if fresh:
            size = len(player.get("deck") or []) + player.get("deck_count", 0)
            if size < 50:
                raise BoardError(f"board.players.{pid}.deck: デッキは50枚以上必要です（{size}枚、3.1）",
                                 f"board.players.{pid}.deck")
    if not fresh and "turn_player" not in board:
        raise BoardError("board.turn_player: フェイズを指定した盤面にはターンプレイヤーが必要です", "board.turn_player")


def filler(pid: str, n: int, start: int) -> list[dict]:
    """Anonymous deck cards whose identity does not matter for the ruling."""
    return [{"id": f"{pid}-d{start + i}", "name": "デッキのカード", "type": "unknown", "cost": 0, "speed": 0}
            for i in range(n)]


def initial_data(board: dict, options: dict) -> dict:
    data = copy.deepcopy({k: v for k, v in board.items() if k != "options"})
    for pid in ("p1", "p2"):
        p = data["players"][pid]
        for zone in ZONES:
            p.setdefault(zone, [])
        for row in ROWS:
            p.setdefault(row, [None] * LANES)
        extra = p.pop("deck_count", 0)
        p["deck"] = p["deck"] + filler(pid, extra, len(p["deck"]) + 1)
        for row in ROWS:
            for card in p[row]:
                if card is not None:
                    card.setdefault("display", "attack")
                    card.setdefault("face_down", False)
                    if any(m.get("until") == "while_on_field" for m in (*card.get("mods", ()), *card.get("cannot", ()))):
                        data["field_bound"] = True   # 「場にある間」 written on the board: read where cards leave
    data["counts"] = {pid: sum(1 for _ in all_cards(data["players"][pid])) for pid in ("p1", "p2")}
    data["battle"] = None   # a board starts at a phase's beginning, never inside a battle
    data["priority_used"] = None   # … nor inside a priority exchange
    data.setdefault("triggers", [])
    data.setdefault("trigger_seq", len(data["triggers"]))
    data.setdefault("entry_seq", 0)
    data["options"] = options
    if is_fresh(board):
        data["turn"], data["phase"] = 0, None
    return data


def new_game_board(rng) -> dict:
    """A fresh game with two legal random decks (deckgen.py)."""
    return random_board(rng)


# ---- the mid-game board a judge starts from (docs/notation.md) ------------------------------------------

def midgame_board(rng) -> dict:
    """Turn 3, p1's main phase (p1 went first): each side put a character in its 前衛 and a card in its energy
    zone on its first turn; p1 has drawn for turn 3 (5.2) and has not placed this turn's energy yet. Ids and names
    are the ones the notation fills in (p1-f2, 前衛2), so its notation is short."""
    def side(p: str) -> dict:
        lane = rng.randrange(LANES)
        front: list = [None] * LANES
        front[lane] = {"id": f"{p}-f{lane + 1}", "name": f"前衛{lane + 1}", "atk": rng.randrange(300, 900, 100),
                       "def": rng.randrange(100, 700, 100), "down": rng.randrange(100, 500, 100),
                       "lead": ["up"] + [i for i in ("left", "right") if rng.random() < 0.4]}
        hand = 7 - 1 - 1 + 1   # dealt 7 (5.1), a character and an energy placed, one drawn
        return {"life": 3000, "front": front, "energy": [{"id": f"{p}-e1", "name": "エネルギー1"}],
                "deck_count": 50 - 7 - 1, "hand": [{"id": f"{p}-h{i}", "name": f"手札{i}"} for i in range(1, hand + 1)]}
    return {"turn": 3, "phase": "main", "turn_player": "p1", "players": {"p1": side("p1"), "p2": side("p2")}}
