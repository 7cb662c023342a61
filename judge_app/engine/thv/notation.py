"""The 東方VISION board in one line (docs/notation.md), a player's zones as they lie on the table:

    T3 メイン p1 先攻p1 p1: ライフ25 F[博麗霊夢(キャラ c1 n0 3/3 g1 人間)] N3 D40 H5 p2: …

A card is its name and (種類 cコスト n必要ノード 攻撃力/耐久力 gグレイズ 種族 状態 キーワード); the words of chapter 10
(`先制`, `抵抗(2)`) are written as printed. Counts: `D40` is the board's deck_count (anonymous cards); other zones
are padded with cards at their defaults (`N3`: three ノード)."""
from __future__ import annotations

from judge_app.engine._notation import (CardSpec, Fields, FreeWords, Notation, Num, Prefixed, Tuple, Word, Words,
                                        Zone, phase_word, player_word)
from judge_app.engine.thv import keywords
from judge_app.engine.thv.board import _RACES, BOARD_SCHEMA
from judge_app.engine.thv.phases import PHASE_LABELS

def _chapter_10(word: str) -> bool:
    return keywords.parse(word)[0] in keywords.KEYWORDS


RACES = {r: (r,) for r in [*_RACES, "なし"]}
STATE = Word("state", "状態（アクティブ・スリープ）", [("active", ("アクティブ",)), ("sleep", ("スリープ",))])
ON_FIELD = [
    Num("damage", "ダメージ（dmg）", ("dmg", "ダメージ")),
    Num("battle_damage", "戦闘ダメージ（bdmg）", ("bdmg", "戦闘ダメージ")),
    Word("deathblow", "決死状態", [(True, ("決死",))]),
    Word("face_down", "裏向き（裏）", [(True, ("裏", "裏向き"))]),   # 3.4.3.a, 5.7
]


def card_spec(*extra) -> CardSpec:
    """A card's printed fields, then what its zone adds (`extra`), then its words of chapter 10."""
    return CardSpec([
        Word("type", "カードの種類", [("character", ("キャラ", "キャラクター")), ("spell", ("スペル",)),
                                   ("command", ("コマンド",)), ("unknown", ("不明",))]),
        Prefixed("no", "カードナンバー（#）", ("#",)),
        Num("cost", "コスト（c）", ("c", "コスト"), literals=("-", "Nullity")),
        Num("need", "必要ノード（n）", ("n", "必要ノード"), literals=("Nullity",)),
        Tuple(("attack", "toughness"), "攻撃力/耐久力", dash=True),
        Tuple(("attack_mod", "toughness_mod"), "攻撃力修正/耐久力修正（+1/-1）", signed=True),
        Num("graze", "グレイズ（g）", ("g", "グレイズ")),
        Words("race", "種族", RACES),
        Prefixed("caster", "術者（術者:名前）", ("術者:",)),
        *extra,
        FreeWords("keywords", "戦術・特殊効果（10章の語、例 先制・抵抗(2)）", known=_chapter_10),
    ])


CARD = card_spec()
NODE = card_spec(STATE)
SETS = Zone("sets", "セットされたカード", ("set", "セット"), card_spec(STATE), "s", lambda i: f"セット{i}")
FIELD_CARD = card_spec(STATE, *ON_FIELD, SETS)

PLAYER = Fields("{p} の欄", [
    Num("life", "ライフ", ("ライフ", "life"), signed=True),
    Zone("field", "場", ("F", "場"), FIELD_CARD, "f", lambda i: f"キャラ{i}"),
    Zone("nodes", "ノードエリア", ("N", "ノード"), NODE, "n", lambda i: "ノード"),
    Zone("deck", "デッキ", ("D", "デッキ"), CARD, "d", lambda i: f"デッキ{i}", count="deck_count"),
    Zone("graveyard", "冥界", ("G", "冥界"), CARD, "g", lambda i: f"冥界{i}"),
    Zone("removed", "除外エリア", ("X", "除外"), CARD, "x", lambda i: f"除外{i}"),
    Zone("play_area", "プレイエリア", ("P", "プレイ"), CARD, "p", lambda i: f"プレイ{i}"),
    Zone("hand", "手札", ("H", "手札"), CARD, "h", lambda i: f"手札{i}"),
    Zone("sideboard", "サイドボード", ("SB", "サイドボード"), CARD, "sb", lambda i: f"サイド{i}"),
])

PLAYERS = ("p1", "p2")
HEAD = Fields("盤面の先頭（ターン・フェイズ・ターンプレイヤー）", [
    Num("turn", "ターン（T）", ("T", "ターン")),
    phase_word(PHASE_LABELS, {"setup": "準備", "turn_start": "ターン開始時", "active": "アクティブ",
                              "maintenance": "メンテナンス", "draw": "ドロー", "main": "メイン",
                              "discard": "ディスカード", "turn_end": "ターン終了時"}),
    player_word("turn_player", "ターンプレイヤー（p1/p2）", PLAYERS),
    player_word("starting_player", "先攻（先攻p1）", PLAYERS, "先攻"),
])

NOTATION = Notation(HEAD, PLAYER, BOARD_SCHEMA)
dump, load, parse = NOTATION.dump, NOTATION.load, NOTATION.parse
