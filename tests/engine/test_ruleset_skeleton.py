"""One shape for every ruleset (issue 18), as python-chess's variants share one board: each game is a package
`judge_app/engine/<game with _>/` with the same modules, and the ruleset class is bound to them.

    __init__.py    RULESET, the one instance the registry finds
    ruleset.py     the Ruleset subclass: game_flow (the rulebook's order), rule_processing, adjustments
    phases.py      PHASES (every phase id the state can hold, in the rulebook's order) and PHASE_LABELS (its names)
    options.py     RULE_OPTIONS (where the books are silent or disagree; docs/rulings-decisions.md)
    board.py       BOARD_SCHEMA and new_game_board(rng) (the board as entered; legal random boards)
    invariants.py  invariants(state) -> broken invariants as messages (checked after every fuzzed step)

Everything else in a package is named after the part of the rulebook it implements."""
import importlib
import random
from pathlib import Path

import pytest

from judge_app.engine import Game, RuleOption, rulesets
from judge_app.engine.policies import SeededRandom

ENGINE = Path(__file__).resolve().parents[2] / "judge_app" / "engine"
SKELETON = ("ruleset", "phases", "options", "board", "invariants")
GAMES = list(rulesets())


def _module(game: str, name: str):
    return importlib.import_module(f"judge_app.engine.{game.replace('-', '_')}.{name}")


@pytest.mark.parametrize("game", GAMES)
def test_each_ruleset_is_a_package_with_the_skeleton_modules(game):
    package = ENGINE / game.replace("-", "_")
    assert (package / "__init__.py").is_file(), f"{package} is not a package"
    missing = [m for m in SKELETON if not (package / f"{m}.py").is_file()]
    assert missing == []
    assert type(rulesets()[game]).__module__ == f"judge_app.engine.{game.replace('-', '_')}.ruleset"


@pytest.mark.parametrize("game", GAMES)
def test_phases_are_declared_once_and_named(game):
    phases, ruleset = _module(game, "phases"), rulesets()[game]
    assert isinstance(phases.PHASES, tuple) and phases.PHASES and all(isinstance(p, str) for p in phases.PHASES)
    assert len(set(phases.PHASES)) == len(phases.PHASES)
    assert list(phases.PHASE_LABELS) == list(phases.PHASES), "a label for every phase, in the same order"
    assert all(phases.PHASE_LABELS.values())
    assert ruleset.phases is phases.PHASES and ruleset.phase_labels is phases.PHASE_LABELS


@pytest.mark.parametrize("game", GAMES)
def test_options_board_and_invariants_come_from_their_modules(game):
    ruleset = rulesets()[game]
    options, board, invariants = (_module(game, m) for m in ("options", "board", "invariants"))
    assert ruleset.rule_options is options.RULE_OPTIONS
    assert all(isinstance(o, RuleOption) for o in options.RULE_OPTIONS)
    assert ruleset.board_schema is board.BOARD_SCHEMA
    assert ruleset.new_game_board(random.Random(5)) == board.new_game_board(random.Random(5))
    game_ = Game(ruleset, ruleset.new_game_board(random.Random(5)), 5)
    policy = SeededRandom(5)
    for _ in range(40):
        game_.run("step", policy)
        assert ruleset.invariants(game_.state) == invariants.invariants(game_.state) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_a_game_reaches_is_declared(game):
    ruleset = rulesets()[game]
    seen = set()
    for seed in range(8):
        g = Game(ruleset, ruleset.new_game_board(random.Random(seed)), seed)
        policy = SeededRandom(seed)
        while not g.finished:
            if not g.run("step", policy) and g.pending is None and not g.finished:
                break
        seen.update(e.phase for e in g.trace)
    assert sorted(p for p in seen if p is not None and p not in ruleset.phases) == []
