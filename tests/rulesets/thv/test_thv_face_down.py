"""Face-down cards on the 東方VISION field (issue 37): 3.4.3.a (a face-down card on the field is hidden), 5.7.1 (it has
no information), 5.7.4 (its face side's text is invalid), in the board, the one-line notation and the ops."""
import pytest

from judge_app.engine import Game, get_ruleset
from judge_app.engine.hidden import seen_by
from judge_app.engine.thv.cards import characters, words
from judge_app.engine.trace import AdjustmentError, Refused
from tests.rulesets.thv.helpers import board, ch, hand

THV = get_ruleset("thv")


def effect(*parts, player="p1"):
    return {"op": "effect", "player": player, "label": "カードの効果", "parts": list(parts)}


def face_down_board():
    return board(p1={"field": [ch("c1", "霊夢"), ch("fd1", "伏せ札", keywords=["先制"], face_down=True)]})


def test_thv_3_4_3_a_face_down_field_card_in_the_notation_round_trips():
    text = THV.dump_notation(face_down_board())
    assert "伏せ札(@fd1 キャラ c0 n0 2/2 人間 アクティブ 裏 先制)" in text
    back = THV.load_notation(text)
    assert back["players"]["p1"]["field"][1]["face_down"] is True and "face_down" not in back["players"]["p1"]["field"][0]
    assert THV.dump_notation(back) == text


def test_thv_3_4_3_old_field_notation_reads_as_before():
    old = "T3 メイン p1 先攻p2 p1: ライフ25 F[霊夢(キャラ c1 n0 3/3 人間 アクティブ)] D10 p2: ライフ25 D10"
    b = THV.load_notation(old)
    assert "face_down" not in b["players"]["p1"]["field"][0] and THV.dump_notation(b) == old


def test_thv_5_7_1_a_face_down_card_is_no_character_and_5_7_4_its_text_is_invalid():
    g = Game(THV, face_down_board(), 0)
    assert [c["id"] for c in characters(g.state, "p1")] == ["c1"]
    assert words(g.state.data["players"]["p1"]["field"][1]) == []


def test_thv_3_4_3_a_nobody_looks_at_a_face_down_card_without_an_effect_not_even_its_owner():
    g = Game(THV, face_down_board(), 0)
    for who in ("p1", "p2"):
        entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p1", "zone": "face_down", "cards": ["fd1"],
                                              "player": who}}})
        assert entry.kind == "refused" and entry.rule == "thv:3.4.3.a"


def test_thv_11_7_1_an_effect_lets_its_player_look_at_a_face_down_card():
    g = Game(THV, face_down_board(), 0)
    g.adjust(effect({"op": "look", "target": "p1", "zone": "face_down", "cards": ["fd1"]}, player="p2"))
    assert g.trace[-1].rule == "thv:11.7.1" and "thv:3.4.3.a" in g.trace[-1].cites
    assert seen_by(g.state, "fd1") == ["p2"]
    with pytest.raises(Refused) as e:
        g.adjust(effect({"op": "look", "target": "p1", "zone": "face_down", "cards": ["fd1"], "player": "p1"},
                        player="p2"))
    assert e.value.rule == "thv:11.7.1"


def test_thv_5_7_1_put_onto_the_field_face_down():
    g = Game(THV, board(p1={"hand": [hand("h1", "妖精")]}), 0)
    g.adjust({"op": "put_onto_field", "target": "h1", "face_down": True})
    card = g.state.data["players"]["p1"]["field"][-1]
    assert card["id"] == "h1" and card["face_down"] is True and g.trace[-1].rule == "thv:5.7.1"
    assert "thv:3.4.3.a" in g.trace[-1].cites and characters(g.state, "p1") == []
    g.adjust({"op": "move", "target": "h1", "to": "graveyard"})   # it leaves with only its printed information
    assert "face_down" not in g.state.data["players"]["p1"]["graveyard"][-1]


def test_thv_5_7_2_turning_a_character_face_down_vanishes_it_keeps_its_state_and_enters_anew():
    """5.7.2.a 「キャラクターだった場合、そのキャラクターは消失する」, 5.7.2.b 縦横の状態はそのまま, 5.7.2.c 改めて場に出る"""
    g = Game(THV, face_down_board(), 0)
    g.adjust({"op": "power", "target": "c1", "attack": 2, "duration": "turn"})
    g.adjust({"op": "prohibit", "target": "c1", "action": "attack", "duration": "turn"})
    state = g.state.get("players.p1.field.0.state")
    g.adjust({"op": "turn_over", "target": "c1", "face": "down"})
    card = g.state.get("players.p1.field.0")
    assert card["face_down"] is True and card["state"] == state and card["mods"] == []
    assert "c1" not in [c["id"] for c in characters(g.state)] and not g.state.get("effects")
    entry = g.trace[-1]
    assert entry.rule == "thv:5.7.2" and "thv:5.7.2.a" in entry.cites and "消失" in entry.message


def test_thv_5_7_2_a_face_down_card_turned_face_up_is_a_character_with_its_text_again():
    g = Game(THV, face_down_board(), 0)
    g.adjust({"op": "turn_over", "target": "fd1", "face": "up"})
    card = g.state.get("players.p1.field.1")
    assert "face_down" not in card and words(card) == ["先制"] and "fd1" in [c["id"] for c in characters(g.state)]
    assert "thv:5.7.2.a" not in g.trace[-1].cites   # it was no character: nothing vanished


def test_thv_5_7_3_already_face_up_is_properly_processed():
    g = Game(THV, face_down_board(), 0)
    g.adjust({"op": "turn_over", "target": "c1", "face": "up"})
    assert g.trace[-1].rule == "thv:5.7.3" and "face_down" not in g.state.get("players.p1.field.0")


def test_thv_5_7_3_a_a_stated_before_state_that_does_not_hold_is_refused():
    g = Game(THV, face_down_board(), 0)
    before = g.state.snapshot()
    with pytest.raises(Refused) as e:
        g.adjust({"op": "turn_over", "target": "fd1", "face": "down", "before": "up"})
    assert e.value.rule == "thv:5.7.3.a" and g.state.data == before


def test_thv_5_7_2_only_field_cards_are_turned_over():
    g = Game(THV, board(p1={"hand": [hand("h1")]}), 0)
    with pytest.raises(AdjustmentError, match="場のカードではありません"):
        g.adjust({"op": "turn_over", "target": "h1", "face": "down"})


def test_thv_5_7_2_a_a_character_turned_face_down_while_priority_waits_is_no_longer_offered_an_attack():
    """The open priority choice (1.12.1) is worked out again after the adjustment: the card is no character (5.7.2.a),
    so 6.3.2's attack by it is neither offered nor listed as withheld."""
    g = Game(THV, face_down_board(), 0)
    while g.pending is None:
        g.step()
    assert g.pending.rule == "thv:1.12.1" and "attack:c1" in [o.value for o in g.pending.options]
    g.adjust({"op": "turn_over", "target": "c1", "face": "down"})
    values = [o.value for o in g.pending.options] + [w.value for w in g.pending.withheld]
    assert g.pending.rule == "thv:1.12.1" and "attack:c1" not in values
    with pytest.raises(Exception):
        g.answer(g.pending.id, "attack:c1")
