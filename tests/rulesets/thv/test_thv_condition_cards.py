"""Issue 37 for thv: a condition (7.1.12, 7.1.9) over the cards' own fields: 〈種族〉, スリープ状態, 攻撃力, ライフが
相手より少ない場合, and a field thv cards lack."""
import pytest

from judge_app.engine import AdjustmentError, Game, get_ruleset
from tests.rulesets.effect_bodies import deck, when
from tests.rulesets.thv.helpers import board, ch

RS = get_ruleset("thv")


def test_thv_7_1_12_a_youkai_character_on_the_field_holds():
    g = Game(RS, board(p1={"field": [ch("a", race=["妖怪"]), ch("b")]}), 1)
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "field", "has": {"field": "race", "value": "妖怪"}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "thv:7.1.12")
    assert "種族「妖怪」を持つ" in entry.message and "満たします（1）" in entry.message and "thv:7.1.9" in entry.cites
    assert deck(g) == before - 1


def test_thv_7_1_12_two_sleeping_characters_with_attack_3_or_more_fails():
    g = Game(RS, board(p2={"field": [ch("x", atk=3, state="sleep"), ch("y", atk=2, state="sleep"), ch("z", atk=4)]}), 1)
    before = deck(g)
    g.adjust(when({"player": "opponent", "zone": "field", "has": {"field": "state", "value": "sleep"},
                   "where": {"field": "attack", "at_least": 3}, "at_least": 2}))
    assert g.trace[-1].rule == "thv:7.1.12" and "満たしません（1）" in g.trace[-1].message and deck(g) == before


def test_thv_7_1_12_life_fewer_than_the_opponent():
    g = Game(RS, board(p1={"life": 10}), 1)
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "life", "than": "opponent", "compare": "fewer"}))
    assert "p1 10、p2 25" in g.trace[-2].message and deck(g) == before - 1
    g.adjust(when({"player": "opponent", "zone": "life", "than": "p1", "compare": "fewer"}))
    assert "満たしません" in g.trace[-1].message and deck(g) == before - 1


def test_thv_7_1_12_a_field_thv_cards_lack_is_refused_naming_it():
    g = Game(RS, board(p1={"field": [ch("a")]}), 1)
    with pytest.raises(AdjustmentError) as e:
        g.adjust(when({"player": "p1", "zone": "field", "has": {"field": "trait", "value": "妖怪"}}))
    assert e.value.field.endswith("check.has.field") and "trait" in e.value.message and "race" in e.value.message


def test_thv_6_1_10_an_attack_filter_reads_the_attack_after_its_modifications():
    mod = {"layer": "modify", "attack": 2, "toughness": None, "until": "turn"}
    g = Game(RS, board(p1={"field": [ch("a", atk=2, mods=[mod]), ch("b", atk=3)]}), 1)
    before = deck(g)
    g.adjust(when({"player": "p1", "zone": "field", "where": {"field": "attack", "at_least": 4}}))
    entry = next(e for e in reversed(g.trace) if e.rule == "thv:7.1.12")
    assert "満たします（1）" in entry.message and "thv:6.1.10" in entry.cites and deck(g) == before - 1
