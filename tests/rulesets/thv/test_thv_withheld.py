"""What the thv rules withhold at a decision, each with the clause that forbids it (issue 26), and the clauses the
trace entries turn on."""
import pytest

from judge_app.engine import Game, Refused, get_ruleset
from tests.rulesets.thv.helpers import board, ch, hand

RS = get_ruleset("thv")


def at_decision(b, answers=(), seed=1):
    g = Game(RS, b, seed)
    for a in answers:
        g.run("decision")
        g.answer(g.pending.id, a)
    g.run("decision")
    return g


def held(g):
    return {w.value: w.rule for w in g.pending.withheld}


def spell(id, **extra):
    return {"id": id, "name": "霊符", "type": "spell", "cost": 0, "need": 0, **extra}


def test_thv_5_2_2_c_need_above_node_count_is_withheld():
    """5.2.2.c: 自分のノードエリアにあるノードの枚数が、プレイするカードの必要ノード以上である。"""
    g = at_decision(board(p1={"hand": [spell("s1", need=2)], "nodes": [{"id": "n1", "name": "n", "state": "active"}]}))
    assert held(g)["play:s1"] == "thv:5.2.2.c"
    assert "play:s1" not in [o.value for o in g.pending.options]


def test_thv_5_2_2_d_unpayable_cost_is_withheld_and_refused_with_422():
    """5.2.2.d: プレイするカードのコストを支払うことが出来る。 1.8.7.d: 1つのノードから2以上のコストを発生させることは出来ない。"""
    g = at_decision(board(p1={"hand": [spell("s1", cost=2)], "nodes": [{"id": "n1", "name": "n", "state": "active"}]}))
    with pytest.raises(Refused) as e:
        g.answer(g.pending.id, "play:s1")
    assert e.value.rule == "thv:5.2.2.d" and e.value.status == 422 and e.value.field == "value"
    assert g.pending is not None and g.state.get("players.p1.hand.0.id") == "s1"


def test_thv_2_4_3_hyphen_cost_is_withheld_before_anything_else():
    """2.4.3: コストが「-」であるカードはプレイすることが出来ず、解決されない。このルールはカードの効果に優先する。"""
    g = at_decision(board(p1={"hand": [{"id": "k1", "name": "謎", "type": "command", "cost": "-"}]}))
    assert held(g)["play:k1"] == "thv:2.4.3"


def test_thv_5_4_1_a_and_5_5_1_a_non_turn_player_cannot_play_character_or_spell():
    """5.4.1.a / 5.5.1.a: ターンプレイヤーである。 5.6.1.a: コマンドカードは優先権を持っていればよい。"""
    b = board(p2={"hand": [hand("h1"), spell("s1"), {"id": "k1", "name": "札", "type": "command", "cost": 0}]})
    g = at_decision(b, ["pass"])
    assert g.pending.player == "p2"
    assert held(g)["play:h1"] == "thv:5.4.1.a" and held(g)["play:s1"] == "thv:5.5.1.a"
    assert "play:k1" in [o.value for o in g.pending.options]


def test_thv_5_4_1_d_second_character_this_turn_is_withheld():
    """5.4.1.d: このターン中にターンプレイヤーの「奇襲」または「人形」を持たないキャラクターカードのプレイが解決されていない。"""
    g = at_decision(board(p1={"hand": [hand("h1"), hand("h2")]}), ["play:h1", "pass", "pass"])
    assert held(g)["play:h2"] == "thv:5.4.1.d"


def test_thv_1_8_2_b_and_5_5_1_c_no_node_or_spell_during_an_interference():
    """1.8.2.b / 5.5.1.c: 干渉が開始されていない。"""
    g = at_decision(board(p1={"field": [ch("a1")], "hand": [spell("s1")]}), ["attack:a1", "pass"])
    assert held(g)["node:s1"] == "thv:1.8.2.b" and held(g)["play:s1"] == "thv:5.5.1.c"


def test_thv_1_8_2_a_and_6_3_2_b_node_and_attack_only_in_the_main_phase():
    """1.8.2.a / 6.3.2.b: メインフェイズであり、優先権を持っている。 The other player is offered neither (1.8.2, 6.3.2.a)."""
    g = at_decision(board(p1={"hand": [hand("h1")], "field": [ch("a1")]}, phase="draw"))
    assert g.pending.player == "p1"
    assert held(g)["node:h1"] == "thv:1.8.2.a" and held(g)["attack:a1"] == "thv:6.3.2.b"
    g = at_decision(board(p2={"hand": [hand("h2")], "field": [ch("b1")]}), ["pass"])
    assert g.pending.player == "p2" and "node:h2" not in held(g) and "attack:b1" not in held(g)


def test_thv_6_3_3_b_sleeping_character_may_not_attack_and_10_9_2_a_doll():
    """6.3.3.b: アクティブ状態である。 10.9.2.a: 〔このキャラクター〕は攻撃を行うことが出来ない。"""
    g = at_decision(board(p1={"field": [ch("a1", state="sleep"), ch("d1", keywords=["人形"])]}))
    assert held(g) == {**held(g), "attack:a1": "thv:6.3.3.b", "attack:d1": "thv:10.9.2.a"}


def test_thv_6_4_3_b_sleeping_character_may_not_defend():
    """6.4.3.b: 防御を行わせることが出来るキャラクターは…アクティブ状態である。"""
    g = at_decision(board(p1={"field": [ch("a1")]}, p2={"field": [ch("d1", state="sleep"), ch("d2")]}), ["attack:a1"])
    assert held(g)["defend:d1"] == "thv:6.4.3.b"
    assert "defend:d2" in [o.value for o in g.pending.options]


