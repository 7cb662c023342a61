"""Issue 37 in Chromium at 360 px: an effect's 「〜してもよい」, a part's 「〜まで」 and 「〜なら」 built from pickers with the
keyboard (no JSON), applied, and the choice it leaves open answered as the effect player's decision."""
import pytest

from tests.browser.conftest import SHOTS, api_session, settle
from tests.browser.effect_forms import open_at_main

pytestmark = pytest.mark.browser


def test_optional_up_to_and_condition_from_the_keyboard_at_360(phone, server):
    page, errors = phone, phone.errors
    sid = open_at_main(page, server)
    page.click("#adjust > summary")
    form = page.locator("#adjust-effect")
    form.locator("input[name=label]").fill("相手の手札が5枚以下なら、カードを2枚まで引くことができる")
    form.locator("input[name=optional]").focus()
    page.keyboard.press("Space")                     # the checkbox, from the keyboard
    form.locator("select[name='parts[0].op']").select_option("draw")
    form.locator("select[name='parts[0].target']").select_option("p1")
    form.locator("details.part-extras summary").first.focus()
    page.keyboard.press("Enter")                     # the row's 「〜まで」・条件 opens from the keyboard
    form.locator("input[name='parts[0].up_to.max']").fill("2")
    form.locator("select[name='parts[0].if.player']").select_option("opponent")
    form.locator("select[name='parts[0].if.zone']").select_option("hand")
    form.locator("input[name='parts[0].if.at_most']").fill("5")
    form.locator("details.part-extras").first.scroll_into_view_if_needed()
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than 360"
    SHOTS.mkdir(exist_ok=True)
    form.screenshot(path=str(SHOTS / "session-effect-choices-360.png"))
    form.locator("button.primary").press("Enter")   # 効果を適用, from the keyboard
    settle(page)
    s = api_session(page, server, sid)
    assert errors == [] and "adjust" in s["answers"][-1], (errors, page.inner_text("#adjust-result"))
    assert s["answers"][-1]["adjust"]["parts"] == [
        {"op": "condition", "check": {"player": "opponent", "zone": "hand", "at_most": 5},
         "parts": [{"op": "up_to", "max": 2, "part": {"op": "draw", "target": "p1"}}]}]
    assert s["pending"]["kind"] == "effect_choice" and s["pending"]["player"] == "p1"
    page.wait_for_selector("text=使いますか")
    page.click("button:has-text('使う')")
    settle(page)
    page.wait_for_selector("text=いくつ選びますか")
    s = api_session(page, server, sid)
    assert s["pending"]["rule"] == "opcg:8-4-4-1"
    assert errors == []
