"""The 開運コロシアム board in one line (docs/notation.md), a player's zones as they lie on the table:

    T3 セット p1: D21 B5 H4 p2: D21 B5 H4
    T9 バトル p1: D6 B2 BA[勝運の獅子(@a1 パー 6/2 c2)] p2: D6 B0 BA[拳の子鬼(@b1 グー 5/1 c1)]

A card is its name and (ジャンケン 運値カチ/アイコ・マケ cコスト); counts are the board's `<zone>_count` (the zone
filled with anonymous cards up to that many, the listed cards on top)."""
from __future__ import annotations

import re

from judge_app.engine._notation import (CardSpec, Codec, Fields, Notation, Num, Prefixed, Tuple, Word, Words, Zone,
                                        phase_word, player_word)
from judge_app.engine.kaiun.board import BOARD_SCHEMA
from judge_app.engine.kaiun.phases import PHASE_LABELS

CARD = CardSpec([
    Prefixed("number", "カードナンバー（#）", ("#",)),
    Word("janken", "ジャンケン（グー・チョキ・パー）", [("グー", ("グー", "✊")), ("チョキ", ("チョキ", "✌")),
                                                  ("パー", ("パー", "✋"))]),
    Tuple(("unchi_kachi", "unchi_aiko_make"), "運値（カチ/アイコ・マケ）"),
    Num("cost", "コスト（c）", ("c", "コスト")),
    Word("filler", "不明なカード", [(True, ("不明",))]),
], required={"janken": "グー", "unchi_kachi": 0, "unchi_aiko_make": 0, "cost": 0}, always=("janken",))


class UnchiMod(Codec):
    """効果による運値の修正: `運+2/-1` (カチ/アイコ・マケ)."""

    keys, label = ("unchi_mod",), "運値の修正（運+カチ/+アイコ・マケ）"
    pattern = re.compile(r"^(?:運値|運)([+-]\d+)/([+-]\d+)$")

    def write(self, obj, at):
        mod = obj["unchi_mod"]
        if not isinstance(mod, dict) or set(mod) != {"kachi", "aiko_make"} or \
                any(type(v) is not int for v in mod.values()):
            return None
        return [f"運{mod['kachi']:+d}/{mod['aiko_make']:+d}"]

    def say(self, obj, at):
        if self.write(obj, at) is None:
            return None
        mod = obj["unchi_mod"]
        return [f"運値の修正 カチ{mod['kachi']:+d} アイコ・マケ{mod['aiko_make']:+d}"]

    def read(self, item, obj, at, r):
        m = self.pattern.match(item.word or "")
        if not m:
            return False
        r.put(obj, "unchi_mod", {"kachi": int(m.group(1)), "aiko_make": int(m.group(2))}, item, at, self.label)
        return True


def _flag(key: str, label: str, word: str) -> Word:
    return Word(key, label, [(True, (word,))])


PLAYER = Fields("{p} の欄", [
    Zone("deck", "デッキ", ("D", "デッキ"), CARD, "d", lambda i: f"デッキ{i}", count="deck_count"),
    Zone("barrier", "バリア", ("B", "バリア"), CARD, "b", lambda i: f"バリア{i}", count="barrier_count"),
    Zone("battle_area", "バトルエリア", ("BA", "バトルエリア"), CARD, "a", lambda i: f"バトルエリア{i}"),
    Word("face_up", "バトルエリアのカードの向き（表・裏）", [(True, ("表",)), (False, ("裏",))]),
    Zone("cost_area", "コストエリア", ("CA", "コストエリア"), CARD, "k", lambda i: f"コストエリア{i}"),
    Zone("trash", "トラッシュ", ("T", "トラッシュ"), CARD, "t", lambda i: f"トラッシュ{i}", count="trash_count"),
    Zone("hand", "手札", ("H", "手札"), CARD, "h", lambda i: f"手札{i}", count="hand_count"),
    UnchiMod(),
    _flag("win_battle", "「このバトルに勝つ」", "勝つ"),
    Word("battle_result", "このターンのバトルの結果", [("win", ("バトル勝利",)), ("lose", ("バトル敗北",)),
                                                ("draw", ("バトル引き分け",))]),
    Word("defeat", "満たしている敗北条件", [("battle", ("敗北条件バトル",)), ("refresh", ("敗北条件リフレッシュ",))]),
    _flag("kaiun_used", "【開運時】を発動済み", "開運済"),
    _flag("win_used", "【バトル勝利時】を発動済み", "勝利時済"),
    _flag("lose_used", "【バトル敗北時】を発動済み", "敗北時済"),
    Words("keywords_used", "判定員が適用したキーワード効果（10-1）",
          {"開運時": ("開運時使用",), "バトル勝利時": ("勝利時使用",), "バトル敗北時": ("敗北時使用",),
           "このターンの終了時": ("終了時使用",)}),
    _flag("lost", "ゲームに敗北", "敗北"),
    _flag("left", "ゲームから離脱", "離脱"),
])

def head(players: tuple[str, ...], extra: tuple = ()) -> Fields:
    return Fields("盤面の先頭（ターン・フェイズ）", [
        Num("turn", "ターン（T）", ("T", "ターン")),
        phase_word(PHASE_LABELS, {"setup": "準備", "draw": "ドロー", "set": "セット", "open": "オープン",
                                  "battle": "バトル", "cost": "コスト"}),
        *extra,
        player_word("winner", "勝者（勝者p1）", players, "勝者"),
        _flag("finished", "ゲーム終了", "終了"),
    ])


NOTATION = Notation(head(("p1", "p2")), PLAYER, BOARD_SCHEMA)
dump, load, parse = NOTATION.dump, NOTATION.load, NOTATION.parse
