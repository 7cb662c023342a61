"""Hidden information and chance in 開運 (issue 37): 3-7-2 / 3-7-3 (バリア), 3-2-2 (デッキ), 3-3-2 (手札), 11-2 (見る),
11-1 (公開), 4-4-3 (ランダムに捨てる), 1-3-1 (the card's text over the rules)."""
import pytest

from judge_app.engine import Game, get_ruleset
from judge_app.engine.hidden import seen_by
from judge_app.engine.trace import Refused
from tests.rulesets.kaiun.boards import card, game, player


def open_game(seed=0, **p2):
    return game({"p1": player(card("a1"), barrier=3, hand=[card("h1"), card("h2")]),
                 "p2": player(card("b1"), barrier=3, hand=[card("k1"), card("k2"), card("k3")], **p2)},
                phase="open", turn=5, seed=seed)


def effect(*parts, source="a1"):
    return {"op": "effect", "source": source, "label": "カードの効果", "parts": list(parts)}


def barrier_ids(g, p):
    return [c["id"] for c in g.state.data["players"][p]["barrier"]]


def test_kaiun_3_7_2_nobody_looks_at_a_barrier_card():
    g = open_game()
    entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p2", "zone": "barrier", "value": 1, "player": "p1"}}})
    assert entry.kind == "refused" and entry.rule == "kaiun:3-7-2"
    assert seen_by(g.state, "p2-barrier-x3") == []
    g.attempt({"try": {"adjust": {"op": "look", "target": "p1", "zone": "barrier", "value": 1, "player": "p1"}}})
    assert g.trace[-1].rule == "kaiun:3-7-2", "not even the owner looks at a barrier card"


def test_kaiun_11_2_1_only_the_effects_player_sees_the_looked_cards():
    g = open_game()
    g.adjust(effect({"op": "look", "target": "相手:p1", "zone": "barrier", "value": 2}))
    look = g.trace[-1]
    assert look.rule == "kaiun:11-2-1" and "kaiun:3-7-2" in look.cites and "kaiun:1-3-1" in look.cites
    top_two = barrier_ids(g, "p2")[::-1][:2]   # barrier[-1] is the top (右)
    assert all(seen_by(g.state, c) == ["p1"] for c in top_two)
    assert seen_by(g.state, barrier_ids(g, "p2")[0]) == []
    with pytest.raises(Refused) as e:
        g.adjust(effect({"op": "look", "target": "p2", "zone": "deck", "value": 1, "player": "p2"}))
    assert e.value.rule == "kaiun:11-2-1"


def test_kaiun_11_2_3_looked_cards_go_back_in_the_same_order():
    g = open_game()
    before = list(g.state.data["players"]["p2"]["deck"])
    top = [c["id"] for c in before[:3]]
    g.adjust(effect({"op": "look", "target": "p2", "zone": "deck", "value": 3},
                    {"op": "put_back", "target": "p2", "zone": "deck"}))
    assert g.trace[-1].rule == "kaiun:11-2-3" and g.state.data["players"]["p2"]["deck"] == before
    with pytest.raises(Refused) as e:
        g.adjust(effect({"op": "look", "target": "p2", "zone": "deck", "value": 3},
                        {"op": "put_back", "target": "p2", "zone": "deck", "order": top[::-1]}))
    assert e.value.rule == "kaiun:11-2-3"
    assert g.state.data["players"]["p2"]["deck"] == before, "a refused effect changes nothing"


def test_kaiun_1_3_1_a_card_that_says_so_reorders_the_looked_cards():
    g = open_game()
    top = [c["id"] for c in g.state.data["players"]["p1"]["deck"][:3]]
    g.adjust(effect({"op": "look", "target": "p1", "zone": "deck", "value": 3},
                    {"op": "put_back", "target": "p1", "zone": "deck", "order": top[::-1], "by_card": True}))
    assert [c["id"] for c in g.state.data["players"]["p1"]["deck"][:3]] == top[::-1]
    assert "kaiun:1-3-1" in g.trace[-1].cites


