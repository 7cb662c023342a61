"""Hidden information and chance in Legend of Stars (issue 37): the deck (3.1) and the hand (3.6) are hidden; the book
has no clause on looking or chance, so a card that says so rests on 9.1 (the effect over the rules); 破壊 is 8.10."""
import pytest

from judge_app.engine import Game
from judge_app.engine.hidden import seen_by
from judge_app.engine.trace import Refused
from tests.rulesets.los.boards import RULESET, board, char


def start(seed=0):
    return Game(RULESET, board(phase="main", p2_hand=[char(f"k{i}") for i in range(4)]), seed)


def effect(*parts):
    return {"op": "effect", "player": "p1", "label": "カードの効果", "parts": list(parts)}


def test_los_3_1_nobody_looks_at_the_deck_without_an_effect():
    g = start()
    entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p2", "zone": "deck", "value": 1}}})
    assert entry.kind == "refused" and entry.rule == "los:3.1"


def test_los_9_1_a_card_looks_and_only_its_player_sees():
    g = start()
    g.adjust(effect({"op": "look", "target": "p2", "zone": "hand"}))
    assert g.trace[-1].rule == "los:9.1" and "los:3.6" in g.trace[-1].cites
    assert all(seen_by(g.state, f"k{i}") == ["p1"] for i in range(4))
    with pytest.raises(Refused):
        g.adjust(effect({"op": "look", "target": "p1", "zone": "deck", "value": 1, "player": "p2"}))


def test_los_3_6_show_a_hand_card_to_one_player():
    g = start()
    g.adjust(effect({"op": "show", "target": "p2", "zone": "hand", "cards": ["k2"], "to": "p1"}))
    assert g.trace[-1].rule == "los:3.6" and seen_by(g.state, "k2") == ["p1", "p2"]


def test_los_8_10_random_destroy_from_hand_is_the_seeds():
    g = start(4)
    entry = g.attempt({"try": {"adjust": {"op": "discard_random", "target": "p2", "value": "k1"}}})
    assert entry.kind == "refused" and entry.rule == "los:9.1"
    g.adjust({"op": "discard_random", "target": "p2", "value": 1})
    trash = [c["id"] for c in g.state.data["players"]["p2"]["trash"]]
    assert g.trace[-1].rule == "los:8.10" and len(trash) == 1
    again = Game.replay(RULESET, g.board, 4, g.answers)
    assert [c["id"] for c in again.state.data["players"]["p2"]["trash"]] == trash
    picks = {Game.replay(RULESET, g.board, s, g.answers[-1:]).state.data["players"]["p2"]["trash"][0]["id"]
             for s in range(8)}
    assert len(picks) > 1


def test_los_6_4_a_face_down_character_is_not_seen_by_the_opponent():
    g = Game(RULESET, board(phase="main", p2_back=[char("f1", face_down=True), None, None, None]), 0)
    entry = g.attempt({"try": {"adjust": {"op": "look", "target": "p2", "zone": "face_down", "cards": ["f1"],
                                          "player": "p1"}}})
    assert entry.kind == "refused" and entry.rule == "los:6.4"
    g.adjust(effect({"op": "look", "target": "p2", "zone": "face_down", "cards": ["f1"]}))
    assert seen_by(g.state, "f1") == ["p1"]
    assert g.state.data["players"]["p2"]["back"][0]["face_down"], "looking does not turn it face up"
