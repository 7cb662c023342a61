"""The 開運コロシアム table as a judge enters it: JSON Schema, the checks the schema cannot say, random decks.

Two players here; `kaiun_multi.board` builds its 3–5 player table from these parts. Zones are lists of cards:
  deck        index 0 is the top (6-6-1 pays from the top, 4-3-2 draws the top)
  barrier     index 0 is the bottom (left), the last is the top (right) (5-2-1-3, 3-7-3)
  trash       the last is the top (3-4-2)
  hand, cost_area, battle_area (at most 1 card, 3-5-3; `face_up` says which way it lies)
`<zone>_count` fills a zone with anonymous cards up to that many (under the listed ones in the deck).
"""
from __future__ import annotations

import random
from collections import Counter

from judge_app.engine.kaiun.phases import PHASES
from judge_app.engine.trace import BoardError

JANKEN = ("グー", "チョキ", "パー")
ZONES = ("deck", "hand", "barrier", "trash", "battle_area", "cost_area")
FILLABLE = ("deck", "hand", "barrier", "trash")
DECK_SIZE = 30          # 5-1-2
SAME_NUMBER_LIMIT = 3   # 5-1-2-1
BARRIER_SIZE = 5        # 5-2-1-3
# The keyword effects whose use the rules limit (10-1-1-2, 10-1-2-2, 10-1-3-2, 6-6-5-1), as the judge names them.
KEYWORDS = ("開運時", "バトル勝利時", "バトル敗北時", "このターンの終了時")

CARD = {
    "type": "object",
    "required": ["id", "name", "janken", "unchi_kachi", "unchi_aiko_make", "cost"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "minLength": 1, "maxLength": 40, "pattern": "^[0-9A-Za-z_.:-]+$", "title": "カードID"},
        "name": {"type": "string", "minLength": 1, "maxLength": 80, "title": "カード名"},
        "number": {"type": "string", "maxLength": 40, "title": "カードナンバー", "description": "カードナンバー (2-12)"},
        "janken": {"enum": list(JANKEN), "title": "ジャンケン", "description": "ジャンケン (2-2)",
                   "x-choices": [{"value": j, "label": j, "rule": "kaiun:2-2"} for j in JANKEN]},
        "unchi_kachi": {"type": "integer", "minimum": 0, "maximum": 99, "title": "運値(カチ)",
                        "description": "運値(カチ) (2-3)"},
        "unchi_aiko_make": {"type": "integer", "minimum": 0, "maximum": 99, "title": "運値(アイコ・マケ)",
                            "description": "運値(アイコ・マケ) (2-4)"},
        "cost": {"type": "integer", "minimum": 0, "maximum": 30, "title": "コスト", "description": "コスト (2-5)"},
        "filler": {"type": "boolean", "title": "内容不明のカード"},
    },
}

ZONE_TITLES = {"deck": "デッキ", "hand": "手札", "barrier": "バリア", "trash": "トラッシュ", "battle_area": "バトルエリア",
               "cost_area": "コストエリア"}


def player_schema() -> dict:
    props: dict = {z: {"type": "array", "items": CARD, "maxItems": 200, "title": ZONE_TITLES[z]} for z in ZONES}
    props["battle_area"] = {"type": "array", "items": CARD, "maxItems": 1, "title": ZONE_TITLES["battle_area"]}
    for z in FILLABLE:
        props[f"{z}_count"] = {"type": "integer", "minimum": 0, "maximum": 200,
                               "title": f"{ZONE_TITLES[z]}の枚数", "description": "並べたカードを含む枚数（残りは内容不明）"}
    props.update({
        "face_up": {"type": "boolean", "title": "バトルエリアのカードが表向き", "description": "バトルエリアのカードが表向きか"},
        "unchi_mod": {"type": "object", "additionalProperties": False, "title": "運値の修正",
                      "properties": {"kachi": {"type": "integer", "title": "運値(カチ)の修正"},
                                     "aiko_make": {"type": "integer", "title": "運値(アイコ・マケ)の修正"}}},
        "win_battle": {"type": "boolean", "title": "「このバトルに勝つ」", "description": "「このバトルに勝つ」(10-2-3) が有効"},
        "battle_result": {"enum": [None, "win", "lose", "draw"], "title": "このバトルの結果"},
        "defeat": {"enum": [None, "battle", "refresh"], "title": "満たしている敗北条件",
                   "description": "満たしている敗北条件 (1-2-2)"},
        "kaiun_used": {"type": "boolean", "title": "【開運時】をこのターン発動した"},
        "win_used": {"type": "boolean", "title": "【バトル勝利時】をこのターン発動した",
                     "description": "【バトル勝利時】をこのターン発動した (10-1-2-2)"},
        "lose_used": {"type": "boolean", "title": "【バトル敗北時】をこのターン発動した",
                      "description": "【バトル敗北時】をこのターン発動した (10-1-3-2)"},
        "keywords_used": {"type": "array", "maxItems": 4, "uniqueItems": True, "title": "発動済みのキーワード効果",
                          "items": {"enum": list(KEYWORDS)},
                          "description": "判定員が効果として適用したキーワード効果（このターン／このバトル、10-1）"},
        "lost": {"type": "boolean", "title": "敗北した"},
        "left": {"type": "boolean", "title": "ゲームから離脱した"},
    })
    return {"type": "object", "additionalProperties": False, "properties": props}


