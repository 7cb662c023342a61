"""The table as a judge enters it: the JSON Schema, the checks the schema cannot say, the initial state,
and random legal set-ups for fuzzing (5-1 デッキの準備)."""
from __future__ import annotations

import copy
import random
from collections import Counter

from judge_app.engine.trace import BoardError
from judge_app.engine.opcg.cards import DON_TOTAL, LIST_ZONES
from judge_app.engine.opcg.phases import PHASES

COLOURS = ["赤", "緑", "青", "紫", "黒", "黄"]  # 2-3-3
CATEGORIES = ["リーダー", "キャラ", "イベント", "ステージ", "不明"]  # 不明: anonymous filler (deck_count …)
KEYWORDS = ["ブロッカー", "速攻", "ダブルアタック", "バニッシュ", "トリガー", "カウンター", "メイン"]
ID_PATTERN = "^[A-Za-z0-9_-]{1,40}$"
ZONE_MAX = 200   # cards in one zone: far beyond a game (a 50-card deck), and a bound checked before a board is drawn

# The closed sets a judge picks from, each value with the clause that defines it (the builder's pickers read
# `x-choices`, an annotation JSON Schema validators ignore).
KEYWORD_RULES = {"ブロッカー": "opcg:10-1-4", "速攻": "opcg:10-1-1", "ダブルアタック": "opcg:10-1-2",
                 "バニッシュ": "opcg:10-1-3", "トリガー": "opcg:10-1-5", "カウンター": "opcg:10-2-4", "メイン": "opcg:10-2-3"}


def _choices(values, rule, label=lambda v: v, when=None) -> list[dict]:
    """Each value with its label and clause; `when` (value -> {field: [values]}) offers a value only to a card whose
    field holds one of those (the builder's dialog)."""
    out = []
    for v in values:
        c = {"value": v, "label": label(v), "rule": rule(v) if callable(rule) else rule}
        if when and when(v):
            c["when"] = when(v)
        out.append(c)
    return out


# 【メイン】【カウンター】 are event cards' keywords (10-2-3-1, 10-2-4-1)
EVENT_ONLY = {"メイン": {"category": ["イベント"]}, "カウンター": {"category": ["イベント"]}}


CARD_SCHEMA = {
    "type": "object",
    "required": ["id", "name"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": ID_PATTERN, "title": "カードID"},
        "name": {"type": "string", "minLength": 1, "maxLength": 80, "title": "カード名"},
        "category": {"enum": CATEGORIES, "default": "キャラ", "title": "カード種類",
                     "x-choices": _choices(CATEGORIES, "opcg:2-2-2")},
        "number": {"type": "string", "maxLength": 40, "title": "カードナンバー", "description": "カードナンバー (5-1-2-3)"},
        "cost": {"type": "integer", "minimum": 0, "maximum": 99, "title": "コスト"},
        "power": {"type": "integer", "minimum": 0, "maximum": 99000, "title": "パワー"},
        # a キャラ's カウンター is a number (7-1-3-2-1), an イベント's is the keyword 【カウンター】 (7-1-3-2-2): the
        # builder's dialog shows the one the card's kind has (x-when, an annotation validators ignore)
        "counter": {"type": "integer", "minimum": 0, "maximum": 99000, "title": "カウンター",
                    "x-when": {"category": ["キャラ"]}},
        "life": {"type": "integer", "minimum": 0, "maximum": 20, "title": "ライフ（リーダーカードに書かれた値）"},
        "colors": {"type": "array", "items": {"enum": COLOURS}, "uniqueItems": True, "maxItems": 6, "title": "色",
                   "x-choices": _choices(COLOURS, "opcg:2-3-3")},
        "keywords": {"type": "array", "items": {"enum": KEYWORDS}, "uniqueItems": True, "title": "キーワード効果",
                     "x-choices": _choices(KEYWORDS, KEYWORD_RULES.get, lambda k: f"【{k}】", EVENT_ONLY.get)},
        "rested": {"type": "boolean", "title": "レスト", "description": "カードがレスト（横向き）になっている"},
        "don": {"type": "integer", "minimum": 0, "maximum": DON_TOTAL, "title": "付与されたドン!!",
                "description": "このカードに付与されているドン!!の枚数（ドン!!デッキから取ります）"},
        "played_this_turn": {"type": "boolean", "title": "このターンに登場した"},
    },
}


