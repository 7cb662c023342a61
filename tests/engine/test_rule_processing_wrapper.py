"""The core runs a ruleset's rule_processing between the steps of its game_flow (issue 18): before each step, not
between a Decision and its answer unless the ruleset asks for that, and the game stops as soon as it is over."""
from judge_app.engine import Game
from judge_app.engine.policies import SeededRandom
from tests.engine.toy import CoinRuleset

BOARD = {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 3}


class Watched(CoinRuleset):
    """Rule processing that records when it ran and ends the game once p2 has 5 points or more (toy:7)."""

    def __init__(self):
        self.ran_at: list[tuple[str, int]] = []

    def rule_processing(self, g):
        last = g.trace[-1].kind if g.trace else "start"
        self.ran_at.append((last, len(g.trace)))
        if g.get("players.p2.points") >= 5 and not g.finished:
            g.end_game("p2")
            yield g.log("toy:7", "rule", "p2 の得点が5以上のため p2 の勝利", "p2")


class WatchedBeforeAnswers(Watched):
    rule_processing_before_answers = True


def _steps(ruleset, n):
    game = Game(ruleset, BOARD, 1)
    policy = SeededRandom(1)
    for _ in range(n):
        game.run("step", policy)
    return game


def test_rule_processing_runs_before_every_step_but_not_before_an_answer():
    r = Watched()
    game = _steps(r, 4)
    kinds = [e.kind for e in game.trace]
    assert kinds[:3] == ["turn", "toss", "turn"]
    # before the first step, after 「turn」 (it asked next, so not again until the answer is in) and after 「toss」
    assert [k for k, _ in r.ran_at][:3] == ["start", "turn", "toss"]


def test_a_ruleset_can_check_between_a_decision_and_its_answer():
    plain, eager = Watched(), WatchedBeforeAnswers()
    _steps(plain, 6)
    _steps(eager, 6)
    assert len(eager.ran_at) > len(plain.ran_at)


def test_a_condition_met_between_steps_ends_the_game_at_once():
    r = Watched()
    game = Game(r, {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 99}, 1)
    game.run("step", SeededRandom(1))
    game.adjust({"op": "points", "target": "p2", "value": 5})
    game.run("step", SeededRandom(1))
    assert game.finished and game.state.winner == "p2"
    assert game.trace[-1].rule == "toy:7"
