"""Effect bodies and checks the rulesets' tests of issue 37 (optional, up to, condition) share across the games:
the same one-card draw for p1, the same 「〜なら」 around it, and p1's deck size to see whether it happened."""
import copy

import pytest

from judge_app.engine import Refused

DRAW = {"op": "draw", "target": "p1", "value": 1}


def when(check: dict) -> dict:
    """p1's effect 「<check>なら、カードを1枚引く」."""
    return {"op": "effect", "player": "p1", "parts": [{"op": "condition", "check": check, "parts": [DRAW]}]}


def deck(g) -> int:
    return len(g.state.get("players.p1.deck"))


def refused(g, body: dict) -> str:
    """The clause that refuses the adjustment `body`, after checking it changed nothing (state, trace, answers)."""
    before = copy.deepcopy(g.state.data), len(g.trace), list(g.answers)
    with pytest.raises(Refused) as e:
        g.adjust(body)
    assert (g.state.data, len(g.trace), g.answers) == before
    return e.value.rule
