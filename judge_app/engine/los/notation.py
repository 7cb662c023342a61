"""The Legend of Stars board in one line (docs/notation.md), a player's zones as they lie on the table:

    T3 メイン p1 p1: ライフ3000 F[(500/300/200 ↑) - - -] B[- - - -] E2 D38 H5 p2: …

A row lists its four squares from レーン1 (the owner's left), `-` for an empty one; a character is
(ATK/DEF/DOWN リードアイコン 表示). Counts are cards in the zone (anonymous ones under the listed deck)."""
from __future__ import annotations

from judge_app.engine._notation import (CardSpec, Fields, FreeWords, Notation, Num, Row, Tuple, Word, Words, Zone,
                                        phase_word, player_word)
from judge_app.engine.los.board import BOARD_SCHEMA, KEYWORD_PATTERN
from judge_app.engine.los.phases import PHASE_LABELS

CARD = CardSpec([
    Word("type", "カードの種類", [("character", ("キャラ", "キャラクター")), ("effect", ("エフェクト",)),
                               ("support", ("サポート",)), ("unknown", ("不明",))]),
    Tuple(("atk", "def", "down"), "ATK/DEF/DOWN"),
    Num("atk", "ATK", ("ATK",)), Num("def", "DEF", ("DEF",)), Num("down", "DOWN", ("DOWN",)),
    Num("cost", "コスト（c）", ("c", "コスト")),
    Num("speed", "スピード（s）", ("s", "スピード")),
    Words("lead", "リードアイコン（↑↓←→）", {"up": ("↑", "▲", "^"), "down": ("↓", "▼"), "left": ("←", "◀", "<"),
                                          "right": ("→", "▶", ">")}, glue=True),
    Word("display", "表示（縦・右向き・左向き）", [("attack", ("縦", "アタック", "アタック表示")),
                                            ("defense_right", ("右向き", "ディフェンス右")),
                                            ("defense_left", ("左向き", "ディフェンス左"))]),
    Word("face_down", "裏側表示（裏・表）", [(True, ("裏", "裏側")), (False, ("表", "表側"))]),
    Word("flash", "フラッシュ", [(True, ("フラッシュ",))]),
    Word("field", "フィールド", [(True, ("フィールド",))]),
    Word("gained", "ゲイン表示（ゲイン・リゲイン）", [(True, ("ゲイン",)), (False, ("リゲイン",))]),
    FreeWords("keywords", "キーワード（上空・2回攻撃・毒呪・スピード耐性:N・エネルギー耐性:N）", KEYWORD_PATTERN),
])

PLAYER = Fields("{p} の欄", [
    Num("life", "ライフ", ("ライフ", "life"), signed=True),
    Row("front", "前衛", ("F", "前衛"), CARD, "f", lambda i: f"前衛{i}"),
    Row("back", "後衛", ("B", "後衛"), CARD, "b", lambda i: f"後衛{i}"),
    Zone("energy", "エネルギーゾーン", ("E", "エネルギー"), CARD, "e", lambda i: f"エネルギー{i}"),
    Zone("support", "サポートゾーン", ("S", "サポート"), CARD, "s", lambda i: f"サポート{i}"),
    Zone("deck", "デッキ", ("D", "デッキ"), CARD, "d", lambda i: f"デッキ{i}", count="deck_count", extra=True),
    Zone("trash", "トラッシュ", ("T", "トラッシュ"), CARD, "t", lambda i: f"トラッシュ{i}"),
    Zone("hand", "手札", ("H", "手札"), CARD, "h", lambda i: f"手札{i}"),
], defaults=lambda at: {"life": 3000}, always=("life",))   # 5.1: each player starts with 3,000

PLAYERS = ("p1", "p2")
HEAD = Fields("盤面の先頭（ターン・フェイズ・ターンプレイヤー）", [
    Num("turn", "ターン（T）", ("T", "ターン")),
    phase_word(PHASE_LABELS, {"preparation": "準備", "setup": "セットアップ", "main": "メイン", "lead": "リード",
                              "attack": "アタック", "end": "エンド"}),
    player_word("turn_player", "ターンプレイヤー（p1/p2）", PLAYERS),
    player_word("first_player", "先攻（先攻p1）", PLAYERS, "先攻"),
])

NOTATION = Notation(HEAD, PLAYER, BOARD_SCHEMA)
dump, load, parse = NOTATION.dump, NOTATION.load, NOTATION.parse
