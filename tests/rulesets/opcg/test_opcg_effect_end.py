"""The end of an effect in ONE PIECE CARD GAME (issue 37): a card an effect revealed is hidden again once the effect
has resolved (11-2-2), unless it was put somewhere else meanwhile."""
from judge_app.engine import Game
from judge_app.engine.hidden import seen_by
from judge_app.engine.opcg import RULESET
from tests.rulesets.opcg.helpers import board, char


def effect(*parts):
    return {"op": "effect", "player": "p1", "label": "カードの効果", "parts": list(parts)}


def test_opcg_11_2_2_a_revealed_card_is_hidden_again_when_the_effect_has_resolved():
    g = Game(RULESET, board(p1={"hand": [char("h1", 1000), char("h2", 2000)]}), 0)
    g.adjust(effect({"op": "reveal", "target": "p1", "zone": "hand", "cards": ["h1"]},
                    {"op": "draw", "target": "p1", "value": 1}))
    kinds = [(e.rule, e.kind) for e in g.trace[-3:]]
    assert kinds[0] == ("opcg:11-2-2", "reveal") and kinds[-1] == ("opcg:11-2-2", "reveal")
    assert "h1" in g.trace[-1].message and "再び非公開" in g.trace[-1].message
    assert g.state.data.get("revealed") is None and seen_by(g.state, "h1") == ["p1", "p2"]


def test_opcg_11_2_2_a_revealed_card_put_elsewhere_stays_as_its_new_zone_has_it():
    g = Game(RULESET, board(p1={"hand": [char("h1", 1000)]}), 0)
    g.adjust(effect({"op": "reveal", "target": "p1", "zone": "hand", "cards": ["h1"]},
                    {"op": "trash", "target": "h1"}))
    end = g.trace[-1]
    assert end.rule == "opcg:11-2-2" and "ほかの領域に移ったカード（h1）" in end.message


def test_opcg_11_2_2_a_reveal_outside_an_effect_keeps_no_state():
    g = Game(RULESET, board(p1={"hand": [char("h1", 1000)]}), 0)
    g.adjust({"op": "reveal", "target": "p1", "zone": "hand", "cards": ["h1"]})
    assert g.state.data.get("revealed") is None and g.trace[-1].kind == "reveal"
