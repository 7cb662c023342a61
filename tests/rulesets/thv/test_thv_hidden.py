"""Hidden information and chance in 東方VISION (issue 37): 見る (11.7), 公開する (11.6), シャッフル (11.8), 無作為に選ぶ
(11.9), the deck's order (3.2.4) and its shuffle after a whole look (3.2.5, 3.2.5.a)."""
import pytest

from judge_app.engine import Game, get_ruleset
from judge_app.engine.hidden import seen_by
from judge_app.engine.trace import Refused
from tests.rulesets.thv.helpers import board, deck, hand

THV = get_ruleset("thv")


def start(seed=0, n=8):
    b = board(p1={"deck": deck("p1", n)}, p2={"hand": [hand(f"k{i}") for i in range(4)]})
    del b["players"]["p1"]["deck_count"]
    return Game(THV, b, seed)


def ids(g, p, zone="deck"):
    return [c["id"] for c in g.state.data["players"][p][zone]]


def effect(*parts):
    return {"op": "effect", "player": "p1", "label": "カードの効果", "parts": list(parts)}


def test_thv_3_2_3_nobody_looks_at_a_deck_without_an_effect():
    g = start()
    entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p1", "zone": "deck", "value": 3}}})
    assert entry.kind == "refused" and entry.rule == "thv:3.2.3"


def test_thv_11_7_1_only_the_player_told_sees_and_3_2_5_a_a_part_is_not_shuffled():
    g = start()
    before = ids(g, "p1")
    g.adjust(effect({"op": "look", "target": "p1", "zone": "deck", "value": 3},
                    {"op": "put_back", "target": "p1", "zone": "deck"}))
    assert g.trace[-2].rule == "thv:11.7.1" and g.trace[-1].rule == "thv:11.7.3"
    assert "thv:3.2.5.a" in g.trace[-1].cites and ids(g, "p1") == before
    assert seen_by(g.state, before[0]) == ["p1"] and seen_by(g.state, before[3]) == []


def test_thv_11_7_3_looked_cards_go_back_in_their_order_3_2_4():
    g = start()
    before = ids(g, "p1")
    with pytest.raises(Refused) as e:
        g.adjust(effect({"op": "look", "target": "p1", "zone": "deck", "value": 2},
                        {"op": "put_back", "target": "p1", "zone": "deck", "order": before[:2][::-1]}))
    assert e.value.rule == "thv:11.7.3" and "3.2.4" in e.value.message and ids(g, "p1") == before


def test_thv_3_2_5_a_whole_deck_looked_at_is_shuffled_afterwards():
    shuffled = 0
    for seed in range(4):
        g = start(seed, n=10)
        before = ids(g, "p1")
        g.adjust(effect({"op": "look", "target": "p1", "zone": "deck"},
                        {"op": "put_back", "target": "p1", "zone": "deck"}))
        assert g.trace[-1].rule == "thv:3.2.5" and sorted(ids(g, "p1")) == sorted(before)
        assert seen_by(g.state, before[0]) == [], "after the shuffle nobody knows where a card is"
        shuffled += ids(g, "p1") != before
    assert shuffled


def test_thv_11_8_1_shuffle_is_the_seeds_and_replays_exactly():
    g = start(7, n=12)
    g.adjust({"op": "shuffle", "target": "p1"})
    again = Game.replay(THV, g.board, 7, g.answers)
    assert g.trace[-1].rule == "thv:11.8.1" and ids(again, "p1") == ids(g, "p1")


def test_thv_11_9_1_random_discard_names_no_card():
    g = start(3)
    entry = g.attempt({"try": {"adjust": {"op": "discard_random", "target": "p2", "value": ["k1"]}}})
    assert entry.kind == "refused" and entry.rule == "thv:11.9.1"
    g.adjust({"op": "discard_random", "target": "p2", "value": 2})
    assert g.trace[-1].rule == "thv:11.9.1" and len(ids(g, "p2", "hand")) == 2
    gone = ids(g, "p2", "graveyard")
    assert ids(Game.replay(THV, g.board, 3, g.answers), "p2", "graveyard") == gone
    picks = {tuple(ids(Game.replay(THV, g.board, s, g.answers[-1:]), "p2", "graveyard")) for s in range(8)}
    assert len(picks) > 1


def test_thv_11_6_1_reveal_shows_every_player():
    g = start()
    g.adjust(effect({"op": "reveal", "target": "p1", "zone": "deck", "value": 1}))
    assert g.trace[-2].rule == "thv:11.6.1" and "thv:11.6.3" in g.trace[-2].cites
    assert g.trace[-1].rule == "thv:11.6.3"   # hidden again as the effect ends
    assert seen_by(g.state, ids(g, "p1")[0]) == ["p1", "p2"]


def test_thv_3_2_4_a_deck_card_below_the_top_moves_only_when_the_card_names_it():
    g = start()
    deck = ids(g, "p1")
    entry = g.attempt({"try": {"adjust": {"op": "move", "target": deck[2], "to": "hand"}}})
    assert entry.kind == "refused" and entry.rule == "thv:3.2.4"
    g.adjust({"op": "move", "target": deck[2], "to": "hand", "by_card": True})
    assert deck[2] in ids(g, "p1", "hand") and "thv:1.3.1" in g.trace[-1].cites
    g.adjust({"op": "move", "target": deck[0], "to": "hand"})
    assert deck[0] in ids(g, "p1", "hand")
