"""thv behaviour held against the rulebook's words, clause by clause."""
import json
import random

import pytest

from judge_app.engine import AdjustmentError, AnswerError, Game, Refused, get_ruleset
from judge_app.engine.fuzz import fuzz
from judge_app.engine.thv import keywords as kw
from judge_app.engine.thv.cards import attack_of, battle_power_raw, toughness_of
from judge_app.engine.thv.costs import payable
from tests.rulesets.thv.helpers import board, ch, hand

RS = get_ruleset("thv")


def run(b, answers, seed=1):
    g = Game(RS, b, seed)
    for a in answers:
        if isinstance(a, dict):
            g.adjust(a)
            continue
        g.run("decision")
        assert g.pending is not None, f"no decision for {a!r}"
        g.answer(g.pending.id, a)
    g.run("decision")
    return g


def rules(g):
    return [e.rule for e in g.trace]


def test_thv_6_1_10_layers_apply_in_order_whatever_order_they_came():
    """6.1.10: a 変更, b 入れ替え, c 戦闘修正, d 常に; 6.1.12: 0未満は0として扱うが計算の結果は保持。"""
    c = ch("a", atk=3, tough=3, mods=[{"layer": "modify", "attack": -3, "toughness": 0},
                                        {"layer": "set", "attack": 1, "toughness": None}])
    assert battle_power_raw(c) == (-2, 3) and attack_of(c) == 0
    c["mods"].append({"layer": "modify", "attack": 3, "toughness": 0})
    assert attack_of(c) == 1
    c["mods"].append({"layer": "swap"})
    assert (attack_of(c), toughness_of(c)) == (3 + 0, 1 - 3 + 3)  # swap of (1,3) then ±: (3-3+3, 1+0)


def test_thv_6_1_13_equipment_modifiers_count_in_layer_c():
    c = ch("a", atk=2, tough=2, sets=[{"id": "e", "name": "装備", "type": "spell", "keywords": ["装備"],
                                       "attack_mod": 1, "toughness_mod": -1, "state": "active"},
                                      {"id": "x", "name": "ただのカード", "type": "spell", "attack_mod": 5}])
    assert (attack_of(c), toughness_of(c)) == (3, 1)  # 11.3.11.b: a non-equipment set card gives nothing


def test_thv_1_8_7_d_one_node_one_cost():
    """1.8.7.d: 1度のコストの支払いに対して、1つのノードから2以上のコストを発生させることは出来ない。"""
    g = Game(RS, board(p1={"nodes": [{"id": "n1", "name": "n", "state": "active"}]}), 1).state
    assert payable(g, "p1", 1) and not payable(g, "p1", 2)


def test_thv_1_8_7_c_cost_options_cover_every_combination():
    b = board(p1={"hand": [hand("h", cost=2)],
                  "nodes": [{"id": "n1", "name": "n", "state": "active"}, {"id": "n2", "name": "n", "state": "active"},
                            {"id": "s1", "name": "n", "state": "sleep"}]})
    g = run(b, ["play:h"])
    assert g.pending.rule == "thv:1.8.7.c" and [o.value for o in g.pending.options] == [1, 2]


def test_thv_1_8_2_c_second_node_set_is_refused():
    """1.8.2.c: このターン中にノードセットが解決されていない。"""
    b = board(p1={"hand": [{"id": "h1", "name": "a", "cost": "-"}, {"id": "h2", "name": "b", "cost": "-"}]})
    g = run(b, ["node:h1"])
    with pytest.raises(Refused) as e:
        g.answer(g.pending.id, "node:h2")
    assert e.value.field == "value" and e.value.rule == "thv:1.8.2.c"


def test_thv_1_12_8_a_last_played_resolves_first():
    dmg = {"id": "k2", "name": "弾幕", "type": "command", "cost": 0, "effect": {"op": "damage", "value": 3}}
    up = {"id": "k1", "name": "結界", "type": "command", "cost": 0,
          "effect": {"op": "power", "toughness": 3, "target": "own_character"}}
    g = run(board(p1={"field": [ch("a", tough=2)], "hand": [up]}, p2={"hand": [dmg]}),
            ["play:k1", "a", "play:k2", "a", "pass", "pass"])
    assert g.state.data["players"]["p1"]["graveyard"][0]["id"] == "a"
    assert "thv:8.2.5.a" in rules(g)


def test_thv_1_12_11_nobody_has_priority_while_resolving():
    b = board(p1={"field": [ch("a", atk=1)]})
    g = Game(RS, b, 1)
    for a in ["attack:a", "pass", "pass"]:
        g.run("decision")
        g.answer(g.pending.id, a)
    seen = []
    while g.pending is None and not g.finished:
        g.run("step")
        seen.append((g.trace[-1].rule, g.state.data["priority"]))
    during = [p for r, p in seen if r in ("thv:6.2.4.b", "thv:6.2.4.e", "thv:1.10.11.a", "thv:6.2.4.h")]
    assert during and all(p is None for p in during)
    assert seen[-1] == ("thv:1.12.8.e", "p1")


