"""Issue 38 for 開運: both players' 【開運時】 are one process (10-1-1-3, 8-5-1) — every cost and choice settled before
either effect's parts, each part once, rule processing after both; and in kaiun-multi the record the limit check
counts is the one the trace reports (a timing step the judge applied nothing at marks nothing used)."""
import json

import pytest

from judge_app.engine import Refused, get_ruleset
from tests.rulesets.kaiun.boards import card, game, player

MULTI = get_ruleset("kaiun-multi")


def at_kaiun_timing(players, **top):
    g = game(players, phase="open", **top)
    while not g.trace or g.trace[-1].rule != "kaiun:6-4-2":
        g.step("step")
    return g


def kaiun(p, src, parts, cost=None):
    return {"player": p, "source": src, "keyword": "開運時", "parts": parts, **({"cost": cost} if cost else {})}


def dump(g):
    return json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True, ensure_ascii=False)


def test_kaiun_10_1_1_3_both_kaiun_effects_are_one_process_costs_first_each_part_once():
    g = at_kaiun_timing({"p1": player(card("a", kachi=3), face_up=False, hand=[card("h1")]),
                         "p2": player(card("b", kachi=4), face_up=False, hand=[card("h2")])})
    start = len(g.trace)
    g.adjust({"op": "at_once", "effects": [
        kaiun("p1", "a", [{"op": "unchi", "target": "p2", "value": -1, "which": "kachi"}],
              cost=[{"op": "discard", "target": "p1", "value": "h1"}]),
        kaiun("p2", "b", [{"op": "unchi", "target": "p1", "value": -1, "which": "kachi"}],
              cost=[{"op": "discard", "target": "p2", "value": "h2"}])]})
    new = g.trace[start:]
    assert new[0].rule == "kaiun:10-1-1-3" and "kaiun:8-5-1" in new[0].cites
    kinds = [e.rule for e in new[1:-1]]
    assert kinds == ["kaiun:4-4-2", "kaiun:4-4-2", "kaiun:2-3-2", "kaiun:2-3-2"]   # both costs, then both parts
    mods = {p: g.state.data["players"][p]["unchi_mod"]["kachi"] for p in ("p1", "p2")}
    assert mods == {"p1": -1, "p2": -1}   # each −1 once, no knock-on
    assert g.pending is None and g.state.data.get("at_once") is None
    assert g.state.data["players"]["p1"]["keywords_used"] == ["開運時"] == g.state.data["players"]["p2"]["keywords_used"]


def test_kaiun_10_1_1_3_a_cost_one_side_cannot_pay_refuses_the_whole_moment():
    """8-3-2-1 with 10-1-1-3: the process is one; a cost short leaves nothing done, neither effect resolves alone."""
    g = at_kaiun_timing({"p1": player(card("a"), face_up=False, hand=[card("h1")]),
                         "p2": player(card("b"), face_up=False, hand=[])})
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "at_once", "effects": [
            kaiun("p1", "a", [{"op": "draw", "target": "p1"}], cost=[{"op": "discard", "target": "p1", "value": "h1"}]),
            kaiun("p2", "b", [{"op": "draw", "target": "p2"}], cost=[{"op": "discard", "target": "p2", "value": 1}])]})
    assert e.value.rule.startswith("kaiun:8-3-2") and dump(g) == before


def test_kaiun_10_1_1_2_two_kaiun_effects_of_one_player_at_once_are_refused():
    g = at_kaiun_timing({"p1": player(card("a"), face_up=False), "p2": player(card("b"), face_up=False)})
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "at_once", "effects": [kaiun("p1", "a", [{"op": "draw", "target": "p1"}]),
                                               kaiun("p1", "a", [{"op": "draw", "target": "p1"}])]})
    assert e.value.rule == "kaiun:10-1-1-2" and dump(g) == before


def _multi_battle_two(applied: bool):
    g = game({"p1": player(card("a", "チョキ", kachi=2, aiko_make=1)), "p2": player(card("b", "パー", kachi=5, aiko_make=4)),
              "p3": player(card("c", "パー", kachi=5, aiko_make=4))}, game_key="kaiun-multi", parent="p1",
             options={"kaiun_timing": "once_per_turn"})
    g.step("step")
    g.step("step")
    if applied:
        g.adjust({"op": "effect", "source": "a", "keyword": "開運時", "parts": [{"op": "draw", "target": "p1"}]})
    while not (g.trace[-1].kind == "timing" and "p3" in g.trace[-1].message and "開運時" in g.trace[-1].message):
        g.step("step")
    return g