def board_schema(min_players: int, max_players: int, extra: dict | None = None) -> dict:
    names = [f"p{i}" for i in range(1, max_players + 1)]
    props = {
        "players": {"type": "object", "additionalProperties": False,
                    "required": names[:min_players],
                    "properties": {n: player_schema() for n in names}},
        "turn": {"type": "integer", "minimum": 0, "maximum": 10000, "title": "ターン"},
        "phase": {"enum": [None, *PHASES], "title": "フェイズ"},
        "winner": {"type": ["string", "null"]},
        "finished": {"type": "boolean"},
        "options": {"type": "object"},
    }
    props.update(extra or {})
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "開運コロシアム 盤面",
            "type": "object", "required": ["players"], "additionalProperties": False, "properties": props}


BOARD_SCHEMA = board_schema(2, 2)


def check_board(board: dict, fresh_rule: str) -> None:
    """Ids unique on the table; counts not below the listed cards; a fresh game's decks legal (5-1-2)."""
    players = board["players"]
    names = list(players)
    if names != [f"p{i}" for i in range(1, len(names) + 1)]:
        raise BoardError(f"board.players: プレイヤーは p1 から順に並べてください（{', '.join(names)}）", "board.players")
    seen: dict[str, str] = {}
    for p, pl in players.items():
        for z in ZONES:
            for i, card in enumerate(pl.get(z, [])):
                where = f"board.players.{p}.{z}[{i}].id"
                if card["id"] in seen:
                    raise BoardError(f"{where}: カードID「{card['id']}」が {seen[card['id']]} と重複しています", where)
                seen[card["id"]] = where
        for z in FILLABLE:
            if f"{z}_count" in pl and pl[f"{z}_count"] < len(pl.get(z, [])):
                where = f"board.players.{p}.{z}_count"
                raise BoardError(f"{where}: 並べたカード（{len(pl.get(z, []))}枚）より少ない枚数は指定できません", where)
    if board.get("phase") in (None, "setup"):
        for p, pl in players.items():
            for z in ZONES:
                if z != "deck" and (pl.get(z) or pl.get(f"{z}_count")):
                    where = f"board.players.{p}.{z}"
                    raise BoardError(f"{where}: ゲーム開始前はデッキ以外の領域は空です（5-2）", where)
            size = max(len(pl.get("deck", [])), pl.get("deck_count", 0))
            if size != DECK_SIZE:
                where = f"board.players.{p}.deck"
                raise BoardError(f"{where}: デッキは30枚ちょうどです（{fresh_rule} / 5-1-2、いま{size}枚）", where)
            counts: dict[str, int] = {}
            for i, card in enumerate(pl.get("deck", [])):
                if card.get("number"):
                    counts[card["number"]] = counts.get(card["number"], 0) + 1
                    if counts[card["number"]] > SAME_NUMBER_LIMIT:
                        where = f"board.players.{p}.deck[{i}].number"
                        raise BoardError(f"{where}: カードナンバー「{card['number']}」は3枚までです（5-1-2-1）", where)


def filler(player: str, zone: str, n: int) -> dict:
    # anonymous card: its identity does not matter to the ruling (documented in docs/architecture.md)
    return {"id": f"{player}-{zone}-x{n}", "name": "（不明なカード）", "janken": "グー",
            "unchi_kachi": 0, "unchi_aiko_make": 0, "cost": 0, "filler": True}


def expand_player(p: str, pl: dict) -> dict:
    """The board's player as state: fillers placed, runtime fields present (the same shape as the board)."""
    out: dict = {}
    for z in ZONES:
        cards = [dict(c) for c in pl.get(z, [])]
        if z in FILLABLE:
            extra = pl.get(f"{z}_count", len(cards)) - len(cards)
            fill = [filler(p, z, i + 1) for i in range(extra)]
            # listed deck cards are the top ones; listed barrier cards the top (right) ones
            cards = cards + fill if z in ("deck", "hand", "trash") else fill + cards
        out[z] = cards
    out["face_up"] = pl.get("face_up", True)
    mod = pl.get("unchi_mod") or {}
    out["unchi_mod"] = {"kachi": mod.get("kachi", 0), "aiko_make": mod.get("aiko_make", 0)}
    out["win_battle"] = pl.get("win_battle", False)
    out["battle_result"] = pl.get("battle_result")
    out["defeat"] = pl.get("defeat")
    out["kaiun_used"] = pl.get("kaiun_used", False)
    out["win_used"] = pl.get("win_used", False)
    out["lose_used"] = pl.get("lose_used", False)
    out["keywords_used"] = list(pl.get("keywords_used", []))
    out["lost"] = pl.get("lost", False)
    out["left"] = pl.get("left", False)
    return out


