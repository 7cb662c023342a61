"""The builder's bookkeeping (application/builder.py, issue 25): ids and names filled in, counts the rules derive,
fields set in any order, problems in words, quick entry through the notation — without Flask."""
import copy
import random
import re
from pathlib import Path

import pytest
import yaml

from judge_app import PROJECT_ROOT
from judge_app.application import builder
from judge_app.engine import NotationError, registry

GAMES = ["opcg", "kaiun", "kaiun-multi", "los", "thv"]


def rs(game):
    return registry.rulesets()[game]


def strip_ids_and_names(board):
    out = copy.deepcopy(board)
    for pl in out["players"].values():
        for zone in pl.values():
            cards = zone if isinstance(zone, list) else [zone] if isinstance(zone, dict) and "id" in zone else []
            for card in cards:
                if isinstance(card, dict):
                    card.pop("id", None)
                    card.pop("name", None)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_ids_and_names_are_generated_as_the_notation_names_them(game):
    mid = rs(game).midgame_board(random.Random(0))
    bare = strip_ids_and_names(mid)
    assert builder.tidy(rs(game), bare) == builder.tidy(rs(game), mid)
    assert builder.problem(rs(game), builder.tidy(rs(game), bare)) is None


def test_a_new_card_gets_the_next_free_id_and_its_place_as_name():
    ruleset = rs("opcg")
    board = ruleset.midgame_board(random.Random(0))
    chars = board["players"]["p1"]["characters"]
    chars[0]["id"] = "p1-c2"                  # the second place's default id is taken by the first card
    chars.append({"power": 4000})
    tidy = builder.tidy(ruleset, board)
    added = tidy["players"]["p1"]["characters"][1]
    assert added["name"] == "キャラ2" and added["id"] == "p1-c3" and list(added)[:2] == ["id", "name"]
    assert builder.next_cards(ruleset, tidy)["players.p1.characters"] == {"id": "p1-c4", "name": "キャラ3"}
    assert builder.problem(ruleset, tidy) is None


def test_kaiun_cards_get_the_required_fields_the_rules_fill_in():
    ruleset = rs("kaiun")
    board = ruleset.midgame_board(random.Random(0))
    board["players"]["p1"]["hand"] = [{"name": "控え"}]
    card = builder.tidy(ruleset, board)["players"]["p1"]["hand"][0]
    assert card == {"id": "p1-h1", "name": "控え", "janken": "グー", "unchi_kachi": 0, "unchi_aiko_make": 0, "cost": 0}


def test_attaching_don_takes_it_from_the_don_deck():
    ruleset = rs("opcg")
    board = builder.tidy(ruleset, ruleset.midgame_board(random.Random(0)))
    before = builder.derived(ruleset, board, ("don_deck",))["players.p1.don_deck"]
    board["players"]["p1"]["characters"][0]["don"] = 2
    board["players"]["p1"]["don_deck"] = before          # as a board entered by hand would still say
    tidy = builder.tidy(ruleset, board)
    assert "don_deck" not in tidy["players"]["p1"] and builder.problem(ruleset, tidy) is None
    assert builder.derived(ruleset, tidy, ("don_deck",))["players.p1.don_deck"] == before - 2
    # a fresh game keeps its ten in the DON!! deck
    fresh = builder.tidy(ruleset, ruleset.new_game_board(random.Random(1)))
    assert builder.problem(ruleset, fresh) is None


def test_more_than_ten_don_is_what_the_judge_got_wrong_said_in_words():
    ruleset = rs("opcg")
    board = builder.tidy(ruleset, ruleset.midgame_board(random.Random(0)))
    board["players"]["p1"]["characters"][0]["don"] = 8    # 3 active + 8 attached
    e = builder.problem(ruleset, builder.tidy(ruleset, board))
    words = builder.in_words(ruleset, e)
    assert "11枚" in words["error"] and "board." not in words["error"]
    assert words["path"] == "players.p1.cost_area" and words["place"] == "p1 のコストエリアのドン!!"