def _offering(schema: dict, keywords: list[str], **more) -> dict:
    """CARD_SCHEMA for one kind of card whose keyword picker offers only `keywords`: the enum is the same, so a
    board that already carries another keyword is accepted and the dialog keeps it as it is."""
    kw = {**schema["properties"]["keywords"], "x-choices": _choices(keywords, KEYWORD_RULES.get, lambda k: f"【{k}】",
                                                                    EVENT_ONLY.get)}
    return {**schema, "properties": {**schema["properties"], "keywords": kw}, **more}


# 【メイン】【カウンター】 only event cards have (10-2-3-1, 10-2-4-1); 【トリガー】 acts from the life (10-1-5-1);
# 【速攻】 is about a character card played this turn (10-1-1-1)
CHARACTER_KEYWORDS = [k for k in KEYWORDS if k not in ("メイン", "カウンター")]
LEADER_KEYWORDS = [k for k in CHARACTER_KEYWORDS if k not in ("トリガー", "速攻")]
CHARACTER_SCHEMA = _offering(CARD_SCHEMA, CHARACTER_KEYWORDS)
# a card out of play (hand, deck, trash, life) is neither rested nor given DON!! (DON!! are given to a leader or a
# character, 6-5-5-1; レスト and アクティブ are how a card in play lies, 4-4-1, and 6-2-4 makes active only the cards
# in the leader, character, stage and cost areas): its dialog does not offer them; a stage card takes no DON!!
OFF_FIELD_SCHEMA = {**CARD_SCHEMA, "x-hidden": ["rested", "don", "played_this_turn"]}
# a life card lies face down unless an effect added it face up (3-10-2, 3-10-2-1: then it is a card of an open zone);
# no other zone holds a card either way round, so only a life card has the field
LIFE_CARD_SCHEMA = {**OFF_FIELD_SCHEMA, "properties": {
    **CARD_SCHEMA["properties"],
    "face_up": {"type": "boolean", "title": "表向き",
                "description": "効果で表向きでライフに加わったカード（3-10-2-1: 公開領域のカードとして扱う）"}}}
STAGE_SCHEMA = {**CARD_SCHEMA, "x-hidden": ["don"]}

