"""The session page as the judge's hand, in Chromium at 360 and 1280 px (issues 25, 26, 28): the decision and the
controls stay on screen, every control updates the page in place (no navigation, the view does not jump), an
answer carries on to the next decision in its turn unless the judge says stop (remembered), focus goes to the decision, the
withheld actions are listed and trying one records the clause that refuses it, a two-part effect with a cost is built
from pickers and applied; and the ruling page leads with its verdict. Screenshots of the session and ruling pages
of every game go to screenshots/ (git-ignored)."""
import json
import re

import pytest

from judge_app.engine import registry
from tests.browser.conftest import SHOTS, api_session, post, serving, settle, shot
from tests.engine.toy import RULESET as TOY
from tests.web.hand_toy import BOARD as HAND_BOARD
from tests.web.hand_toy import RULESET as HAND

pytestmark = pytest.mark.browser
GAMES = ("opcg", "kaiun", "kaiun-multi", "los", "thv")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app with the toys registered beside the five games (tests/web/hand_toy.py)."""
    with pytest.MonkeyPatch.context() as mp:
        real = dict(registry.rulesets())
        mp.setattr(registry, "rulesets", lambda: {**real, "toy": TOY, "toy-hand": HAND})
        with serving(tmp_path_factory.mktemp("hand"), "hand-tests") as url:
            yield url


def screen(page, name: str) -> None:
    """What the judge sees: the viewport (a full-page capture would draw the bottom sheet mid-page)."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{page.viewport_size['width']}.png"))


def new_session(page, server, game, board=None, seed=3):
    if board is None:
        board = json.loads(page.request.get(f"{server}/api/games/{game}/new-board?seed={seed}").text())["board"]
    return post(page, f"{server}/api/sessions", {"game": game, "board": board, "seed": seed})["id"]


def tap(page, selector, counter=None):
    """One tap (a click), counted."""
    page.click(selector)
    if counter is not None:
        counter.append(selector)
    settle(page)


