"""The invariant check sees the state as it is now, including changes made in place (no identity cache)."""
import random

from judge_app.engine import Game, get_ruleset
from judge_app.engine.policies import SeededRandom

RS = get_ruleset("thv")


def _game_with_cards_on_the_field() -> Game:
    g = Game(RS, RS.new_game_board(random.Random(7)), 7)
    policy = SeededRandom(7)
    while not any(g.state.data["players"][p]["field"] for p in ("p1", "p2")):
        g.run("step", policy)
    assert RS.invariants(g.state) == []
    return g


def test_thv_invariants_see_a_card_duplicated_in_place():
    g = _game_with_cards_on_the_field()
    deck = g.state.data["players"]["p1"]["deck"]
    deck.append(dict(deck[0]))          # the same list object, one card more
    assert any("同じカードが2か所" in m for m in RS.invariants(g.state))


def test_thv_invariants_see_a_field_cards_state_changed_in_place():
    g = _game_with_cards_on_the_field()
    player = next(p for p in ("p1", "p2") if g.state.data["players"][p]["field"])
    g.state.data["players"][player]["field"][0]["state"] = "sideways"
    assert any("縦横の状態がない" in m for m in RS.invariants(g.state))