def test_kaiun_3_7_3_a_barrier_card_named_below_the_top_is_refused():
    g = open_game()
    bottom = barrier_ids(g, "p2")[0]
    entry = g.attempt({"try": {"adjust": {"op": "move", "target": "p2", "from": "barrier", "to": "trash",
                                          "value": [bottom]}}})
    assert entry.kind == "refused" and entry.rule == "kaiun:3-7-3"
    g.adjust({"op": "move", "target": "p2", "from": "barrier", "to": "trash", "value": [bottom], "by_card": True})
    assert bottom not in barrier_ids(g, "p2") and "kaiun:1-3-1" in g.trace[-1].cites
    top = barrier_ids(g, "p2")[-1]
    g.adjust({"op": "move", "target": "p2", "from": "barrier", "to": "hand", "value": [top]})
    assert g.trace[-1].rule == "kaiun:3-3-1", "the top card itself needs no card text"


def test_kaiun_3_3_2_a_player_looks_at_their_own_hand_freely():
    g = open_game()
    g.adjust({"op": "look", "target": "p1", "zone": "hand", "player": "p1"})
    assert g.trace[-1].rule == "kaiun:11-2-1" and "kaiun:3-3-2" in g.trace[-1].cites
    entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p2", "zone": "hand", "player": "p1"}}})
    assert entry.rule == "kaiun:3-3-3"


def test_kaiun_11_1_2_reveal_shows_every_player():
    g = open_game()
    g.adjust(effect({"op": "reveal", "target": "p1", "zone": "hand", "cards": ["h2"]}))
    assert g.trace[-1].rule == "kaiun:11-1-2" and seen_by(g.state, "h2") == ["p1", "p2"]


def test_kaiun_4_4_3_random_discard_is_the_seeds_and_replays_exactly():
    picks = set()
    for seed in range(6):
        g = open_game(seed=seed)
        g.adjust({"op": "discard_random", "target": "p2", "value": 1})
        trashed = [c["id"] for c in g.state.data["players"]["p2"]["trash"]]
        again = Game.replay(get_ruleset("kaiun"), g.board, seed, g.answers)
        assert [c["id"] for c in again.state.data["players"]["p2"]["trash"]] == trashed
        picks.add(trashed[0])
    assert len(picks) > 1, "the seed, not a fixed rule, picks the card"
    g = open_game()
    entry = g.attempt({"try": {"adjust": {"op": "discard_random", "target": "p2", "value": ["k1"]}}})
    assert entry.kind == "refused" and entry.rule == "kaiun:4-4-3"


def test_kaiun_3_5_2_an_opponents_face_down_card_is_not_checked():
    g = game({"p1": player(card("a1"), face_up=False), "p2": player(card("b1"), face_up=False)}, phase="set", turn=5)
    entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p2", "zone": "battle_area", "cards": ["b1"],
                                          "player": "p1"}}})
    assert entry.kind == "refused" and entry.rule == "kaiun:3-5-2"
    g.adjust({"op": "look", "target": "p1", "zone": "battle_area", "cards": ["a1"], "player": "p1"})
    assert seen_by(g.state, "a1") == ["p1"], "the owner knows the card they set"
    g.adjust(effect({"op": "look", "target": "p2", "zone": "battle_area", "cards": ["b1"]}))
    assert seen_by(g.state, "b1") == ["p1"] and "kaiun:1-3-1" in g.trace[-1].cites


def test_kaiun_3_5_2_a_face_up_battle_area_card_is_public():
    from judge_app.engine.trace import AdjustmentError
    g = open_game()   # face up after the open phase (6-4-1)
    with pytest.raises(AdjustmentError) as e:
        g.adjust(effect({"op": "look", "target": "p2", "zone": "battle_area", "cards": ["b1"]}))
    assert e.value.field.endswith("zone") and "表向き" in e.value.message


def test_kaiun_11_2_3_what_follows_a_look_is_the_same_effects():
    from judge_app.engine.trace import AdjustmentError
    g = open_game()
    g.adjust(effect({"op": "look", "target": "p1", "zone": "deck", "value": 2}))
    with pytest.raises(AdjustmentError) as e:
        g.adjust(effect({"op": "put_back", "target": "p1", "zone": "deck", "position": "bottom", "by_card": True}))
    assert "同じ効果" in e.value.message
