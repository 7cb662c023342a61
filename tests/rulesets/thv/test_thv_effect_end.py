"""The end of an effect in 東方VISION (issue 37): 11.6.3 (a revealed card is hidden again in its zone and order when
the revealing effect ends), 3.2.5 (a whole deck looked at and not shuffled by the effect is shuffled as it ends)."""
from judge_app.engine import Game, get_ruleset
from judge_app.engine.hidden import seen_by
from tests.rulesets.thv.helpers import board, deck

THV = get_ruleset("thv")


def start(seed=0, n=10):
    b = board(p1={"deck": deck("p1", n)})
    del b["players"]["p1"]["deck_count"]
    return Game(THV, b, seed)


def ids(g, p="p1"):
    return [c["id"] for c in g.state.data["players"][p]["deck"]]


def effect(*parts):
    return {"op": "effect", "player": "p1", "label": "カードの効果", "parts": list(parts)}


def test_thv_11_6_3_a_revealed_card_is_hidden_again_in_its_place_when_the_effect_ends():
    g = start()
    before = ids(g)
    g.adjust(effect({"op": "reveal", "target": "p1", "zone": "deck", "value": 2}))
    end = g.trace[-1]
    assert end.rule == "thv:11.6.3" and "p1-0、p1-1" in end.message and "thv:11.6.1" in end.cites
    assert ids(g) == before and g.state.data.get("revealed") is None


def test_thv_3_2_5_a_whole_deck_looked_at_is_shuffled_as_the_effect_ends_without_put_back():
    shuffled = 0
    for seed in range(4):
        g = start(seed)
        before = ids(g)
        g.adjust(effect({"op": "look", "target": "p1", "zone": "deck"}))
        end = g.trace[-1]
        assert end.rule == "thv:3.2.5" and "thv:11.8.1" in end.cites and sorted(ids(g)) == sorted(before)
        assert seen_by(g.state, before[0]) == [] and g.state.data.get("looking") is None
        shuffled += ids(g) != before
    assert shuffled, "the seed shuffles the deck"


def test_thv_3_2_5_a_a_part_looked_at_is_not_shuffled_as_the_effect_ends():
    g = start()
    before = ids(g)
    g.adjust(effect({"op": "look", "target": "p1", "zone": "deck", "value": 3}))
    assert g.trace[-1].rule == "thv:11.7.1" and ids(g) == before


def test_thv_3_2_5_put_back_shuffles_once():
    g = start(1)
    g.adjust(effect({"op": "look", "target": "p1", "zone": "deck"}, {"op": "put_back", "target": "p1", "zone": "deck"}))
    assert [e.rule for e in g.trace].count("thv:3.2.5") == 1
