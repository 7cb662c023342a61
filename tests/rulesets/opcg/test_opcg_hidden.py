"""Hidden information in ONE PIECE CARD GAME (issue 37): 3-10-2 / 3-10-3 (ライフ, 「ライフを見る」), 3-2-2 (デッキ),
11-3 (見る), 11-2 (公開), 1-3-1 (the card's text over the rules)."""
import pytest

from judge_app.engine import Game
from judge_app.engine.hidden import seen_by
from judge_app.engine.opcg import RULESET
from judge_app.engine.trace import Refused
from tests.rulesets.opcg.helpers import board


def life(g, p):
    return [c["id"] for c in g.state.data["players"][p]["life"]]


def effect(*parts, player="p1"):
    return {"op": "effect", "player": player, "label": "カードの効果", "parts": list(parts)}


def test_opcg_3_10_2_nobody_looks_at_a_life_card():
    g = Game(RULESET, board(), 0)
    entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p1", "zone": "life", "value": 1}}})
    assert entry.kind == "refused" and entry.rule == "opcg:3-10-2"


def test_opcg_3_10_3_look_at_life_and_put_it_back_as_it_was():
    g = Game(RULESET, board(), 0)
    before = life(g, "p1")
    g.adjust(effect({"op": "look", "target": "p1", "zone": "life", "value": 2},
                    {"op": "put_back", "target": "p1", "zone": "life"}))
    look, back = g.trace[-2], g.trace[-1]
    assert look.rule == "opcg:11-3-1" and "opcg:3-10-3" in look.cites
    assert back.rule == "opcg:11-3-3" and life(g, "p1") == before
    assert seen_by(g.state, before[0]) == ["p1"] and seen_by(g.state, before[2]) == []
    with pytest.raises(Refused) as e:
        g.adjust(effect({"op": "look", "target": "p1", "zone": "life", "value": 2},
                        {"op": "put_back", "target": "p1", "zone": "life", "order": before[:2][::-1]}))
    assert e.value.rule == "opcg:11-3-3" and life(g, "p1") == before


def test_opcg_11_3_1_only_the_effects_player_sees():
    g = Game(RULESET, board(), 0)
    with pytest.raises(Refused) as e:
        g.adjust(effect({"op": "look", "target": "p2", "zone": "deck", "value": 1, "player": "p2"}))
    assert e.value.rule == "opcg:11-3-1"
    g.adjust(effect({"op": "look", "target": "p2", "zone": "life", "value": 1}))
    assert seen_by(g.state, life(g, "p2")[0]) == ["p1"]


def test_opcg_1_3_1_a_card_that_says_so_orders_the_deck_top():
    g = Game(RULESET, board(), 0)
    top = [c["id"] for c in g.state.data["players"]["p1"]["deck"][:3]]
    g.adjust(effect({"op": "look", "target": "p1", "zone": "deck", "value": 3},
                    {"op": "put_back", "target": "p1", "zone": "deck", "order": [top[2], top[0], top[1]],
                     "position": "bottom", "by_card": True}))
    deck = [c["id"] for c in g.state.data["players"]["p1"]["deck"]]
    assert deck[-3:] == [top[2], top[0], top[1]] and "opcg:1-3-1" in g.trace[-1].cites


def test_opcg_3_10_2_a_life_card_leaves_from_the_top_unless_the_card_names_it():
    g = Game(RULESET, board(), 0)
    cards = life(g, "p2")
    entry = g.attempt({"try": {"adjust": {"op": "trash", "target": cards[1]}}})
    assert entry.kind == "refused" and entry.rule == "opcg:3-10-2"
    g.adjust({"op": "trash", "target": cards[1], "by_card": True})
    assert life(g, "p2") == [cards[0], cards[2]] and "opcg:1-3-1" in g.trace[-1].cites
    g.adjust({"op": "trash", "target": cards[0]})
    assert life(g, "p2") == [cards[2]]


def test_opcg_11_2_2_reveal_shows_every_player_until_the_effect_ends():
    g = Game(RULESET, board(p1={"hand": [{"id": "h1", "name": "手札", "category": "キャラ", "cost": 1, "power": 1000,
                                         "counter": 0, "colors": ["赤"], "keywords": []}]}), 0)
    g.adjust(effect({"op": "reveal", "target": "p1", "zone": "hand", "cards": ["h1"]}))
    assert g.trace[-1].rule == "opcg:11-2-2" and seen_by(g.state, "h1") == ["p1", "p2"]
