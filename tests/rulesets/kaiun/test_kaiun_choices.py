"""Issue 37 for 開運 and 開運 多人数: 「たなら、」 declined (8-3-2-1), 「~までを」 with zero (8-4-1-5-2, 1-3-5-1),
「なら、」 not met (8-3-1-1), 「手札N枚を捨てる」 chosen by the hand's player (4-4-2), a keyword effect of a card no
longer in the battle area (2-6-2), and 「相手」 of a 子 (11-4-2)."""
import pytest

from judge_app.engine import Game, Refused
from tests.rulesets.effect_bodies import DRAW
from tests.rulesets.kaiun.boards import card, game, player


def effect(parts, cost=None, **given):
    return {"op": "effect", "parts": parts, **({"cost": cost} if cost else {}), **given}


def two(**p1):
    return game({"p1": player(card("a"), hand=[card("h1"), card("h2"), card("h3")], **p1),
                 "p2": player(card("b"), hand=[card("x1")])}, phase="battle")


def test_kaiun_8_3_2_1_an_optional_cost_declined_means_the_rest_is_not_done():
    g = two()
    deck = len(g.state.get("players.p1.deck"))
    g.adjust(effect([DRAW], cost=[{"op": "discard", "target": "p1", "value": ["h1"]}], optional=True, player="p1",
                    label="手札1枚を捨てたなら、カードを1枚引く"))
    assert g.pending.player == "p1" and g.pending.rule == "kaiun:8-3-2-1"
    g.answer(g.pending.id, False)
    assert g.trace[-1].rule == "kaiun:8-3-2-1" and len(g.state.get("players.p1.deck")) == deck
    assert len(g.state.get("players.p1.hand")) == 3


def test_kaiun_8_3_2_1_an_optional_cost_that_cannot_be_paid_withholds_using_it():
    g = two(barrier=1)
    g.adjust(effect([DRAW], cost=[{"op": "barrier_to_trash", "target": "p1", "value": 2}], optional=True, player="p1"))
    assert [(w.value, w.rule) for w in g.pending.withheld] == [(True, "kaiun:8-3-2-1")]
    entry = g.attempt({"try": True, "decision": g.pending.id})
    assert entry.kind == "refused" and entry.rule == "kaiun:8-3-2-1"


def test_kaiun_8_4_1_5_2_up_to_zero_is_a_choice():
    g = two()
    g.adjust(effect([{"op": "up_to", "max": 2, "part": {"op": "draw", "target": "p1"}}], player="p1"))
    assert g.pending.rule == "kaiun:8-4-1-5-2" and g.pending.player == "p1"
    deck = len(g.state.get("players.p1.deck"))
    g.answer(g.pending.id, 0)
    assert len(g.state.get("players.p1.deck")) == deck and "kaiun:1-3-5-1" in g.trace[-1].cites


def test_kaiun_8_3_1_1_a_condition_not_met_resolves_nothing_after_it():
    g = two()
    g.adjust(effect([{"op": "condition", "check": {"player": "p2", "zone": "hand", "at_least": 2}, "parts": [DRAW]},
                     {"op": "draw", "target": "p2", "value": 1}], player="p1"))
    assert [e.rule for e in g.trace[-3:]] == ["kaiun:2-6-3", "kaiun:8-3-1-1", "kaiun:4-3-2"]
    assert "kaiun:8-3-1" in g.trace[-2].cites


def test_kaiun_4_4_2_discard_by_count_is_the_hand_s_player_s_choice():
    g = two()
    g.adjust(effect([{"op": "discard", "target": "p1", "value": 2}], player="p2"))
    assert g.pending.player == "p1" and g.pending.rule == "kaiun:4-4-2"
    g.answer(g.pending.id, "h3")
    assert g.pending.player == "p1" and "h3" not in [o.value for o in g.pending.options]
    g.answer(g.pending.id, "h1")
    assert [c["id"] for c in g.state.get("players.p1.hand")] == ["h2"]
    again = Game.replay(g.ruleset, g.board, g.seed, g.answers)
    assert [e.to_json() for e in again.trace] == [e.to_json() for e in g.trace]


def test_kaiun_2_6_2_a_turn_end_effect_of_a_card_in_the_trash_is_refused():
    g = game({"p1": player(None, trash=[card("a")]), "p2": player(card("b"), battle_result="win")}, phase="cost")
    with pytest.raises(Refused) as e:
        g.adjust(effect([DRAW], source="a", player="p1", keyword="このターンの終了時"))
    assert e.value.rule == "kaiun:2-6-2"


def test_kaiun_multi_11_4_2_opponent_of_a_child_is_the_parent_in_a_condition():
    g = game({"p1": player(card("a"), hand=[card("h1")]), "p2": player(card("b")), "p3": player(card("c"))},
             game_key="kaiun-multi", parent="p1")
    g.adjust(effect([{"op": "condition", "check": {"player": "opponent", "zone": "hand", "at_least": 1},
                      "parts": [{"op": "draw", "target": "p2", "value": 1}]}], player="p2"))
    assert g.trace[-2].rule == "kaiun:8-3-1-1" and "p1" in g.trace[-2].message


def test_kaiun_multi_8_4_1_5_2_discard_by_every_opponent_each_chooses_their_own():
    g = game({"p1": player(card("a")), "p2": player(card("b"), hand=[card("h1"), card("h2")]),
              "p3": player(card("c"), hand=[card("k1"), card("k2")])}, game_key="kaiun-multi", parent="p1")
    g.adjust(effect([{"op": "discard", "target": "相手:p1", "value": 1}], player="p1"))
    assert g.pending.player == "p2"
    g.answer(g.pending.id, "h2")
    assert g.pending.player == "p3"
    g.answer(g.pending.id, "k1")
    assert [c["id"] for c in g.state.get("players.p2.hand")] == ["h1"]
    assert [c["id"] for c in g.state.get("players.p3.hand")] == ["k2"]
