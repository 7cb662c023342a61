"""The thv board schema and check_board: bad boards are refused with errors that name the field."""
import pytest

from judge_app.engine import BoardError, Game, get_ruleset
from tests.rulesets.thv.helpers import board, ch, deck, hand

RS = get_ruleset("thv")


def refused(b):
    with pytest.raises(BoardError) as e:
        Game(RS, b, 1)
    return e.value


def test_thv_schema_published_and_names_players():
    assert RS.board_schema["properties"]["players"]["required"] == ["p1", "p2"]


def test_thv_duplicate_card_id_names_the_second_place():
    e = refused(board(p1={"field": [ch("x")]}, p2={"hand": [hand("x")]}))
    assert e.field == "board.players.p2.hand[0].id" and "重複" in e.message


def test_thv_unknown_keyword_is_refused_with_its_index():
    e = refused(board(p1={"field": [ch("a", keywords=["先制", "先生"])]}))
    assert e.field == "board.players.p1.field[0].keywords[1]"


def test_thv_keyword_needing_x_without_it():
    e = refused(board(p1={"field": [ch("a", keywords=["抵抗"])]}))
    assert "値が必要" in e.message


def test_thv_schema_error_names_the_path():
    e = refused(board(p1={"field": [ch("a", state="tapped")]}))
    assert e.field == "board.players.p1.field[0].state"


def test_thv_1_2_2_a_fresh_deck_must_be_50():
    e = refused({"players": {"p1": {"deck": deck("p1", 49)}, "p2": {"deck": deck("p2")}}})
    assert e.field == "board.players.p1.deck" and "1.2.2.a" in e.message


def test_thv_1_2_2_b_four_of_a_name_refused():
    d = deck("p1")
    for c in d[:4]:
        c["name"] = "博麗霊夢"
    e = refused({"players": {"p1": {"deck": d}, "p2": {"deck": deck("p2")}}})
    assert e.field == "board.players.p1.deck[3]" and "1.2.2.b" in e.message


def test_thv_1_2_5_a_sideboard_of_ten():
    e = refused({"players": {"p1": {"deck": deck("p1"), "sideboard": deck("s", 9)}, "p2": {"deck": deck("p2")}}})
    assert e.field == "board.players.p1.sideboard"


def test_thv_1_2_5_b_sideboard_counts_with_deck():
    d = deck("p1")
    for c in d[:3]:
        c["name"] = "霧雨魔理沙"
    side = deck("s", 10)
    side[0]["name"] = "霧雨魔理沙"
    e = refused({"players": {"p1": {"deck": d, "sideboard": side}, "p2": {"deck": deck("p2")}}})
    assert e.field == "board.players.p1.sideboard[0]" and "1.2.5.b" in e.message


def test_thv_10_24_deck_one_copy_limit():
    d = deck("p1")
    for c in d[:2]:
        c.update(name="神宝", no="X-1", keywords=["デッキ1枚制限"])
    e = refused({"players": {"p1": {"deck": d}, "p2": {"deck": deck("p2")}}})
    assert e.field == "board.players.p1.deck[1]"


def test_thv_phase_needs_turn_player():
    b = board()
    del b["turn_player"]
    assert refused(b).field == "board.turn_player"


def test_thv_interference_item_must_name_a_card_on_the_board():
    b = board(interference={"items": [{"kind": "card", "player": "p1", "card": "nope"}]})
    assert refused(b).field == "board.interference.items[0].card"


def test_thv_unknown_rule_option_refused():
    b = board(options={"nodes_untapp": "letter"})
    assert refused(b).field == "board.options.nodes_untapp"


def test_thv_fresh_game_with_anonymous_decks_runs_preparation():
    g = Game(RS, {"players": {"p1": {"deck_count": 50}, "p2": {"deck_count": 50}}}, 3)
    g.run("decision")
    rules = [e.rule for e in g.trace]
    assert rules[:2] == ["thv:1.2.7.a", "thv:1.2.7.b"]
    assert all(len(g.state.data["players"][p]["hand"]) == 7 for p in ("p1", "p2"))
    assert all(g.state.data["players"][p]["life"] == 25 for p in ("p1", "p2"))


def test_thv_state_keeps_the_board_shape():
    g = Game(RS, board(p1={"field": [ch("a")]}), 1)
    g.run("decision")
    RS.validate_board({k: v for k, v in g.state.data.items()
                       if k in RS.board_schema["properties"]})


def test_thv_board_entered_mid_attack_gives_the_defender_priority():
    """A judge's board "this attack, these cards": the attack is in the interference, the attacked player
    holds the priority the attack moved (6.3.4.g) and may defend (6.4.2.a)."""
    b = board(p1={"field": [ch("a", state="sleep")]}, p2={"field": [ch("d")]},
              interference={"items": [{"kind": "attack", "player": "p1", "card": "a"}]}, battle={"attacker": "a"})
    g = Game(RS, b, 1)
    g.run("decision")
    assert g.pending.player == "p2" and "defend:d" in [o.value for o in g.pending.options]


def test_thv_state_mid_battle_reenters_as_board():
    b = board(p1={"field": [ch("a")]}, p2={"field": [ch("d")]})
    g = Game(RS, b, 1)
    g.run("decision")
    g.answer(g.pending.id, "attack:a")
    g.run("decision")
    data = {k: v for k, v in g.state.data.items() if k in RS.board_schema["properties"]}
    h = Game(RS, data, 1)
    h.run("decision")
    assert h.pending.player == "p2" and "defend:d" in [o.value for o in h.pending.options]
