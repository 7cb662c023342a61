"""A judge's card effects held to the thv rules (issue 28): the effect clauses, costs in full, 7.1.12, 「可能な限り」,
keyword limits, immediate 決死, the life check at priority, and the zone moves with their clauses."""
import json

import pytest

from judge_app.engine import AdjustmentError, Game, Refused, get_ruleset
from tests.rulesets.thv.helpers import board, ch, hand

RS = get_ruleset("thv")


def game(b, seed=1):
    return Game(RS, b, seed)


def dump(g):
    return json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True, ensure_ascii=False)


def rules(g):
    return [e.rule for e in g.trace]


def cited(g):
    return {c for e in g.trace for c in e.clauses}


def test_thv_effect_clauses_are_the_rulebooks():
    """7.1.9 順に適用, 1.8.9.e 支払えないコスト, 12.6.1 可能な限り, 7.1.13 複数の対象に同時に, 1.5.1 勝敗の決定。"""
    assert (RS.effect_rule, RS.cost_rule, RS.as_much_as_possible_rule, RS.each_player_rule, RS.game_over_rule) == (
        "thv:7.1.9", "thv:1.8.9.e", "thv:12.6.1", "thv:7.1.13", "thv:1.5.1")


def test_thv_1_11_7_both_short_lose_together_a_draw_and_the_rest_is_not_done():
    """1.11.7: 複数のプレイヤーが同時にドローしデッキの枚数が指示された枚数未満の場合…同時に敗北する。 1.5.4.a: 引き分け。"""
    g = game(board(p1={"deck_count": 1, "life": 6}, p2={"deck_count": 1}))
    g.adjust({"op": "effect", "parts": [{"op": "draw", "target": "both", "value": 2}, {"op": "life", "target": "p1", "value": 5}]})
    assert g.state.winner == "draw" and g.state.get("players.p1.life") == 6
    assert "thv:1.5.4.a" in cited(g) and "thv:1.9.5" not in rules(g)


def test_thv_1_11_5_both_draw_turn_player_first():
    """1.11.5: ターンプレイヤーが最初に手札に加え、ターン進行順で1人ずつ手札に加えていく。"""
    g = game(board(turn_player="p2"))
    g.adjust({"op": "draw", "target": "both", "value": 1})
    assert [e.player for e in g.trace if e.rule == "thv:1.11.2"] == ["p2", "p1"]


def test_thv_1_5_3_a_life_checked_when_priority_follows_not_inside_the_effect():
    """1.5.3.a: ライフポイントが0点以下の状態で、いずれかのプレイヤーが優先権を得た。 1.12.11: 効果…がある間は…優先権を持たない。"""
    g = game(board(p1={"life": 3}, p2={"life": 4}))
    g.adjust({"op": "effect", "parts": [{"op": "damage", "target": "both", "value": 4},
                                        {"op": "life", "target": "p1", "value": 4}]})
    assert g.state.winner == "p1" and g.trace[-1].rule == "thv:1.5.3.a"
    assert "thv:1.5.4.a" not in rules(g)


def test_thv_1_12_11_no_life_check_while_an_interference_resolves():
    """1.12.11: 干渉の解決中…はいずれのプレイヤーも優先権を持たない。 A judge's damage at the graze choice waits."""
    b = board(p1={"field": [ch("a1", graze=1)]}, p2={"life": 2, "deck_count": 5})
    g = game(b)
    for a in ("attack:a1", "pass", "pass"):
        g.run("decision")
        g.answer(g.pending.id, a)
    g.run("decision")
    assert g.pending.kind == "graze"
    g.adjust({"op": "life", "target": "p2", "value": 5})
    assert not g.state.finished


def test_thv_finished_game_refused_by_the_clause_that_ended_it():
    """1.11.7 ended the game: an adjustment after it is refused naming that clause, and nothing changes."""
    g = game(board(p1={"deck_count": 0}))
    g.adjust({"op": "draw", "target": "p1", "value": 1})
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "life", "target": "p1", "value": 1})
    assert e.value.rule == "thv:1.11.7" and dump(g) == before


def test_thv_1_8_9_e_unpayable_cost_refuses_the_effect_and_changes_nothing():
    """1.8.9.e: 求められるコストが支払えないことが明らかである場合、その効果の使用を試みることは出来ない。"""
    g = game(board(p1={"nodes": [{"id": "n1", "name": "n", "state": "active"}]}))
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "cost": [{"op": "pay_cost", "target": "p1", "value": 2}],
                  "parts": [{"op": "damage", "target": "p2", "value": 3}]})
    assert e.value.rule == "thv:1.8.9.e" and dump(g) == before


