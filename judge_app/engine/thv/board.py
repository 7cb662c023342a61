"""The table as a judge enters it (board schema), its checks, the initial state, and random legal set-ups."""
from __future__ import annotations

import copy
import random

from judge_app.engine.state import GameState
from judge_app.engine.trace import BoardError
from judge_app.engine.thv import keywords as kw
from judge_app.engine.thv.cards import PLAYERS, ZONES
from judge_app.engine.thv.phases import PHASES

EFFECT_OPS = ("damage", "power", "destroy", "kill", "exile", "draw", "add_node", "life", "negate", "cancel_attack")
TARGETS = ("character", "own_character", "opponent_character", "player", "opponent", "self", "card_in_play")

_int = {"type": "integer", "minimum": -999, "maximum": 999}
# type lists with per-type keywords instead of oneOf: the same rule, and far cheaper to validate
_stat = {"type": ["integer", "string", "null"], "minimum": 0, "maximum": 99, "pattern": "^-$"}
EFFECT = {
    "type": "object", "required": ["op"], "additionalProperties": False,
    "description": "カードのテキストを判定員が調整の語彙で書いたもの（エンジンが解決する）",
    "properties": {
        "op": {"enum": list(EFFECT_OPS)}, "value": _int, "attack": _int, "toughness": _int,
        "target": {"enum": list(TARGETS)}, "duration": {"enum": ["battle", "turn", "permanent"]},
        "state": {"enum": ["active", "sleep"]},
    },
}
MOD = {
    "type": "object", "required": ["layer"], "additionalProperties": False,
    "properties": {"layer": {"enum": ["set", "swap", "modify", "always"]},
                   "attack": {"type": ["integer", "null"]}, "toughness": {"type": ["integer", "null"]},
                   "until": {"enum": ["battle", "turn", "next_turn_end", "while_on_field", "permanent"]},
                   # where it ends: 「次の相手のターン終了時まで」 at that turn's 4.9.1.b, 「場にある間」 with its card (7.6.1)
                   "until_turn": {"type": "integer", "minimum": 1, "description": "このターンの終了時に終わる"},
                   "source": {"type": "string", "minLength": 1, "maxLength": 40, "description": "効果を持つカード"}},
}
RACE_NAMES = ["人間", "妖怪", "妖精", "魔法使い", "河童", "吸血鬼", "幽霊", "天狗", "鬼", "天人", "獣", "神"]   # 2.6.2
# The closed sets a judge picks from, each with the clause that defines it (the builder's pickers read `x-choices`,
# an annotation JSON Schema validators ignore); `param` "()" is a word written with its X (抵抗(2)).
RACE_CHOICES = [{"value": r, "label": r, "rule": "thv:2.6.2"} for r in RACE_NAMES] + \
    [{"value": "なし", "label": "なし", "rule": "thv:2.6.3"}]
KEYWORD_CHOICES = [{"value": name, "label": f"{name}(X)" if name in kw.WITH_X else name, "rule": f"thv:{rule}",
                    **({"param": "()"} if name in kw.WITH_X else {})} for name, rule in kw.KEYWORDS.items()]
STATE_SCHEMA = {"enum": ["active", "sleep"], "title": "状態",
                "x-choices": [{"value": "active", "label": "アクティブ", "rule": "thv:5.1.2.a"},
                              {"value": "sleep", "label": "スリープ", "rule": "thv:5.1.2"}]}
