"""Issue 38 for los: effects of one timing held together (`at_once`) and used in turn from the turn player's
opponent (9.3); a waiting triggered effect (the `trigger` op) applied only at its owner's turn of priority, once."""
import json

import pytest

from judge_app.engine import Game, Refused

from tests.rulesets.los.boards import RULESET, board, char, play
from tests.rulesets.los.test_los_lasting import advance


def dump(g):
    return json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True, ensure_ascii=False)


def draw(p, label):
    return {"player": p, "label": label, "parts": [{"op": "draw", "target": p, "value": 1}]}


def refused(g, body):
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust(body)
    assert dump(g) == before
    return e.value.rule


def test_los_9_3_at_once_the_opponent_chooses_first_then_in_turn():
    g = play(board(phase="main"), [])
    outer = g.pending
    g.adjust({"op": "at_once", "effects": [draw("p1", "自分A"), draw("p1", "自分B"), draw("p2", "相手C"), draw("p2", "相手D")]})
    assert g.pending.kind == "simultaneous" and g.pending.player == "p2" and g.pending.rule == "los:9.3"
    assert [o.value for o in g.pending.options] == ["effect:3", "effect:4"]
    assert {w.value: w.rule for w in g.pending.withheld} == {"effect:1": "los:9.3", "effect:2": "los:9.3"}
    assert g.attempt({"try": "effect:1", "decision": g.pending.id}).rule == "los:9.3"
    g.answer(g.pending.id, "effect:4")
    assert g.pending.player == "p1" and [o.value for o in g.pending.options] == ["effect:1", "effect:2"]
    g.answer(g.pending.id, "effect:2")
    # p2's last one, then p1's last one: one lawful choice each, by the rules
    order = [e.message for e in g.trace if e.kind == "simultaneous"][1:-1]
    assert ["相手D" in order[0], "自分B" in order[1], "相手C" in order[2], "自分A" in order[3]] == [True] * 4
    assert g.pending.id == outer.id and g.state.data["at_once"] is None


def test_los_9_3_nothing_else_resolves_while_the_order_waits():
    g = play(board(phase="main"), [])
    g.adjust({"op": "at_once", "effects": [draw("p1", "A"), draw("p2", "B"), draw("p2", "C")]})
    assert refused(g, {"op": "draw", "target": "p1", "value": 1}) == "los:9.3"


def test_los_9_3_a_waiting_trigger_is_not_applied_before_its_owner_chooses_it():
    b = board(phase="main", p2_support=[{"id": "s1", "name": "S1", "type": "support"}], p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "trigger", "target": "p1", "label": "自分の誘発", "forced": True}},
                 {"adjust": {"op": "trigger", "target": "p2", "label": "相手の誘発", "forced": True}}])
    assert g.pending.player == "p2"   # the opponent's turn of priority (9.3)
    body = {"op": "effect", "player": "p1", "label": "自分の誘発", "parts": [{"op": "draw", "target": "p1", "value": 1}]}
    assert refused(g, body) == "los:9.3"
    assert refused(g, {**body, "player": "p2"}) == "los:9.3"   # p1's trigger is not p2's effect


def test_los_9_3_a_trigger_is_applied_once_in_its_owners_window():
    b = board(phase="main", p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "trigger", "target": "p2", "label": "相手の誘発", "forced": False}}, "trigger-1"])
    body = {"op": "effect", "player": "p2", "label": "相手の誘発", "parts": [{"op": "draw", "target": "p2", "value": 1}]}
    g.adjust(body)
    assert "los:9.3" in g.trace[-1].cites or any("los:9.3" in e.cites for e in g.trace[-3:])
    assert refused(g, body) == "los:9.3"   # once


def test_los_9_3_a_trigger_chosen_but_not_applied_in_its_window_is_refused_later():
    b = board(phase="main", p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "trigger", "target": "p2", "label": "相手の誘発", "forced": False}}, "trigger-1", "pass"])
    assert g.pending.player == "p2"   # p1 has answered its turn of priority: p2's window has closed
    body = {"op": "effect", "player": "p2", "label": "相手の誘発", "parts": [{"op": "draw", "target": "p2", "value": 1}]}
    assert refused(g, body) == "los:9.3"


def test_los_9_5_the_later_card_s_becomes_wins_whatever_order_the_judge_applies_them():
    """9.5 「後から場に出たカードの効果を優先して適用します」: the board's support (entered before the session) and one put
    out during it; the later card's 「ATKは500になる」 wins even when the judge applies it first."""
    b = board(phase="main", p1_front=[char("a", atk=200), None, None, None],
              p1_support=[{"id": "old", "name": "古い場", "type": "support"}],
              p1_hand=[{"id": "new", "name": "新しい場", "type": "support"}])
    g = play(b, [])
    g.adjust({"op": "put_support", "target": "new"})
    assert g.state.data["players"]["p1"]["support"][-1]["entered"] == g.state.data["entry_seq"] >= 1
    g.adjust({"op": "effect", "source": "new", "parts": [{"op": "stat_set", "target": "a", "stat": "ATK", "value": 500,
                                                          "duration": "turn"}]})
    g.adjust({"op": "effect", "source": "old", "parts": [{"op": "stat_set", "target": "all", "stat": "ATK", "value": 300,
                                                          "duration": "turn"}]})
    from judge_app.engine.los.cards import stat
    card = g.state.data["players"]["p1"]["front"][0]
    assert stat(card, "ATK") == 500
    assert any("los:9.5" in e.clauses for e in g.trace[-3:])