def test_thv_6_4_2_a_defence_only_with_the_priority_the_attack_moved():
    """6.4.2.a: 攻撃の処理により移った優先権を持っている。 Once p2 used it (played a command), no defence."""
    cmd = {"id": "k1", "name": "札", "type": "command", "cost": 0, "effect": {"op": "life", "value": 1}}
    g = at_decision(board(p1={"field": [ch("a1")]}, p2={"field": [ch("d1")], "hand": [cmd]}), ["attack:a1", "play:k1", "pass"])
    assert g.pending.player == "p2" and held(g)["defend:d1"] == "thv:6.4.2.a"


def test_thv_10_3_2_b_ambush_without_haste_may_not_defend_and_10_3_2_a_is_cited_on_play():
    """10.3.2.a: コマンドカードのタイミングでプレイすることが出来る。 10.3.2.b: 「速攻」を持ち…防御させることを選択出来る。"""
    b = board(p1={"field": [ch("a1")]}, p2={"hand": [hand("h1", keywords=["奇襲"])]})
    g = at_decision(b, ["attack:a1"])
    assert held(g)["play_defend:h1"] == "thv:10.3.2.b"
    g.answer(g.pending.id, "play:h1")
    g.run("decision")
    assert "thv:10.3.2.a" in [c for e in g.trace if e.rule == "thv:5.2.3.b" for c in e.cites]


def test_thv_7_3_6_activated_effect_once_per_interference():
    """7.3.6: 1つのカードの持つ1つの起動効果は1度の干渉内で1度しか使用出来ない。"""
    act = {"timing": "常時", "cost": 0, "effect": {"op": "life", "value": 1}}
    g = at_decision(board(p1={"field": [ch("a1", activated=act)]}), ["use:a1", "pass"])
    assert held(g)["use:a1"] == "thv:7.3.6"


def test_thv_8_2_6_a_improper_targets_are_withheld_with_their_clause():
    """8.2.6.a: 〔〕の記述に合致する適切な対象である。 10.13.2.a: 目標の〔あなたの場のキャラクター1枚〕にセットする。"""
    eq = spell("e1", keywords=["装備"], attack_mod=1)
    g = at_decision(board(p1={"field": [ch("a1")], "hand": [eq]}, p2={"field": [ch("d1")]}), ["play:e1"])
    assert g.pending.kind == "target" and held(g) == {"d1": "thv:10.13.2.a"}


def test_thv_10_27_2_a_upkeep_ignore_withheld_without_caster_and_pay_by_1_8_9_e():
    """10.27.2.a: 術者…がいる場合…この効果を無視することが出来る。 1.8.9.e: 支払えないことが明らかである場合…試みることは出来ない。"""
    card = ch("u1", keywords=["維持コスト(2)"])
    g = at_decision(board(p1={"field": [card]}, phase="active"), ["pass", "pass"])
    assert g.pending.kind == "upkeep" and held(g) == {"ignore": "thv:10.27.2.a", "pay": "thv:1.8.9.e"}


def test_thv_10_13_6_equipment_modifier_is_cited_where_the_power_is_compared():
    """10.13.6: 装備カードがセットされているキャラクターは、その装備カードの…戦闘修正…を得る。"""
    a1 = ch("a1", sets=[{"id": "e1", "name": "剣", "type": "spell", "keywords": ["装備"], "attack_mod": 1, "state": "active"}])
    g = at_decision(board(p1={"field": [a1]}, p2={"field": [ch("d1", tough=3)]}), ["attack:a1", "defend:d1", "pass", "pass"])
    timing = [e for e in g.trace if e.rule == "thv:6.2.4.e"][0]
    assert "thv:10.13.6" in timing.cites and g.state.get("players.p2.graveyard.0.id") == "d1"


def test_thv_1_5_3_a_cited_when_life_reaches_zero_during_an_interference():
    """1.5.3.a: ライフポイントが0点以下の状態で、いずれかのプレイヤーが優先権を得た。 1.12.11: 干渉の解決中…優先権を持たない。"""
    dmg = {"id": "k1", "name": "弾幕", "type": "command", "cost": 0, "effect": {"op": "damage", "value": 3, "target": "opponent"}}
    up = {"id": "k2", "name": "お賽銭", "type": "command", "cost": 0, "effect": {"op": "life", "value": 3}}
    g = at_decision(board(p1={"hand": [dmg]}, p2={"life": 2, "hand": [up]}), ["pass", "play:k2", "play:k1", "pass", "pass"])
    hit = [e for e in g.trace if e.rule == "thv:1.10.11.a"][0]
    assert hit.cites[-2:] == ("thv:1.5.3.a", "thv:1.12.11")
    assert any("thv:1.12.8.a" in e.cites for e in g.trace)
    assert not g.state.finished and g.state.get("players.p2.life") == 2


def test_thv_12_2_3_protection_unpaid_negation_cites_the_source_destroyed():
    """10.29.2.a: 支払わない場合、その相手プレイヤーのカードの効果を無効とし、破棄する。 12.2.3: その発生源のカードを破棄する。"""
    cmd = {"id": "k1", "name": "弾幕", "type": "command", "cost": 0,
           "effect": {"op": "damage", "value": 3, "target": "opponent_character"}}
    b = board(p1={"hand": [cmd], "nodes": [{"id": "n1", "name": "n", "state": "active"}]},
              p2={"field": [ch("d1", keywords=["加護(1)"])]})
    g = at_decision(b, ["play:k1", "d1", "no"])
    neg = [e for e in g.trace if e.kind == "negate"][0]
    assert neg.rule == "thv:10.29.2.a" and "thv:12.2.3" in neg.cites and "thv:5.2.5" in neg.cites