CARD_PROPS = {
    "id": {"type": "string", "pattern": "^[A-Za-z0-9_.:-]{1,40}$", "title": "カードID"},
    "owner": {"enum": list(PLAYERS), "title": "持ち主"},
    "name": {"type": "string", "minLength": 1, "maxLength": 80, "title": "カード名"},
    "no": {"type": "string", "maxLength": 20, "title": "カードナンバー"},
    "type": {"enum": ["character", "spell", "command", "unknown"], "title": "カードの種類",
             "x-choices": [{"value": "character", "label": "キャラクター", "rule": "thv:2.2"},
                           {"value": "spell", "label": "スペル", "rule": "thv:2.2"},
                           {"value": "command", "label": "コマンド", "rule": "thv:2.2"},
                           {"value": "unknown", "label": "不明（内容を問わないカード）", "rule": "thv:2.2"}]},
    "cost": {"type": ["integer", "string"], "minimum": 0, "maximum": 99, "pattern": "^(-|Nullity)$", "title": "コスト"},
    "need": {"type": ["integer", "string"], "minimum": 0, "maximum": 99, "pattern": "^Nullity$", "title": "必要ノード"},
    "attack": {**_stat, "title": "攻撃力"}, "toughness": {**_stat, "title": "耐久力"},
    "attack_mod": {"type": "integer", "minimum": -99, "maximum": 99, "title": "攻撃力の修正（装備・呪符）"},
    "toughness_mod": {"type": "integer", "minimum": -99, "maximum": 99, "title": "耐久力の修正（装備・呪符）"},
    "graze": {"type": "integer", "minimum": 0, "maximum": 99, "title": "グレイズ"},
    "race": {"type": "array", "items": {"type": "string", "maxLength": 20}, "maxItems": 6, "title": "種族",
             "x-choices": RACE_CHOICES},
    "caster": {"type": "string", "maxLength": 80, "title": "術者"},
    "alt_race": {"type": "array", "items": {"type": "string", "maxLength": 20}, "maxItems": 6, "title": "代替レース",
                 "description": "代替レース（2.7.2）: アイコン1つを1要素に。例 [\"妖怪\", \"妖怪\"] は妖怪2枚"},
    "keywords": {"type": "array", "items": {"type": "string", "maxLength": 30}, "maxItems": 20,
                 "title": "戦術・特殊効果", "x-choices": KEYWORD_CHOICES},
    "effect": {**EFFECT, "title": "効果（判定員が書く）"},
    "activated": {
        "type": "object", "required": ["timing", "effect"], "additionalProperties": False, "title": "起動効果",
        "properties": {"timing": {"enum": ["常時", "自分ターン", "相手ターン"]},
                       "cost": {"type": "integer", "minimum": 0, "maximum": 99}, "sleep": {"type": "boolean"},
                       "effect": EFFECT},
    },
}
CARD = {"type": "object", "required": ["id", "name"], "additionalProperties": False, "properties": CARD_PROPS}
NODE = {"type": "object", "required": ["id", "name"], "additionalProperties": False,
        "properties": {**CARD_PROPS, "state": STATE_SCHEMA}}
SET_CARD = {"type": "object", "required": ["id", "name"], "additionalProperties": False,
            "properties": {**CARD_PROPS, "state": STATE_SCHEMA}}
FIELD_CARD = {
    "type": "object", "required": ["id", "name"], "additionalProperties": False,
    "properties": {**CARD_PROPS, "state": STATE_SCHEMA,
                   "damage": {"type": "integer", "minimum": 0, "maximum": 999, "title": "ダメージ"},
                   "battle_damage": {"type": "integer", "minimum": 0, "maximum": 999, "title": "戦闘ダメージ"},
                   # 3.4.3.a / 5.7: a face-down card on the field is hidden, has no information (5.7.1) and its
                   # text is invalid (5.7.4); it is no character (5.4.3)
                   "face_down": {"type": "boolean", "title": "裏向き",
                                 "description": "場の裏向きのカード（3.4.3.a 非公開情報、5.7.1 何の情報も持たない）"},
                   "deathblow": {"type": "boolean", "title": "決死状態",
                                 "description": "決死状態（9.2.1）: 次のルール処理で解決される"},
                   "mods": {"type": "array", "items": MOD, "maxItems": 50, "title": "修正（実行時）"},
                   "sets": {"type": "array", "items": SET_CARD, "maxItems": 20, "title": "セットされたカード"}},
}


def _cards(item, n=200):
    return {"type": "array", "items": item, "maxItems": n}


PLAYER = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "life": {"type": "integer", "minimum": -999, "maximum": 999, "title": "ライフ"},
        "deck": {**_cards(CARD, 120), "title": "デッキ"},
        "deck_count": {"type": "integer", "minimum": 0, "maximum": 120, "title": "デッキの枚数（内容不明）"},
        "hand": {**_cards(CARD), "title": "手札"}, "field": {**_cards(FIELD_CARD), "title": "場"},
        "nodes": {**_cards(NODE), "title": "ノードエリア"},
        "graveyard": {**_cards(CARD), "title": "冥界"}, "removed": {**_cards(CARD), "title": "除外エリア"},
        "play_area": {**_cards(CARD), "title": "プレイエリア"}, "sideboard": {**_cards(CARD, 20), "title": "サイドボード"},
    },
}
ITEM = {"type": "object", "required": ["kind", "player", "card"], "additionalProperties": False,
        "properties": {"kind": {"enum": ["card", "effect", "attack", "defence"]}, "player": {"enum": list(PLAYERS)},
                       "card": {"type": "string"}, "target": {"type": ["string", "null"]},
                       "effect": {**EFFECT, "type": ["object", "null"]}, "negated": {"type": "boolean"},
                       "defend": {"type": "boolean"}}}
