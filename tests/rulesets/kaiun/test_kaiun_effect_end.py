"""The end of an effect in 開運コロシアム (issue 37): 11-1-2 — a card revealed by an effect or by its cost is hidden
again when that effect or cost has resolved."""
from judge_app.engine.hidden import seen_by
from tests.rulesets.kaiun.boards import card, game, player


def open_game():
    return game({"p1": player(card("a1"), barrier=3, hand=[card("h1"), card("h2")]),
                 "p2": player(card("b1"), barrier=3, hand=[card("k1")])}, phase="open", turn=5, seed=0)


def test_kaiun_11_1_2_a_card_revealed_by_the_cost_is_hidden_again_once_the_cost_is_paid():
    g = open_game()
    g.adjust({"op": "effect", "source": "a1", "label": "手札を1枚公開する：カードを1枚引く",
              "cost": [{"op": "reveal", "target": "p1", "zone": "hand", "cards": ["h2"]}],
              "parts": [{"op": "draw", "target": "p1", "value": 1}]})
    rules = [(e.rule, e.kind) for e in g.trace]
    reveal = rules.index(("kaiun:11-1-2", "reveal"))
    assert rules[reveal + 1] == ("kaiun:11-1-2", "reveal") and "コストの支払いが終わった" in g.trace[reveal + 1].message
    assert any(e.kind != "reveal" for e in g.trace[reveal + 2:])   # the draw comes after the card is hidden again
    assert g.state.data.get("revealed") is None and seen_by(g.state, "h2") == ["p1", "p2"]


def test_kaiun_11_1_2_a_card_revealed_by_the_effect_is_hidden_again_when_it_ends():
    g = open_game()
    g.adjust({"op": "effect", "source": "a1", "label": "手札を1枚公開する",
              "parts": [{"op": "reveal", "target": "p1", "zone": "hand", "cards": ["h1"]}]})
    assert g.trace[-1].rule == "kaiun:11-1-2" and "効果の解決が終わった" in g.trace[-1].message
