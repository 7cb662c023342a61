"""Where a los number change ends (issue 38): 「次の相手のターン終了時まで」 at the end phase (5.6 2.) of the next turn
of its owner's opponent — made on the opponent's turn, that is not the next turn — and 「このカードが場にある間」 when
the card whose effect it is leaves the field (9.4)."""
import pytest

from judge_app.engine import AdjustmentError, Game
from tests.rulesets.los.boards import RULESET, board, char, play
from tests.rulesets.los.test_los_lasting import adjust, advance


def turn_is(n):
    return lambda g: g.state.turn == n


def mods(g, square="players.p2.front.0"):
    return g.state.get(f"{square}.mods") or []


def test_los_5_6_s2_next_opponent_turn_end_made_on_the_opponents_turn_lasts_two_turn_ends():
    """p1's effect on p2's turn (turn 5): 「次の相手のターン終了時まで」 is p2's next turn (7), not p1's turn 6."""
    g = play(board(turn_player="p2", p2_front=[char("a", atk=500), None, None, None]),
             [adjust("atk", target="a", value=-200, duration="next_turn_end", owner="p1")])
    advance(g, turn_is(6))
    assert mods(g)[0]["value"] == -200      # the end of turn 5 (p2's) and of turn 6 (p1's own) keep it
    advance(g, turn_is(7))
    assert mods(g)[0]["value"] == -200
    advance(g, turn_is(8))
    assert not mods(g)
    end = [e for e in g.trace if e.rule == "los:5.6.s2" and e.turn == 7][0]
    assert "ターン終了時まで続く効果を終了しました" in end.message and "los:9.4" in end.cites


def test_los_5_6_s2_next_opponent_turn_end_owner_read_from_the_source_player():
    g = play(board(turn_player="p2", p2_front=[char("a"), None, None, None], p1_front=[char("s"), None, None, None]),
             [adjust("def", target="a", value=100, duration="next_turn_end", source={"player": "p1"})])
    assert mods(g)[0]["until_turn"] == 7


def test_los_5_6_s2_next_opponent_turn_end_made_on_the_owners_turn_ends_at_the_next_turn():
    g = play(board(turn_player="p1", p2_front=[char("a"), None, None, None]),
             [adjust("atk", target="a", value=-200, duration="next_turn_end", owner="p1")])
    advance(g, turn_is(6))
    assert mods(g)
    advance(g, turn_is(7))
    assert not mods(g)


def test_los_5_6_s2_next_opponent_turn_end_forbid_made_on_the_opponents_turn():
    g = play(board(turn_player="p2", p2_front=[char("a"), None, None, None]),
             [adjust("forbid", target="a", action="attack", duration="next_turn_end", owner="p1")])
    advance(g, turn_is(7))
    assert g.state.get("players.p2.front.0.cannot")
    advance(g, turn_is(8))
    assert not g.state.get("players.p2.front.0.cannot")


def test_los_9_4_while_on_field_atk_change_ends_when_its_card_leaves():
    """「このカードが場にある間」: the change holds while the card is on the field and ends when it leaves (9.4)."""
    g = Game(RULESET, board(phase="main", p1_front=[char("a", atk=500), char("s"), None, None]), 0)
    g.adjust({"op": "atk", "target": "a", "value": 300, "duration": "while_on_field", "source": {"card": "s"}})
    assert mods(g, "players.p1.front.0")[0]["source"] == "s"
    g.adjust({"op": "destroy", "target": "s"})
    assert not mods(g, "players.p1.front.0")
    end = g.trace[-1]
    assert end.rule == "los:9.4" and "場にある間" in end.message and "ATK+300" in end.message


def test_los_9_4_while_on_field_support_card_source_and_the_turn_end_keeps_it():
    b = board(phase="main", p1_front=[char("a"), None, None, None], p1_support=[{"id": "f", "name": "F", "type": "support"}])
    g = Game(RULESET, b, 0)
    g.adjust({"op": "forbid", "target": "a", "action": "attack", "duration": "while_on_field",
              "source": {"card": "f"}})
    advance(g, turn_is(6))
    assert g.state.get("players.p1.front.0.cannot")   # not a turn's effect: the end phase leaves it


def test_los_9_4_while_on_field_needs_its_card_on_the_field():
    g = Game(RULESET, board(phase="main", p1_front=[char("a"), None, None, None], p1_hand=[{"id": "h", "name": "H"}]), 0)
    for source in ({}, {"card": "h"}):
        before = g.state.snapshot()
        with pytest.raises(AdjustmentError) as e:
            g.adjust({"op": "atk", "target": "a", "value": 1, "duration": "while_on_field", "source": source})
        assert e.value.field == "source" and g.state.data == before


def test_los_9_4_while_on_field_effect_part_takes_its_card_from_the_effects_source():
    g = Game(RULESET, board(phase="main", p1_front=[char("a"), char("s"), None, None]), 0)
    g.adjust({"op": "effect", "source": "s", "parts": [
        {"op": "atk", "target": "a", "value": 100, "duration": "while_on_field"}]})
    assert mods(g, "players.p1.front.0")[0]["source"] == "s"
