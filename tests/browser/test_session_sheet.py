"""The decision sheet leaves the board in sight (issue 40), in Chromium at 360×740 in every game: the sheet takes at
most 40% of the screen height, folds to one line and opens again with one tap or one key (f), no button's label
overflows it, a field the judge moves to below it (the save form's title) scrolls into view above it, and the
keyboard reaches the save form from the trace by its skip link."""
import json
import urllib.request

import pytest

from judge_app import PROJECT_ROOT
from tests.browser.axe_pages import SESSION_SCENARIOS
from tests.browser.conftest import WIDTHS

pytestmark = pytest.mark.browser
PHONE = WIDTHS["phone"]

# every visible button whose text is wider (or taller) than the button shows
OVERFLOWING = """() => [...document.querySelectorAll('main button')].filter((b) => {
  if (!b.offsetParent || !b.getClientRects().length) return false;
  return b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1;
}).map((b) => b.id || b.textContent.trim())"""
HAND_HEIGHT = "() => document.getElementById('hand').getBoundingClientRect().height"


@pytest.fixture(scope="module")
def sessions(server):
    """A session of every game on an open decision with withheld actions (the axe audit's own)."""
    out = {}
    for game, name in SESSION_SCENARIOS.items():
        text = (PROJECT_ROOT / "scenarios" / game / f"{name}.yaml").read_text(encoding="utf-8")
        req = urllib.request.Request(server + "/api/sessions", method="POST",
                                     data=json.dumps({"scenario": text, "play": True}).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=120) as r:
            out[game] = json.load(r)["id"]
    return out


def settle_sheet(page):
    """The sheet's height as the page lays it out (the ResizeObserver has told the page its height)."""
    page.wait_for_function("() => getComputedStyle(document.documentElement).getPropertyValue('--hand-h') !== ''")
    page.wait_for_timeout(100)


@pytest.mark.parametrize("game", list(SESSION_SCENARIOS))
def test_the_sheet_takes_at_most_40_percent_at_360_px_and_folds_to_one_line(phone, server, sessions, game):
    page = phone
    page.goto(f"{server}/sessions/{sessions[game]}")
    page.wait_for_selector("#decision.open .options button")
    # the withheld actions listed too: the longest the sheet gets
    page.evaluate("() => document.querySelectorAll('#decision details').forEach((d) => { d.open = true; })")
    settle_sheet(page)
    height = page.evaluate(HAND_HEIGHT)
    assert height <= 0.4 * PHONE["height"] + 0.5, f"{game}: the sheet is {height} px of {PHONE['height']}"
    assert page.evaluate(OVERFLOWING) == [], game
    # the first option is in the sheet's view without scrolling it
    box = page.locator("#decision .options button").first.bounding_box()
    assert box["y"] >= PHONE["height"] - height - 1 and box["y"] + box["height"] <= PHONE["height"], box
    # every button in the sheet, scrolled to: its label fits
    page.evaluate("() => { const h = document.getElementById('hand'); h.scrollTop = h.scrollHeight; }")
    assert page.evaluate(OVERFLOWING) == [], game

    # one key folds it to one line, one tap opens it again
    page.locator("#decision").focus()
    page.keyboard.press("f")
    folded = page.evaluate(HAND_HEIGHT)
    line = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('#status')).lineHeight)")
    assert folded <= line + 36, f"{game}: folded, the sheet is {folded} px (a line is {line} px)"
    assert page.get_attribute("#hand-fold", "aria-expanded") == "false"
    assert page.inner_text("#hand-fold") == "ひらく（決定あり）"
    assert not page.is_visible("#decision .options button")
    assert page.evaluate(OVERFLOWING) == [], game
    page.click("#hand-fold")
    assert page.is_visible("#decision .options button")
    assert page.get_attribute("#hand-fold", "aria-expanded") == "true"
    page.click("#hand-fold")
    assert not page.is_visible("#decision .options button")
    page.keyboard.press("f")
    assert page.is_visible("#decision .options button")
    assert page.errors == []


def test_the_save_forms_title_comes_into_view_above_the_sheet(phone, server, sessions):
    page = phone
    page.goto(f"{server}/sessions/{sessions['opcg']}")
    settle_sheet(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator("#save-title").focus()
    page.wait_for_timeout(100)
    assert_above_the_sheet(page, "#save-title")
    assert page.errors == []


def assert_above_the_sheet(page, selector):
    box = page.locator(selector).bounding_box()
    top = page.evaluate("() => document.getElementById('hand').getBoundingClientRect().top")
    assert box["y"] >= 0 and box["y"] + box["height"] <= top, (box, top)


def test_the_skip_link_takes_the_keyboard_from_the_trace_to_the_title(phone, server, sessions):
    page = phone
    page.goto(f"{server}/sessions/{sessions['los']}")
    settle_sheet(page)
    # the page opens on its decision: the status, then a few Tabs reach the skip link before any trace entry
    page.locator("#status").focus()
    for tabs in range(1, 6):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('a.to-save')"):
            break
    else:
        pytest.fail("no skip link to the save form within 5 Tabs of the status")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "save-title"
    assert_above_the_sheet(page, "#save-title")
    assert page.errors == []


def test_a_clause_text_closes_when_focus_leaves_it_and_on_escape(phone, server, sessions):
    page = phone
    page.goto(f"{server}/sessions/{sessions['opcg']}")
    info = page.locator("#trace-list button.clause-info").first
    info.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#clause-pop:not([hidden])")
    assert info.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Tab")           # focus leaves the ? button
    page.wait_for_selector("#clause-pop", state="hidden")
    assert info.get_attribute("aria-expanded") == "false"
    info.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#clause-pop:not([hidden])")
    page.keyboard.press("Escape")
    page.wait_for_selector("#clause-pop", state="hidden")
    # focus on a clause id shows its text, and Tab past its ? button closes it
    link = page.locator("#trace-list a.clause").first
    link.focus()
    page.wait_for_selector("#clause-pop:not([hidden])")
    page.keyboard.press("Tab")           # to its own ? button: the text stays
    page.wait_for_timeout(300)
    assert page.is_visible("#clause-pop")
    page.keyboard.press("Tab")
    page.wait_for_selector("#clause-pop", state="hidden")
    assert page.errors == []