def test_thv_6_2_5_one_defender_only():
    b = board(p1={"field": [ch("a")]}, p2={"field": [ch("d1"), ch("d2")]})
    g = run(b, ["attack:a", "defend:d1"])
    assert not any(o.value.startswith("defend:") for o in g.pending.options)


def test_thv_6_3_3_b_sleeping_character_cannot_attack():
    g = run(board(p1={"field": [ch("a", state="sleep")]}), [])
    assert [o.value for o in g.pending.options] == ["pass"]


def test_thv_5_4_1_c_no_character_play_during_interference():
    b = board(p1={"field": [ch("a")], "hand": [hand("h")]})
    g = run(b, ["attack:a", "pass"])
    assert g.pending.player == "p1" and "play:h" not in [o.value for o in g.pending.options]


def test_thv_10_3_2_a_ambush_plays_at_command_timing():
    amb = {"id": "h", "name": "奇襲キャラ", "type": "character", "cost": 0, "attack": 1, "toughness": 1, "keywords": ["奇襲"]}
    g = run(board(p1={"field": [ch("a")]}, p2={"hand": [amb]}), ["attack:a"])
    assert "play:h" in [o.value for o in g.pending.options]
    assert "play_defend:h" not in [o.value for o in g.pending.options]  # 10.3.2.b needs 速攻 too


def test_thv_4_6_1_a_draw_and_4_6_3_first_turn_skip():
    g = run(board(phase="draw", turn=1, turn_player="p2", starting_player="p2"), [])
    assert "thv:4.6.3" in rules(g) and len(g.state.data["players"]["p2"]["hand"]) == 0
    g = run(board(phase="draw"), [])
    assert "thv:4.6.1.a" in rules(g) and len(g.state.data["players"]["p1"]["hand"]) == 1


def test_thv_4_3_1_a_effect_damage_reset_at_turn_start():
    g = run(board(phase="turn_start", p1={"field": [ch("a", tough=5, damage=3)]}), [])
    assert g.state.data["players"]["p1"]["field"][0]["damage"] == 0 and g.trace[0].rule == "thv:4.3.1.a"


def test_thv_4_10_2_end_phase_then_next_phase():
    g = run(board(), [{"op": "end_phase"}])
    assert g.state.phase == "discard"


def test_thv_4_10_5_skip_phase():
    g = run(board(phase="maintenance"), [{"op": "skip_phase", "target": "draw"}, "pass", "pass"])
    assert "thv:4.10.5" in rules(g) and g.state.phase == "main"


def test_thv_4_10_3_extra_phase_then_back():
    g = run(board(), [{"op": "extra_phase", "target": "main"}, "pass", "pass"])
    assert "thv:4.10.3.a" in rules(g) and g.state.phase == "main"
    g.answer(g.pending.id, "pass")
    g.run("decision")
    g.answer(g.pending.id, "pass")
    g.run("decision")
    assert "thv:4.10.3.b" in rules(g) and g.state.phase == "discard"


def test_thv_adjustment_while_priority_open_rechecks_the_choice():
    """An attacker destroyed by the judge while p2 holds priority: 6.3.6.b; the open choice (1.12.1) is worked out
    again, so the defence it offered is gone (no attack to defend against), and the game goes on."""
    g = run(board(p1={"field": [ch("a")]}, p2={"field": [ch("d")]}), ["attack:a"])
    assert "defend:d" in [o.value for o in g.pending.options]
    g.adjust({"op": "destroy", "target": "a"})
    assert g.state.data["battle"] is None and g.pending.rule == "thv:1.12.1"
    assert "defend:d" not in [o.value for o in g.pending.options]
    with pytest.raises(AnswerError):
        g.answer(g.pending.id, "defend:d")
    g.answer(g.pending.id, "pass")
    g.run("decision")
    assert "thv:1.12.4" in rules(g) and not g.finished and g.pending.rule == "thv:1.12.1"


def test_thv_adjustment_errors_name_the_field_and_change_nothing():
    g = run(board(p1={"field": [ch("a")]}), [])
    before = json.dumps(g.state.data, sort_keys=True, default=str)
    for body, field in [({"op": "power", "target": "zz", "attack": 1}, "target"),
                        ({"op": "power", "target": "a"}, "attack"),
                        ({"op": "power", "target": "a", "attack": 1, "duration": "battle"}, "duration"),
                        ({"op": "damage", "target": "a"}, "value"),
                        ({"op": "cancel_attack"}, "op"),
                        ({"op": "teleport"}, "op")]:
        with pytest.raises(AdjustmentError) as e:
            g.adjust(body)
        assert e.value.field == field, body
    with pytest.raises(Refused) as e:  # 11.5.3: 既にアクティブ状態のカードをアクティブ状態にすること…はできず
        g.adjust({"op": "set_state", "target": "a", "value": "active"})
    assert e.value.field == "value" and e.value.rule == "thv:11.5.3"
    assert json.dumps(g.state.data, sort_keys=True, default=str) == before


