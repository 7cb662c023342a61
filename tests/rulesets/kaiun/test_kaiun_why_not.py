"""Issue 26 for 開運: what the rules withhold is named with its clause, and every entry cites each clause its step
turned on (rules_corpus/kaiun.txt, rules_corpus/kaiun-multi.txt)."""
import json

import pytest

from judge_app.engine import Refused
from tests.rulesets.kaiun.boards import card, game, player, run_to_decision


def entries(g, rule):
    return [e for e in g.trace if e.rule == rule]


def multi(players, **top):
    return game(players, game_key="kaiun-multi", parent=top.pop("parent", "p1"), **top)


def dump(g):
    return json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers, g.pending and g.pending.to_json()],
                      sort_keys=True, ensure_ascii=False)


# ---- withheld: 6-3-1 ---------------------------------------------------------------------------------------
def test_kaiun_6_3_1_keep_is_withheld_from_a_player_without_a_face_up_card():
    """6-3-1: バトルエリアに表向きのカードが無いプレイヤーは、手札からカード 1 枚をバトルエリアに裏向きで置きます。
    6-3-2: バトルエリアに表向きのカードがあるプレイヤーは、何もしないか、…を選択し、実行します。"""
    g = run_to_decision(game({"p1": player(hand=[card("h1"), card("h2")]), "p2": player(card("b"), hand=[card("h3")])},
                             phase="set"))
    d = g.pending
    assert d.player == "p1" and d.rule == "kaiun:6-3-1" and [o.value for o in d.options] == ["h1", "h2"]
    (w,) = d.withheld
    assert (w.value, w.label, w.rule) == ("keep", "何もしない", "kaiun:6-3-1") and "表向きのカードが無い" in w.reason
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.answer(None, "keep")
    assert e.value.rule == "kaiun:6-3-1" and e.value.field == "value" and dump(g) == before
    g.answer(None, "h1")
    run_to_decision(g)
    assert g.pending.player == "p2" and g.pending.rule == "kaiun:6-3-2" and g.pending.withheld == ()
    assert g.pending.option("keep") is not None


def test_kaiun_multi_6_3_1_1_and_6_3_1_3_keep_is_withheld_by_the_parent_and_child_clauses():
    """6-3-1-1: 親の、バトルエリアに表向きのカードが無いプレイヤーは、手札からカード 1 枚を…裏向きで置きます。
    6-3-1-3: 子の、バトルエリアに表向きのカードが無いプレイヤーは、手札からカード 1 枚を…裏向きで置きます。"""
    g = run_to_decision(multi({"p1": player(hand=[card("a1")]), "p2": player(hand=[card("b1")]),
                               "p3": player(card("c"), hand=[card("c1")])}, phase="set"))
    assert g.pending.withheld[0].rule == "kaiun-multi:6-3-1-1"
    g.answer(None, "a1")
    run_to_decision(g)
    assert g.pending.player == "p2" and g.pending.withheld[0].rule == "kaiun-multi:6-3-1-3"
    with pytest.raises(Refused) as e:
        g.answer(None, "keep")
    assert e.value.rule == "kaiun-multi:6-3-1-3"


# ---- a finished game -----------------------------------------------------------------------------------------
def test_kaiun_1_2_4_a_concede_ends_the_game_and_a_second_concede_is_refused_by_it():
    """1-2-4: 投了を宣言したプレイヤーは次の処理を待たずゲームから敗北し、ゲームは終了します。"""
    g = run_to_decision(game({"p1": player(hand=[card("h1")]), "p2": player(hand=[card("h2")])}, phase="set"))
    g.adjust({"op": "concede", "target": "p1"})
    assert g.state.winner == "p2" and g.pending is None   # nothing is left to answer
    assert g.trace[-1].cites == ("kaiun:1-2-5",)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "concede", "target": "p2"})
    assert e.value.rule == "kaiun:1-2-4" and e.value.field == "op"


def test_kaiun_1_2_1_an_adjustment_after_a_defeat_is_refused_by_1_2_1():
    """1-2-1: いずれかのプレイヤーが敗北した場合、ゲームが終了します。"""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=5)), "p2": player(card("b", "チョキ"), barrier=0)}))
    assert g.state.winner == "p1"
    with pytest.raises(Refused) as e:
        g.adjust({"op": "draw", "target": "p2"})
    assert e.value.rule == "kaiun:1-2-1"


