"""Properties every registered ruleset keeps, over boards from `new_game_board` and answers drawn by Hypothesis.

The suite runs a small fixed-seed share (derandomized); JUDGE_APP_FUZZ=nightly runs many more examples.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app.engine import Game, rulesets
from tests.properties.engine_walk import state_json, trace_json, walk

PROFILES = {
    "ci": settings(max_examples=6, deadline=None, derandomize=True, database=None,
                   suppress_health_check=[HealthCheck.too_slow]),
    "nightly": settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
}
PROFILE = PROFILES[os.environ.get("JUDGE_APP_FUZZ", "ci")]

RULESETS = list(rulesets().values())
seeds = st.integers(min_value=0, max_value=2**32)
choices = st.lists(st.integers(min_value=0, max_value=63), min_size=1, max_size=24)


def _ids(r):
    return r.game


@pytest.mark.parametrize("ruleset", RULESETS, ids=_ids)
@PROFILE
@given(seed=seeds, picks=choices)
def test_replay_of_the_answer_list_is_byte_identical(ruleset, seed, picks):
    game = walk(ruleset, seed, picks)
    again = Game.replay(ruleset, game.board, game.seed, game.answers)
    assert trace_json(again) == trace_json(game)
    assert state_json(again) == state_json(game)


@pytest.mark.parametrize("ruleset", RULESETS, ids=_ids)
@PROFILE
@given(seed=seeds, picks=choices, cut=st.floats(min_value=0, max_value=1))
def test_undo_then_the_same_answer_gives_the_same_trace(ruleset, seed, picks, cut):
    game = walk(ruleset, seed, picks)
    if not game.answers:
        return
    k = min(int(cut * len(game.answers)), len(game.answers) - 1)
    upto = Game.replay(ruleset, game.board, game.seed, game.answers[: k + 1])
    redone = upto.undo()
    assert len(redone.answers) == k
    redone.apply(game.answers[k])
    assert trace_json(redone) == trace_json(upto)
    assert state_json(redone) == state_json(upto)


@pytest.mark.parametrize("ruleset", RULESETS, ids=_ids)
@PROFILE
@given(seed=seeds, picks=choices)
def test_every_trace_entry_cites_a_clause_that_resolves_in_the_corpus(ruleset, seed, picks):
    from judge_app.corpus import get_corpus

    corpus = get_corpus()
    game = walk(ruleset, seed, picks)
    for entry in game.trace:
        clause = corpus.clause(entry.rule)
        assert clause is not None, f"seq {entry.seq}: {entry.rule} does not resolve"
        assert not clause.placeholder, f"seq {entry.seq}: {entry.rule} is a placeholder clause"
    if game.pending is not None:
        assert corpus.clause(game.pending.rule) is not None, game.pending.rule


@pytest.mark.parametrize("ruleset", RULESETS, ids=_ids)
@PROFILE
@given(seed=seeds, picks=choices)
def test_invariants_hold_after_every_step(ruleset, seed, picks):
    def check(game):
        broken = ruleset.invariants(game.state)
        assert not broken, f"after seq {len(game.trace)}: {broken[:3]}"

    walk(ruleset, seed, picks, check)


@pytest.mark.parametrize("ruleset", RULESETS, ids=_ids)
@PROFILE
@given(seed=seeds)
def test_the_generated_board_passes_the_published_schema(ruleset, seed):
    import random

    board = ruleset.new_game_board(random.Random(seed))
    assert ruleset.validate_board(board) is board
