"""Issue 37 for opcg: optional (8-1-2), up-to (8-4-4-1), conditional (8-3-3) parts, damage by an effect (4-6-2),
discard by count (3-5-1), and an auto effect whose card has left the field (8-1-3-2-3)."""
import pytest

from judge_app.engine import Game, Refused
from tests.rulesets.effect_bodies import refused
from tests.rulesets.opcg.helpers import board, char, play


def at_main(**kw):
    return play(board(**kw))


def hand(n, prefix="h"):
    return [char(f"{prefix}{i}", 1000) for i in range(n)]


DRAW2 = {"op": "draw", "target": "p1", "value": 2}


def test_opcg_8_1_2_optional_effect_is_the_effect_players_decision_and_declining_skips_it():
    g = at_main()
    flow = g.pending
    deck = len(g.state.get("players.p1.deck"))
    assert g.adjust({"op": "effect", "optional": True, "label": "カードを2枚引くことができる", "parts": [DRAW2]}) is None
    assert g.pending.kind == "effect_choice" and g.pending.player == "p1" and g.pending.rule == "opcg:8-1-2"
    g.answer(g.pending.id, False)
    assert g.trace[-1].rule == "opcg:8-1-2" and "使わない" in g.trace[-1].message
    assert len(g.state.get("players.p1.deck")) == deck and g.pending.id == flow.id


def test_opcg_8_1_2_optional_effect_used_resolves_and_replays():
    g = at_main()
    g.adjust({"op": "effect", "optional": True, "parts": [DRAW2]})
    g.answer(g.pending.id, True)
    assert g.trace[-2].rule == "opcg:1-3-8" and "opcg:8-1-2" in g.trace[-2].cites
    again = Game.replay(g.ruleset, g.board, g.seed, [{"step": "decision"}, *g.answers])   # play() ran to d1 unrecorded
    assert [e.to_json() for e in again.trace] == [e.to_json() for e in g.trace]


def test_opcg_8_3_1_3_optional_effect_with_an_unpayable_cost_withholds_using_it():
    g = at_main(p1={"cost_area": {"active": 0, "rested": 5}})
    g.adjust({"op": "effect", "optional": True, "cost": [{"op": "don_rest", "target": "p1", "value": 1}], "parts": [DRAW2]})
    assert [o.value for o in g.pending.options] == [False]
    assert [(w.value, w.rule) for w in g.pending.withheld] == [(True, "opcg:8-3-1-3")]
    with pytest.raises(Refused):
        g.answer(g.pending.id, True)


def test_opcg_8_4_4_1_up_to_allows_zero_and_asks_the_effect_player():
    g = at_main()
    deck = len(g.state.get("players.p1.deck"))
    g.adjust({"op": "effect", "parts": [{"op": "up_to", "max": 2, "part": {"op": "draw", "target": "p1"}}]})
    assert g.pending.rule == "opcg:8-4-4-1" and [o.value for o in g.pending.options] == [0, 1, 2]
    assert g.pending.withheld[0].value == 3
    g.answer(g.pending.id, 0)
    assert len(g.state.get("players.p1.deck")) == deck and "opcg:1-3-5-1" in g.trace[-1].cites


def test_opcg_8_4_4_1_up_to_more_than_the_limit_is_refused():
    g = at_main(p2={"characters": [char("a", 1000), char("b", 1000)]})
    assert refused(g, {"op": "effect", "parts": [{"op": "up_to", "max": 1, "choose": ["a", "b"],
                                                  "part": {"op": "ko"}}]}) == "opcg:8-4-4-1"
    g.adjust({"op": "effect", "parts": [{"op": "up_to", "max": 1, "choose": ["a"], "part": {"op": "ko"}}]})
    assert [c["id"] for c in g.state.get("players.p2.characters")] == ["b"]


def test_opcg_8_3_3_a_condition_not_met_skips_the_rest():
    g = at_main(p2={"hand": hand(2)})
    deck = len(g.state.get("players.p1.deck"))
    g.adjust({"op": "effect", "parts": [{"op": "condition", "check": {"player": "opponent", "zone": "hand", "at_least": 3},
                                         "parts": [DRAW2]}]})
    assert g.trace[-1].rule == "opcg:8-3-3" and "行われません" in g.trace[-1].message
    assert len(g.state.get("players.p1.deck")) == deck
    g.adjust({"op": "effect", "parts": [{"op": "condition", "check": {"player": "p2", "zone": "hand", "at_most": 2},
                                         "parts": [DRAW2]}]})
    assert len(g.state.get("players.p1.deck")) == deck - 2


def test_opcg_4_6_2_damage_by_an_effect_moves_life_to_hand():
    g = at_main(p2={"life_count": 3})
    g.adjust({"op": "effect", "parts": [{"op": "damage", "target": "opponent", "value": 2}]})
    assert len(g.state.get("players.p2.life")) == 1 and g.trace[-1].rule == "opcg:4-6-2"


