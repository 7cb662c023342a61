"""How many keys a judge at the keyboard needs on the session page, from the page as it opens to the effect applied
(the adjustment in the session's answers): (a) an optional 「カードを1枚引いてもよい」, (b) 「相手の手札が5枚以下なら、
カードを1枚引く」 (a condition), (c) two effects at the same time (opcg 8-6-1). Counted as bench/time_to_ruling.py's
keyboard driver counts (tests/browser/effect_forms.Keys), at 360 and 1280 px. The skip links (past the trace to
ジャッジによる調整, past the one-op form to the form wanted) took the walks from 44, 59 and 78 keys at 1280 px to 32,
47 and 51 (/work/notes/s4/mend.md)."""
import pytest

from tests.browser.conftest import api_session, settle
from tests.browser.effect_forms import Keys, open_at_main

pytestmark = pytest.mark.browser
EFFECT = "#adjust-effect"
AT_ONCE = "#adjust-at-once"
REACH = 13        # 12 keys at 1280 px, 13 at 360 px (the hand's たたむ button is one more Tab)
COUNTS: list = []  # what each test counted, for the notes (pytest -s prints them at the end of the module)


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    for row in COUNTS:
        print("keys:", *row)


def open_form(page, server, form):
    """A new session's page as it opens; from there ジャッジによる調整 opened from the keyboard, then the link past
    the one-op form to `form`. The session's id and the keys so far."""
    sid = open_at_main(page, server)
    keys = Keys(page)
    keys.tab_to("a.to-adjust")
    keys.press("Enter", "skip link past the trace and the board: ジャッジによる調整 opens, its summary focused")
    assert page.evaluate("() => document.getElementById('adjust').open"
                         " && document.activeElement.matches('#adjust > summary')")
    keys.reached = keys.summary()
    keys.tab_to(f"#adjust .adjust-jump a[href='{form}']")
    keys.press("Enter", f"skip link to {form}")
    return sid, keys


def apply(keys, server, sid):
    """Enter in the field just typed submits its form (the form's first submit button is its primary one); the
    session as the API then has it."""
    keys.press("Enter", "apply")
    settle(keys.page)
    return api_session(keys.page, server, sid)


def counted(keys, what, in_the_forms):
    """The keys from the adjustment forms opened to the effect applied are `in_the_forms` at both widths; the
    way there from the page as it opens (decision, trace, board: the skip link past them) at most REACH."""
    form_keys = keys.keys - keys.reached["keys"]
    assert keys.reached["keys"] <= REACH, (what, keys.reached, keys.log)
    assert form_keys == in_the_forms, (what, form_keys, [w for w in keys.log if not w.startswith("Tab")])
    COUNTS.append((what, keys.page.viewport_size["width"], keys.summary(), keys.reached))


def draw(keys, prefix, form=EFFECT, value="1"):
    keys.pick(f"{form} select[name='{prefix}op']", "draw")
    keys.pick(f"{form} select[name='{prefix}target']", '"p1"')
    keys.type(f"{form} input[name='{prefix}value']", value)


def test_an_optional_draw_from_the_keyboard(page, server, width):
    sid, keys = open_form(page, server, EFFECT)
    keys.tab_to(f"{EFFECT} input[name=optional]")
    keys.press("Space", "〜してもよい")
    draw(keys, "parts[0].")
    s = apply(keys, server, sid)
    assert s["answers"][-1] == {"adjust": {"op": "effect", "optional": True,
                                           "parts": [{"op": "draw", "target": "p1", "value": 1}]}}, s["answers"][-1]
    counted(keys, "optional", 20)
    assert page.errors == []


def test_a_condition_from_the_keyboard(page, server, width):
    sid, keys = open_form(page, server, EFFECT)
    draw(keys, "parts[0].")
    keys.tab_to(f"{EFFECT} details.part-extras > summary")
    keys.press("Enter", "open 処理 1 の条件")
    keys.pick(f"{EFFECT} select[name='parts[0].if.player']", "opponent")
    keys.pick(f"{EFFECT} select[name='parts[0].if.zone']", "hand")
    keys.type(f"{EFFECT} input[name='parts[0].if.at_most']", "5")
    s = apply(keys, server, sid)
    assert s["answers"][-1]["adjust"]["parts"] == [{"op": "condition", "check": {
        "player": "opponent", "zone": "hand", "at_most": 5}, "parts": [{"op": "draw", "target": "p1", "value": 1}]}]
    counted(keys, "condition", 35)
    assert page.errors == []


def test_two_effects_at_once_from_the_keyboard(page, server, width):
    sid, keys = open_form(page, server, AT_ONCE)
    for k, value in ((0, "1"), (1, "2")):
        draw(keys, f"effects[{k}].parts[0].", AT_ONCE, value)
    s = apply(keys, server, sid)
    assert s["answers"][-1]["adjust"] == {"op": "at_once", "effects": [
        {"parts": [{"op": "draw", "target": "p1", "value": 1}]},
        {"parts": [{"op": "draw", "target": "p1", "value": 2}]}]}, s["answers"][-1]
    assert s["pending"]["rule"] == "opcg:8-6-1"
    counted(keys, "at_once", 39)
    assert page.errors == []
