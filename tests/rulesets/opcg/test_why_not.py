"""Issue 26 for opcg: what the rules withhold is named with its clause at each decision, answering it is refused
with that clause and changes nothing, and every entry cites each clause its step turned on."""
import json

import pytest

from judge_app.engine import Refused
from judge_app.engine.citations import prose_only
from tests.rulesets.opcg.helpers import board, char, event, leader, options, play


def withheld(g):
    return {w.value: w.rule for w in g.pending.withheld}


def refused(g, value):
    before = json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True)
    with pytest.raises(Refused) as e:
        g.answer(g.pending.id, value)
    assert json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True) == before
    return e.value.rule


def entry(g, rule):
    return next(e for e in g.trace if e.rule == rule)


# ---- the main phase (6-5-2) ------------------------------------------------------------------

@pytest.mark.parametrize("turn", [1, 2])
def test_opcg_6_5_6_1_no_battle_on_either_players_first_turn(turn):
    """6-5-6-1 「お互いの1ターン目はバトルを行うことができません」: the attack is withheld, not silently absent."""
    tp = "p1" if turn == 1 else "p2"
    g = play(board(turn=turn, tp=tp, **{tp: {"characters": [char(f"{tp}-c", 3000)]}}))
    assert withheld(g)[f"attack:{tp}-L"] == "opcg:6-5-6-1" and withheld(g)[f"attack:{tp}-c"] == "opcg:6-5-6-1"
    assert refused(g, f"attack:{tp}-L") == "opcg:6-5-6-1"
    assert f"don:{tp}-L" in options(g)


@pytest.mark.parametrize("category,rule", [("キャラ", "opcg:2-7-2"), ("ステージ", "opcg:2-7-4")])
def test_opcg_2_7_2_and_2_7_4_a_cost_above_the_active_don_is_withheld(category, rule):
    """2-7-2 / 2-7-4 「コストエリアにあるアクティブのドン!!カードを…コストと同じ枚数選び、レストにし」: with 3 active
    DON!! a cost of 5 cannot be paid; the cost-2 card can."""
    big = {**char("big", 6000, cost=5), "category": category}
    g = play(board(p1={"hand": [big, char("small", 2000, cost=2)], "cost_area": {"active": 3, "rested": 2}}))
    assert withheld(g)["play:big"] == rule and "play:small" in options(g)
    assert refused(g, "play:big") == rule
    w = next(w for w in g.pending.withheld if w.value == "play:big")
    assert w.label.startswith("キャラbig(big)を登場させる") and "3枚" in w.reason


def test_opcg_2_7_3_a_main_event_above_the_active_don_is_withheld():
    """2-7-3 「アクティブのドン!!カードを発動させたカードのコストと同じ枚数選び、レストにし」"""
    g = play(board(p1={"hand": [event("ev", 4, ["メイン"])], "cost_area": {"active": 2, "rested": 0}}))
    assert withheld(g) == {"play:ev": "opcg:2-7-3"}


def test_opcg_10_2_4_1_a_counter_event_is_not_played_in_the_main_phase():
    """10-2-4-1 「【カウンター】とは、イベントカードのみが持ち、相手のカウンター・ステップにのみプレイすることができ」"""
    g = play(board(p1={"hand": [event("ev", 1, ["カウンター"])]}))
    assert refused(g, "play:ev") == "opcg:10-2-4-1"
    assert g.state.get("players.p1.cost_area") == {"active": 5, "rested": 0}


def test_opcg_6_5_3_1_only_main_events_are_played_in_the_main_phase():
    """6-5-3-1 「…「【メイン】と表記されているイベントカードの発動」これらを…行うことができます」"""
    g = play(board(p1={"hand": [event("ev", 0, ["トリガー"])]}))
    assert withheld(g) == {"play:ev": "opcg:6-5-3-1"}