PLAYER_SCHEMA = {
    "type": "object",
    "required": ["leader"],
    "additionalProperties": False,
    "properties": {
        # only a リーダーカード is placed here (2-2-3), and it has no cost (2-7-5) and no counter (2-10-2): the
        # builder's dialog leaves out what the card cannot have (x-hidden, an annotation validators ignore; a board
        # that still carries them is accepted as before)
        "leader": _offering(CARD_SCHEMA, LEADER_KEYWORDS, title="リーダー", **{"x-hidden": ["category", "cost", "counter"]}),
        "characters": {"type": "array", "items": CHARACTER_SCHEMA, "maxItems": 5, "title": "キャラクターエリア"},
        "stage": {"oneOf": [{"type": "null"}, STAGE_SCHEMA], "title": "ステージエリア"},
        "hand": {"type": "array", "items": OFF_FIELD_SCHEMA, "maxItems": ZONE_MAX, "title": "手札"},
        "deck": {"type": "array", "items": OFF_FIELD_SCHEMA, "maxItems": ZONE_MAX, "title": "デッキ", "description": "index 0 がデッキの一番上"},
        "deck_count": {"type": "integer", "minimum": 0, "maximum": 200, "title": "デッキ（内容不明の枚数）",
                       "description": "内容を問わないデッキの枚数（deck の下に足す）"},
        "trash": {"type": "array", "items": OFF_FIELD_SCHEMA, "maxItems": ZONE_MAX, "title": "トラッシュ"},
        "life": {"type": "array", "items": LIFE_CARD_SCHEMA, "maxItems": ZONE_MAX, "title": "ライフ", "description": "index 0 がライフの一番上"},
        "life_count": {"type": "integer", "minimum": 0, "maximum": 20, "title": "ライフ（内容不明の枚数）"},
        "hand_count": {"type": "integer", "minimum": 0, "maximum": 100, "title": "手札（内容不明の枚数）"},
        "don_deck": {"type": "integer", "minimum": 0, "maximum": DON_TOTAL, "title": "ドン!!デッキ",
                     "description": "省くと、ほかの場所にないドン!!（10枚のうち）がドン!!デッキにあるものとします"},
        "cost_area": {"type": "object", "additionalProperties": False, "title": "コストエリアのドン!!",
                      "properties": {"active": {"type": "integer", "minimum": 0, "maximum": DON_TOTAL,
                                                "title": "アクティブのドン!!"},
                                     "rested": {"type": "integer", "minimum": 0, "maximum": DON_TOTAL,
                                                "title": "レストのドン!!"}}},
        "leader_damaged_at_zero": {"type": "boolean", "title": "ライフ0枚でリーダーがダメージを受けた（実行時）"},
        "cards_total": {"type": "integer", "title": "カード総数（実行時）",
                        "description": "実行時: このプレイヤーのカードの総数（不変条件）"},
    },
}

BOARD_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "ONE PIECE CARD GAME board",
    "type": "object",
    "required": ["players"],
    "additionalProperties": False,
    "properties": {
        "players": {"type": "object", "required": ["p1", "p2"], "additionalProperties": False,
                    "properties": {"p1": PLAYER_SCHEMA, "p2": PLAYER_SCHEMA}},
        "turn": {"type": "integer", "minimum": 0, "maximum": 10000, "title": "ターン"},
        "phase": {"enum": [None, *PHASES], "title": "フェイズ"},
        "turn_player": {"enum": ["p1", "p2"], "title": "ターンプレイヤー"},
        "options": {"type": "object"},
        # runtime fields a state carries, accepted so that a state can be entered again as a board
        "winner": {"type": ["string", "null"]},
        "finished": {"type": "boolean"},
        "effects": {"type": "array"},
        "effect_seq": {"type": "integer"},
        "keyword_uses": {"type": "array", "items": {"type": "array"}},
        "battle": {"type": ["object", "null"]},
        "first_player": {"enum": ["p1", "p2", None], "title": "先攻プレイヤー"},
    },
}


def is_fresh(board: dict) -> bool:
    return board.get("phase") in (None, "setup")


def _fillers(player: str, zone: str, count: int) -> list[dict]:
    return [{"id": f"_{player}-{zone}-{i}", "name": "不明なカード", "category": "不明"} for i in range(1, count + 1)]


def expand_player(player: str, pdata: dict) -> dict:
    """The board's player with its defaults filled in and anonymous counts turned into filler cards."""
    p = copy.deepcopy(pdata)
    p.setdefault("characters", [])
    p.setdefault("stage", None)
    for zone in LIST_ZONES:
        p.setdefault(zone, [])
    p["deck"] = p["deck"] + _fillers(player, "deck", p.pop("deck_count", 0))
    p["life"] = p["life"] + _fillers(player, "life", p.pop("life_count", 0))
    p["hand"] = p["hand"] + _fillers(player, "hand", p.pop("hand_count", 0))
    p["leader"].setdefault("category", "リーダー")
    p["leader"].setdefault("rested", False)
    p["leader"].setdefault("don", 0)
    for card in p["characters"]:
        card.setdefault("category", "キャラ")
        card.setdefault("rested", False)
        card.setdefault("don", 0)
        card.setdefault("played_this_turn", False)
    if p["stage"]:
        p["stage"].setdefault("category", "ステージ")
        p["stage"].setdefault("rested", False)
    area = {"active": 0, "rested": 0, **(p.get("cost_area") or {})}
    p["cost_area"] = area
    if "don_deck" not in p:  # the DON!! not entered anywhere else are in the DON!! deck
        p["don_deck"] = max(0, don_deck_left(p))
    p.setdefault("leader_damaged_at_zero", False)
    return p


