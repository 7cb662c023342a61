"""bench/time_to_ruling.yaml: every board fact, step and expected clause is well formed and names what exists;
each case's notation line loads and holds every fact; the fact matcher reads counts as the engine does."""
import random
import sys
from pathlib import Path

import pytest

from judge_app.engine.registry import get_ruleset

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from time_to_ruling import check_descriptions, load_cases  # noqa: E402
from ttr_facts import Facts, apply, matches  # noqa: E402

CASES, QUESTIONS = load_cases(BENCH / "time_to_ruling.yaml")


def test_one_case_per_game_and_three_questions():
    assert sorted(c.game for c in CASES) == sorted(["opcg", "kaiun", "kaiun-multi", "los", "thv"])
    assert len(QUESTIONS) == 3


def test_notation_lines_hold_the_facts():
    assert check_descriptions(CASES) == []


def test_expected_clauses_and_question_answers_exist():
    from judge_app.corpus import get_corpus

    corpus = get_corpus()
    ids = [r for c in CASES for r in c.expect.get("rules", [])] + [i for q in QUESTIONS for i in q["ids"]]
    assert [i for i in ids if corpus.clause(i) is None] == []


def test_steps_are_answers_or_step_controls():
    for c in CASES:
        for s in c.steps:
            assert set(s) in ({"answer"}, {"until"}), s
            if "until" in s:
                assert s["until"] in {"step", "decision", "phase", "turn", "end"}


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_the_facts_on_a_mid_game_board_play_to_the_expected_ruling(case, seed):
    """The facts written into the ruleset's mid-game board (where a judge may start from), played as the steps
    say, give what `expect` says: the facts are all the ruling depends on, and a walk that fails in the browser
    fails for the page's sake, not the description's."""
    rs = get_ruleset(case.game)
    board = apply(rs.midgame_board(random.Random(seed)), case.facts)
    assert case.facts.unmet(board) == []
    assert play(case, board) == []


def play(case, board) -> list[str]:
    """What is missing from the ruling when `board` is played as the case's steps say."""
    from judge_app.engine.game import Game

    g = Game(get_ruleset(case.game), board, 0)
    for s in case.steps:
        if "answer" in s:
            if g.pending is None:
                g.step("decision")
            if g.pending is None:
                return [f"no decision for {s['answer']}: {[e.message for e in g.trace[-2:]]}"]
            g.answer(g.pending.id, s["answer"])
        else:
            g.step(s["until"])
    rules = [x for e in g.trace for x in [e.rule, *(e.cites or [])]]
    messages = "\n".join(e.message for e in g.trace)
    winner = [] if "winner" not in case.expect or g.state.data.get("winner") == case.expect["winner"] else \
        [f"winner {g.state.data.get('winner')!r}, expected {case.expect['winner']!r}"]
    return [r for r in case.expect.get("rules", []) if r not in rules] + \
        [m for m in case.expect.get("messages", []) if m not in messages] + winner


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_quick_entry_of_each_line_plays_to_the_expected_ruling(case):
    """The `after` driver's path: the line read by the builder's quick entry (its bookkeeping included: a deck the
    line leaves out is not an empty one) holds the facts and plays to the ruling."""
    from judge_app.application import builder

    board, _ = builder.from_notation(get_ruleset(case.game), case.notation)
    assert case.facts.unmet(board) == []
    assert play(case, board) == []


def test_every_driver_loads_with_its_path():
    from ttr_drivers import BaseDriver, load

    for name in ("before", "after", "after_drawing"):
        driver = load(name)
        assert issubclass(driver, BaseDriver) and driver.name == name and driver.path


def test_counts_read_as_the_engine_reads_them():
    facts = Facts("kaiun", {"players.p2.barrier_count": 0, "players.p1.barrier_count": 3})
    board = get_ruleset("kaiun").midgame_board(random.Random(0))
    board["players"]["p1"]["barrier_count"] = 3
    board["players"]["p2"]["barrier_count"] = 0
    assert facts.unmet(board) == []
    board["players"]["p2"]["barrier_count"] = 2
    assert facts.unmet(board) == [("players.p2.barrier_count", 0)]


def test_matches_on_the_fields_given():
    assert matches({"id": "a", "power": 5000, "rested": False}, {"power": 5000})
    assert not matches({"id": "a"}, {"power": 5000})
    assert matches([{"id": "a", "x": 1}], [{"id": "a"}])
    assert not matches([{"id": "a"}, {"id": "b"}], [{"id": "a"}])
    assert not matches(0, False) and not matches(1, True)
