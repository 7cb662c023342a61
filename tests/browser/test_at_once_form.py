"""Issue 38 in Chromium at 360 px: two effects that happen at the same time (opcg 8-6-1) built as effect blocks from
the keyboard (no JSON), applied, and the turn player's ordering decision answered."""
import pytest

from tests.browser.conftest import SHOTS, api_session, settle
from tests.browser.effect_forms import open_at_main, pick_from_keyboard

pytestmark = pytest.mark.browser


def test_opcg_8_6_1_two_effects_at_once_from_the_keyboard_at_360(phone, server):
    page, errors = phone, phone.errors
    sid = open_at_main(page, server)
    page.focus("#adjust > summary")
    page.keyboard.press("Enter")
    form = page.locator("#adjust-at-once")
    for k, (words, value) in enumerate((("カードを1枚引く", "1"), ("カードを2枚引く", "2"))):
        form.locator(f"input[name='effects[{k}].label']").focus()
        page.keyboard.type(words)
        pick_from_keyboard(page, form.locator(f"select[name='effects[{k}].player']"), "p1")
        pick_from_keyboard(page, form.locator(f"select[name='effects[{k}].parts[0].op']"), "draw")
        target = form.locator(f"select[name='effects[{k}].parts[0].target']")
        target.locator("option[value='\"p1\"']").wait_for(state="attached")   # draw's fields, not a passed op's
        pick_from_keyboard(page, target, '"p1"')                 # an enum's values travel JSON-encoded
        form.locator(f"input[name='effects[{k}].parts[0].value']").focus()
        page.keyboard.type(value)
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than 360"
    SHOTS.mkdir(exist_ok=True)
    form.screenshot(path=str(SHOTS / "session-at-once-360.png"))
    form.locator("button.primary").focus()
    page.keyboard.press("Enter")                     # 同時に発動させる, from the keyboard
    settle(page)
    s = api_session(page, server, sid)
    assert errors == [] and "adjust" in s["answers"][-1], (errors, page.inner_text("#adjust-result"))
    assert s["answers"][-1]["adjust"] == {"op": "at_once", "effects": [
        {"player": "p1", "label": "カードを1枚引く", "parts": [{"op": "draw", "target": "p1", "value": 1}]},
        {"player": "p1", "label": "カードを2枚引く", "parts": [{"op": "draw", "target": "p1", "value": 2}]}]}
    assert s["pending"]["rule"] == "opcg:8-6-1" and s["pending"]["player"] == "p1"
    page.wait_for_selector("#decision-title")
    page.locator("#decision .options button").last.focus()
    page.keyboard.press("Enter")                     # the turn player picks the second effect first
    settle(page)
    s = api_session(page, server, sid)
    assert s["state"]["at_once"] is None, s["state"]       # the other one then resolves by itself
    assert "カードを2枚引く" in page.inner_text("#trace-list")
    assert errors == []


def test_a_fourth_effect_is_added_from_the_keyboard_at_360(phone, server):
    """「効果を加える」: the page comes back with one more block, the focus on it, and nothing wider than 360 px."""
    page, errors = phone, phone.errors
    open_at_main(page, server)
    page.focus("#adjust > summary")
    page.keyboard.press("Enter")
    form = page.locator("#adjust-at-once")
    form.locator("input[name='effects[0].label']").focus()
    page.keyboard.type("最初の効果")
    form.locator("button[name='prepare'][value='more']").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement && document.activeElement.id") == "at-once-4"
    form = page.locator("#adjust-at-once")
    assert form.locator("input[name='effects[0].label']").input_value() == "最初の効果"
    page.keyboard.press("Tab")   # into the new block's first field
    assert page.evaluate("() => document.activeElement.name").startswith("effects[3].")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than 360"
    SHOTS.mkdir(exist_ok=True)
    form.screenshot(path=str(SHOTS / "session-at-once-fourth-360.png"))
    assert errors == []
