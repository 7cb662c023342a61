"""Issue 38 for opcg: effects that meet their timing together are held (`at_once`) and ordered by 8-6-1 (the turn
player's first, each player ordering their own) and 10-2-16-1 (【相手のアタック時】 after 【アタック時】)."""
import copy

import pytest

from judge_app.engine import Game, Refused
from judge_app.engine.opcg import RULESET
from tests.rulesets.opcg.helpers import board, char, play


def draw(p, label, keyword=None, n=1):
    return {"player": p, "label": label, "parts": [{"op": "draw", "target": p, "value": n}],
            **({"keyword": keyword} if keyword else {})}


def at_attack_timing():
    """p1's leader attacks p2's leader; the rules stop right after 7-1-1-3 (the 【アタック時】 timing)."""
    g = Game(RULESET, board(), 0)
    g.run("decision")
    g.answer(g.pending.id, "attack:p1-L")
    g.run("decision")
    g.answer(g.pending.id, "p2-L")
    while g.trace[-1].rule != "opcg:7-1-1-3":
        g.step("step")
    return g


def test_opcg_8_6_1_turn_player_orders_their_own_and_nothing_resolves_before():
    g = play(board())
    hands = {p: len(g.state.get(f"players.{p}.hand")) for p in ("p1", "p2")}
    outer = g.pending
    g.adjust({"op": "at_once", "effects": [draw("p2", "B"), draw("p1", "A1"), draw("p1", "A2", n=2)]})
    assert g.state.data["at_once"] and g.pending.kind == "simultaneous" and g.pending.player == "p1"
    assert g.pending.rule == "opcg:8-6-1"
    assert {p: len(g.state.get(f"players.{p}.hand")) for p in ("p1", "p2")} == hands   # none resolved alone
    assert [o.value for o in g.pending.options] == ["effect:2", "effect:3"]
    assert [(w.value, w.rule) for w in g.pending.withheld] == [("effect:1", "opcg:8-6-1")]
    with pytest.raises(Refused) as e:
        g.answer(g.pending.id, "effect:1")
    assert e.value.rule == "opcg:8-6-1"
    g.answer(g.pending.id, "effect:3")
    # p1's other effect, then p2's: one lawful pick each, made by the rules; the procedure's decision is back
    assert g.state.data["at_once"] is None and g.pending.id == outer.id
    assert len(g.state.get("players.p1.hand")) == hands["p1"] + 3 and len(g.state.get("players.p2.hand")) == hands["p2"] + 1
    picks = [e.message for e in g.trace if e.kind == "simultaneous"]
    assert "A2" in picks[1] and "A1" in picks[2] and "B" in picks[3]


def test_opcg_8_6_1_another_effect_while_the_order_waits_is_refused_and_replay_is_exact():
    g = Game(RULESET, board(), 0)
    g.step("decision")
    g.adjust({"op": "at_once", "effects": [draw("p1", "A1"), draw("p1", "A2")]})
    before = copy.deepcopy(g.state.data), len(g.trace)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "parts": [{"op": "draw", "target": "p1", "value": 1}]})
    assert e.value.rule == "opcg:8-6-1" and (g.state.data, len(g.trace)) == before
    g.answer(g.pending.id, "effect:2")
    again = Game.replay(RULESET, g.board, g.seed, g.answers)
    assert again.state.data == g.state.data and [x.to_json() for x in again.trace] == [x.to_json() for x in g.trace]
    assert again.pending.to_json() == g.pending.to_json()
    undone = g.undo()
    assert undone.pending.kind == "simultaneous" and undone.state.data["at_once"]


def test_opcg_10_2_16_1_opponents_attack_effect_waits_for_the_attack_effect():
    g = at_attack_timing()
    g.adjust({"op": "at_once", "effects": [draw("p2", "相手のアタック時", "相手のアタック時"),
                                           draw("p1", "アタック時", "アタック時")]})
    # p1 has one effect: the rules take it first; p2's follows
    steps = [e for e in g.trace if e.kind == "simultaneous"]
    assert "アタック時」" in steps[1].message and "相手のアタック時" in steps[2].message
    assert g.state.data["at_once"] is None


