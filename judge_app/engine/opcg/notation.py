"""The ONE PIECE CARD GAME board in one line (docs/notation.md), a player's areas as they lie on the table:

    T3 メイン p1 p1: L[(5000 赤 ライフ5)] C[(3000 c2) (5000 c4 r d1)] DON3/1 ライフ4 D38 H5 p2: …

Numbers of cards are counts (D38: the deck holds 38 cards, anonymous under any listed), the rest is said only
where it differs from what the rules fill in (ids p1-c1 …, names キャラ1 …, 10 DON!! in all)."""
from __future__ import annotations

import re

from judge_app.engine._notation import (At, CardSpec, Codec, Fields, Notation, Num, Prefixed, Slot, Word, Words, Zone,
                                        phase_word, player_word)
from judge_app.engine._notation.codecs import Reading
from judge_app.engine.opcg.board import BOARD_SCHEMA, CATEGORIES, COLOURS, KEYWORDS
from judge_app.engine.opcg.phases import PHASE_LABELS

# Cards whose area says what they are (the engine reads a character's or a leader's category from its area).
PLACED = re.compile(r"\.(leader|characters\[\d+\]|stage)$")


def _counter_says_character(card: dict, at: At, r: Reading) -> None:
    """`+2000` on a card in the hand (deck, life, trash) without `キャラ`: a counter value is printed on character
    cards only (opcg:2-10-2), and a card of no category is never offered at the counter step (opcg:7-1-3-2-1), so
    the line is refused and `キャラ +2000` offered. `counter=2000` (key=value) says it as it is."""
    item = r.spans.get(f"{at.path}.counter")
    if "counter" not in card or "category" in card or PLACED.search(at.path) or item is None or "=" in item.raw:
        return
    e = item.error(f"カウンターの値はキャラクターカードにだけあります。種類を書かないと、カウンターステップで使えるカードに"
                   f"なりません（{at.name} を キャラ と書きます）")
    e.candidates = [(item.pos, item.pos, "キャラ ", f"キャラ カウンター{card['counter']} の{at.name}？")]
    raise e


CARD = CardSpec([
    Word("category", "カードの種類", [(c, (c,)) for c in CATEGORIES]),
    Prefixed("number", "カードナンバー（#）", ("#",)),
    Num("power", "パワー（数だけ）", ("", "パワー")),
    Num("cost", "コスト（c）", ("c", "コスト")),
    Num("counter", "カウンター（+）", ("+", "カウンター")),
    Num("life", "ライフ", ("ライフ", "life")),
    Words("colors", "色", {c: (c,) for c in COLOURS}, glue=True),
    Words("keywords", "キーワード", {k: (k,) for k in KEYWORDS}, empty="【】"),
    Word("rested", "レスト（r）", [(True, ("r", "レスト")), (False, ("a", "アクティブ"))]),
    Num("don", "付与されたドン!!（d）", ("d", "ドン")),
    Word("played_this_turn", "このターン登場（new）", [(True, ("new", "登場"))]),
    Word("face_up", "ライフの表向き（表）", [(True, ("表", "表向き"))]),
], check=_counter_says_character)


class CostArea(Codec):
    """コストエリアのドン!!: `DON3/1` is 3 active and 1 rested; `DON3` says only the active ones."""

    keys, label = ("cost_area",), "コストエリアのドン!!（DONアクティブ/レスト）"
    pattern = re.compile(r"^(?:DON|ドン!!|ドン)(\d*)(?:/(\d*))?$", re.I)

    def write(self, obj, at):
        area = obj["cost_area"]
        if not isinstance(area, dict) or set(area) - {"active", "rested"} or \
                any(type(v) is not int or v < 0 for v in area.values()):
            return None
        rested = f"/{area['rested']}" if "rested" in area else ""
        return [f"DON{area.get('active', '')}{rested}"]

    def say(self, obj, at):
        if self.write(obj, at) is None:
            return None
        area = obj["cost_area"]
        return [" ".join(["ドン!!", *(f"{w}{area[k]}" for k, w in (("active", "アクティブ"), ("rested", "レスト"))
                                        if k in area)])]

    def read(self, item, obj, at, r):
        m = self.pattern.match(item.word or "")
        if not m:
            return False
        area = {}
        if m.group(1):
            area["active"] = int(m.group(1))
        if m.group(2):
            area["rested"] = int(m.group(2))
        r.put(obj, "cost_area", area, item, at, self.label)
        return True


LEADER = Slot("leader", "リーダー", ("L", "リーダー"), CARD, "L", lambda p: f"リーダー{p}")

PLAYER = Fields("{p} の欄", [
    LEADER,
    Zone("characters", "キャラクターエリア", ("C", "キャラ"), CARD, "c", lambda i: f"キャラ{i}"),
    Slot("stage", "ステージ", ("S", "ステージ"), CARD, "s", lambda p: "ステージ"),
    CostArea(),
    Num("don_deck", "ドン!!デッキ（DD）", ("DD", "ドンデッキ", "ドン!!デッキ")),
    Zone("life", "ライフ", ("ライフ", "life"), CARD, "l", lambda i: f"ライフ{i}", count="life_count", extra=True),
    Zone("deck", "デッキ", ("D", "デッキ"), CARD, "d", lambda i: f"デッキ{i}", count="deck_count", extra=True),
    Zone("trash", "トラッシュ", ("T", "トラッシュ"), CARD, "t", lambda i: f"トラッシュ{i}"),
    Zone("hand", "手札", ("H", "手札"), CARD, "h", lambda i: f"手札{i}", count="hand_count", extra=True),
], defaults=lambda at: {"leader": LEADER.default_card(at)})

PLAYERS = ("p1", "p2")
HEAD = Fields("盤面の先頭（ターン・フェイズ・ターンプレイヤー）", [
    Num("turn", "ターン（T）", ("T", "ターン")),
    phase_word(PHASE_LABELS, {"setup": "準備", "refresh": "リフレッシュ", "draw": "ドロー", "don": "ドン!!",
                              "main": "メイン", "end": "エンド"}, {"don": ("ドン", "ドンフェイズ")}),
    player_word("turn_player", "ターンプレイヤー（p1/p2）", PLAYERS),
    player_word("first_player", "先攻（先攻p1）", PLAYERS, "先攻"),
])

NOTATION = Notation(HEAD, PLAYER, BOARD_SCHEMA)
dump, load, parse = NOTATION.dump, NOTATION.load, NOTATION.parse
