"""The builder's dialogs show only what the card's zone and kind can have, in Japanese, one control per fact (issue
40), and a board's zone labels keep their words whole, in Chromium."""
import json

import pytest

from judge_app import PROJECT_ROOT
from tests.browser.axe_pages import SESSION_SCENARIOS
from tests.browser.conftest import WIDTHS

pytestmark = pytest.mark.browser

FIELDS = """() => [...document.querySelectorAll('#edit-dialog .field[data-key]')]
  .filter((f) => !f.hidden).map((f) => f.dataset.key)"""
CHOICES = """(key) => [...document.querySelectorAll(`#edit-dialog .field[data-key="${key}"] .choice`)]
  .filter((c) => !c.hidden).map((c) => JSON.parse(c.dataset.value))"""


def open_dialog(page, selector):
    page.locator(selector).first.click()
    page.wait_for_selector("#edit-dialog[open]")


def board(page):
    return json.loads(page.input_value("#board-text"))


def test_opcg_6_5_5_1_a_hand_card_offers_no_rest_or_don_and_one_counter_control(page, server):
    """6-5-5-1: DON!! are given to a leader or a character; レスト is how a card in play lies (4-4-1-2): a hand card
    has neither. A キャラ's カウンター is its number (7-1-3-2-1), an イベント's the keyword 【カウンター】
    (7-1-3-2-2): the dialog shows the one the card's kind has, and follows the kind as the judge changes it."""
    page.goto(server + "/board/opcg?seed=3")
    open_dialog(page, "#board-drawing button[data-act=add][data-path='players.p1.hand']")
    keys = page.evaluate(FIELDS)
    assert not {"rested", "don", "played_this_turn"} & set(keys), keys
    page.click("#edit-more > summary")
    assert "category" in page.evaluate(FIELDS)
    # a キャラ (the default): the number, no 【カウンター】 or 【メイン】 to tick
    assert "counter" in page.evaluate(FIELDS)
    assert not {"カウンター", "メイン"} & set(page.evaluate(CHOICES, "keywords"))
    # an イベント: the keyword, no number
    page.check("#edit-dialog .field[data-key=category] input[value='\"イベント\"']")
    assert "counter" not in page.evaluate(FIELDS)
    assert {"カウンター", "メイン"} <= set(page.evaluate(CHOICES, "keywords"))
    page.check("#edit-dialog .field[data-key=keywords] .choice[data-value='\"カウンター\"'] input")
    page.click("#edit-dialog button[value=save]")
    page.wait_for_function("() => !document.getElementById('edit-dialog').open")
    card = board(page)["players"]["p1"]["hand"][-1]
    assert card["category"] == "イベント" and card["keywords"] == ["カウンター"] and "counter" not in card, card
    # a character in play still has both レスト and 付与ドン!!
    open_dialog(page, "#board-drawing button.card-edit[data-path='players.p1.characters.0']")
    assert {"rested", "don", "counter"} <= set(page.evaluate(FIELDS))
    assert page.errors == []


def test_kaiun_multi_player_dialog_is_in_japanese_with_number_boxes(page, server):
    """The player's dialog: 満たしている敗北条件 in the rulebook's words (1-2-2-1, 1-2-2-2), 運値の修正 as two numbers."""
    page.goto(server + "/board/kaiun-multi")
    open_dialog(page, "#board-drawing .player-edit")
    text = page.inner_text("#edit-dialog")
    assert "battle" not in text and "refresh" not in text, text
    assert "バリア0枚でバトルに敗北した" in text and "バリア0枚でリフレッシュを行った" in text
    mod = page.locator("#edit-dialog .field[data-key=unchi_mod]")
    assert mod.locator("textarea").count() == 0
    boxes = mod.locator("input[type=number]")
    assert boxes.count() == 2
    boxes.nth(0).fill("2")
    boxes.nth(1).fill("-1")
    page.click("#edit-dialog button[value=save]")
    page.wait_for_function("() => !document.getElementById('edit-dialog').open")
    player = page.get_attribute("#board-drawing .player-edit", "data-path").split(".")[-1]
    assert board(page)["players"][player]["unchi_mod"] == {"kachi": 2, "aiko_make": -1}
    assert page.errors == []


# a zone label whose words were broken across two lines (「トラッシ/ュ」)
BROKEN_LABELS = """() => [...document.querySelectorAll('.board .zone-label')].filter((h) => {
  const t = h.firstChild;
  if (!t || t.nodeType !== 3 || !t.textContent.trim()) return false;
  const r = document.createRange();
  r.selectNodeContents(t);
  return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size > 1;
}).map((h) => h.firstChild.textContent.trim())"""


def test_kaiun_multi_zone_labels_keep_their_words_whole_at_1280(browser, server):
    """At 1280 px the session page's board column beside the hand squeezed 「トラッシュ」 into 「トラッシ/ュ」."""
    text = (PROJECT_ROOT / "scenarios" / "kaiun-multi" / f"{SESSION_SCENARIOS['kaiun-multi']}.yaml").read_text(
        encoding="utf-8")
    context = browser.new_context(viewport=WIDTHS["laptop"], locale="ja-JP")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        start = page.request.post(f"{server}/api/sessions", data=json.dumps({"scenario": text, "play": True}),
                                  headers={"Content-Type": "application/json"})
        assert start.ok, start.text()
        page.goto(f"{server}/sessions/{start.json()['id']}")
        assert page.locator(".board .zone-label").count() > 10
        assert page.evaluate(BROKEN_LABELS) == []
        page.goto(f"{server}/board/kaiun-multi")
        assert page.evaluate(BROKEN_LABELS) == []
        assert errors == []
    finally:
        context.close()


def test_los_6_1_to_6_6_a_hand_card_has_no_display_and_an_energy_card_no_character_display(page, server):
    """6.1-6.4: アタック/ディフェンス表示 and 裏側表示 are how a character lies in a character zone; 6.5, 6.6: ゲイン表示
    is an energy or support card's. A card added to the hand is asked for none of them, one in the energy zone only
    for ゲイン表示, a character in the front row for its 表示 and not ゲイン表示."""
    page.goto(server + "/board/los")
    open_dialog(page, "#board-drawing button[data-act=add][data-path='players.p1.hand']")
    page.click("#edit-more > summary")
    assert not {"display", "face_down", "gained", "attacks", "battles"} & set(page.evaluate(FIELDS))
    page.click("#edit-dialog button[value=cancel]")
    open_dialog(page, "#board-drawing button[data-act=add][data-path='players.p1.energy']")
    page.click("#edit-more > summary")
    keys = set(page.evaluate(FIELDS))
    assert "gained" in keys and not {"display", "face_down"} & keys, keys
    page.click("#edit-dialog button[value=cancel]")
    open_dialog(page, "#board-drawing .zone-front button.card-edit")
    page.click("#edit-more > summary")
    keys = set(page.evaluate(FIELDS))
    assert {"display", "face_down"} <= keys and "gained" not in keys, keys
    assert page.errors == []
