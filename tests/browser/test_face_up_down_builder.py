"""The builder says face up or face down where a game has it (issue 37): an opcg life card an effect added face up
(3-10-2-1) and a thv face-down card on the field (3.4.3.a, 5.7.1), each a checkbox in the card's dialog that the
one-line notation then says (`表`, `裏`), and a line that says it draws the card so."""
import json

import pytest

from tests.browser.conftest import shot

pytestmark = pytest.mark.browser

FIELDS = """() => [...document.querySelectorAll('#edit-dialog .field[data-key]')]
  .filter((f) => !f.hidden).map((f) => f.dataset.key)"""


def board(page):
    return json.loads(page.input_value("#board-text"))


def save(page):
    page.click("#edit-dialog button[value=save]")
    page.wait_for_function("() => !document.getElementById('edit-dialog').open")


def test_thv_3_4_3_a_a_field_card_is_ticked_face_down_in_the_builder(page, server):
    page.goto(server + "/board/thv?seed=3")
    page.locator("#board-drawing button[data-act=add][data-path='players.p1.field']").first.click()
    page.wait_for_selector("#edit-dialog[open]")
    assert "face_down" in page.evaluate(FIELDS)
    page.check("#edit-dialog .field[data-key=face_down] input[type=checkbox]")
    save(page)
    assert board(page)["players"]["p1"]["field"][-1]["face_down"] is True
    assert "(裏)" in page.input_value("#notation")
    shot(page, "builder-thv-face-down")
    assert page.errors == []


def test_opcg_3_10_2_1_a_life_card_read_from_the_line_is_face_up(page, server):
    page.goto(server + "/board/opcg?seed=3")
    line = "T3 メイン p1 p1: ライフ4[ゾロ(キャラ 5000 表)] D39 H5 p2: ライフ2 D39 H5"
    page.fill("#notation", line)
    page.click("#notation-load")
    page.wait_for_function("() => document.getElementById('board-text').value.includes('face_up')")
    assert board(page)["players"]["p1"]["life"][0]["face_up"] is True
    assert page.input_value("#notation") == line
    shot(page, "builder-opcg-face-up-life")
    assert page.errors == []