def don_deck_left(p: dict) -> int:
    """The DON!! of a player's 10 (5-1-2) that are neither in the cost area nor attached to a card: the DON!! deck
    when the board leaves it out (negative when the others are already more than 10)."""
    area = p.get("cost_area") or {}
    cards = [p.get("leader"), *(p.get("characters") or [])]
    attached = sum(c.get("don", 0) for c in cards if isinstance(c, dict) and isinstance(c.get("don", 0), int))
    counted = [v for v in (area.get("active", 0), area.get("rested", 0)) if isinstance(v, int)]
    return DON_TOTAL - sum(counted) - attached


def tidy_board(board: dict) -> dict:
    """The board builder's bookkeeping (application/builder.py): the DON!! deck is left to the rules, so DON!!
    attached to a card or put in the cost area are taken from it, and its count never disagrees with them."""
    players = board.get("players") if isinstance(board, dict) else None
    for p in (players or {}).values() if isinstance(players, dict) else ():
        if isinstance(p, dict) and isinstance(p.get("cost_area", {}), dict) and don_deck_left(p) >= 0:
            p.pop("don_deck", None)
    return board


def check_board(board: dict) -> None:
    fresh = is_fresh(board)
    seen: dict[str, str] = {}
    for player in ("p1", "p2"):
        raw = board["players"][player]
        where = f"board.players.{player}"
        p = expand_player(player, raw)
        if p["leader"].get("category") != "リーダー":
            raise BoardError(f"{where}.leader.category: リーダーエリアにはリーダーカードを置きます (3-6-1)", f"{where}.leader.category")
        for i, card in enumerate(p["characters"]):
            if card.get("category") != "キャラ":
                raise BoardError(f"{where}.characters[{i}].category: キャラクターエリアにはキャラクターカードのみ置けます (3-7-1)", f"{where}.characters[{i}].category")
        if p["stage"] and p["stage"].get("category") != "ステージ":
            raise BoardError(f"{where}.stage.category: ステージエリアにはステージカードのみ置けます (3-8-1)", f"{where}.stage.category")
        for zone in ("hand", "deck", "trash", "life"):
            for i, card in enumerate(raw.get(zone) or []):
                if card.get("category") == "リーダー":
                    raise BoardError(f"{where}.{zone}[{i}].category: リーダーカードはリーダーエリアから移動しません (3-6-3)", f"{where}.{zone}[{i}].category")
        # every card id once on the whole table
        for zone, items in (("leader", [p["leader"]]), ("stage", [p["stage"]] if p["stage"] else []),
                            *((z, p[z]) for z in LIST_ZONES)):
            for i, card in enumerate(items):
                field = f"{where}.{zone}" + ("" if zone in ("leader", "stage") else f"[{i}]") + ".id"
                if card["id"] in seen:
                    raise BoardError(f"{field}: カードID「{card['id']}」が {seen[card['id']]} と重複しています", field)
                seen[card["id"]] = field
        total = p["don_deck"] + p["cost_area"]["active"] + p["cost_area"]["rested"] + p["leader"]["don"] + sum(c["don"] for c in p["characters"])
        if total != DON_TOTAL and "don_deck" not in raw:
            raise BoardError(f"{where}.cost_area: コストエリアと付与のドン!!が合わせて{total}枚です。ドン!!は全部で10枚です (5-1-2)",
                             f"{where}.cost_area")
        if total != DON_TOTAL:
            raise BoardError(f"{where}.don_deck: ドン!!の合計（ドン!!デッキ・コストエリア・付与）が{total}枚です。10枚ちょうどにしてください (5-1-2)", f"{where}.don_deck")
        if fresh:
            _check_deck_building(p, where)
    if not fresh:
        if "turn_player" not in board:
            raise BoardError("board.turn_player: フェイズを指定した盤面にはターンプレイヤーが必要です", "board.turn_player")
        if board.get("turn", 0) < 1:
            raise BoardError("board.turn: フェイズを指定した盤面のターンは1以上です", "board.turn")


