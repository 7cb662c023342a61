"""The core alone, on a toy ruleset: determinism, replay, undo, answers, adjustments, limits."""
import json

import pytest

from judge_app.engine import AdjustmentError, AnswerError, BoardError, EngineError, Game
from judge_app.engine import game as game_module
from judge_app.engine.fuzz import fuzz
from judge_app.engine.policies import SeededRandom, first_option
from tests.engine.toy import RULESET

BOARD = {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 2}


def play_out(seed, policy_seed=1):
    g = Game(RULESET, BOARD, seed)
    g.run("end", SeededRandom(policy_seed))
    return g


def test_same_session_same_trace_byte_for_byte():
    a, b = play_out(7), play_out(7)
    assert json.dumps([e.to_json() for e in a.trace]) == json.dumps([e.to_json() for e in b.trace])
    assert a.state.winner in ("p1", "p2")


def test_different_seed_can_change_the_game():
    traces = {json.dumps([e.to_json() for e in play_out(s).trace]) for s in range(8)}
    assert len(traces) > 1


def test_each_step_appends_exactly_one_entry_with_increasing_seq():
    g = Game(RULESET, BOARD, 3)
    g.step("step")
    assert [e.seq for e in g.trace] == [1]
    g.step("decision")
    assert g.pending is not None and g.pending.rule == "toy:2"
    assert [e.seq for e in g.trace] == list(range(1, len(g.trace) + 1))


def test_step_while_decision_pending_is_refused_and_changes_nothing():
    g = Game(RULESET, BOARD, 3)
    g.step("decision")
    before = (len(g.trace), list(g.answers))
    with pytest.raises(AnswerError):
        g.step("step")
    assert (len(g.trace), g.answers) == before


def test_answer_must_match_pending_decision_and_options():
    g = Game(RULESET, BOARD, 3)
    g.step("decision")
    with pytest.raises(AnswerError) as e:
        g.answer("d99", "heads")
    assert e.value.field == "decision"
    with pytest.raises(AnswerError) as e:
        g.answer(g.pending.id, "edge")
    assert e.value.field == "value" and "heads" in e.value.message
    g.answer(g.pending.id, "heads")
    assert g.pending is None


def test_replay_of_answers_rebuilds_the_same_state():
    g = Game(RULESET, BOARD, 11)
    g.step("decision"); g.answer(None, "heads"); g.step("decision"); g.answer(None, "tails")
    g.adjust({"op": "points", "target": "p2", "value": 1})
    g.step("turn")
    again = Game.replay(RULESET, BOARD, 11, g.answers)
    assert again.state.data == g.state.data
    assert [e.to_json() for e in again.trace] == [e.to_json() for e in g.trace]


def test_undo_then_same_answer_gives_same_trace():
    g = Game(RULESET, BOARD, 5)
    g.step("decision"); g.answer(None, "tails"); g.step("decision")
    undone = g.undo()
    assert len(undone.answers) == len(g.answers) - 1
    undone.step("decision")
    assert [e.to_json() for e in undone.trace] == [e.to_json() for e in g.trace]


def test_undo_with_nothing_to_undo_is_an_error():
    with pytest.raises(EngineError):
        Game(RULESET, BOARD, 1).undo()


def test_adjustment_is_recorded_in_trace_and_answers():
    g = Game(RULESET, BOARD, 1)
    entry = g.adjust({"op": "points", "target": "p1", "value": 2})
    assert entry.kind == "adjust" and entry.rule == "toy:5"
    assert entry.changes[0].to_json() == {"path": "players.p1.points", "before": 0, "after": 2}
    assert g.answers == [{"adjust": {"op": "points", "target": "p1", "value": 2}}]


@pytest.mark.parametrize("body,field", [
    ({"op": "teleport"}, "op"),
    ({"op": "points", "target": "p1"}, "value"),
    ({"op": "points", "target": "p1", "value": "x"}, "value"),
    ({"op": "points", "target": "p1", "value": 1, "extra": 1}, "body"),
    ({}, "op"),
])
def test_bad_adjustments_name_the_field_and_change_nothing(body, field):
    g = Game(RULESET, BOARD, 1)
    with pytest.raises(AdjustmentError) as e:
        g.adjust(body)
    assert e.value.field == field
    assert g.trace == [] and g.answers == []


def test_concede_ends_the_game_for_the_other_player():
    g = Game(RULESET, BOARD, 1)
    g.step("decision")
    g.adjust({"op": "concede", "target": "p1"})
    assert g.state.winner == "p2" and g.finished
    with pytest.raises(EngineError):
        g.step("step")


def test_board_errors_name_the_field():
    with pytest.raises(BoardError) as e:
        Game(RULESET, {"players": {"p1": {"points": -1}, "p2": {"points": 0}}}, 0)
    assert e.value.field == "board.players.p1.points"
    with pytest.raises(BoardError) as e:
        Game(RULESET, dict(BOARD, options={"nope": 1}), 0)
    assert e.value.field == "board.options.nope"


@pytest.mark.parametrize("seed", [-1, "1", 2**63, True])
def test_bad_seed_is_refused(seed):
    with pytest.raises(EngineError) as e:
        Game(RULESET, BOARD, seed)
    assert e.value.field == "seed"


def test_unbounded_loop_stops_with_a_message(monkeypatch):
    monkeypatch.setattr(game_module, "MAX_STEPS_PER_GAME", 50)
    g = Game(RULESET, dict(BOARD, options={"loop_forever": True}), 0)
    with pytest.raises(EngineError):
        g.run("end", first_option)
    assert g.halted and g.finished


def test_until_phase_and_turn_stop_where_they_say():
    g = Game(RULESET, BOARD, 2)
    g.step("step")  # turn 1 starts
    g.step("decision"); g.answer(None, "heads")
    g.step("phase")
    assert g.state.phase == "toss"
    g.step("turn")
    assert g.state.turn == 2


def test_fuzz_counts_finished_games():
    result = fuzz(RULESET, 50, seed=3)
    assert result["games"] == 50 and result["finished"] == 50
    assert result["crashes"] == 0 and result["violations"] == 0


def test_append_records_the_one_item_added_and_leaves_earlier_changes_as_they_were():
    """Issue 39: a list that grows by one a step (lasting effects, a card's mods) is recorded as the item added, at its
    index; the card and row holding it are copies, so an entry that recorded the row before still shows it then."""
    from judge_app.engine.state import GameState

    g = GameState({"players": {"p1": {"front": [{"id": "c1"}, None]}}, "effects": []}, 0)
    g.set("players.p1.front", [{"id": "c1"}, {"id": "c2"}])   # a row recorded whole (as los set_square does)
    first = g.log("t:1", "x", "row")
    g.append("players.p1.front.0.mods", {"v": 1}, whole="players.p1.front")
    g.append("players.p1.front.0.mods", {"v": 2}, whole="players.p1.front")
    g.append("effects", {"id": "e1"})
    second = g.log("t:2", "x", "mods")
    assert [c.to_json() for c in second.changes] == [
        {"path": "players.p1.front.0.mods.0", "before": None, "after": {"v": 1}},
        {"path": "players.p1.front.0.mods.1", "before": None, "after": {"v": 2}},
        {"path": "effects.0", "before": None, "after": {"id": "e1"}}]
    assert first.changes[0].after == [{"id": "c1"}, {"id": "c2"}]   # not mutated by the appends after it
    assert g.get("players.p1.front.0.mods") == [{"v": 1}, {"v": 2}]
    with pytest.raises(ValueError):
        g.append("effects", {}, whole="players")