BOARD_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "東方VISION board",
    "type": "object", "required": ["players"],
    "properties": {
        "players": {"type": "object", "required": list(PLAYERS), "additionalProperties": False,
                    "properties": {p: PLAYER for p in PLAYERS}},
        "turn": {"type": "integer", "minimum": 0, "maximum": 999, "title": "ターン"},
        "phase": {"enum": [None, *PHASES], "title": "フェイズ"},
        "turn_player": {"enum": list(PLAYERS), "title": "ターンプレイヤー"},
        "starting_player": {"enum": list(PLAYERS), "title": "先攻プレイヤー"},
        "priority": {"enum": [None, *PLAYERS]},
        "interference": {"anyOf": [{"type": "null"}, {
            "type": "object", "required": ["items"], "additionalProperties": False,
            "properties": {"items": {"type": "array", "items": ITEM, "maxItems": 50},
                           "used": {"type": "array", "items": {"type": "string"}}}}]},
        "battle": {"anyOf": [{"type": "null"}, {
            "type": "object", "required": ["attacker"], "additionalProperties": False,
            "properties": {"attacker": {"type": "string"}, "defender": {"type": ["string", "null"]},
                           "attacked_player": {"enum": list(PLAYERS)},
                           # runtime: the defence window of 6.4.2.a, the fixed target of 6.2.4.c, who dealt
                           # damage, the hits (for グレイズ), the defender that left, 貫通 damage
                           "window": {"type": "boolean"}, "target": {"type": ["string", "null"]},
                           "dealt": {"type": "array"}, "hits": {"type": "array"},
                           "defender_left": {"type": ["string", "null"]}, "pierced": {"type": "integer"}}}]},
        "this_turn": {"type": "object", "additionalProperties": False, "properties": {
            "node_set": {"type": "boolean"}, "character_played": {"type": "boolean"},
            "doll_played": {"type": "boolean"}, "world_spell_played": {"type": "boolean"},
            "locked_names": {"type": "array", "items": {"type": "string"}},
            "keyword_uses": {"type": "array", "items": {"type": "string"},
                             "description": "このターンに使った回数制限のある効果（「リーダー:a1」など、10.34.2.c）"},
            "first_turn": {"type": "boolean"}}},
        "options": {"type": "object"},
        # runtime fields of a state re-entered as a board (ignored or reset at set-up)
        "passes": {"type": "integer", "minimum": 0}, "winner": {}, "finished": {"type": "boolean"},
        "flags": {"type": "object"}, "adjust_seq": {"type": "integer"}, "mod_seq": {"type": "integer"},
        "fillers": {"type": "integer"}, "playing": {"type": ["string", "null"]}, "card_counts": {"type": "object"},
    },
    "additionalProperties": False,
}


def all_cards(board: dict):
    """(field path, card) for every card on the board, set cards included."""
    for p in PLAYERS:
        pl = board["players"][p]
        for zone in ZONES:
            for i, c in enumerate(pl.get(zone) or ()):
                yield f"board.players.{p}.{zone}[{i}]", c, p, zone
                for j, s in enumerate(c.get("sets") or ()) if zone == "field" else ():
                    yield f"board.players.{p}.{zone}[{i}].sets[{j}]", s, p, "field"


def check_board(board: dict, options: dict) -> None:
    seen: dict[str, str] = {}
    for path, card, p, zone in all_cards(board):
        if card["id"] in seen:
            raise BoardError(f"{path}.id: カードID「{card['id']}」が重複しています（{seen[card['id']]}）", f"{path}.id")
        seen[card["id"]] = path
        for k, word in enumerate(card.get("keywords") or ()):
            problem = kw.check(word)
            if problem:
                raise BoardError(f"{path}.keywords[{k}]: {problem}", f"{path}.keywords[{k}]")
        if zone == "field" and "sets" in card and path.count("sets") == 0 and card.get("type") not in ("character",) \
                and not kw.has(card.get("keywords") or (), "幻想生物") and card["sets"]:
            raise BoardError(f"{path}.sets: キャラクター以外にはカードをセットできません（6.1.13）", f"{path}.sets")
    for p in PLAYERS:
        pl = board["players"][p]
        if "deck" in pl and "deck_count" in pl:
            raise BoardError(f"board.players.{p}.deck_count: deck と deck_count は同時に指定できません",
                             f"board.players.{p}.deck_count")
    fresh = board.get("phase") in (None, "setup")
    if fresh:
        for p in PLAYERS:
            _check_deck(board["players"][p], p)
    else:
        if "turn_player" not in board:
            raise BoardError("board.turn_player: フェイズを指定した盤面にはターンプレイヤーが必要です", "board.turn_player")
    _check_runtime(board, seen)