def test_thv_1_8_9_f_two_kinds_of_cost_one_unpayable_pays_neither():
    """1.8.9.f: 1度に複数の種類のコストを求められる場合、その全てを満足出来ない限り、いずれも支払うことは出来ない。"""
    g = game(board(p1={"field": [ch("c1")], "nodes": [{"id": "n1", "name": "n", "state": "active"}]}))
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "c1", "cost": [{"op": "set_state", "target": "c1", "value": "sleep"},
                                                           {"op": "pay_cost", "target": "p1", "value": 2}],
                  "parts": [{"op": "damage", "target": "p2", "value": 3}]})
    assert e.value.rule == "thv:1.8.9.f" and g.state.get("players.p1.field.0.state") == "active"


def test_thv_1_8_8_a_sleep_icon_on_a_sleeping_card_cannot_be_paid():
    """1.8.8.a: スリープアイコンを含むテキストを所持しているカードをアクティブ状態からスリープ状態にすることで支払う。"""
    g = game(board(p1={"field": [ch("c1", state="sleep")]}))
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "cost": [{"op": "set_state", "target": "c1", "value": "sleep"}],
                  "parts": [{"op": "life", "target": "p1", "value": 1}]})
    assert e.value.rule == "thv:1.8.9.e"


def test_thv_1_8_7_c_pay_cost_sleeps_and_discards_nodes_as_asked():
    """1.8.7.c: a項及びb項の組み合わせにより支払うことが出来る。 1.8.7.b: スリープ状態のノード1枚を破棄することで1コスト。"""
    g = game(board(p1={"nodes": [{"id": "n1", "name": "n", "state": "active"}, {"id": "n2", "name": "n", "state": "sleep"}]}))
    g.adjust({"op": "pay_cost", "target": "p1", "value": 2, "sleep": 1})
    assert [(n["id"], n["state"]) for n in g.state.get("players.p1.nodes")] == [("n1", "sleep")]
    assert g.state.get("players.p1.graveyard.0.id") == "n2" and "thv:1.8.7.c" in rules(g)


def test_thv_7_1_12_a_part_not_applied_stops_the_rest_but_keeps_what_was_done():
    """7.1.12: その部分以降の文章は適用されない。 7.1.12.a: 既に適用された部分が遡って無効になることはない。 1.11.6。"""
    g = game(board(p1={"graveyard": [{"id": "g1", "name": "霊撃", "type": "command", "cost": 1}]}))
    g.adjust({"op": "effect", "parts": [{"op": "life", "target": "p1", "value": 3},
                                        {"op": "add_to_hand", "target": "p1", "from": "graveyard", "value": 2},
                                        {"op": "draw", "target": "p1", "value": 1}]})
    assert g.state.get("players.p1.life") == 28 and g.state.get("players.p1.hand") == []
    assert {"thv:1.11.6", "thv:7.1.12", "thv:7.1.12.a"} <= cited(g) and "thv:1.11.2" not in rules(g)


def test_thv_12_6_1_as_possible_moves_what_there_is_and_goes_on():
    """12.6.1: 可能な限り、とは…プレイヤーの直接の行動のみで行える範囲の中で、ということである。"""
    g = game(board(p1={"deck_count": 1}))
    g.adjust({"op": "effect", "parts": [{"op": "destroy_top", "target": "p1", "value": 3, "as_possible": True},
                                        {"op": "life", "target": "p1", "value": 1}]})
    assert len(g.state.get("players.p1.graveyard")) == 1 and g.state.get("players.p1.life") == 26
    assert "thv:12.6.1" in cited(g)


def test_thv_10_34_2_c_leader_once_per_turn_then_again_next_turn():
    """10.34.2.c: この効果は1ターンに1度しか解決されない。"""
    b = board(p1={"field": [ch("a1", keywords=["リーダー"])], "deck_count": 5})
    g = game(b)
    body = {"op": "effect", "source": "a1", "keyword": "リーダー", "parts": [{"op": "set_from_deck", "target": "a1", "value": 1}]}
    g.adjust(body)
    with pytest.raises(Refused) as e:
        g.adjust(body)
    assert e.value.rule == "thv:10.34.2.c" and len(g.state.get("players.p1.field.0.sets")) == 1
    g.adjust({"op": "end_turn"})
    g.run("decision")
    g.adjust(body)  # 4.9.1.b: the limit was for the turn
    assert len(g.state.get("players.p1.field.0.sets")) == 2


def test_thv_10_21_2_a_once_per_turn_card_resolved_as_played_twice_is_refused():
    """10.21.2.a: プレイしたものとして解決した場合、ターン終了時まで〔あなた〕はこのカードと同名のカードをプレイする事は出来ない。"""
    b = board(p1={"hand": [{"id": "k1", "name": "符", "type": "command", "cost": 0, "keywords": ["ターン1枚制限"]}]})
    g = game(b)
    body = {"op": "effect", "source": "k1", "keyword": "ターン1枚制限", "parts": [{"op": "life", "target": "p1", "value": 1}]}
    g.adjust(body)
    with pytest.raises(Refused) as e:
        g.adjust(body)
    assert e.value.rule == "thv:10.21.2.a"
    g.run("decision")
    assert {w.value: w.rule for w in g.pending.withheld}["play:k1"] == "thv:10.21.2.a"


