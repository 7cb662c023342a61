"""Face-up life in ONE PIECE CARD GAME (issue 37): 3-10-2 (life lies face down unless told otherwise), 3-10-2-1 (a
card an effect adds face up is a card of an open zone), 3-10-3 (「ライフを見る」 puts the life back the way it lay),
in the board, the one-line notation and the ops."""
import pytest

from judge_app.engine import Game
from judge_app.engine.hidden import seen_by
from judge_app.engine.opcg import RULESET
from judge_app.engine.trace import BoardError, Refused
from tests.rulesets.opcg.helpers import board

UP = {"id": "up1", "name": "表のライフ", "category": "キャラ", "power": 3000, "face_up": True}
DOWN = {"id": "dn1", "name": "裏のライフ", "category": "キャラ", "power": 2000}


def effect(*parts, player="p1"):
    return {"op": "effect", "player": player, "label": "カードの効果", "parts": list(parts)}


def life(g, p):
    return g.state.data["players"][p]["life"]


def test_opcg_3_10_2_1_face_up_life_in_the_notation_round_trips():
    text = RULESET.dump_notation(board(p2={"life": [UP, DOWN], "life_count": 1}))
    assert "表のライフ(@up1 キャラ 3000 表)" in text
    back = RULESET.load_notation(text)
    assert back["players"]["p2"]["life"][0]["face_up"] is True and "face_up" not in back["players"]["p2"]["life"][1]
    assert RULESET.dump_notation(back) == text


def test_opcg_3_10_2_old_life_notation_reads_as_before():
    old = "T3 メイン p1 p1: L[(5000 ライフ5 赤)] ライフ4[ゾロ(キャラ 5000)] D30 H5 p2: L[(5000 ライフ5 赤)] ライフ5 D30 H5"
    b = RULESET.load_notation(old)
    assert b["players"]["p1"]["life"] == [{"id": "p1-l1", "name": "ゾロ", "category": "キャラ", "power": 5000}]
    assert RULESET.dump_notation(b) == old


def test_opcg_3_10_2_only_a_life_card_lies_face_up():
    with pytest.raises(BoardError) as e:
        RULESET.load_notation("p1: L[(5000 ライフ5 赤)] H[ゾロ(キャラ 表)] p2: L[(5000 ライフ5 赤)]")
    assert "face_up" in str(e.value.field) or "face_up" in str(e.value)


def test_opcg_3_10_2_1_anyone_sees_a_face_up_life_card_without_an_effect():
    g = Game(RULESET, board(p2={"life": [UP, DOWN]}), 0)
    g.adjust({"op": "look", "target": "p2", "zone": "life", "value": 1, "player": "p1"})
    assert g.trace[-1].rule == "opcg:3-10-2-1" and seen_by(g.state, "up1") == ["p1", "p2"]
    entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p2", "zone": "life", "value": 2, "player": "p1"}}})
    assert entry.kind == "refused" and entry.rule == "opcg:3-10-2"   # the face-down card under it stays hidden


def test_opcg_3_10_3_looking_at_life_keeps_each_card_the_way_it_lay():
    g = Game(RULESET, board(p1={"life": [DOWN, UP]}), 0)
    g.adjust(effect({"op": "look", "target": "p1", "zone": "life", "value": 2},
                    {"op": "put_back", "target": "p1", "zone": "life"}))
    assert [c.get("face_up", False) for c in life(g, "p1")][:2] == [False, True]


def test_opcg_3_10_2_1_an_effect_adds_a_card_to_life_face_up():
    g = Game(RULESET, board(), 0)
    top = g.state.data["players"]["p1"]["deck"][0]["id"]
    g.adjust({"op": "add_life", "target": "p1", "face_up": True})
    assert life(g, "p1")[0]["id"] == top and life(g, "p1")[0]["face_up"] is True
    assert "opcg:3-10-2-1" in g.trace[-1].cites
    g.adjust({"op": "life_to_hand", "target": "p1", "value": 1})   # a card that leaves the life is no longer face up
    hand = g.state.data["players"]["p1"]["hand"]
    assert hand[-1]["id"] == top and "face_up" not in hand[-1]
