"""Board errors name the field and say in Japanese what is wrong (judge_app/engine/_schema_ja.py)."""
from __future__ import annotations

import pytest

from judge_app.engine import BoardError, rulesets
from tests.hostile.cases import _los_boards, _opcg_boards


def _error(game, board) -> BoardError:
    with pytest.raises(BoardError) as e:
        rulesets()[game].validate_board(board)
    return e.value


def test_opcg_3_7_6_six_characters_are_refused_naming_the_area_and_the_count():
    e = _error("opcg", _opcg_boards()["six-characters"])
    assert e.field == "board.players.p2.characters"
    assert "5 個までです（6 個あります）" in e.message


def test_opcg_negative_life_is_refused_in_japanese():
    e = _error("opcg", _opcg_boards()["negative-leader-life"])
    assert e.field == "board.players.p1.leader.life" and "0 以上にしてください（-1）" in e.message


def test_los_5_4_two_cards_in_one_square_is_refused_naming_the_square():
    e = _error("los", _los_boards()["two-cards-in-one-square"])
    assert e.field == "board.players.p1.front[1]"
    assert "で指定してください" in e.message and "is not" not in e.message


def test_a_card_inside_a_square_is_checked_field_by_field():
    e = _error("los", _los_boards()["negative-atk"])
    assert e.field == "board.players.p1.back[0].atk" and "0 以上" in e.message
