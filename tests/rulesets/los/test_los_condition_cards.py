"""Issue 37 for los: a 「〜なら」 the card's text gives (9.1, 8.1) over the cards' own fields: ATK, 表示, a
comparison of ライフ with the opponent, and a field los cards lack."""
import pytest

from judge_app.engine import AdjustmentError, Game
from tests.rulesets.effect_bodies import deck, when
from tests.rulesets.los.boards import RULESET, board, char


def main(**squares) -> Game:
    g = Game(RULESET, board(phase="main", **squares), 0)
    g.step("decision")
    return g


def front(*cards):
    return [*cards, *[None] * (4 - len(cards))]


def test_los_9_1_a_character_of_atk_1000_or_more_in_front_holds():
    g = main(p1_front=front(char("a", atk=1200), char("b", atk=500)))
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "front", "where": {"field": "atk", "at_least": 1000}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "los:9.1")
    assert "ATK1000以上" in entry.message and "満たします（1）" in entry.message and "los:8.1" in entry.cites
    assert deck(g) == before - 1


def test_los_9_1_two_characters_in_attack_display_fails_with_one():
    g = main(p2_front=front(char("x", display="attack"), char("y", display="defense_right")))
    before = deck(g)
    g.adjust(when({"player": "opponent", "zone": "front", "has": {"field": "display", "value": "attack"},
                   "at_least": 2}))
    assert g.trace[-1].rule == "los:9.1" and "満たしません（1）" in g.trace[-1].message and deck(g) == before


def test_los_9_1_life_fewer_than_the_opponent():
    g = main(p1_life=1000, p2_life=3000)
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "life", "than": "opponent", "compare": "fewer"}))
    assert "p1 1000、p2 3000" in g.trace[-2].message and deck(g) == before - 1


def test_los_9_1_a_field_los_cards_lack_is_refused_naming_it():
    g = main(p1_front=front(char("a")))
    with pytest.raises(AdjustmentError) as e:
        g.adjust(when({"player": "p1", "zone": "front", "where": {"field": "power", "at_least": 1}}))
    assert e.value.field.endswith("check.where.field") and "power" in e.value.message and "atk" in e.value.message


@pytest.mark.parametrize("check, field, named", [
    ({"has": {"field": "display", "value": "defence"}}, "check.has.value", "defense_right"),
    ({"where": {"field": "name", "at_least": 3}}, "check.where.field", "カード名"),
    ({"has": {"field": "display"}}, "check.has.value", "表示"),
])
def test_los_9_1_a_value_the_field_cannot_hold_is_refused_naming_it(check, field, named):
    g = main(p1_front=front(char("a")))
    with pytest.raises(AdjustmentError) as e:
        g.adjust(when({"player": "p1", "zone": "front", **check}))
    assert e.value.field.endswith(field) and named in e.value.message


def test_los_8_7_an_atk_filter_reads_the_changed_atk_and_printed_reads_the_card():
    mod = {"stat": "ATK", "op": "add", "value": 600, "until": "turn"}
    g = main(p1_front=front(char("a", atk=500, mods=[mod])))
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "front", "where": {"field": "atk", "at_least": 1000}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "los:9.1")
    assert "満たします（1）" in entry.message and "los:8.7" in entry.cites and deck(g) == before - 1
    g.adjust(when({"player": "p1", "zone": "front", "where": {"field": "atk", "at_least": 1000, "printed": True}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "los:9.1")
    assert "元々のATK1000以上" in entry.message and "満たしません（0）" in entry.message
