"""A decision that waits while the judge adjusts the state offers what the rules allow after the adjustment:
the procedure that asked gives its options again (`remake`), the decision keeps its id, prompt and clause, and a
decision without `remake` stands as it was asked."""
from judge_app.engine import Game, Refused
from tests.engine.toy import CoinRuleset

import pytest

BOARD = {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 9}


class BetToy(CoinRuleset):
    """Bet a point you have: a bet of 1 is offered only while the player has a point (toy:2-2 withholds it)."""

    game = "bettoy"

    def game_flow(self, g):
        g.set("turn", 1)
        yield g.log("toy:1", "turn", "p1 のターン", "p1")

        def choices():
            have = g.get("players.p1.points")
            options = [("pass", "賭けない")] + ([("bet", "1点賭ける")] if have else [])
            held = [] if have else [("bet", "1点賭ける", "toy:2-2", "賭ける得点がありません")]
            return options, held

        options, held = choices()
        value = yield g.ask("p1", "賭けますか", options, "toy:2", withheld=held, remake=choices)
        yield g.log("toy:3", "bet", value, "p1")
        yield g.ask("p1", "もう一度", [("x", "x")], "toy:2")


def test_a_waiting_decision_is_asked_again_after_an_adjustment_with_the_same_id():
    g = Game(BetToy(), BOARD, 1)
    g.step("decision")
    first = g.pending
    with pytest.raises(Refused) as e:
        g.answer(None, "bet")
    assert e.value.rule == "toy:2-2"
    g.adjust({"op": "points", "target": "p1", "value": 1})
    assert g.pending.id == first.id and g.pending.rule == first.rule and g.pending.prompt == first.prompt
    assert [o.value for o in g.pending.options] == ["pass", "bet"] and g.pending.withheld == ()
    g.answer(first.id, "bet")
    g.step("decision")
    assert g.trace[-1].message == "bet"


def test_replaying_the_session_gives_the_same_decision_and_answer():
    g = Game(BetToy(), BOARD, 1)
    g.step("decision")
    g.adjust({"op": "points", "target": "p1", "value": 1})
    g.answer(None, "bet")
    again = Game.replay(BetToy(), BOARD, 1, g.answers)
    assert [e.to_json() for e in again.trace] == [e.to_json() for e in g.trace]


def test_a_decision_without_remake_stands_as_asked():
    g = Game(CoinRuleset(), BOARD, 1)
    g.step("decision")
    before = g.pending
    g.adjust({"op": "points", "target": "p1", "value": 1})
    assert g.pending is before


def test_a_decision_waiting_when_an_adjustment_ends_the_game_is_dropped():
    g = Game(CoinRuleset(), {**BOARD, "target": 1}, 1)
    g.step("decision")
    assert g.pending is not None
    g.adjust({"op": "concede", "target": "p2"})
    assert g.state.finished and g.pending is None
    assert Game.replay(CoinRuleset(), {**BOARD, "target": 1}, 1, g.answers).pending is None