def _check_deck(pl: dict, p: str) -> None:
    base = f"board.players.{p}"
    deck = pl.get("deck")
    if deck is None and pl.get("deck_count") == 50:
        deck = []  # 50 anonymous cards: nothing to check by name
    elif deck is None:
        raise BoardError(f"{base}.deck: 新しいゲームにはデッキ50枚が必要です（1.2.2.a）", f"{base}.deck")
    for zone in ("hand", "field", "nodes", "graveyard", "removed", "play_area"):
        if pl.get(zone):
            raise BoardError(f"{base}.{zone}: ゲーム開始前はデッキ以外の領域は空です（1.2.7）", f"{base}.{zone}")
    if deck and len(deck) != 50 or not deck and pl.get("deck_count") != 50:
        raise BoardError(f"{base}.deck: デッキは過不足なく50枚です（1.2.2.a）: {len(deck)}枚", f"{base}.deck")
    side = pl.get("sideboard")
    if side is not None and len(side) not in (0, 10):
        raise BoardError(f"{base}.sideboard: サイドボードは過不足なく10枚です（1.2.5.a）: {len(side)}枚", f"{base}.sideboard")
    counts: dict[str, int] = {}
    for zone, cards in (("deck", deck), ("sideboard", side or [])):
        for i, c in enumerate(cards):
            counts[c["name"]] = counts.get(c["name"], 0) + 1
            if counts[c["name"]] > 3:
                rule = "1.2.2.b" if zone == "deck" else "1.2.5.b"
                raise BoardError(f"{base}.{zone}[{i}]: 同名のカード「{c['name']}」は{'デッキ' if zone == 'deck' else 'デッキと合わせて'}3枚までです（{rule}）",
                                 f"{base}.{zone}[{i}]")
    limited: dict[str, int] = {}
    for i, c in enumerate(deck):
        if kw.has(c.get("keywords") or (), "デッキ1枚制限"):
            key = c.get("no") or c["name"]
            limited[key] = limited.get(key, 0) + 1
            if limited[key] > 1:
                raise BoardError(f"{base}.deck[{i}]: デッキ1枚制限のカード「{c['name']}」は1枚までです（10.24.2.a）",
                                 f"{base}.deck[{i}]")


def _check_runtime(board: dict, ids: dict) -> None:
    inter = board.get("interference")
    for i, item in enumerate((inter or {}).get("items") or ()):
        if item["card"] not in ids:
            raise BoardError(f"board.interference.items[{i}].card: カード「{item['card']}」が盤面にありません",
                             f"board.interference.items[{i}].card")
    battle = board.get("battle")
    if battle:
        for key in ("attacker", "defender"):
            cid = battle.get(key)
            if cid is not None and not any(cid == c["id"] for _, c, _, z in all_cards(board) if z == "field"):
                raise BoardError(f"board.battle.{key}: 場にカード「{cid}」がありません", f"board.battle.{key}")
        if not inter:
            raise BoardError("board.battle: 攻撃は干渉の中にあります（1.12.6.c）。interference も指定してください",
                             "board.battle")


