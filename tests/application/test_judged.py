"""What one 元に戻す takes back (application/judged.py): the last thing the judge did, in words, read from the
answers list itself, the same after a replay as when it was done."""
from pathlib import Path

from judge_app.application import scenario_input
from judge_app.application.judged import JudgedGame, undo_step
from judge_app.engine import Game
from tests.engine.toy import RULESET as TOY

BOARD = {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 9}


def played() -> JudgedGame:
    g = JudgedGame(TOY, BOARD, 3)
    g.step("decision")
    g.answer("d1", "heads")
    g.step("decision")           # carried on: one action with the answer
    g.adjust({"op": "points", "target": "p2", "value": 2})
    g.answer("d2", "tails")
    return g


def test_each_item_is_worded_and_an_answer_takes_its_carrying_on_with_it():
    g = played()
    assert undo_step(g).to_json() == {"items": 1, "entries": 0, "words": "回答「裏」", "label": "元に戻す: 回答「裏」"}
    g = JudgedGame.replay(TOY, BOARD, 3, g.answers[:-1])
    assert undo_step(g).words == "調整「得点±N」"
    g = JudgedGame.replay(TOY, BOARD, 3, g.answers[:-1])
    back = undo_step(g)
    assert (back.items, back.words) == (2, "回答「表」と 2 手順")
    g = JudgedGame.replay(TOY, BOARD, 3, g.answers[:-back.items])
    assert g.pending.id == "d1" and undo_step(g).words == "次の決定まで（1 手順）"
    assert undo_step(JudgedGame(TOY, BOARD, 3)) is None


def test_a_replay_words_the_list_as_it_was_done():
    g = played()
    again = JudgedGame.replay(TOY, BOARD, 3, g.answers)
    assert again.marks == g.marks and len(again.marks) == len(again.answers)


def test_a_plain_game_undoes_the_same_way_with_the_answers_values_as_words():
    g = Game.replay(TOY, BOARD, 3, [{"step": "decision"}, {"decision": "d1", "value": "heads"}, {"step": "decision"}])
    back = undo_step(g)
    assert (back.items, back.words) == (2, "回答「heads」")


def test_a_step_that_stopped_at_once_at_a_decision_says_it_advanced_nothing():
    """los scenario 31 answers an attack, then asks for the game's end: the next decision (the target) is open at
    once, so that tap advanced no step, and 元に戻す says so rather than 「0 手順」."""
    text = (Path(__file__).resolve().parents[2] / "scenarios/los/31_sky_face_down_does_not_block.yaml").read_text("utf-8")
    played = scenario_input.play(scenario_input.read(text))
    g = JudgedGame.replay(played.ruleset, played.board, played.seed, played.answers)
    assert g.answers[-1] == {"step": "end"} and g.pending is not None
    assert undo_step(g).words == "ゲームの終わりまで（進んだ手順なし）"