def test_opcg_6_5_5_1_no_active_don_to_attach():
    """6-5-5-1 「コストエリアにあるアクティブのドン!!カード1枚を…重ねます」: with none active, attaching is withheld."""
    g = play(board(p1={"characters": [char("c", 3000)], "cost_area": {"active": 0, "rested": 5}}))
    assert withheld(g) == {"don:p1-L": "opcg:6-5-5-1", "don:c": "opcg:6-5-5-1"}
    assert refused(g, "don:c") == "opcg:6-5-5-1"


def test_opcg_7_1_1_1_a_rested_card_cannot_declare_an_attack():
    """7-1-1-1 「アタックさせたいアクティブの自分のリーダーカードかキャラクターカード1枚をレストにすることで」"""
    g = play(board(p1={"characters": [char("c", 3000)]}), "attack:c", "p2-L")
    assert g.pending.rule == "opcg:6-5-2" and withheld(g)["attack:c"] == "opcg:7-1-1-1"
    assert refused(g, "attack:c") == "opcg:7-1-1-1"


def test_opcg_3_7_4_a_character_played_this_turn_cannot_attack():
    """3-7-4 「登場したキャラクターカードは、特に指定がない限り、その登場したターン中、アタックすることができません」"""
    g = play(board(p1={"hand": [char("new", 3000, cost=1)]}), "play:new")
    assert withheld(g)["attack:new"] == "opcg:3-7-4"


def test_opcg_10_1_1_1_rush_granted_while_the_decision_waits_lets_it_attack_and_is_cited():
    """10-1-1-1 「【速攻】とは、キャラクターカードが登場したターン中でもアタックすることができる」: granted by an
    adjustment while the main phase decision waits, the decision offers the attack, and the declaration cites
    3-7-4 (the limit it sets aside) and 10-1-1-1."""
    g = play(board(p1={"hand": [char("new", 3000, cost=1)]}), "play:new")
    d = g.pending.id
    g.adjust({"op": "keyword_add", "target": "new", "keyword": "速攻", "duration": "turn"})
    assert g.pending.id == d and "attack:new" in options(g) and "attack:new" not in withheld(g)
    g.answer(d, "attack:new")
    g.run("decision")
    assert entry(g, "opcg:7-1-1-1").cites == ("opcg:7-1", "opcg:3-7-4", "opcg:10-1-1-1")


def test_opcg_7_1_1_1_a_card_made_active_while_the_decision_waits_may_attack():
    """7-1-1-1 asks for an active card: a judge's 「アクティブにする」 at the decision makes the attack available."""
    g = play(board(p1={"characters": [char("c", 3000, rested=True)]}))
    assert withheld(g)["attack:c"] == "opcg:7-1-1-1"
    g.adjust({"op": "active", "target": "c"})
    assert "attack:c" in options(g)


# ---- the battle (7) ---------------------------------------------------------------------------

def test_opcg_7_1_1_2_an_active_character_is_not_a_target():
    """7-1-1-2 「対象にできるのは、相手のリーダーカードか、キャラクターエリアにあるレストの相手のキャラクターカード」"""
    b = board(p2={"characters": [char("up", 3000), char("down", 4000, rested=True)]})
    g = play(b, "attack:p1-L")
    assert options(g) == ["p2-L", "down"] and withheld(g) == {"up": "opcg:7-1-1-2"}
    assert refused(g, "up") == "opcg:7-1-1-2"


def test_opcg_10_1_4_1_who_may_not_block_and_why():
    """10-1-4-1 「このカード以外の自分のカードがアタックされたときに…アクティブのこのカードをレストにすることで発動できる」"""
    b = board(p2={"characters": [char("ok", 1000, keywords=["ブロッカー"]),
                                 char("tired", 1000, keywords=["ブロッカー"], rested=True),
                                 char("plain", 1000),
                                 char("hit", 1000, keywords=["ブロッカー"], rested=True)]})
    g = play(b, "attack:p1-L", "hit")
    assert g.pending.rule == "opcg:7-1-2-1" and options(g) == ["none", "ok"]
    assert withheld(g) == {"p2-L": "opcg:10-1-4-1", "tired": "opcg:10-1-4-1", "plain": "opcg:10-1-4-1",
                           "hit": "opcg:10-1-4-1"}
    assert refused(g, "tired") == "opcg:10-1-4-1"


