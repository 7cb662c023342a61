"""Issue 37 for thv: してもよい declined (7.4.4), 〔X枚まで〕 with zero (8.1.2), a condition not met (7.1.12), effect
damage to the opponent (1.10.11.a), 「手札をX枚破棄する」 chosen by its player (9.3.3), and a 起動効果 used from
outside the field (7.3.1.a)."""
import pytest

from judge_app.engine import AnswerError, Game, Refused, get_ruleset
from tests.rulesets.effect_bodies import DRAW
from tests.rulesets.thv.helpers import board, ch, hand

RS = get_ruleset("thv")


def game(b, seed=1):
    return Game(RS, b, seed)


def test_thv_7_4_4_an_optional_effect_declined_is_not_applied():
    g = game(board())
    deck = len(g.state.get("players.p1.deck"))
    g.adjust({"op": "effect", "optional": True, "player": "p1", "parts": [DRAW]})
    assert g.pending.player == "p1" and g.pending.rule == "thv:7.4.4"
    g.answer(g.pending.id, False)
    assert g.trace[-1].rule == "thv:7.4.4" and len(g.state.get("players.p1.deck")) == deck


@pytest.mark.parametrize("typed", ["no", "No ", "いいえ", "false"])
def test_thv_7_4_4_an_optional_effect_declined_as_the_judge_types_it(typed):
    g = game(board())
    deck = len(g.state.get("players.p1.deck"))
    g.adjust({"op": "effect", "optional": True, "player": "p1", "parts": [DRAW]})
    g.answer(g.pending.id, typed)
    assert g.trace[-1].rule == "thv:7.4.4" and len(g.state.get("players.p1.deck")) == deck
    assert g.answers[-1]["value"] is False


def test_thv_7_4_4_a_yes_no_choice_answered_with_another_word_is_refused_by_name():
    g = game(board())
    g.adjust({"op": "effect", "optional": True, "player": "p1", "parts": [DRAW]})
    with pytest.raises(AnswerError, match="'たぶん' は選択肢にありません"):
        g.answer(g.pending.id, "たぶん")
    assert g.pending is not None


def test_thv_1_8_9_e_an_optional_effect_whose_cost_cannot_be_paid_withholds_using_it():
    g = game(board(p1={"hand": []}))
    g.adjust({"op": "effect", "optional": True, "player": "p1",
              "cost": [{"op": "discard", "target": "p1", "value": 1}], "parts": [DRAW]})
    assert [(w.value, w.rule) for w in g.pending.withheld] == [(True, "thv:1.8.9.e")]


@pytest.mark.parametrize("typed", [True, "yes", "はい", " True"])
def test_thv_1_8_9_e_using_it_typed_as_a_word_is_refused_with_the_withheld_clause(typed):
    g = game(board(p1={"hand": []}))
    g.adjust({"op": "effect", "optional": True, "player": "p1",
              "cost": [{"op": "discard", "target": "p1", "value": 1}], "parts": [DRAW]})
    answers = list(g.answers)
    with pytest.raises(Refused) as refused:
        g.answer(g.pending.id, typed)
    assert refused.value.rule == "thv:1.8.9.e" and "thv:1.8.9.e" in refused.value.message
    assert g.pending is not None and g.answers == answers


def test_thv_8_1_2_up_to_zero_is_allowed():
    g = game(board())
    deck = len(g.state.get("players.p1.deck"))
    g.adjust({"op": "effect", "player": "p1", "parts": [{"op": "up_to", "max": 3, "part": {"op": "draw", "target": "p1"}}]})
    assert g.pending.rule == "thv:8.1.2" and g.pending.player == "p1"
    g.answer(g.pending.id, 0)
    assert len(g.state.get("players.p1.deck")) == deck


def test_thv_7_1_12_a_condition_not_met_the_text_after_it_is_not_applied():
    g = game(board(p2={"hand": [hand("x")]}))
    g.adjust({"op": "effect", "player": "p1", "parts": [
        {"op": "condition", "check": {"player": "opponent", "zone": "hand", "at_least": 2}, "parts": [DRAW]}]})
    assert g.trace[-1].rule == "thv:7.1.12" and "行われません" in g.trace[-1].message


def test_thv_1_10_11_a_effect_damage_to_the_opponent():
    g = game(board())
    g.adjust({"op": "effect", "player": "p1", "parts": [{"op": "damage", "target": "opponent", "value": 3}]})
    assert g.state.get("players.p2.life") == 22 and g.state.get("players.p1.life") == 25


def test_thv_9_3_3_discard_x_the_player_chooses_which():
    g = game(board(p1={"hand": [hand("a"), hand("b"), hand("c")]}))
    g.adjust({"op": "effect", "player": "p2", "parts": [{"op": "discard", "target": "p1", "value": 1}]})
    assert g.pending.player == "p1" and [o.value for o in g.pending.options] == ["a", "b", "c"]
    g.answer(g.pending.id, "b")
    assert [c["id"] for c in g.state.get("players.p1.hand")] == ["a", "c"]


def test_thv_7_3_1_a_an_activated_effect_from_the_hand_is_refused():
    g = game(board(p1={"hand": [hand("a")], "field": [ch("f")]}))
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "a", "kind": "起動効果", "parts": [DRAW]})
    assert e.value.rule == "thv:7.3.1.a"
    g.adjust({"op": "effect", "source": "f", "kind": "起動効果", "parts": [DRAW]})