def _check_deck_building(p: dict, where: str) -> None:
    """5-1-2: exactly 50 cards, only the leader's colours, at most 4 of a card number; nothing else placed yet."""
    for zone in ("hand", "trash", "life", "characters"):
        if p[zone]:
            raise BoardError(f"{where}.{zone}: ゲーム開始前の盤面では空にしてください (5-2)", f"{where}.{zone}")
    if p["stage"]:
        raise BoardError(f"{where}.stage: ゲーム開始前の盤面では空にしてください (5-2)", f"{where}.stage")
    if len(p["deck"]) != 50:
        raise BoardError(f"{where}.deck: デッキは50枚ちょうどが必要です（{len(p['deck'])}枚） (5-1-2)", f"{where}.deck")
    if p["don_deck"] != DON_TOTAL:
        raise BoardError(f"{where}.don_deck: ゲーム開始前はドン!!10枚すべてをドン!!デッキに置きます (5-1-2)", f"{where}.don_deck")
    if "life" not in p["leader"]:
        raise BoardError(f"{where}.leader.life: リーダーのライフの値が必要です (2-9-1)", f"{where}.leader.life")
    leader_colours = set(p["leader"].get("colors") or [])
    for i, card in enumerate(p["deck"]):
        if card.get("category") == "リーダー":
            raise BoardError(f"{where}.deck[{i}].category: デッキはキャラ・イベント・ステージで構成します (5-1-2-1)", f"{where}.deck[{i}].category")
        if leader_colours and card.get("colors") and not set(card["colors"]) & leader_colours:
            raise BoardError(f"{where}.deck[{i}].colors: リーダーの色を含まない色のカードはデッキに入れられません (5-1-2-2)", f"{where}.deck[{i}].colors")
    numbers = Counter(c["number"] for c in p["deck"] if c.get("number"))
    for number, n in numbers.items():
        if n > 4:
            i = next(i for i, c in enumerate(p["deck"]) if c.get("number") == number)
            raise BoardError(f"{where}.deck[{i}].number: カードナンバー{number}が{n}枚あります。4枚以下にしてください (5-1-2-3)", f"{where}.deck[{i}].number")


def initial_data(board: dict, options: dict) -> dict:
    data = {
        "turn": board.get("turn", 0),
        "phase": board.get("phase") or "setup",
        "turn_player": board.get("turn_player"),
        "first_player": board.get("first_player"),
        "players": {p: expand_player(p, board["players"][p]) for p in ("p1", "p2")},
        "effects": copy.deepcopy(board.get("effects") or []),
        "effect_seq": board.get("effect_seq", 0),
        "keyword_uses": copy.deepcopy(board.get("keyword_uses") or []),
        "battle": None,
        "options": options,
    }
    if data["phase"] != "setup" and not data["first_player"]:
        # the first player plays the odd turns
        tp = data["turn_player"]
        data["first_player"] = tp if data["turn"] % 2 == 1 else ("p2" if tp == "p1" else "p1")
    for p in ("p1", "p2"):
        pdata = data["players"][p]
        pdata["cards_total"] = sum(1 for _ in _all_ids(pdata))
    return data


def _all_ids(pdata: dict):
    yield pdata["leader"]["id"]
    if pdata["stage"]:
        yield pdata["stage"]["id"]
    for zone in LIST_ZONES:
        for card in pdata[zone]:
            yield card["id"]


# ---- random legal set-ups (fuzzing, 「新しいゲーム」) ------------------------------