def test_thv_9_1_3_deathblow_resolves_between_parts():
    """9.1.3: 取り除く効果が適用された場合、その時点で効果の適用を中断し、取り除く効果の解決を処理する。"""
    g = game(board(p1={"field": [ch("k1", tough=2)]}))
    g.adjust({"op": "effect", "parts": [{"op": "damage", "target": "k1", "value": 2},
                                        {"op": "add_to_hand", "target": "p1", "from": "graveyard", "value": 1}]})
    assert g.state.get("players.p1.hand.0.id") == "k1"
    assert rules(g).index("thv:9.2.3.e") < rules(g).index("thv:1.11.1")


def test_thv_9_4_4_l_exile_sends_set_cards_to_the_graveyard_citing_9_4_3():
    """9.4.3: 除外状態になる。 9.4.4.l: 除外状態のカードを…除外エリアに置く。同時に、セットカードを…冥界の上に置く。"""
    d1 = ch("d1", sets=[{"id": "e1", "name": "剣", "type": "spell", "keywords": ["装備"], "state": "active"}])
    g = game(board(p2={"field": [d1]}))
    g.adjust({"op": "exile", "target": "d1"})
    assert g.state.get("players.p2.removed.0.id") == "d1" and g.state.get("players.p2.graveyard.0.id") == "e1"
    assert {"thv:9.4.3", "thv:9.4.4.e"} <= set(g.trace[-1].cites)


def test_thv_11_3_3_h_move_from_field_to_deck_bottom_sets_go_to_graveyard():
    """11.3.3.h: 移す効果を適用されたカードを指示された領域へ移動する…同時に、セットカードを任意の順序で冥界の上に置く。"""
    d1 = ch("d1", sets=[{"id": "e1", "name": "剣", "type": "spell", "keywords": ["装備"], "state": "active"}])
    b = board(p2={"field": [d1], "deck": [{"id": "x1", "name": "x", "type": "command"}]})
    del b["players"]["p2"]["deck_count"]
    g = game(b)
    g.adjust({"op": "move", "target": "d1", "to": "deck", "position": "bottom"})
    assert [c["id"] for c in g.state.get("players.p2.deck")] == ["x1", "d1"]
    assert g.state.get("players.p2.graveyard.0.id") == "e1" and g.trace[-1].rule == "thv:11.3.3.h"


def test_thv_11_3_9_c_put_onto_field_from_graveyard():
    """11.3.8: 場に出す…場以外から場にカードをセットする。 11.3.9.a: キャラクターカードが単体で場に出る場合…キャラクターとして扱われる。"""
    g = game(board(p1={"graveyard": [hand("h1")]}))
    g.adjust({"op": "put_onto_field", "target": "h1", "state": "sleep"})
    assert g.state.get("players.p1.field.0.id") == "h1" and g.state.get("players.p1.field.0.state") == "sleep"
    assert g.trace[-1].rule == "thv:11.3.9.c" and "thv:11.3.9.a" in g.trace[-1].cites


def test_thv_12_2_3_negate_op_destroys_the_played_card():
    """12.2.3: 効果を無効とし、破棄する、という効果が適用された場合、その発生源のカードを破棄する。"""
    cmd = {"id": "k1", "name": "弾幕", "type": "command", "cost": 0, "effect": {"op": "damage", "value": 3, "target": "opponent"}}
    g = game(board(p1={"hand": [cmd]}))
    g.run("decision")
    g.answer(g.pending.id, "play:k1")
    g.run("decision")
    g.adjust({"op": "negate", "target": "k1"})
    g.answer(g.pending.id, "pass")
    g.run("decision")
    g.answer(g.pending.id, "pass")
    g.run("decision")
    assert g.state.get("players.p1.graveyard.0.id") == "k1" and g.state.get("players.p2.life") == 25


def test_thv_bad_part_names_its_field_and_changes_nothing():
    g = game(board())
    before = dump(g)
    with pytest.raises(AdjustmentError) as e:
        g.adjust({"op": "effect", "parts": [{"op": "add_to_hand", "target": "p1", "value": 1}]})
    assert e.value.field == "parts[0].from" and dump(g) == before


def test_thv_effect_replays_byte_for_byte():
    g = game(board(p1={"deck_count": 3}))
    g.adjust({"op": "effect", "parts": [{"op": "draw", "target": "both", "value": 1},
                                        {"op": "damage", "target": "all_characters", "value": 1}]})
    again = Game.replay(RS, g.board, g.seed, g.answers)
    assert dump(again) == dump(g)