def test_opcg_10_2_16_1_opponents_attack_effect_first_is_withheld():
    g = at_attack_timing()
    g.adjust({"op": "at_once", "effects": [draw("p2", "相手のアタック時", "相手のアタック時"),
                                           draw("p1", "アタック時", "アタック時"), draw("p1", "もう一つ")]})
    assert ("effect:1", "opcg:10-2-16-1") in [(w.value, w.rule) for w in g.pending.withheld]
    entry = g.attempt({"try": "effect:1", "decision": g.pending.id})
    assert entry.kind == "refused" and entry.rule == "opcg:10-2-16-1"


def test_opcg_10_2_16_1_opponents_attack_effect_before_the_attack_timing_is_refused():
    """Before the target is chosen (7-1-1-2), 7-1-1-3 has not come: 【相手のアタック時】 cannot activate yet."""
    g = Game(RULESET, board(), 0)
    g.run("decision")
    g.answer(g.pending.id, "attack:p1-L")
    g.run("decision")
    assert g.pending.rule == "opcg:7-1-1-2"
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "keyword": "相手のアタック時", "player": "p2",
                  "parts": [{"op": "draw", "target": "p2", "value": 1}]})
    assert e.value.rule == "opcg:10-2-16-1"


def test_opcg_8_6_1_a_picked_optional_effect_asks_its_player_then_the_order_goes_on_and_replays():
    """8-6-1-1 with 「〜してもよい」: the pick resolves an effect whose player decides first; the rules then take the
    rest in order, and the procedure's decision comes back. Replay gives the same session."""
    g = Game(RULESET, board(), 0)
    g.step("decision")
    outer = g.pending.id

    def d(p, label, optional=False):
        return {"player": p, "label": label, "parts": [{"op": "draw", "target": p, "value": 1}],
                **({"optional": True} if optional else {})}
    g.adjust({"op": "at_once", "effects": [d("p1", "A", True), d("p1", "B"), d("p2", "C", True)]})
    g.answer(g.pending.id, "effect:1")
    assert g.pending.kind == "effect_choice" and g.pending.player == "p1" and g.state.data["at_once"]
    g.answer(g.pending.id, True)
    assert g.pending.kind == "effect_choice" and g.pending.player == "p2"
    g.answer(g.pending.id, False)
    assert g.pending.id == outer and g.state.data.get("at_once") is None
    again = Game.replay(RULESET, g.board, g.seed, g.answers)
    assert again.state.data == g.state.data and [x.to_json() for x in again.trace] == [x.to_json() for x in g.trace]



def test_opcg_7_1_1_3_attack_trigger_entered_right_after_the_target_answer_acts_on_the_answered_state():
    """The target (7-1-1-2) is answered and an 【アタック時】 (10-2-5-1) entered at once: the rules take the answer in
    first, as a recorded step, so the effect meets the attack with its target; a replay goes exactly the same way."""
    g = Game(RULESET, board(), 0)
    g.step("decision")
    g.answer(g.pending.id, "attack:p1-L")
    g.step("decision")
    g.answer(g.pending.id, "p2-L")
    hand = len(g.state.get("players.p1.hand"))
    g.adjust({"op": "effect", **draw("p1", "アタック時", "アタック時")})
    assert g.state.get("battle.target") == "p2-L" and len(g.state.get("players.p1.hand")) == hand + 1
    assert g.answers[-2] == {"step": "step"} and any(e.rule == "opcg:7-1-1-2" for e in g.trace)
    again = Game.replay(RULESET, board(), 0, g.answers)
    assert [e.to_json() for e in again.trace] == [e.to_json() for e in g.trace]


def test_opcg_7_1_1_3_a_refused_adjustment_after_an_answer_still_replays_exactly():
    g = Game(RULESET, board(), 0)
    g.step("decision")
    g.answer(g.pending.id, "attack:p1-L")
    with pytest.raises(Refused):
        g.adjust({"op": "effect", **draw("p2", "カウンター", "カウンター")})
    assert g.answers[-1] == {"step": "step"} and g.trace[-1].rule == "opcg:7-1-1-1"   # the answer was taken in
    again = Game.replay(RULESET, board(), 0, g.answers)
    assert [e.to_json() for e in again.trace] == [e.to_json() for e in g.trace]