def test_opcg_1_2_2_1_damage_by_an_effect_at_zero_life_loses():
    g = at_main(p2={"life_count": 0})
    g.adjust({"op": "effect", "parts": [{"op": "damage", "target": "p2", "value": 1}]})
    assert g.state.winner == "p1" and "opcg:1-2-2-1" in g.trace[-2].cites


def test_opcg_4_6_3_a_trigger_in_life_is_the_damaged_players_decision():
    b = board(p2={"life_count": 0, "life": [char("t", 1000, keywords=["トリガー"])]})
    g = play(b)
    g.adjust({"op": "damage", "target": "p2", "value": 1})
    assert g.pending.player == "p2" and g.pending.rule == "opcg:10-1-5-1"
    g.answer(g.pending.id, "activate")
    assert g.pending.rule == "opcg:10-1-5-1" and {o.value for o in g.pending.options} == {"trash", "play"}
    g.answer(g.pending.id, "trash")
    assert [c["id"] for c in g.state.get("players.p2.trash")][-1] == "t"


def test_opcg_3_5_1_discard_by_count_the_hands_player_chooses():
    g = at_main(p2={"hand": hand(3)})
    g.adjust({"op": "effect", "parts": [{"op": "discard", "target": "p2", "value": 1}]})
    assert g.pending.player == "p2" and {o.value for o in g.pending.options} == {"h0", "h1", "h2"}
    g.answer(g.pending.id, "h1")
    assert [c["id"] for c in g.state.get("players.p2.hand")] == ["h0", "h2"]


def test_opcg_8_3_1_3_discard_as_a_cost_short_of_cards_is_refused():
    g = at_main(p1={"hand": hand(1)})
    assert refused(g, {"op": "effect", "cost": [{"op": "discard", "target": "p1", "value": 2}],
                       "parts": [DRAW2]}) == "opcg:8-3-1-3"


def test_opcg_8_1_3_2_3_an_attack_time_effect_of_a_card_no_longer_on_the_field_is_refused():
    g = at_main(p1={"characters": [char("c", 3000)]})
    g.adjust({"op": "ko", "target": "c"})
    assert refused(g, {"op": "effect", "source": "c", "keyword": "相手のアタック時", "parts": [DRAW2]}) == "opcg:8-1-3-2-3"


def test_an_effect_with_a_choice_and_a_bad_later_part_is_refused_when_made_not_when_answered():
    """Bad input whatever is chosen (a card not on the board) is an error of the adjustment: nothing waits."""
    from judge_app.engine import AdjustmentError
    g = at_main(p2={"hand": hand(3)})
    before = len(g.trace), list(g.answers), g.pending.id
    with pytest.raises(AdjustmentError) as e:
        g.adjust({"op": "effect", "parts": [{"op": "discard", "target": "p2", "value": 1}, {"op": "ko", "target": "nope"}]})
    assert e.value.field.endswith("target") and "nope" in e.value.message
    assert (len(g.trace), list(g.answers), g.pending.id) == before


def test_opcg_8_4_4_1_up_to_targets_left_open_are_picked_by_the_effect_player_or_none():
    """「キャラ2枚までを、KOする」: p1 picks from the cards the part can be done to (a leader cannot be KO'd), or stops."""
    g = at_main(p2={"characters": [char("a", 1000), char("b", 1000)]})
    g.adjust({"op": "effect", "parts": [{"op": "up_to", "max": 2, "part": {"op": "ko"}}]})
    assert g.pending.player == "p1" and g.pending.rule == "opcg:8-4-4-1"
    offered = [o.value for o in g.pending.options]
    assert offered[0] == "" and {"a", "b"} <= set(offered) and "p2-L" not in offered
    g.answer(g.pending.id, "b")
    assert "b" not in [o.value for o in g.pending.options]
    g.answer(g.pending.id, "")
    assert [c["id"] for c in g.state.get("players.p2.characters")] == ["a"]


def test_opcg_8_1_2_one_part_declined_the_next_part_is_still_done():
    """「カード1枚を引くことができる。その後、相手のリーダーに1ダメージ」: the draw declined, the damage done."""
    g = at_main(p2={"life_count": 2})
    deck = len(g.state.get("players.p1.deck"))
    g.adjust({"op": "effect", "parts": [{"op": "draw", "target": "p1", "value": 1, "optional": True},
                                        {"op": "damage", "target": "p2", "value": 1}]})
    assert g.pending.player == "p1" and g.pending.rule == "opcg:8-1-2"
    g.answer(g.pending.id, False)
    assert len(g.state.get("players.p1.deck")) == deck and len(g.state.get("players.p2.life")) == 1
    assert [e.rule for e in g.trace[-3:]] == ["opcg:1-3-8", "opcg:8-1-2", "opcg:4-6-2"]


def test_opcg_8_3_1_3_a_cost_part_is_not_optional_by_itself():
    from judge_app.engine import AdjustmentError
    g = at_main()
    with pytest.raises(AdjustmentError) as e:
        g.adjust({"op": "effect", "cost": [{"op": "don_rest", "target": "p1", "value": 1, "optional": True}],
                  "parts": [DRAW2]})
    assert e.value.field == "cost[0].optional"