def random_deck(rng: random.Random, player: str) -> list[dict]:
    """30 cards, 10 card numbers of 3 each (5-1-2, 5-1-2-1): stronger cards cost more."""
    deck: list[dict] = []
    for n in range(10):
        kachi = rng.randint(2, 9)
        card = {"number": f"KC-{rng.randint(1, 120):03d}-{n}", "name": f"開運カード{n + 1}",
                "janken": rng.choice(JANKEN), "unchi_kachi": kachi,
                "unchi_aiko_make": rng.randint(0, kachi - 1), "cost": min(3, kachi // 3 + rng.randint(0, 1))}
        for copy in range(3):
            deck.append(dict(card, id=f"{player}-{n + 1:02d}{'abc'[copy]}"))
    return deck


def new_game_board(rng: random.Random) -> dict:
    return {"players": {p: {"deck": random_deck(rng, p)} for p in ("p1", "p2")}}


def card_label(card: dict) -> str:
    return (f"「{card['name']}」（{card['janken']} 運値{card['unchi_kachi']}/{card['unchi_aiko_make']}"
            f" コスト{card['cost']}）")


def choice_labels(cards: list[dict], zone: str) -> list[str]:
    """A card label per card of a zone, for the buttons a player picks from: a card of unknown content is named by
    its place, and two cards that read the same are told apart by their place (a judge sees which button is which)."""
    labels = [f"{zone}の{i}枚目（内容不明のカード）" if c.get("filler") else card_label(c)
              for i, c in enumerate(cards, 1)]
    seen = Counter(labels)
    return [f"{lab}（{zone}の{i}枚目）" if seen[lab] > 1 and not c.get("filler") else lab
            for i, (lab, c) in enumerate(zip(labels, cards), 1)]


# ---- the mid-game board a judge starts from (docs/notation.md) ------------------------------------------

def battle_card(rng: random.Random, player: str) -> dict:
    """A card opened in the battle area, with the id and name the notation fills in (p1-a1)."""
    kachi = rng.randint(2, 9)
    return {"id": f"{player}-a1", "name": "バトルエリア1", "janken": rng.choice(JANKEN), "unchi_kachi": kachi,
            "unchi_aiko_make": rng.randint(0, kachi - 1), "cost": rng.randint(0, 2)}


def played_turns(rng: random.Random, players: list[str], turns: int) -> dict:
    """Zone sizes after `turns` whole turns of 6-2 … 6-6: each draws 1, sets a card (the old one to the trash),
    a loser takes a barrier into the hand (7-1-5-4), each pays a cost from the deck to the trash (6-6-1)."""
    size = {p: {"deck": DECK_SIZE - BARRIER_SIZE, "barrier": BARRIER_SIZE, "hand": 0, "trash": 0, "battle": 0}
            for p in players}
    for _ in range(turns):
        for z in size.values():
            z["deck"], z["hand"] = z["deck"] - 1, z["hand"] + 1
            z["trash"] += z["battle"]
            z["hand"], z["battle"] = z["hand"] - 1, 1
        for p in rng.sample(players, rng.randint(1, len(players) - 1)):
            size[p]["barrier"] -= 1
            size[p]["hand"] += 1
        for z in size.values():
            paid = rng.randint(0, 2)
            z["deck"], z["trash"] = z["deck"] - paid, z["trash"] + paid
    return size


def midgame_player(rng: random.Random, p: str, z: dict) -> dict:
    """Turn 3's draw and set done (the card kept or replaced) and opened: the battle about to be fought."""
    replaced = int(rng.random() < 0.5)
    return {"deck_count": z["deck"] - 1, "barrier_count": z["barrier"], "battle_area": [battle_card(rng, p)],
            "trash_count": z["trash"] + replaced, "hand_count": z["hand"] + 1 - replaced}


def midgame_board(rng: random.Random) -> dict:
    """Turn 3 at the start of the battle phase: kaiun has no main phase, and a judge is most often called to a
    battle (ジャンケン, 運値, the result processing of 7-1-5): both battle cards are open, nothing is decided yet."""
    size = played_turns(rng, ["p1", "p2"], 2)
    return {"turn": 3, "phase": "battle", "players": {p: midgame_player(rng, p, z) for p, z in size.items()}}
