"""Where an opcg power or keyword change ends (issue 38): 「次の相手のターン終了時まで」 at 6-6-1-2 / 6-6-1-3 of the
next turn of the effect's player's opponent — made on the opponent's turn, that is not the next turn — and
「このカードが場にある間」 when its card leaves the field (3-1-6)."""
import pytest

from judge_app.engine.trace import AdjustmentError
from tests.rulesets.opcg.helpers import board, char, play


def advance(g, turn):
    while g.state.turn < turn:
        if g.pending:
            values = [o.value for o in g.pending.options]
            g.answer(None, next((v for v in ("end", "pass", "no") if v in values), values[0]))
        else:
            g.step("step")


def power_of(g, target):
    return [e for e in g.state.get("effects") if e["kind"] == "power" and e["target"] == target]


def test_opcg_6_6_1_2_next_opponent_turn_end_made_on_the_opponents_turn_lasts_two_turn_ends():
    """p1's 【相手のアタック時】-style effect on p2's turn 5: 「次の相手のターン終了時まで」 is p2's turn 7."""
    g = play(board(tp="p2"), {"adjust": {"op": "power", "target": "p2-L", "value": -2000,
                                         "duration": "next_turn_end", "owner": "p1"}})
    advance(g, 7)
    assert power_of(g, "p2-L")     # kept at the end of turn 5 (p2's) and turn 6 (p1's own)
    advance(g, 8)
    assert not power_of(g, "p2-L")
    end = [e for e in g.trace if e.turn == 7 and e.kind == "expire"]
    assert end and end[0].rule in ("opcg:6-6-1-2", "opcg:6-6-1-3") and "パワー-2000" in end[0].message


def test_opcg_6_6_1_3_next_opponent_turn_end_made_on_the_owners_turn_ends_at_the_next_turn():
    g = play(board(), {"adjust": {"op": "keyword_add", "target": "p1-L", "keyword": "ブロッカー",
                                  "duration": "next_turn_end", "owner": "p1"}})
    advance(g, 6)
    assert g.state.get("effects")
    advance(g, 7)
    assert not g.state.get("effects")


def test_opcg_3_1_6_while_on_field_power_ends_when_its_card_leaves():
    g = play(board(p1={"characters": [char("a", 4000), char("s", 3000)]}),
             {"adjust": {"op": "power", "target": "a", "value": 1000, "duration": "while_on_field", "source": "s"}})
    assert power_of(g, "a")
    g.adjust({"op": "ko", "target": "s"})
    assert not power_of(g, "a")
    assert g.trace[-1].rule == "opcg:10-2-1-2" and "opcg:3-1-6" in g.trace[-1].cites


def test_opcg_3_1_6_while_on_field_survives_the_turn_end():
    g = play(board(p1={"characters": [char("a", 4000), char("s", 3000)]}),
             {"adjust": {"op": "keyword_add", "target": "a", "keyword": "ブロッカー", "duration": "while_on_field",
                         "source": "s"}})
    advance(g, 6)
    assert g.state.get("effects")


def test_opcg_3_1_6_while_on_field_needs_its_card_on_the_field():
    g = play(board(p1={"characters": [char("a", 4000)], "hand": [char("h", 1000)]}))
    for extra in ({}, {"source": "h"}):
        before = g.state.snapshot()
        with pytest.raises(AdjustmentError) as e:
            g.adjust({"op": "power", "target": "a", "value": 1000, "duration": "while_on_field", **extra})
        assert e.value.field == "source" and g.state.data == before