def test_los_9_5_with_no_card_named_the_later_adjustment_wins():
    b = board(phase="main", p1_front=[char("a", atk=200), None, None, None])
    g = play(b, [])
    for v in (500, 300):
        g.adjust({"op": "stat_set", "target": "a", "stat": "ATK", "value": v, "duration": "turn"})
    from judge_app.engine.los.cards import stat
    assert stat(g.state.data["players"]["p1"]["front"][0], "ATK") == 300


def test_los_4_a_held_effect_that_ends_the_game_leaves_the_rest_unresolved():
    """9.3 order (the opponent's first), then 4: the game is decided at once and what still waits is not done."""
    g = play(board(phase="main", p1_life=300), [])
    g.adjust({"op": "at_once", "effects": [
        {"player": "p1", "label": "回復", "parts": [{"op": "recover", "target": "p1", "value": 500}]},
        {"player": "p2", "label": "直撃", "parts": [{"op": "damage", "target": "p1", "value": 300}]}]})
    assert g.state.finished and g.state.winner == "p2"
    assert any("待機していた効果（1つ）は解決されない" in e.message for e in g.trace)
    assert g.state.data.get("at_once") is None and g.pending is None


def test_los_9_3_1_a_forced_effect_before_the_same_players_optional_one():
    g = play(board(phase="main"), [])
    opt = {**draw("p2", "任意"), "optional": True}
    g.adjust({"op": "at_once", "effects": [opt, draw("p2", "強制"), draw("p1", "自分")]})
    # p2 (the opponent) first: its forced effect is its one lawful pick, made by the rules; then p1's; then p2's
    # optional one, whose 「〜しても良い」 p2 decides (the whole adjustment waits on that choice)
    assert g.pending.kind == "effect_choice" and g.pending.player == "p2"
    g.answer(g.pending.id, g.pending.options[0].value)
    steps = [e.message for e in g.trace if e.kind == "simultaneous"]
    assert "強制" in steps[1] and "自分" in steps[2] and "任意" in steps[3]


def test_los_9_3_1_the_optional_pick_is_withheld_while_a_forced_one_waits():
    g = play(board(phase="main"), [])
    opt = {**draw("p2", "任意"), "optional": True}
    g.adjust({"op": "at_once", "effects": [opt, draw("p2", "強制A"), draw("p2", "強制B")]})
    assert [o.value for o in g.pending.options] == ["effect:2", "effect:3"]
    assert ("effect:1", "los:9.3.1") in [(w.value, w.rule) for w in g.pending.withheld]


def test_los_9_3_a_trigger_chosen_is_refused_after_the_exchange_has_ended():
    """9.3 「お互いに優先権を放棄した場合に…次の行動に移ります」: the exchange over, its trigger's window is gone."""
    b = board(phase="main", p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "trigger", "target": "p2", "label": "相手の誘発", "forced": False}}, "trigger-1",
                 "pass", "pass"])
    assert not g.state.data.get("priority_used") and any(e.rule == "los:7.2" and e.kind == "priority" for e in g.trace)
    body = {"op": "effect", "player": "p2", "label": "相手の誘発", "parts": [{"op": "draw", "target": "p2", "value": 1}]}
    assert refused(g, body) == "los:9.3"


def test_los_9_3_a_trigger_applied_in_its_window_is_refused_again_after_the_exchange():
    b = board(phase="main", p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "trigger", "target": "p2", "label": "相手の誘発", "forced": False}}, "trigger-1"])
    body = {"op": "effect", "player": "p2", "label": "相手の誘発", "parts": [{"op": "draw", "target": "p2", "value": 1}]}
    g.adjust(body)
    g.answer(None, "pass")
    g.run("decision")
    g.answer(None, "pass")
    g.run("decision")
    assert not g.state.data.get("priority_used")
    assert refused(g, body) == "los:9.3"


def test_los_8_1_2_an_optional_trigger_nobody_chose_is_refused_after_the_exchange():
    b = board(phase="main", p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "trigger", "target": "p2", "label": "任意の誘発", "forced": False}}, "pass", "pass"])
    assert any(e.rule == "los:8.1.2" for e in g.trace)
    body = {"op": "effect", "player": "p2", "label": "任意の誘発", "parts": [{"op": "draw", "target": "p2", "value": 1}]}
    assert refused(g, body) == "los:8.1.2"


def test_los_9_3_spent_triggers_are_kept_for_their_turn_only():
    b = board(phase="main", p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "trigger", "target": "p2", "label": "相手の誘発", "forced": False}}, "trigger-1",
                 "pass", "pass"])
    assert g.state.data["spent_triggers"]
    advance(g, lambda g: g.state.turn == 6)
    assert not g.state.data.get("spent_triggers")