def test_kaiun_1_2_6_an_adjustment_after_a_card_win_is_refused_by_1_2_6():
    """1-2-6: 何らかのカードの効果により…勝利…次の処理を待たず、その処理中に…勝利または敗北し、ゲームが終了します。"""
    g = game({"p1": player(card("a")), "p2": player(card("b"))})
    g.adjust({"op": "win_game", "target": "p1"})
    with pytest.raises(Refused) as e:
        g.adjust({"op": "unchi", "target": "p2", "value": 1})
    assert e.value.rule == "kaiun:1-2-6"


def test_kaiun_multi_1_2_1_an_adjustment_after_the_last_defeat_is_refused_by_1_2_1():
    """kaiun-multi 1-2-1: 1 人以外のすべてのプレイヤーが敗北した場合、ゲームが終了します。"""
    g = run_to_decision(multi({"p1": player(card("a", "グー", kachi=6)), "p2": player(card("b", "チョキ"), barrier=0),
                               "p3": player(card("c", "チョキ"), barrier=0)}))
    assert g.state.winner == "p1"
    with pytest.raises(Refused) as e:
        g.adjust({"op": "draw", "target": "p2"})
    assert e.value.rule == "kaiun-multi:1-2-1"


# ---- 2: the limit or condition a step met ----------------------------------------------------------------------
def test_kaiun_9_2_1_2_a_refresh_defeat_cites_9_1_2_and_the_condition_1_2_1_1_2():
    """9-2-1-2: …バリアが 0 枚の状況でリフレッシュを行った場合、そのプレイヤーはゲームの敗北条件を満たしています。
    1-2-1-1-2: 自分のバリアが 0 枚の状況でリフレッシュを行う。 9-1-2: ルール処理は…即座に解決を行います。"""
    g = run_to_decision(game({"p1": player(card("a", cost=1), deck=1, trash_count=2, barrier=0, battle_result="win"),
                              "p2": player(card("b"), battle_result="lose")}, phase="cost"))
    (e,) = entries(g, "kaiun:9-2-1-2")
    assert e.cites == ("kaiun:9-1-2", "kaiun:9-2-1", "kaiun:1-2-2", "kaiun:1-2-1-1-2", "kaiun:1-2-2-2")


def test_kaiun_multi_9_2_1_1_cites_the_multiplayer_defeat_condition():
    """kaiun-multi 1-2-1-1-1: 自分のバリアが 0 枚の状況でバトルに敗北する。 (its own 1-2 section)"""
    g = run_to_decision(multi({"p1": player(card("a", "グー", kachi=6)), "p2": player(card("b", "チョキ"), barrier=0),
                               "p3": player(card("c", "チョキ"))}))
    (e,) = entries(g, "kaiun:9-2-1-1")
    assert e.cites[:5] == ("kaiun:9-1-2", "kaiun:9-2-1", "kaiun-multi:1-2-2", "kaiun-multi:1-2-1-1-1",
                           "kaiun-multi:1-2-2-1")


def test_kaiun_6_6_5_cites_6_6_5_1_once_only():
    """6-6-5-1: 「このターンの終了時」と表記される効果は、1 度だけ発動と解決が行えます。"""
    g = run_to_decision(game({"p1": player(card("a"), battle_result="win"), "p2": player(card("b"), battle_result="lose")},
                             phase="cost"))
    (e,) = entries(g, "kaiun:6-6-5")
    assert e.cites == ("kaiun:6-6-5-1",)


def test_kaiun_1_3_4_both_players_place_at_once():
    """6-3-1 ※: お互いのプレイヤーが同時に置きます。 1-3-4: 複数のプレイヤーが同時に…選択を行う…同時にその選択を行います。"""
    g = run_to_decision(game({"p1": player(hand=[card("h1")]), "p2": player(hand=[card("h2")])}, phase="set"))
    g.answer(None, "h1")
    run_to_decision(g)
    g.answer(None, "h2")
    g.step("step")
    g.step("step")
    assert [e.cites for e in entries(g, "kaiun:6-3-1")] == [("kaiun:1-3-4",), ("kaiun:1-3-4",)]