def _random_card(rng: random.Random, number: str, colour: str) -> dict:
    roll = rng.random()
    if roll < 0.72:
        cost = rng.randint(1, 7)
        card = {"name": f"キャラ{number}", "category": "キャラ", "cost": cost,
                "power": min(10000, 1000 * rng.randint(max(1, cost - 1), cost + 2)),
                "counter": rng.choice([0, 0, 1000, 1000, 2000]), "keywords": []}
        for kw, chance in (("ブロッカー", 0.15), ("速攻", 0.1), ("ダブルアタック", 0.06), ("バニッシュ", 0.05), ("トリガー", 0.15)):
            if rng.random() < chance:
                card["keywords"].append(kw)
    elif roll < 0.92:
        card = {"name": f"イベント{number}", "category": "イベント", "cost": rng.randint(0, 3),
                "keywords": [rng.choice(["メイン", "カウンター", "カウンター"])]}
        if rng.random() < 0.4:
            card["keywords"].append("トリガー")
    else:
        card = {"name": f"ステージ{number}", "category": "ステージ", "cost": rng.randint(1, 3), "keywords": []}
        if rng.random() < 0.2:
            card["keywords"].append("トリガー")
    card["number"] = number
    card["colors"] = [colour]
    return card


def random_player(rng: random.Random, player: str) -> dict:
    colour = rng.choice(COLOURS)
    leader = {"id": f"{player}-L", "name": f"リーダー{player}", "category": "リーダー", "colors": [colour],
              "power": rng.choice([5000, 5000, 6000]), "life": rng.choice([4, 5]), "number": f"{player}-L"}
    templates = [_random_card(rng, f"OP-{player}-{n:03d}", colour) for n in range(13)]
    deck = []
    for n in range(50):  # 12 numbers x 4 + 2: at most 4 of a number (5-1-2-3)
        card = dict(templates[n // 4], id=f"{player}-{n + 1:02d}")
        card["keywords"] = list(card["keywords"])
        deck.append(card)
    return {"leader": leader, "deck": deck, "don_deck": DON_TOTAL}


def new_game_board(rng: random.Random) -> dict:
    return {"players": {"p1": random_player(rng, "p1"), "p2": random_player(rng, "p2")}}


# ---- the mid-game board a judge starts from (docs/notation.md) ------------------------------------------

def midgame_board(rng: random.Random) -> dict:
    """Turn 3, p1's main phase (p1 went first): each side played a character on its first turn, p2's leader
    attacked on turn 2 (p1 took 1 life into hand; p2's leader and DON!! stay rested until p2's refresh phase).
    Ids and names are the ones the notation fills in (p1-c1, キャラ1), so its notation is short."""
    colour = rng.choice(COLOURS)

    def leader(p: str) -> dict:
        return {"id": f"{p}-L", "name": f"リーダー{p}", "power": rng.choice([5000, 5000, 6000]), "life": 5,
                "colors": [colour]}

    def character(p: str, cost: int) -> dict:
        return {"id": f"{p}-c1", "name": "キャラ1", "cost": cost, "power": 1000 * rng.randint(cost + 1, cost + 3)}

    p2_cost = rng.randint(1, 2)
    return {
        "turn": 3, "phase": "main", "turn_player": "p1",
        "players": {
            # dealt 5 and 5 life; turn 1: 1 DON!!, no draw, a 1-cost character; turn 2: 1 life to hand;
            # turn 3: drew 1, 2 more DON!!, all active again
            "p1": {"leader": leader("p1"), "characters": [character("p1", 1)], "cost_area": {"active": 3},
                   "life_count": 4, "deck_count": 50 - 5 - 5 - 1, "hand_count": 5 - 1 + 1 + 1},
            # turn 2: drew 1, 2 DON!!, rested to play a character; the leader attacked
            "p2": {"leader": {**leader("p2"), "rested": True}, "characters": [character("p2", p2_cost)],
                   "cost_area": {"active": 2 - p2_cost, "rested": p2_cost},
                   "life_count": 5, "deck_count": 50 - 5 - 5 - 1, "hand_count": 5 + 1 - 1},
        },
    }
