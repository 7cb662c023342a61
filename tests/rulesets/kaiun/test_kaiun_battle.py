"""7 カードのバトル, held against the rulebook's words (rules_corpus/kaiun.txt)."""
from judge_app.engine.kaiun.ruleset import BEATS
from tests.rulesets.kaiun.boards import card, game, messages, player, rules, run_to_decision


def test_kaiun_2_2_3_janken_order():
    """2-2-3: 《グー》>《チョキ》>《パー》>《グー》"""
    assert BEATS == {"グー": "チョキ", "チョキ": "パー", "パー": "グー"}


def test_kaiun_7_1_1_1_janken_winner_refers_kachi_and_loser_aiko_make():
    """7-1-1-1: ジャンケンに勝利したカードは運値(カチ)を参照します。
    7-1-1-2: ジャンケンに敗北またはあいこになったカードは運値(アイコ・マケ)を参照します。"""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=3, aiko_make=9)),
                              "p2": player(card("b", "チョキ", kachi=9, aiko_make=2))}))
    assert "kaiun:7-1-1-1" in rules(g) and "kaiun:7-1-1-2" in rules(g)
    assert "運値 3 対 2: p1 がこのバトルに勝利し" in messages(g)


def test_kaiun_7_1_2_3_equal_unchi_is_a_draw_and_6_6_3_trashes_both():
    """7-1-2-3: 自分の運値と相手の運値が同じ場合、このバトルは引き分けになります。
    6-6-3: バトルに敗北または引き分けになったカードはトラッシュに移動します。"""
    g = run_to_decision(game({"p1": player(card("a", "パー", aiko_make=4)), "p2": player(card("b", "パー", aiko_make=4))}))
    assert "kaiun:7-1-2-3" in rules(g)
    assert "kaiun:7-1-3" not in rules(g) and "kaiun:7-1-5-4" not in rules(g)  # ※引き分けの場合は発動できません
    assert [c["id"] for c in g.state.data["players"]["p1"]["trash"]] == ["a"]
    assert [c["id"] for c in g.state.data["players"]["p2"]["trash"]] == ["b"]


def test_kaiun_7_1_5_4_loser_takes_the_top_right_barrier_to_hand():
    """7-1-5-4: 敗北したプレイヤーのバリアが1枚以上ある場合、自分のバリアの上(右)から1枚を手札に加えます。"""
    barrier = [card("low"), card("mid"), card("top")]
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=5)),
                              "p2": player(card("b", "チョキ", aiko_make=1), barrier=None) | {"barrier": barrier}}))
    p2 = g.state.data["players"]["p2"]
    assert [c["id"] for c in p2["barrier"]] == ["low", "mid"]
    assert p2["hand"][0]["id"] == "top"


def test_kaiun_7_1_5_2_zero_barrier_loser_loses_the_game():
    """7-1-5-2: このバトルで敗北したプレイヤーのバリアが0枚の場合、そのプレイヤーは、このゲームに敗北します。"""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=5)), "p2": player(card("b", "チョキ"), barrier=0)}))
    assert g.state.winner == "p1" and g.finished
    assert rules(g)[-3:] == ["kaiun:7-1-5-2", "kaiun:9-2-1-1", "kaiun:1-2-1"]


def test_kaiun_10_2_3_2_win_this_battle_ignores_unchi():
    """10-2-3-2: 「このバトルに勝つ」の効果は、お互いの運値の影響を受けず、効果を発動したカードがこのバトルの結果に勝利します。"""
    g = game({"p1": player(card("a", "グー", kachi=9, aiko_make=9)), "p2": player(card("b", "チョキ", kachi=0, aiko_make=0))})
    g.adjust({"op": "win_battle", "target": "p2"})
    run_to_decision(g)
    assert "kaiun:10-2-3-2" in rules(g)
    assert g.state.data["players"]["p1"]["hand"][0]["id"] == "p1-barrier-x3"
    assert g.state.data["players"]["p2"]["win_battle"] is False  # this battle only


def test_kaiun_10_2_3_3_both_win_this_battle_is_a_draw():
    """10-2-3-3: お互いに「このバトルに勝つ」効果を発動した場合、そのバトルの結果は引き分けになります。"""
    g = game({"p1": player(card("a", "グー", kachi=9)), "p2": player(card("b", "チョキ", aiko_make=0))})
    g.adjust({"op": "win_battle", "target": "p1"})
    g.adjust({"op": "win_battle", "target": "p2"})
    run_to_decision(g)
    assert "kaiun:10-2-3-3" in rules(g) and "kaiun:7-1-5-4" not in rules(g)


def test_kaiun_1_3_6_negative_unchi_counts_as_zero():
    """1-3-6: マイナスの数値になる場合は、その情報に数値を加減する場合を除き、0 として扱います。"""
    g = game({"p1": player(card("a", "グー", kachi=3)), "p2": player(card("b", "チョキ", aiko_make=0))})
    g.adjust({"op": "unchi", "target": "p1", "value": -7})
    run_to_decision(g)
    assert "運値(カチ) 3-7=0" in messages(g)
    assert "kaiun:7-1-2-3" in rules(g)


def test_kaiun_6_6_4_unchi_changes_reset_in_the_cost_phase():
    """6-6-4: 効果による運値の変動をリセットします。"""
    g = game({"p1": player(card("a")), "p2": player(card("b"))})
    g.adjust({"op": "unchi", "target": "p1", "value": 2, "which": "kachi"})
    assert g.state.data["players"]["p1"]["unchi_mod"] == {"kachi": 2, "aiko_make": 0}
    run_to_decision(g)
    assert g.state.data["players"]["p1"]["unchi_mod"] == {"kachi": 0, "aiko_make": 0}
    assert "kaiun:6-6-4" in rules(g)