# ---- 3 and 5: a keyword that changes the procedure, and the step it replaces -----------------------------------
def test_kaiun_10_2_3_2_win_this_battle_cites_the_replaced_comparison_7_1_2():
    """10-2-3-2: 「このバトルに勝つ」の効果は、お互いの運値の影響を受けず、効果を発動したカードがこのバトルの結果に勝利します。
    It stands in for 7-1-2 (お互いの運値を比べます): the entry cites the step it replaces."""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=1), win_battle=True),
                              "p2": player(card("b", "パー", kachi=9))}))
    (e,) = entries(g, "kaiun:10-2-3-2")
    assert e.cites == ("kaiun:7-1-2",)
    assert not entries(g, "kaiun:7-1-2-1") and not entries(g, "kaiun:7-1-2-2")


def test_kaiun_10_2_3_3_both_win_this_battle_is_a_draw_citing_10_2_3_2_and_7_1_2():
    """10-2-3-3: お互いに「このバトルに勝つ」効果を発動した場合、そのバトルの結果は引き分けになります。"""
    g = run_to_decision(game({"p1": player(card("a"), win_battle=True), "p2": player(card("b"), win_battle=True)}))
    (e,) = entries(g, "kaiun:10-2-3-3")
    assert e.cites == ("kaiun:10-2-3-2", "kaiun:7-1-2")


def test_kaiun_multi_10_2_3_2_cites_the_multiplayer_comparison_7_3_3():
    """kaiun-multi 7-3-3: お互いの運値を比べます。 — the step 「このバトルに勝つ」 (10-2-3-2, inherited) replaces."""
    g = run_to_decision(multi({"p1": player(card("a", "グー", kachi=7)), "p2": player(card("b", "チョキ"), win_battle=True),
                               "p3": player(card("c", "チョキ"))}))
    assert entries(g, "kaiun:10-2-3-2")[0].cites == ("kaiun-multi:7-3-3",)


# ---- 4: where a compared number comes from -----------------------------------------------------------------------
def test_kaiun_2_3_2_a_changed_unchi_cites_where_it_comes_from():
    """2-3-1: 相手とのジャンケンに勝利した場合の、バトルにおける強さを表す情報です。
    2-3-2: 運値は、効果などにより加減される場合があります。"""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=3), unchi_mod={"kachi": 2, "aiko_make": 0}),
                              "p2": player(card("b", "チョキ", aiko_make=1), unchi_mod={"kachi": 4, "aiko_make": 0})}))
    (win,) = entries(g, "kaiun:7-1-1-1")
    assert win.cites == ("kaiun:2-3-1", "kaiun:2-3-2") and "3+2=5" in win.message
    (lose,) = entries(g, "kaiun:7-1-1-2")
    assert lose.cites == ("kaiun:2-4-1",) and "運値(カチ)の変動 +4 は参照しません" in lose.message


def test_kaiun_1_3_6_a_negative_unchi_counts_as_zero_and_cites_1_3_6():
    """1-3-6: マイナスの数値になる場合は、その情報に数値を加減する場合を除き、0 として扱います。"""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=2), unchi_mod={"kachi": -5, "aiko_make": 0}),
                              "p2": player(card("b", "チョキ", aiko_make=0))}))
    (e,) = entries(g, "kaiun:7-1-1-1")
    assert e.cites == ("kaiun:2-3-1", "kaiun:2-3-2", "kaiun:1-3-6")
    assert entries(g, "kaiun:7-1-2-3")   # 0 against 0: a draw


def test_kaiun_7_1_2_1_cites_the_comparison_and_the_loser_clause():
    """7-1-2: お互いの運値を比べます。 7-1-2-1: 自分の運値が相手の運値よりも高い場合、このバトルに勝利します。"""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=5)), "p2": player(card("b", "チョキ"))}))
    (e,) = entries(g, "kaiun:7-1-2-1")
    assert e.cites == ("kaiun:7-1-2", "kaiun:7-1-2-2")


def test_kaiun_2_5_1_the_cost_paid_cites_where_its_number_comes_from():
    """1-3-7-1: …カードに表記されている数字の分、コストを支払います。 2-5-1: カードがコストフェイズに支払うコストの数値です。
    6-6-1: …コストの枚数分、自分のデッキの上から…"""
    g = run_to_decision(game({"p1": player(card("a", cost=2), battle_result="win"), "p2": player(card("b"), battle_result="lose")},
                             phase="cost"))
    (e,) = entries(g, "kaiun:6-6-1")
    assert e.cites == ("kaiun:1-3-7-1", "kaiun:2-5-1") and "コスト2枚" in e.message
    assert entries(g, "kaiun:6-6-2")[0].cites == ("kaiun:3-6-3",)
