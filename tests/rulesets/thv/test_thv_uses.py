"""Issue 38 for thv: a 起動効果 entered as a use (7.3.4) — its costs include life (1.9.4, 1.9.4.a), a discard and the
card itself (「このキャラクター」, `target: self`); the 1.5.3.a check waits until the use is done and priority
passes (7.3.4, 7.3.4.f); several effects of one interference resolve from the last used (1.12.8.a)."""
import json

import pytest

from judge_app.engine import AdjustmentError, Game, Refused, get_ruleset
from tests.rulesets.thv.helpers import board, ch, hand

RS = get_ruleset("thv")


def dump(g):
    return json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True, ensure_ascii=False)


def use(cost, parts, source="a1"):
    return {"op": "effect", "kind": "起動効果", "source": source, "label": "起動効果", "cost": cost, "parts": parts}


def test_thv_1_9_4_a_life_cost_past_the_life_is_paid_and_the_loss_waits_for_the_use_to_finish():
    g = Game(RS, board(p1={"life": 2, "field": [ch("a1")], "hand": [hand("h1")]}), 1)
    g.adjust(use([{"op": "pay_life", "target": "p1", "value": 3}, {"op": "discard", "target": "p1", "value": 1}],
                 [{"op": "life", "target": "p1", "value": 5}]))
    assert g.state.get("players.p1.life") == 4 and not g.state.finished   # 1.5.3.a never saw −1
    paid = next(e for e in g.trace if e.rule == "thv:1.9.4")
    assert {"thv:1.9.4.a", "thv:7.3.4.e"} <= set(paid.cites)
    header = next(e for e in g.trace if e.kind == "effect")
    assert {"thv:7.3.4", "thv:7.3.4.f"} <= set(header.cites)


def test_thv_1_5_3_a_loss_after_the_use_not_inside_it():
    g = Game(RS, board(p1={"life": 2, "field": [ch("a1")]}), 1)
    g.adjust(use([{"op": "pay_life", "target": "p1", "value": 2}], [{"op": "draw", "target": "p2", "value": 1}]))
    rules = [e.rule for e in g.trace]
    assert g.state.winner == "p2" and rules[-1] == "thv:1.5.3.a"
    assert rules.index("thv:1.11.2") < rules.index("thv:1.5.3.a")   # the whole use first, then the check


def test_thv_7_3_4_this_character_as_a_cost_names_the_source():
    g = Game(RS, board(p1={"field": [ch("a1"), ch("a2")]}), 1)
    g.adjust(use([{"op": "destroy", "target": "self"}], [{"op": "draw", "target": "p1", "value": 1}]))
    assert [c["id"] for c in g.state.get("players.p1.field")] == ["a2"]
    assert any(c["id"] == "a1" for c in g.state.get("players.p1.graveyard"))


def test_thv_7_3_4_this_character_without_a_source_is_refused():
    g = Game(RS, board(p1={"field": [ch("a1")]}), 1)
    with pytest.raises(AdjustmentError) as e:
        g.adjust({"op": "effect", "parts": [{"op": "destroy", "target": "self"}]})
    assert e.value.field == "source"


def test_thv_7_3_1_a_a_use_from_the_hand_is_refused():
    g = Game(RS, board(p1={"hand": [hand("h1")]}), 1)
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust(use([], [{"op": "draw", "target": "p1", "value": 1}], source="h1"))
    assert e.value.rule == "thv:7.3.1.a" and dump(g) == before


def test_thv_1_12_8_a_effects_of_one_interference_resolve_from_the_last_used():
    g = Game(RS, board(p1={"life": 3}, p2={"life": 10}), 1)
    g.adjust({"op": "at_once", "effects": [
        {"player": "p1", "label": "先に使用", "parts": [{"op": "life", "target": "p1", "value": 5}]},
        {"player": "p2", "label": "後に使用", "parts": [{"op": "damage", "target": "p1", "value": 4}]}]})
    steps = [e.message for e in g.trace if e.kind == "simultaneous"]
    assert "後に使用" in steps[1] and "先に使用" in steps[2]
    assert g.state.get("players.p1.life") == 4 and not g.state.finished   # −1 in between, checked only at the end (1.12.11)
    assert g.pending is None or g.pending.kind != "simultaneous"


def auto(player, label, value, source, kind="自動γ", **more):
    return {"player": player, "label": label, "kind": kind, "source": source, **more,
            "parts": [{"op": "life", "target": player, "value": value}]}


def at_once_of_both(turn_player="p1"):
    """Two 自動γ of p1 and one of p2, met together on `turn_player`'s turn."""
    b = board(turn_player=turn_player, p1={"field": [ch("a"), ch("b")]}, p2={"field": [ch("c")]})
    g = Game(RS, b, 1)
    g.adjust({"op": "at_once", "effects": [auto("p2", "相手の", 1, "c"), auto("p1", "自分のA", 2, "a"),
                                           auto("p1", "自分のB", 3, "b")]})
    return g


def test_thv_1_3_3_automatic_effects_of_both_players_the_turn_player_orders_first():
    """1.3.3 「複数のプレイヤーが同時に何らかの選択を行う場合、ターンプレイヤーから順番に選択する」: p1 (turn player) picks
    among its two; p2's waits, withheld with the clause, until all of p1's are done (1.3.3.a)."""
    g = at_once_of_both()
    d = g.pending
    assert d.kind == "simultaneous" and d.player == "p1" and d.rule == "thv:1.3.3"
    assert [o.value for o in d.options] == ["effect:2", "effect:3"]
    assert d.withheld_of("effect:1").rule == "thv:1.3.3"
    g.answer(d.id, "effect:3")
    resolved = [e.message for e in g.trace if e.kind == "simultaneous" and "解決します" in e.message]
    assert ["自分のB" in resolved[0], "自分のA" in resolved[1], "相手の" in resolved[2]] == [True, True, True]
    assert g.state.get("players.p1.life") == 30 and g.state.get("players.p2.life") == 26


def test_thv_1_3_3_on_the_opponents_turn_the_other_player_goes_first():
    g = at_once_of_both(turn_player="p2")
    resolved = [e.message for e in g.trace if e.kind == "simultaneous" and "解決します" in e.message]
    assert "相手の" in resolved[0]   # p2 is the turn player: its one effect first, by the rules (one lawful pick)
    assert g.pending.kind == "simultaneous" and g.pending.player == "p1"


def test_thv_1_12_8_a_still_orders_effects_that_are_not_all_automatic():
    b = board(p1={"field": [ch("a")]}, p2={"field": [ch("c")]})
    g = Game(RS, b, 1)
    g.adjust({"op": "at_once", "effects": [auto("p2", "相手の", 1, "c"), auto("p1", "自分の", 2, "a", kind="起動効果")]})
    assert [e.rule for e in g.trace if e.kind == "simultaneous"][0] == "thv:1.12.8.a"