def test_an_error_naming_another_card_names_it_in_words():
    ruleset = rs("opcg")
    board = builder.tidy(ruleset, ruleset.midgame_board(random.Random(0)))
    board["players"]["p1"]["hand_count"] = 0
    board["players"]["p1"]["hand"] = [{"id": "p1-c1", "name": "同じID"}]
    words = builder.in_words(ruleset, builder.problem(ruleset, board))
    assert not re.search(r"board\.", words["error"]), words
    assert "p1 のキャラクターエリア 1枚目のカードID" in words["error"] and words["place"] == "p1 の手札 1枚目のカードID"


@pytest.mark.parametrize("game", ["opcg", "los", "thv"])
def test_phase_before_turn_player(game):
    ruleset = rs(game)
    board = ruleset.new_game_board(random.Random(2))
    board["phase"] = "main"
    tidy = builder.tidy(ruleset, board)
    assert tidy["turn_player"] == "p1" and tidy["turn"] >= 1
    tidy["turn_player"] = "p2"                              # and the turn player can be changed after
    assert builder.tidy(ruleset, tidy)["turn_player"] == "p2"


def test_kaiun_multi_phase_before_parent():
    ruleset = rs("kaiun-multi")
    board = ruleset.midgame_board(random.Random(0))
    board.pop("parent")
    assert builder.tidy(ruleset, board)["parent"] == "p1"
    assert builder.problem(ruleset, builder.tidy(ruleset, board)) is None


@pytest.mark.parametrize("game", GAMES)
def test_counted_zones_come_from_the_notation(game):
    counted = builder.counted_zones(rs(game))
    assert "deck" in counted and counted["deck"]["count"] == "deck_count"
    assert counted["deck"]["extra"] == (game in ("opcg", "los"))


def scenario_boards():
    for path in sorted((PROJECT_ROOT / "scenarios").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("board"), dict) and data.get("game") in GAMES:
            yield pytest.param(data["game"], data["board"], id=str(path.relative_to(PROJECT_ROOT / "scenarios")))


@pytest.mark.parametrize("game, board", list(scenario_boards()))
def test_bookkeeping_keeps_every_scenario_board_and_its_notation_reads_back(game, board):
    ruleset = rs(game)
    tidy = builder.tidy(ruleset, board)
    assert builder.problem(ruleset, tidy) is None
    line = builder.notation_of(ruleset, tidy)
    back, again = builder.from_notation(ruleset, line)
    assert back == tidy and again == line


def test_quick_entry_fills_in_what_the_judge_left_out_and_names_a_wrong_token():
    ruleset = rs("opcg")
    board, line = builder.from_notation(ruleset, "メイン p1: C[ゾロ(5000 d1)] p2: ライフ2")
    # the turn and turn player a phase needs; a deck and a life pile the line leaves out are the mid-game board's
    assert line == "T1 メイン p1 p1: C[ゾロ(5000 d1)] ライフ4 D39 p2: ライフ2 D39"
    assert board["players"]["p1"]["characters"][0]["id"] == "p1-c1"
    text = "T3 メイン p1 p1: C6 p2:"
    with pytest.raises(NotationError) as e:
        builder.from_notation(ruleset, text)
    assert e.value.token == "C6" and e.value.position == text.index("C6")
    with pytest.raises(NotationError) as e:
        builder.from_notation(ruleset, "T3 メイン p1 p1: X9 p2:")
    assert e.value.token == "X9"


@pytest.mark.parametrize("game", GAMES)
def test_midgame_is_where_the_builder_starts(game):
    board = builder.midgame(rs(game), 5)
    assert board["turn"] == 3 and builder.problem(rs(game), builder.tidy(rs(game), board)) is None


def test_notation_guide_lists_what_may_be_written():
    guide = builder.notation_guide(rs("opcg"))
    assert "ターン（T）" in guide["head"] and any("手札" in h for h in guide["player"])
    assert any("キーワード" in h for h in guide["card"])
