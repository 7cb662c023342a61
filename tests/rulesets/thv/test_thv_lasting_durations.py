"""Where a thv 戦闘力 change ends (issue 38): 「次の相手のターン終了時まで」 at the 4.9.1.b of the next turn of its
owner's opponent — made on the opponent's turn, that is not the next turn — and 「このカードが場にある間」 when the
card whose effect it is leaves the field (7.6.1: an effect applies during its period only)."""
import pytest

from judge_app.engine import AdjustmentError
from tests.rulesets.thv.helpers import board, ch, hand
from tests.rulesets.thv.test_thv_lasting import advance
from tests.rulesets.thv.test_thv_rules import run


def turn_is(n):
    return lambda g: g.state.turn == n


def power(**kw):
    return {"op": "power", "layer": "modify", **kw}


def test_thv_4_9_1_b_next_opponent_turn_end_made_on_the_opponents_turn_lasts_two_turn_ends():
    """p1's effect on p2's turn (turn 3): 「次の相手のターン終了時まで」 is p2's next turn (5), not p1's turn 4."""
    g = run(board(turn_player="p2", p2={"field": [ch("a")]}),
            [power(target="a", attack=-1, duration="next_turn_end", owner="p1")])
    advance(g, turn_is(5))
    assert g.state.get("players.p2.field.0.mods")
    advance(g, turn_is(6))
    assert not g.state.get("players.p2.field.0.mods")
    end = [e for e in g.trace if e.rule == "thv:4.9.1.b" and e.turn == 5][0]
    assert "戦闘力の修正を含む" in end.message


def test_thv_4_9_1_b_next_opponent_turn_end_owner_is_the_effects_player():
    g = run(board(turn_player="p2", p2={"field": [ch("a")]}, p1={"field": [ch("s")]}),
            [{"op": "effect", "player": "p1", "source": "s",
              "parts": [power(target="a", toughness=1, duration="next_turn_end")]}])
    assert g.state.get("players.p2.field.0.mods")[0]["until_turn"] == 5


def test_thv_4_9_1_b_next_opponent_turn_end_made_on_the_owners_turn_ends_at_the_next_turn():
    g = run(board(p2={"field": [ch("a")]}), [power(target="a", attack=1, duration="next_turn_end", owner="p1")])
    advance(g, turn_is(4))
    assert g.state.get("players.p2.field.0.mods")
    advance(g, turn_is(5))
    assert not g.state.get("players.p2.field.0.mods")


def test_thv_7_6_1_while_on_field_power_ends_when_its_card_leaves():
    g = run(board(p1={"field": [ch("a", tough=2), ch("s")]}),
            [power(target="a", attack=2, duration="while_on_field", source="s")])
    assert g.state.get("players.p1.field.0.mods")[0]["source"] == "s"
    g.adjust({"op": "destroy", "target": "s"})
    assert not g.state.get("players.p1.field.0.mods")
    assert any(e.rule == "thv:7.6.1" and "場にある間" in e.message for e in g.trace)


def test_thv_7_6_1_while_on_field_toughness_lost_with_its_card_makes_deathblow():
    """+3 耐久力 while s is on the field keeps a with 3 damage alive; s leaving ends it, and a is 決死 (9.2.2.a)."""
    g = run(board(p1={"field": [ch("a", tough=2, damage=3), ch("s")]}),
            [power(target="a", toughness=3, duration="while_on_field", source="s")])
    g.adjust({"op": "destroy", "target": "s"})
    assert not any(c["id"] == "a" for c in g.state.get("players.p1.field"))
    rules = [e.rule for e in g.trace]
    assert rules.index("thv:7.6.1") < rules.index("thv:1.10.12.f")


def test_thv_7_6_1_while_on_field_survives_the_turn_end():
    g = run(board(p1={"field": [ch("a"), ch("s")]}), [power(target="a", attack=1, duration="while_on_field", source="s")])
    advance(g, turn_is(4))
    assert g.state.get("players.p1.field.0.mods")


def test_thv_7_6_1_while_on_field_needs_its_card_on_the_field():
    g = run(board(p1={"field": [ch("a")], "hand": [hand("h")]}), [])
    for extra in ({}, {"source": "h"}):
        before = g.state.snapshot()
        with pytest.raises(AdjustmentError) as e:
            g.adjust(power(target="a", attack=1, duration="while_on_field", **extra))
        assert e.value.field == "source" and g.state.data == before