def test_kaiun_multi_10_1_1_2_timing_step_marks_nothing_used_the_judge_did_not_apply():
    g = _multi_battle_two(applied=False)
    assert g.trace[-1].rule == "kaiun-multi:7-3-1" and "既に発動" not in g.trace[-1].message
    assert g.state.data["players"]["p1"]["kaiun_used"] is False
    g.adjust({"op": "effect", "source": "a", "keyword": "開運時", "parts": [{"op": "draw", "target": "p1"}]})
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "a", "keyword": "開運時", "parts": [{"op": "draw", "target": "p1"}]})
    assert e.value.rule == "kaiun:10-1-1-2"


def test_kaiun_multi_10_1_1_2_trace_says_not_activating_and_the_limit_agrees():
    g = _multi_battle_two(applied=True)
    assert g.trace[-1].rule == "kaiun:10-1-1-2" and "既に発動しています" in g.trace[-1].message
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "a", "keyword": "開運時", "parts": [{"op": "draw", "target": "p1"}]})
    assert e.value.rule == "kaiun:10-1-1-2"


def test_kaiun_10_1_1_3_each_player_chooses_before_either_effect_is_done():
    """10-1-1-3 「相手の【開運時】効果の結果を確認してから、それを選ぶことはできません」: both 「たなら、」 choices are asked
    before any cost or part; the state is untouched until both are answered."""
    g = at_kaiun_timing({"p1": player(card("a"), face_up=False, hand=[card("h1")]),
                         "p2": player(card("b"), face_up=False, hand=[card("h2")])})
    before = json.dumps(g.state.data, sort_keys=True, ensure_ascii=False)
    g.adjust({"op": "at_once", "effects": [
        {**kaiun("p1", "a", [{"op": "draw", "target": "p1"}], cost=[{"op": "discard", "target": "p1", "value": "h1"}]),
         "optional": True},
        {**kaiun("p2", "b", [{"op": "draw", "target": "p2"}], cost=[{"op": "discard", "target": "p2", "value": "h2"}]),
         "optional": True}]})
    assert g.pending.kind == "effect_choice" and g.pending.player == "p1"
    assert json.dumps(g.state.data, sort_keys=True, ensure_ascii=False) == before
    g.answer(g.pending.id, g.pending.options[0].value)   # p1 uses it
    assert g.pending.kind == "effect_choice" and g.pending.player == "p2"
    assert json.dumps(g.state.data, sort_keys=True, ensure_ascii=False) == before   # p2 has not seen p1's result
    g.answer(g.pending.id, next(o.value for o in g.pending.options if o.label == "使わない"))
    hands = {p: [c["id"] for c in g.state.data["players"][p]["hand"]] for p in ("p1", "p2")}
    assert "h1" not in hands["p1"] and hands["p2"] == ["h2"]
    assert g.state.data["players"]["p1"]["keywords_used"] == ["開運時"]


def test_kaiun_multi_10_1_1_3_the_parent_and_child_kaiun_effects_are_one_process():
    """kaiun-multi 7-3-1 with the inherited 10-1-1-3: the 親's and the 子's 【開運時】 in one battle, one process."""
    g = game({"p1": player(card("a", "チョキ", kachi=2, aiko_make=1)), "p2": player(card("b", "パー", kachi=5, aiko_make=4)),
              "p3": player(card("c", "パー", kachi=5, aiko_make=4))}, game_key="kaiun-multi", parent="p1")
    g.step("step")
    g.step("step")
    assert g.trace[-1].rule == "kaiun-multi:7-3-1"
    g.adjust({"op": "at_once", "effects": [kaiun("p1", "a", [{"op": "unchi", "target": "p2", "value": -1, "which": "kachi"}]),
                                           kaiun("p2", "b", [{"op": "unchi", "target": "p1", "value": -1, "which": "kachi"}])]})
    held = [e for e in g.trace if e.kind == "simultaneous"]
    assert held[0].rule == "kaiun:10-1-1-3" and g.state.data.get("at_once") is None
    assert {p: g.state.data["players"][p]["unchi_mod"]["kachi"] for p in ("p1", "p2")} == {"p1": -1, "p2": -1}
    with pytest.raises(Refused) as e:   # the 子's 【開運時】 was used: its limit counts the one record
        g.adjust({"op": "effect", "source": "b", "keyword": "開運時", "parts": [{"op": "draw", "target": "p2"}]})
    assert e.value.rule == "kaiun:10-1-1-2"
