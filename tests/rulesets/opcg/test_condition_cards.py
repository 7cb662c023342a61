"""Issue 37 for opcg: 「〜なら」 over the cards' own fields (8-3-3): 「コスト5以上のキャラがいるなら」, 「パワー6000以上の
リーダーなら」, 「レスト状態のキャラが2枚以上なら」, 「自分のライフが相手より少ない場合」, and a field opcg cards lack."""
import copy

import pytest

from judge_app.engine import AdjustmentError
from tests.rulesets.effect_bodies import deck, when
from tests.rulesets.opcg.helpers import board, char, leader, play


def test_opcg_8_3_3_a_character_of_cost_5_or_more_is_there():
    g = play(board(p1={"characters": [char("a", 5000, cost=5), char("b", 2000, cost=2)]}))
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "characters", "where": {"field": "cost", "at_least": 5}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "opcg:8-3-3")
    assert "コスト5以上" in entry.message and "満たします（1）" in entry.message and "opcg:4-10-1" in entry.cites
    assert deck(g) == before - 1


def test_opcg_8_3_3_no_character_of_cost_5_or_more_skips_the_rest():
    g = play(board(p1={"characters": [char("a", 5000, cost=4)]}))
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "characters", "where": {"field": "cost", "at_least": 5}}))
    assert g.trace[-1].rule == "opcg:8-3-3" and "満たしません（0）" in g.trace[-1].message
    assert deck(g) == before


def test_opcg_8_3_3_a_leader_of_power_6000_or_more():
    g = play(board(p1={"leader": leader("p1", power=5000)}, p2={"leader": leader("p2", power=6000)}))
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "leader", "where": {"field": "power", "at_least": 6000}}))
    assert "パワー6000以上" in g.trace[-1].message and "満たしません" in g.trace[-1].message and deck(g) == before
    g.adjust(when({"player": "opponent", "zone": "leader", "where": {"field": "power", "at_least": 6000}}))
    assert deck(g) == before - 1


def test_opcg_8_3_3_two_rested_characters_with_a_keyword():
    rested = [char("a", 1000, rested=True, keywords=["ブロッカー"]), char("b", 1000, rested=True), char("c", 1000)]
    g = play(board(p2={"characters": rested}))
    before = deck(g)
    g.adjust(when({"player": "opponent", "zone": "characters", "has": {"field": "rested"}, "at_least": 2}))
    assert "レスト" in g.trace[-2].message and "満たします（2）" in g.trace[-2].message and deck(g) == before - 1
    g.adjust(when({"player": "opponent", "zone": "characters", "has": {"field": "keywords", "value": "ブロッカー"},
                   "where": {"field": "cost", "at_most": 3}, "at_least": 2}))
    assert "満たしません（1）" in g.trace[-1].message and deck(g) == before - 1


def test_opcg_8_3_3_life_fewer_than_the_opponent():
    g = play(board(p1={"life_count": 2}, p2={"life_count": 3}))
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "life", "than": "opponent", "compare": "fewer"}))
    assert "p2より少ない" in g.trace[-2].message and "p1 2、p2 3" in g.trace[-2].message and deck(g) == before - 1
    g.adjust(when({"player": "p2", "zone": "life", "than": "p1", "compare": "fewer"}))
    assert "満たしません（p2 3、p1 2）" in g.trace[-1].message and deck(g) == before - 1


@pytest.mark.parametrize("check, field", [
    ({"player": "p1", "zone": "characters", "where": {"field": "attack", "at_least": 5}}, "check.where.field"),
    ({"player": "p1", "zone": "characters", "has": {"field": "race", "value": "麦わらの一味"}}, "check.has.field"),
    ({"player": "p1", "zone": "characters", "has": {"field": "keywords"}}, "check.has.value"),
    ({"player": "p1", "zone": "characters", "where": {"field": "cost"}}, "check.where"),
    ({"player": "p1", "zone": "deck_count", "where": {"field": "cost", "at_least": 1}}, "check.zone"),
    ({"player": "p1", "zone": "life", "than": "opponent"}, "check.compare"),
])
def test_opcg_8_3_3_a_field_opcg_cards_lack_is_refused_naming_it(check, field):
    g = play(board(p1={"characters": [char("a", 1000)]}))
    before = copy.deepcopy(g.state.data), len(g.trace), list(g.answers)
    with pytest.raises(AdjustmentError) as e:
        g.adjust(when(check))
    assert e.value.field.endswith(field), e.value.field
    name = check.get("where", check.get("has", {})).get("field")
    if field.endswith(".field"):
        assert name in e.value.message and "cost" in e.value.message   # the fields it could be are named
    assert (g.state.data, len(g.trace), g.answers) == before


def test_opcg_2_6_3_a_power_filter_reads_the_power_now_and_4_9_2_printed_reads_the_card():
    g = play(board(p1={"characters": [char("a", 4000, cost=3)]}))
    g.adjust({"op": "power", "target": "a", "value": 2000, "duration": "turn"})
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "characters", "where": {"field": "power", "at_least": 6000}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "opcg:8-3-3")
    assert "満たします（1）" in entry.message and "opcg:2-6-3" in entry.cites and deck(g) == before - 1
    g.adjust(when({"player": "p1", "zone": "characters", "where": {"field": "power", "at_least": 6000,
                                                                    "printed": True}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "opcg:8-3-3")
    assert "元々のパワー6000以上" in entry.message and "満たしません（0）" in entry.message
    assert "opcg:4-9-2" in entry.cites and deck(g) == before - 1


def test_opcg_6_5_5_2_attached_don_counts_in_the_power_on_the_owners_turn_only():
    g = play(board(p1={"characters": [char("a", 4000, cost=3, don=1)]}))
    g.adjust(when({"player": "p1", "zone": "characters", "where": {"field": "power", "at_least": 5000}}))
    assert "満たします（1）" in next(e for e in reversed(g.trace) if e.rule == "opcg:8-3-3").message
    g = play(board(p2={"characters": [char("b", 4000, cost=3, don=1)]}))
    g.adjust(when({"player": "p2", "zone": "characters", "where": {"field": "power", "at_least": 5000}}))
    assert "満たしません（0）" in next(e for e in reversed(g.trace) if e.rule == "opcg:8-3-3").message
