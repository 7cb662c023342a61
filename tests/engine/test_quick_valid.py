"""Issue 39: boards are checked by jsonschema-rs first (engine/json_schemas.quick_valid), and its "valid" is taken
only where it cannot differ from `Validator`, the one that words errors: over every shipped board, every scenario's
board and mutations of them, quick_valid never passes a board Validator refuses."""
import copy
import random

import pytest

from judge_app import PROJECT_ROOT
from judge_app.engine import BoardError, rulesets
from judge_app.engine.json_schemas import Validator, quick_valid
from judge_app.scenarios import load_scenario, scenario_files

ODD_VALUES = [3.0, 2.5, -1, 0, 10**6, 2**53, -2**60, 2**70, True, False, None, "", "x" * 300, "bad\n", "毒呪",
              "上空\n", [], {}, [1, 1], {"x": 1}, "Nullity", "-", 1e16]


def boards(game):
    r = rulesets()[game]
    out = [r.new_game_board(random.Random(i)) for i in range(3)]
    for path in scenario_files(PROJECT_ROOT / "scenarios" / game):
        board = load_scenario(path).get("board")
        if isinstance(board, dict):
            out.append(board)
    return out


def places(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from places(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from places(v, path + (i,))


def mutated(board, rng):
    board = copy.deepcopy(board)
    path = rng.choice(list(places(board))[1:])
    parent = board
    for key in path[:-1]:
        parent = parent[key]
    roll = rng.random()
    if roll < 0.15 and isinstance(parent, dict):
        del parent[path[-1]]
    elif roll < 0.25 and isinstance(parent, dict):
        parent["unknown_key"] = 1
    elif roll < 0.35:   # a value of the right kind from elsewhere on the board
        other = rng.choice(list(places(board))[1:])
        value = board
        for key in other:
            value = value[key]
        parent[path[-1]] = copy.deepcopy(value)
    else:
        parent[path[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))
    return board


@pytest.mark.parametrize("game", sorted(rulesets()))
def test_quick_valid_never_passes_what_validator_refuses(game):
    schema = rulesets()[game].board_schema
    rng = random.Random(game)
    originals = boards(game)
    quick_yes = quick_no = 0
    for board in originals:
        if Validator(schema).is_valid(board):
            assert quick_valid(schema, board) or any(isinstance(v, float) for v in _values(board))
    for _ in range(300):
        board = mutated(rng.choice(originals), rng)
        if quick_valid(schema, board):
            quick_yes += 1
            assert Validator(schema).is_valid(board), board
        else:
            quick_no += 1
    assert quick_yes and quick_no   # both ways were asked


def _values(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _values(v)
    elif isinstance(value, list):
        for v in value:
            yield from _values(v)
    else:
        yield value


def test_a_float_where_an_integer_goes_is_still_refused_naming_the_field():
    r = rulesets()["opcg"]
    board = r.new_game_board(random.Random(1))
    player = next(iter(board["players"]))
    field = next(k for k, v in board["players"][player].items() if type(v) is int)
    board["players"][player][field] = float(board["players"][player][field])
    assert not quick_valid(r.board_schema, board)
    with pytest.raises(BoardError) as e:
        r.validate_board(board)
    assert e.value.field == f"board.players.{player}.{field}"
