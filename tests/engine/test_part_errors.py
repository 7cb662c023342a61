"""An error raised inside an op's handler names the part it came from (`parts[1].target: …`), as the params' own
checks do, once, however deep the part is; the refusal keeps its clause (opcg 3-10-2 here)."""
import pytest

from judge_app.engine import Game
from judge_app.engine.opcg import RULESET
from judge_app.engine.trace import AdjustmentError, Refused
from tests.rulesets.opcg.helpers import board


def effect(*parts):
    return {"op": "effect", "player": "p1", "label": "効果", "parts": list(parts)}


def test_a_handlers_error_names_its_part():
    g = Game(RULESET, board(), 0)
    with pytest.raises(AdjustmentError) as e:
        g.adjust(effect({"op": "draw", "target": "p1", "value": 1}, {"op": "trash", "target": "nowhere"}))
    assert e.value.field == "parts[1].target" and e.value.message.startswith("parts[1].target: ")


def test_opcg_3_10_2_a_refusal_inside_a_part_names_the_part_and_keeps_its_clause():
    g = Game(RULESET, board(), 0)
    second = g.state.data["players"]["p2"]["life"][1]["id"]
    with pytest.raises(Refused) as e:
        g.adjust(effect({"op": "trash", "target": second}))
    assert e.value.rule == "opcg:3-10-2" and e.value.field == "parts[0].target"


def test_a_nested_parts_error_is_named_once():
    g = Game(RULESET, board(), 0)
    cond = {"op": "condition", "check": {"player": "p1", "zone": "hand", "at_least": 0},
            "parts": [{"op": "trash", "target": "nowhere"}]}
    with pytest.raises(AdjustmentError) as e:
        g.adjust(effect({"op": "draw", "target": "p1", "value": 1}, cond))
    assert e.value.field == "parts[1].parts[0].target"
    assert e.value.message.startswith("parts[1].parts[0].target: ")


def test_an_op_alone_is_not_renamed():
    g = Game(RULESET, board(), 0)
    with pytest.raises(AdjustmentError) as e:
        g.adjust({"op": "trash", "target": "nowhere"})
    assert e.value.field == "target"