def in_view(page, selector) -> bool:
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1; }""", selector)


def watch_navigation(page):
    """A marker that a page load would wipe, and a count of document requests."""
    page.evaluate("() => { window.__same_page = true; }")
    loads = []
    page.on("request", lambda r: loads.append(r.url) if r.resource_type == "document" else None)
    return loads


# ---- the hand stays on screen; the page updates in place ---------------------------------------------------------
def test_the_decision_and_controls_stay_on_screen_and_the_page_updates_in_place(page, server, width):
    sid = new_session(page, server, "opcg")
    page.goto(f"{server}/sessions/{sid}")
    loads = watch_navigation(page)
    url = page.url
    # at 360 the step controls take a strip, not the screen
    height = page.evaluate("() => document.getElementById('hand').getBoundingClientRect().height")
    assert height < 0.3 * page.viewport_size["height"], height
    tap(page, "button[value=decision]")
    page.wait_for_selector("#decision.open .options button")
    assert in_view(page, "#decision") and in_view(page, "#undo")
    # scrolled to the end of the page (the trace, the adjustments), the decision is still in reach
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    if width == "phone":
        assert in_view(page, "#decision .options button")
    else:
        page.evaluate("() => window.scrollTo(0, 0)")
    # an answer, a step and an undo: the same document, the view where it was
    page.evaluate("() => window.scrollTo(0, 200)")
    y = page.evaluate("() => window.scrollY")
    n = page.locator("#trace-list .entry").count()
    tap(page, "#decision .options button >> nth=-1")   # the last option: end the main phase
    page.wait_for_function(f"() => document.querySelectorAll('#trace-list .entry').length > {n}")
    assert page.evaluate("() => window.scrollY") == y
    if page.locator("#decision.open").count() == 0:
        tap(page, "#step-one")
    tap(page, "#undo")
    assert page.evaluate("() => window.__same_page") is True and page.url == url and loads == []
    # on a phone the sheet folds to its status line (and a new decision unfolds it)
    if width == "phone":
        tap(page, "#hand-fold")
        folded = page.evaluate("() => document.getElementById('hand').getBoundingClientRect().height")
        assert folded < 90 and page.get_attribute("#hand-fold", "aria-expanded") == "false"
        tap(page, "#hand-fold")
        assert page.is_visible("#undo")
    # the page agrees with the API after in-place updates
    s = api_session(page, server, sid)
    assert page.locator("#trace-list .entry").last.get_attribute("data-seq") == str(len(s["trace"]))
    assert page.inner_text("#undo") == s["undo"]["label"]
    assert f"手順 {len(s['trace'])}" in page.inner_text("#status")
    screen(page, "session-hand-opcg")
    assert page.errors == []


def test_an_answer_carries_on_to_the_end_of_its_turn_unless_the_judge_says_stop_and_the_setting_is_remembered(page, server, width):
    sid = new_session(page, server, "toy", {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 9})
    page.goto(f"{server}/sessions/{sid}")
    taps = []
    tap(page, "button[value=decision]", taps)
    # carry on (the default): the answer runs on to the end of its turn, never into the next (issue 36); the toy's
    # next decision is the next turn's, one more tap on 次の決定まで
    for expected in ("d2", "d3"):
        before = len(taps)
        tap(page, "#decision .options button >> nth=0", taps)
        s = api_session(page, server, sid)
        assert s["pending"] is None and s["answers"][-1] == {"step": "turn"}
        assert s["trace"][-1]["turn"] == s["trace"][-2]["turn"] + 1   # stopped on the new turn's first entry
        tap(page, "button[value=decision]", taps)
        page.wait_for_selector("#decision.open")
        assert len(taps) - before == 2
        assert api_session(page, server, sid)["pending"]["id"] == expected
    assert page.is_checked("#decision input[name=then]")
    # stop after each: the answer alone, then 次の決定まで is a second tap
    page.uncheck("#decision input[name=then]")
    tap(page, "#decision .options button >> nth=0", taps)
    assert page.locator("#decision.open").count() == 0 and page.is_visible("button[value=decision]")
    assert api_session(page, server, sid)["pending"] is None
    tap(page, "button[value=decision]", taps)
    page.wait_for_selector("#decision.open")
    assert not page.is_checked("#decision input[name=then]")
    page.reload()
    assert not page.is_checked("#decision input[name=then]")   # remembered in this browser
    page.check("#decision input[name=then]")
    page.reload()
    assert page.is_checked("#decision input[name=then]")
    assert page.errors == []


def test_focus_moves_to_the_decision_and_to_the_status_and_the_regions_are_live(page, server):
    sid = new_session(page, server, "toy", {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 9})
    page.goto(f"{server}/sessions/{sid}")
    assert page.get_attribute("#decision", "aria-live") == "polite" and page.get_attribute("#status", "role") == "status"
    page.focus("button[value=decision]")
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_selector("#decision.open")
    assert page.evaluate("() => document.activeElement.id") == "decision"
    page.keyboard.press("Tab")   # one Tab to the first option
    assert page.evaluate("() => document.activeElement.textContent") == "表"
    page.uncheck("#decision input[name=then]")
    page.focus("#decision .options button >> nth=0")
    page.keyboard.press("Enter")
    settle(page)
    assert page.evaluate("() => document.activeElement.id") == "status"
    page.keyboard.press(" ")   # space steps from the status
    page.wait_for_function("() => document.querySelectorAll('#trace-list .entry').length == 2")
    assert page.errors == []


# ---- what the rules withhold ----------------------------------------------------------------------------------------
def test_the_withheld_actions_are_listed_and_trying_one_records_its_clause(page, server, width):
    """「試す」: one tap records the refusal in the trace (issue 36) and says it beside the decision."""
    sid = new_session(page, server, "toy-hand", HAND_BOARD)
    post(page, f"{server}/api/sessions/{sid}/step", {"until": "decision"})
    before = api_session(page, server, sid)
    page.goto(f"{server}/sessions/{sid}")
    loads = watch_navigation(page)
    held = page.locator("#decision details.withheld")
    assert held.get_attribute("open") is None and "できない行動（4）" in held.inner_text()
    page.click("#decision details.withheld summary")
    assert page.is_visible("#decision .withheld li:has-text('縁で立つ')")
    assert "コインを縁で立てる宣言はできません" in page.inner_text("#decision .withheld")
    tap(page, "#decision .withheld li:has-text('縁で立つ') button.try")
    page.wait_for_selector("#refusal .refusal.recorded")
    refusal = page.inner_text("#refusal")
    assert "いいえ" in refusal and "できません" in refusal and "縁で立つ" in refusal
    assert page.get_attribute("#refusal a.clause", "href") == "/rules/toy/2"
    assert in_view(page, "#refusal") or width == "laptop"
    page.wait_for_selector("#trace-list .entry.kind-refused")
    screen(page, "session-withheld-refused")
    after = api_session(page, server, sid)
    assert after["answers"] == [*before["answers"], {"try": "edge", "decision": before["pending"]["id"]}]
    assert after["state"] == before["state"] and after["trace"][-1]["kind"] == "refused"
    # the decision is still open and answers as before
    tap(page, "#decision .options button >> nth=0")
    page.wait_for_function("() => !document.querySelector('#refusal .refusal')")
    assert loads == [] and page.errors == []


# ---- card effects ---------------------------------------------------------------------------------------------------
def test_a_two_part_effect_with_a_cost_is_built_from_pickers_and_applied(page, server):
    sid = new_session(page, server, "toy-hand", HAND_BOARD)
    post(page, f"{server}/api/sessions/{sid}/step", {"until": "decision"})
    page.goto(f"{server}/sessions/{sid}")
    loads = watch_navigation(page)
    page.click("#adjust > summary")
    form = page.locator("#adjust-effect")
    form.locator("input[name=label]").fill("金貨を捨てたなら、お互い1点")
    form.locator("select[name='source']").select_option("p1-c1")
    form.locator("select[name='cost[0].op']").select_option("discard")
    form.locator("select[name='cost[0].target']").select_option("p1-c1")
    form.locator("select[name='parts[0].op']").select_option("points")
    form.locator("select[name='parts[0].target']").select_option("p1")
    form.locator("input[name='parts[0].value']").fill("1")
    form.locator("select[name='parts[1].op']").select_option("points")
    form.locator("select[name='parts[1].target']").select_option("both")
    form.locator("input[name='parts[1].value']").fill("1")
    screen(page, "session-effect-built")
    form.locator("button.primary").click()
    settle(page)
    page.wait_for_selector("#adjust-result .ok")
    last = api_session(page, server, sid)["answers"][-1]
    assert last == {"adjust": {"op": "effect", "label": "金貨を捨てたなら、お互い1点", "source": "p1-c1",
                               "cost": [{"op": "discard", "target": "p1-c1"}],
                               "parts": [{"op": "points", "target": "p1", "value": 1},
                                         {"op": "points", "target": "both", "value": 1}]}}
    assert page.locator("#trace-list .entry a[data-clause='toy:6']").count() == 1
    assert page.inner_text("#undo").startswith("元に戻す: 効果「金貨を捨てたなら、お互い1点」")
    # a cost that cannot be paid: refused with its clause, nothing changes
    n = len(api_session(page, server, sid)["answers"])
    form.locator("select[name='cost[0].op']").select_option("pay")
    form.locator("select[name='cost[0].target']").select_option("p2")
    form.locator("input[name='cost[0].value']").fill("9")
    form.locator("button.primary").click()
    settle(page)
    page.wait_for_selector("#adjust-result .refusal")
    assert "コストを支払えません" in page.inner_text("#adjust-result")
    assert page.get_attribute("#adjust-result a.clause", "href") == "/rules/toy/7"
    assert len(api_session(page, server, sid)["answers"]) == n
    screen(page, "session-effect-refused")
    assert loads == [] and page.errors == []


# ---- the ruling page ------------------------------------------------------------------------------------------------
def test_the_ruling_page_leads_with_its_verdict(page, server, width):
    sid = new_session(page, server, "toy-hand", HAND_BOARD)
    post(page, f"{server}/api/sessions/{sid}/step", {"until": "decision"})
    slug = post(page, f"{server}/api/rulings", {"session": sid, "title": "縁で立てられるか"})["slug"]
    page.goto(f"{server}/r/{slug}")
    top = page.evaluate("""() => ['#verdict', '#trace-list', '#board-details'].map(
        s => document.querySelector(s).getBoundingClientRect().top)""")
    assert top == sorted(top)
    assert in_view(page, "#verdict h2")
    verdict = page.inner_text("#verdict")
    assert page.inner_text("#verdict h2").removeprefix("裁定").strip().startswith("はい。")
    assert "表か裏か" not in verdict and "未決定" not in verdict
    assert "次: p1 が選びます — 表か裏か" in page.inner_text("#next")
    assert page.evaluate("() => document.getElementById('board-details').open") is (width == "laptop")
    screen(page, "ruling-verdict-toy")
    assert page.errors == []


def test_the_session_and_ruling_pages_of_every_game(page, server, width):
    for game in GAMES:
        sid = new_session(page, server, game)
        page.goto(f"{server}/sessions/{sid}")
        tap(page, "button[value=decision]")
        for _ in range(3):   # a few decisions on, answered with their first option (carrying on)
            if page.locator("#decision.open").count():
                tap(page, "#decision .options button >> nth=0")
        if not page.locator("#decision.open, #status .winner").count():
            tap(page, "button[value=decision]")   # an answer carries on only to the end of its turn (issue 36)
        page.wait_for_selector("#decision.open, #status .winner")
        assert in_view(page, "#hand")
        screen(page, f"session-{game}")
        page.evaluate("() => window.scrollTo(0, document.querySelector('#trace-list').getBoundingClientRect().top + window.scrollY - 80)")
        screen(page, f"session-{game}-trace")
        page.fill("#save input[name=title]", f"{game} の裁定")
        page.click("#save button[type=submit]")
        page.wait_for_url(re.compile(r"/r/[a-z0-9]+$"))
        assert in_view(page, "#verdict h2")
        assert "未決定" not in page.inner_text("#verdict")
        screen(page, f"ruling-{game}")
        shot(page, f"ruling-{game}-full")
    assert page.errors == []


def test_without_script_the_forms_do_the_same(browser, server, width):
    """JavaScript off: an answer posts and carries on, a withheld try is refused with its clause (422), an effect's
    rows show their fields after 「選んだ操作の項目を表示」 and apply."""
    from tests.browser.conftest import WIDTHS
    context = browser.new_context(viewport=WIDTHS[width], java_script_enabled=False, locale="ja-JP")
    page = context.new_page()
    sid = new_session(page, server, "toy-hand", HAND_BOARD)
    post(page, f"{server}/api/sessions/{sid}/step", {"until": "decision"})
    page.goto(f"{server}/sessions/{sid}")
    page.click("#decision .options button >> nth=0")
    page.wait_for_url(re.compile(r"#live$"))
    # carried on to the end of the turn (the toy's next decision is the next turn's), then on by a step
    assert api_session(page, server, sid)["answers"][-1] == {"step": "turn"}
    post(page, f"{server}/api/sessions/{sid}/step", {"until": "decision"})
    page.goto(f"{server}/sessions/{sid}")
    assert api_session(page, server, sid)["pending"]["id"] == "d2"
    page.click("#decision details.withheld summary")
    with page.expect_response(lambda r: r.url.endswith("/answer")) as resp:
        page.click("#decision .withheld li:has-text('見てから宣言') button.try")
    assert resp.value.status == 303   # recorded: the page again, the refusal in its trace
    page.wait_for_url(re.compile(r"#live$"))
    last = page.locator("#trace-list .entry.kind-refused").last
    assert "見てから宣言" in last.inner_text() and last.locator("a.clause").first.get_attribute("href") == "/rules/toy/3"
    page.goto(f"{server}/sessions/{sid}")
    page.click("#adjust > summary")
    form = page.locator("#adjust-effect")
    form.locator("select[name='cost[0].op']").select_option("discard")
    form.locator("select[name='parts[0].op']").select_option("points")
    form.locator("button[name=prepare]").click()
    form = page.locator("#adjust-effect")
    form.locator("select[name='cost[0].target']").select_option("p2-c1")
    form.locator("select[name='parts[0].target']").select_option("p2")
    form.locator("input[name='parts[0].value']").fill("2")
    form.locator("button.primary").click()
    page.wait_for_url(re.compile(r"#live$"))
    assert api_session(page, server, sid)["answers"][-1]["adjust"] == {
        "op": "effect", "cost": [{"op": "discard", "target": "p2-c1"}], "parts": [{"op": "points", "target": "p2", "value": 2}]}
    screen(page, "session-nojs")
    context.close()