def setup_state(board: dict, seed: int, options: dict) -> GameState:
    data = copy.deepcopy(board)
    fillers = 0
    for p in PLAYERS:
        pl = data["players"].setdefault(p, {})
        for zone in ZONES:
            pl.setdefault(zone, [])
        if "deck_count" in pl:
            n = pl.pop("deck_count")
            pl["deck"] = [{"id": f"{p}-deck-{k + 1}", "name": "（デッキのカード）", "type": "unknown"} for k in range(n)]
            fillers += n
        pl.setdefault("life", 25 if data.get("phase") not in (None, "setup") else 0)
        for zone in ZONES:
            pl[zone] = [_own(c, p, zone) for c in pl[zone]]
        if any(m.get("until") == "while_on_field" for c in pl["field"] for m in c.get("mods") or ()):
            data["field_bound"] = True   # 「場にある間」 written on the board: read where cards leave the field
    fresh = data.get("phase") in (None, "setup")
    data["phase"] = "setup" if fresh else data["phase"]
    data.setdefault("turn", 0 if fresh else 1)
    data.setdefault("turn_player", None)
    data.setdefault("starting_player", data["turn_player"])
    data.setdefault("priority", None)
    data.setdefault("interference", None)
    data.setdefault("battle", None)
    inter = data.get("interference")
    if inter is not None:
        inter.setdefault("used", [])
        if data.get("priority") is None:  # 5.2.3.g / 6.3.4.g: the player after the last one who acted
            items = inter["items"]
            data["priority"] = ("p2" if items[-1]["player"] == "p1" else "p1") if items else data["turn_player"]
    if data.get("battle"):
        b = data["battle"]
        b.setdefault("defender", None)
        b.setdefault("attacked_player", "p2" if data["turn_player"] == "p1" else "p1")
        b.setdefault("window", b["defender"] is None and data.get("priority") == b["attacked_player"])
    data["this_turn"] = {"node_set": False, "character_played": False, "doll_played": False,
                         "world_spell_played": False, "locked_names": [], "keyword_uses": [], "first_turn": False,
                         **(data.get("this_turn") or {})}
    data["passes"] = 0
    data["flags"] = {"end_turn": False, "end_phase": False, "skip": [], "extra": None, "forced_attack": None,
                     **(board.get("flags") or {})}
    data["adjust_seq"] = 0
    data["mod_seq"] = 0
    data["fillers"] = fillers
    data["playing"] = None
    data["options"] = options
    data["winner"] = None
    data["finished"] = False
    return GameState(data, seed)


def _own(card: dict, owner: str, zone: str) -> dict:
    c = dict(card)
    c.setdefault("owner", owner)
    c.setdefault("type", "unknown")
    if zone == "field":
        c.setdefault("state", "active")
        c.setdefault("damage", 0)
        c.setdefault("battle_damage", 0)
        c.setdefault("mods", [])
        c["sets"] = [dict(s, owner=s.get("owner", owner), state=c["state"]) for s in c.get("sets") or ()]  # 11.3.11.c
    if zone == "nodes":
        c.setdefault("state", "active")
    return c


# ---- random legal set-ups (fuzzing, 「新しいゲーム」) ------------------------------------------------
_NAMES = ["博麗霊夢", "霧雨魔理沙", "十六夜咲夜", "魂魄妖夢", "東風谷早苗", "射命丸文", "河城にとり", "レミリア・スカーレット",
          "チルノ", "八雲紫", "紅美鈴", "パチュリー・ノーレッジ", "アリス・マーガトロイド", "鈴仙・優曇華院・イナバ", "藤原妹紅",
          "伊吹萃香", "西行寺幽々子", "古明地さとり", "因幡てゐ", "比那名居天子"]
_RACES = RACE_NAMES
_CHAR_WORDS = ["速攻", "奇襲", "先制", "貫通", "隠密", "警戒", "即死", "人形", "伝説", "マナチャージ(1)", "加護(1)"]
_SPELLS = [
    ("夢想封印", {"op": "damage", "value": 3, "target": "character"}, []),
    ("マスタースパーク", {"op": "damage", "value": 4, "target": "opponent"}, []),
    ("幻世「ザ・ワールド」", {"op": "destroy", "target": "opponent_character"}, []),
    ("八卦炉", None, ["装備"]),
    ("楼観剣", None, ["装備", "神器"]),
    ("呪いの札", None, ["呪符"]),
    ("紅魔館", None, ["装備/場"]),
    ("幻想郷", None, ["世界呪符"]),
    ("式神「藍」", None, ["幻想生物", "維持コスト(1)"]),
    ("禁忌「レーヴァテイン」", {"op": "kill", "target": "opponent_character"}, ["抵抗(1)"]),
]
_COMMANDS = [
    ("結界", {"op": "power", "attack": 0, "toughness": 2, "target": "own_character", "duration": "battle"}, []),
    ("弾幕回避", {"op": "cancel_attack"}, ["相手ターン制限"]),
    ("宴会", {"op": "draw", "value": 1}, ["ターン1枚制限"]),
    ("お賽銭", {"op": "life", "value": 2}, ["自分ターン制限"]),
    ("スペル無効", {"op": "negate", "target": "card_in_play"}, []),
    ("封印", {"op": "exile", "target": "character"}, []),
    ("ノード加速", {"op": "add_node", "value": 1}, []),
    ("追撃", {"op": "damage", "value": 2, "target": "opponent"}, []),
]