def test_thv_each_adjustment_logs_one_entry():
    g = run(board(p1={"field": [ch("a", tough=5)]}), [])
    for body in [{"op": "power", "target": "a", "attack": 2}, {"op": "damage", "target": "a", "value": 1},
                 {"op": "life", "target": "p2", "value": -3}, {"op": "draw", "target": "p1", "value": 1},
                 {"op": "add_node", "target": "p1", "value": 1}, {"op": "set_state", "target": "a", "value": "sleep"},
                 {"op": "skip_phase", "target": "draw"}]:
        n = len(g.trace)
        g.adjust(body)
        assert len(g.trace) == n + 1


def test_thv_9_2_2_c_kill_adjustment_resolves_at_next_check():
    g = run(board(p2={"field": [ch("d")]}), [{"op": "kill", "target": "d"}, "pass"])
    assert g.state.data["players"]["p2"]["graveyard"][0]["id"] == "d"
    assert rules(g).index("thv:9.2.2.c") < rules(g).index("thv:9.2.3.e")


def test_thv_1_5_3_e_and_1_5_4_b_infinite_loop():
    g = run(board(), [{"op": "infinite_loop", "target": "p2"}])
    assert g.state.winner == "p1"
    g = run(board(), [{"op": "infinite_loop"}])
    assert g.state.winner == "draw"


def test_thv_keywords_parse_full_and_half_width():
    assert kw.parse("抵抗（2）") == ("抵抗", "2") and kw.parse("耐性(妖怪)") == ("耐性", "妖怪")
    assert kw.check("維持コスト(x)") and kw.check("速攻(1)") and kw.check("速攻") is None


def test_thv_replay_is_byte_for_byte():
    b = RS.new_game_board(random.Random(4))
    g = Game(RS, b, 4)
    from judge_app.engine.policies import SeededRandom
    pol = SeededRandom(2)
    for _ in range(60):
        g.step("decision")
        if g.finished:
            break
        g.answer(g.pending.id, pol(g.pending))
    h = Game.replay(RS, b, 4, g.answers)
    assert json.dumps([e.to_json() for e in g.trace]) == json.dumps([e.to_json() for e in h.trace])


def test_thv_fuzz_share_small():
    res = fuzz(RS, 8, seed=99)
    assert res["crashes"] == 0 and res["violations"] == 0 and res["finished"] == 8, res["examples"]


def test_thv_4_8_1_a_discard_choice_survives_an_adjustment_meanwhile():
    cards = [{"id": f"h{i}", "name": f"c{i}", "type": "command", "cost": "-"} for i in range(9)]
    g = run(board(phase="discard", p1={"hand": cards}), [])
    assert g.pending.rule == "thv:4.8.1.a"
    g.adjust({"op": "destroy", "target": "h0"})
    g.answer(g.pending.id, "h0")  # gone already: the rules ask again
    g.run("decision")
    assert g.pending.rule == "thv:4.8.1.a"
    g.answer(g.pending.id, "h1")
    g.run("decision")
    assert len(g.state.data["players"]["p1"]["hand"]) == 7 and g.pending.rule == "thv:1.12.1"


def test_thv_1_5_2_a_and_1_5_3_c_win_and_lose_effects():
    assert run(board(), [{"op": "win", "target": "p2"}]).state.winner == "p2"
    g = run(board(), [{"op": "lose", "target": "p2"}])
    assert g.state.winner == "p1" and g.trace[-1].rule == "thv:1.5.3.c"


def test_thv_10_13_5_two_equipment_keep_one():
    """10.13.5: 2枚以上になった時点で1枚になるようにそのカードが置かれた領域のプレイヤーが選んで冥界に置く。"""
    eq = [{"id": f"e{i}", "name": f"装備{i}", "type": "spell", "keywords": ["装備"], "attack_mod": i} for i in (1, 2)]
    g = run(board(p2={"field": [ch("d", sets=eq)]}), [])
    assert g.pending.rule == "thv:10.13.5" and g.pending.player == "p2"
    g.answer(g.pending.id, "e2")
    g.run("decision")
    field = g.state.data["players"]["p2"]["field"][0]
    assert [s["id"] for s in field["sets"]] == ["e2"] and g.state.data["players"]["p2"]["graveyard"][0]["id"] == "e1"


def test_thv_10_15_4_two_ground_equipment_keep_one():
    grounds = [{"id": f"f{i}", "name": f"館{i}", "type": "spell", "keywords": ["装備/場"], "state": "active"} for i in (1, 2)]
    g = run(board(p1={"field": grounds}), ["f1"])
    assert [c["id"] for c in g.state.data["players"]["p1"]["field"]] == ["f1"] and "thv:10.15.4" in rules(g)
