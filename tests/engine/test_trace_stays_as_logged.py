"""A trace entry is what happened at its step: later steps never change it (the state's values are replaced, never
changed in place), and a refused adjustment, which puts the state back, leaves a replay's trace the same as the live
one. Before the fix, thv's 4.9.1.b entry showed the next turn's `this_turn` flags in its `after`."""
import json
import random

import pytest

from judge_app.engine import EngineError, Game, rulesets
from judge_app.engine.policies import SeededRandom

GAMES = sorted(rulesets())


def _entry(e) -> str:
    return json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("game_key", GAMES)
def test_an_entry_is_not_changed_by_later_steps(game_key):
    rs = rulesets()[game_key]
    for seed in range(2):
        g = Game(rs, rs.new_game_board(random.Random(seed)), seed)
        policy = SeededRandom(seed)
        logged: dict[int, str] = {}
        for _ in range(300):
            if g.finished:
                break
            if g.pending:
                g.answer(g.pending.id, policy(g.pending, g))
            else:
                g.step("step")
            for e in g.trace:
                logged.setdefault(e.seq, _entry(e))
        changed = [e.seq for e in g.trace if logged[e.seq] != _entry(e)]
        assert changed == [], f"{game_key} seed {seed}: entries changed after they were logged: {changed[:5]}"


@pytest.mark.parametrize("game_key", GAMES)
def test_a_refused_adjustment_leaves_the_replayed_trace_the_same(game_key):
    rs = rulesets()[game_key]
    for seed in range(2):
        g = Game(rs, rs.new_game_board(random.Random(seed)), seed)
        policy = SeededRandom(seed)
        for i in range(300):
            if g.finished:
                break
            if i % 20 == 5:
                with pytest.raises(EngineError):
                    g.adjust({"op": "draw", "target": "nobody", "value": 1})
            if g.pending:
                g.answer(g.pending.id, policy(g.pending, g))
            else:
                g.step("step")
        again = Game.replay(rs, g.board, seed, g.answers)
        assert [_entry(e) for e in again.trace] == [_entry(e) for e in g.trace]