def _random_card(rng: random.Random, n: int, p: str) -> dict:
    roll = rng.random()
    cid = f"{p}-c{n}"
    if roll < 0.55:
        name = rng.choice(_NAMES)
        card = {"id": cid, "name": name, "type": "character", "cost": rng.choice([0, 0, 1, 1, 2, 3]),
                "need": rng.choice([0, 0, 1, 2, 3]), "attack": rng.randint(1, 5), "toughness": rng.randint(1, 5), "graze": rng.choice([0, 0, 1, 1, 2]),
                "race": rng.sample(_RACES, rng.choice([1, 1, 2]))}
        card["keywords"] = rng.sample(_CHAR_WORDS, rng.choice([0, 0, 1, 1, 2]))
        if rng.random() < 0.1:
            card["keywords"].append(f"耐性({rng.choice(_RACES)})")
        return card
    if roll < 0.8:
        name, effect, words = _SPELLS[rng.randrange(len(_SPELLS))]
        card = {"id": cid, "name": name, "type": "spell", "cost": rng.randint(0, 3), "need": rng.randint(0, 3),
                "caster": rng.choice(_NAMES), "keywords": list(words)}
        if effect:
            card["effect"] = dict(effect)
        if "装備" in words or "呪符" in words:
            card["attack_mod"], card["toughness_mod"] = rng.choice([(1, 1), (2, 0), (0, 2), (-1, -1)])
        if "幻想生物" in words:
            card["attack"], card["toughness"], card["graze"] = rng.randint(1, 3), rng.randint(1, 3), 1
        return card
    name, effect, words = _COMMANDS[rng.randrange(len(_COMMANDS))]
    card = {"id": cid, "name": name, "type": "command", "cost": rng.randint(0, 3), "need": rng.randint(0, 2),
            "keywords": list(words), "effect": dict(effect)}
    if rng.random() < 0.15:
        card["race"] = []
    return card


def random_deck(rng: random.Random, p: str) -> list[dict]:
    deck: list[dict] = []
    counts: dict[str, int] = {}
    n = 0
    while len(deck) < 50:
        n += 1
        card = _random_card(rng, n, p)
        if counts.get(card["name"], 0) >= 3:  # 1.2.2.b
            continue
        counts[card["name"]] = counts.get(card["name"], 0) + 1
        deck.append(card)
    for i, c in enumerate(deck):
        c["id"] = f"{p}-c{i + 1}"
        if c["type"] == "character" and rng.random() < 0.08:
            c["activated"] = {"timing": "自分ターン", "cost": 1, "sleep": True,
                              "effect": {"op": "damage", "value": 1, "target": "opponent"}}
    return deck


def new_game_board(rng: random.Random) -> dict:
    return {"players": {p: {"deck": random_deck(rng, p)} for p in PLAYERS}}


# ---- the mid-game board a judge starts from (docs/notation.md) ------------------------------------------

def midgame_board(rng: random.Random) -> dict:
    """Turn 3, p1's main phase (p1 started): each side set a node and played a 1-cost character with it on its
    first turn; p1's node stood up again in its active phase (4.4), p2's still sleeps. Ids and names are the ones
    the notation fills in (p1-f1, キャラ1), so its notation is short."""
    def side(p: str, node_state: str) -> dict:
        character = {"id": f"{p}-f1", "name": "キャラ1", "type": "character", "cost": 1, "need": rng.randint(0, 1),
                     "attack": rng.randint(1, 4), "toughness": rng.randint(1, 4), "graze": rng.randint(0, 1),
                     "race": [rng.choice(_RACES)]}
        node = {"id": f"{p}-n1", "name": "ノード", **({"state": "sleep"} if node_state == "sleep" else {})}
        hand = 7 - 1 - 1 + 1   # dealt 7 (1.2.7.c), a node set and a character played, one drawn
        return {"life": 25, "field": [character], "nodes": [node], "deck_count": 50 - 7 - 1,
                "hand": [{"id": f"{p}-h{i}", "name": f"手札{i}"} for i in range(1, hand + 1)]}
    return {"turn": 3, "phase": "main", "turn_player": "p1",
            "players": {"p1": side("p1", "active"), "p2": side("p2", "sleep")}}