def test_opcg_7_1_3_2_what_the_counter_step_withholds():
    """7-1-3-2-1 a character 「「(アイコン)カウンター」を持つ」; 7-1-3-2-2 an event 「【カウンター】を持つ…コストを支払い」;
    10-2-3-1 a 【メイン】 event 「バトル以外のメインフェイズにのみプレイすることができ」."""
    b = board(p2={"hand": [char("c0", 1000, counter=0), char("c1", 1000), event("main", 0, ["メイン"]),
                           event("dear", 3, ["カウンター"])], "cost_area": {"active": 2, "rested": 0}})
    g = play(b, "attack:p1-L", "p2-L")
    assert g.pending.rule == "opcg:7-1-3-2"
    assert options(g) == ["end", "counter:c1@p2-L"]
    assert withheld(g) == {"counter:c0@p2-L": "opcg:7-1-3-2-1", "event:main": "opcg:10-2-3-1", "event:dear": "opcg:2-7-3"}
    assert refused(g, "event:main") == "opcg:10-2-3-1"


def test_opcg_7_1_4_1_the_compared_powers_cite_where_they_come_from():
    """7-1-4-1 compares the powers: a blocker made the attacked card (10-1-4-1), a counter raised it (7-1-3-2-1),
    attached DON!! raised the attacker on its own turn (6-5-5-2)."""
    b = board(p1={"characters": [char("a", 5000, don=1)]},
              p2={"characters": [char("bl", 4000, keywords=["ブロッカー"])], "hand": [char("h", 1000, counter=2000)]})
    g = play(b, "attack:a", "p2-L", "bl", "counter:h@bl", "end")
    e = entry(g, "opcg:7-1-4-1")
    assert e.cites == ("opcg:10-1-4-1", "opcg:6-5-5-2", "opcg:7-1-3-2-1") and not prose_only(e)
    assert "パワー6000が" in e.message and "付与ドン!!1枚+1000" in e.message and "カウンター+2000" in e.message


def test_opcg_6_5_5_2_defending_dons_are_not_counted_and_the_clause_is_cited():
    """6-5-5-2 「自分のターン中、付与されているドン!!カード1枚につき、パワーが1000上昇します」: on the opponent's
    turn the defending leader's DON!! do not count, and the comparison cites the clause that says so."""
    g = play(board(p1={"characters": [char("a", 6000)]}, p2={"leader": leader("p2", don=2)}), "attack:a", "p2-L")
    e = entry(g, "opcg:7-1-4-1")
    assert "opcg:6-5-5-2" in e.cites and "数えない" in e.message


def test_opcg_10_1_3_1_banish_cites_the_step_it_replaces():
    """10-1-3-1 「相手のライフが手札に加わる代わりにトラッシュに置かれる」 replaces 7-1-4-1-1-2."""
    b = board(p1={"characters": [char("a", 6000, keywords=["バニッシュ"])]})
    g = play(b, "attack:a", "p2-L")
    e = entry(g, "opcg:10-1-3-1")
    assert e.cites == ("opcg:7-1-4-1-1-2", "opcg:4-6-3-1") and not prose_only(e)


def test_opcg_9_2_1_2_a_defeat_cites_the_condition_and_9_1_2():
    """9-2-1-2 「デッキのカードが0枚の場合…敗北条件を満たしています」, processed at once (9-1-2), the condition of
    1-2-2-2 / 1-2-1-1-2 (the loss comes at the next rule processing, 1-2-2), and 1-2-1 for who wins."""
    g = play(board(p2={"deck_count": 1}), {"step": "decision"},
             {"adjust": {"op": "draw", "target": "p2", "value": 1}})
    e = g.trace[-1]
    assert e.rule == "opcg:9-2-1-2" and e.cites == ("opcg:9-1-1", "opcg:9-1-2", "opcg:9-2-1", "opcg:1-2-2", "opcg:1-2-2-2",
                                                   "opcg:1-2-1-1", "opcg:1-2-1-1-2", "opcg:1-2-1")
    assert g.state.winner == "p1"
