"""Issue 37 for los: 誘発任意効果 declined (8.1.2), 「〜まで」 and 「〜なら」 by the card's text (9.1), damage by an effect
to the opponent (8.11), destroy is not down (8.10, 8.12), 「手札をN枚」 chosen by the hand's player (8.10), and a
chosen target gone from its zone (9.6)."""
import pytest

from judge_app.engine import Game, Refused

from tests.rulesets.effect_bodies import DRAW
from tests.rulesets.los.boards import RULESET, board, char


def main(**squares) -> Game:
    g = Game(RULESET, board(phase="main", **squares), 0)
    g.step("decision")
    return g


def hand(*ids):
    return [dict(char(i), type="character") for i in ids]


def test_los_8_1_2_an_optional_trigger_declined_is_not_activated():
    g = main()
    deck = len(g.state.get("players.p1.deck"))
    g.adjust({"op": "effect", "optional": True, "player": "p1", "parts": [DRAW]})
    assert g.pending.player == "p1" and g.pending.rule == "los:8.1.2"
    g.answer(g.pending.id, False)
    assert g.trace[-1].rule == "los:8.1.2" and len(g.state.get("players.p1.deck")) == deck


def test_los_2_5_1_an_optional_effect_without_the_energy_withholds_using_it():
    g = main()
    g.adjust({"op": "effect", "optional": True, "player": "p1",
              "cost": [{"op": "pay_energy", "target": "p1", "value": 2}], "parts": [DRAW]})
    assert [(w.value, w.rule) for w in g.pending.withheld] == [(True, "los:2.5.1")]


def test_los_9_1_up_to_zero_and_a_condition_not_met():
    g = main(p2_hand=hand("x"))
    g.adjust({"op": "effect", "player": "p1", "parts": [{"op": "up_to", "max": 2, "part": {"op": "draw", "target": "p1"}}]})
    assert g.pending.rule == "los:9.1"
    g.answer(g.pending.id, 0)
    g.adjust({"op": "effect", "player": "p1", "parts": [
        {"op": "condition", "check": {"player": "opponent", "zone": "hand", "at_least": 2}, "parts": [DRAW]}]})
    assert g.trace[-1].rule == "los:9.1" and "行われません" in g.trace[-1].message


def test_los_8_11_damage_by_an_effect_to_the_opponent_decides_the_game():
    g = main(p2_life=500)
    g.adjust({"op": "effect", "player": "p1", "parts": [{"op": "damage", "target": "opponent", "value": 500}]})
    assert g.state.winner == "p1"


def test_los_8_12_destroy_is_not_down_and_deals_no_down_damage():
    g = main(p2_front=[char("a", down=400), None, None, None])
    g.adjust({"op": "destroy", "target": "a"})
    assert g.state.get("players.p2.life") == 3000 and "los:8.12" in g.trace[-1].cites
    assert [c["id"] for c in g.state.get("players.p2.trash")] == ["a"]


def test_los_8_10_discard_by_count_is_the_hand_s_player_s_choice():
    g = main(p2_hand=hand("x", "y", "z"))
    g.adjust({"op": "effect", "player": "p1", "parts": [{"op": "discard", "target": "p2", "value": 2}]})
    assert g.pending.player == "p2"
    g.answer(g.pending.id, "z")
    g.answer(g.pending.id, "x")
    assert [c["id"] for c in g.state.get("players.p2.hand")] == ["y"]


def test_los_9_6_a_chosen_target_no_longer_in_its_zone_cannot_be_resolved():
    g = main(p2_front=[char("a"), None, None, None])
    g.adjust({"op": "destroy", "target": "a"})
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "player": "p1", "parts": [{"op": "atk", "target": "a", "value": -100,
                                                               "duration": "turn", "targeted": True}]})
    assert e.value.rule == "los:9.6"
