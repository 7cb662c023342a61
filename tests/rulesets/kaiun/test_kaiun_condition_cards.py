"""Issue 37 for 開運: 「〜なら、」 over the cards' own fields (8-3-1-1): a cost, a ジャンケン, a comparison with the
opponent, and a field 開運 cards lack."""
import pytest

from judge_app.engine import AdjustmentError
from tests.rulesets.effect_bodies import when
from tests.rulesets.kaiun.boards import card, game, player


def two():
    return game({"p1": player(card("a", cost=3), hand=[card("h1", janken="パー"), card("h2", janken="パー")], barrier=2),
                 "p2": player(card("b", cost=1), hand=[card("x1", janken="グー")], barrier=4)}, phase="battle")


def test_kaiun_8_3_1_1_a_card_of_cost_2_or_more_in_the_battle_area_holds():
    g = two()
    deck = len(g.state.get("players.p1.deck"))
    g.adjust(when({"player": "p1", "zone": "battle_area", "where": {"field": "cost", "at_least": 2}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "kaiun:8-3-1-1")
    assert "コスト2以上" in entry.message and "満たします（1）" in entry.message and "kaiun:8-3-1" in entry.cites
    assert len(g.state.get("players.p1.deck")) == deck - 1


def test_kaiun_8_3_1_1_the_opponent_has_no_card_of_cost_2_or_more():
    g = two()
    deck = len(g.state.get("players.p1.deck"))
    g.adjust(when({"player": "opponent", "zone": "battle_area", "where": {"field": "cost", "at_least": 2}}))
    assert g.trace[-1].rule == "kaiun:8-3-1-1" and "満たしません（0）" in g.trace[-1].message
    assert len(g.state.get("players.p1.deck")) == deck


def test_kaiun_8_3_1_1_janken_equals_and_fewer_barriers_than_the_opponent():
    g = two()
    deck = len(g.state.get("players.p1.deck"))
    g.adjust(when({"player": "p1", "zone": "hand", "where": {"field": "janken", "equals": "パー"}, "at_least": 2}))
    assert "満たします（2）" in g.trace[-2].message and len(g.state.get("players.p1.deck")) == deck - 1
    g.adjust(when({"player": "p1", "zone": "barrier", "than": "opponent", "compare": "more"}))
    assert "満たしません（p1 2、p2 4）" in g.trace[-1].message and len(g.state.get("players.p1.deck")) == deck - 1


def test_kaiun_8_3_1_1_a_field_kaiun_cards_lack_is_refused_naming_it():
    g = two()
    before = len(g.trace), list(g.answers)
    with pytest.raises(AdjustmentError) as e:
        g.adjust(when({"player": "p1", "zone": "hand", "where": {"field": "power", "at_least": 1}}))
    assert e.value.field == "parts[0].check.where.field" or e.value.field.endswith("check.where.field")
    assert "power" in e.value.message and "unchi_kachi" in e.value.message
    assert (len(g.trace), list(g.answers)) == before


def test_kaiun_multi_8_3_1_1_a_cost_condition_in_the_multiplayer_book():
    g = game({"p1": player(card("a", cost=3)), "p2": player(card("b")), "p3": player(card("c"))},
             game_key="kaiun-multi", phase="battle", parent="p1")
    deck = len(g.state.get("players.p1.deck"))
    g.adjust(when({"player": "p3", "zone": "battle_area", "where": {"field": "cost", "at_most": 0}}))
    assert "満たします（1）" in next(e.message for e in reversed(g.trace) if e.rule == "kaiun:8-3-1-1")
    assert len(g.state.get("players.p1.deck")) == deck - 1


def test_kaiun_2_3_2_the_battle_cards_unchi_is_read_as_changed_and_4_5_2_printed_as_printed():
    g = game({"p1": player(card("a", unchi_kachi=3), unchi_mod={"kachi": 2, "aiko_make": 0}),
              "p2": player(card("b"))}, phase="battle")
    deck = len(g.state.get("players.p1.deck"))
    g.adjust(when({"player": "p1", "zone": "battle_area", "where": {"field": "unchi_kachi", "at_least": 5}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "kaiun:8-3-1-1")
    assert "満たします（1）" in entry.message and "kaiun:2-3-2" in entry.cites
    assert len(g.state.get("players.p1.deck")) == deck - 1
    g.adjust(when({"player": "p1", "zone": "battle_area",
                   "where": {"field": "unchi_kachi", "at_least": 5, "printed": True}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "kaiun:8-3-1-1")
    assert "満たしません（0）" in entry.message and "kaiun:4-5-2" in entry.cites
