"""Search in a real Chromium at 360 and 1280 px (issue 25): a question to its clause in one tap after typing, each
suggestion and result wearing its game's name, 「さらに表示」, the rulebook filter remembered with one tap back to
すべての文書, no axe-core violation on the home page (suggestions open) and the results page, and static files
that a second visit does not ask for again."""
import re
from urllib.parse import quote

import pytest

from tests.browser.axe import audit, audit_context, format_violations
from tests.browser.conftest import WIDTHS, shot, wait_until

pytestmark = pytest.mark.browser

BLOCKER = quote("ブロッカー")


def _type(page, text: str) -> None:
    page.focus("#q")
    page.keyboard.type(text)
    page.wait_for_selector("#suggestions li")


def test_a_question_reaches_its_clause_in_one_tap_after_typing(page, server):
    page.goto(server + "/")
    _type(page, "ライフが0でダメージを受けたら？")
    first = page.locator("#suggestions li").first
    assert first.locator(".doc-badge").inner_text() in ("ONE PIECE CARD GAME", "東方VISION", "Legend of Stars",
                                                         "開運コロシアム", "開運コロシウム 多人数制")
    shot(page, "search-question-suggestions")
    url = first.get_attribute("data-url")
    first.click()                                              # the one tap
    page.wait_for_url(re.compile(re.escape(url) + "$"))
    assert page.locator("h1").is_visible()
    assert page.errors == []


def test_every_suggestion_names_its_game(page, server):
    page.goto(server + "/")
    _type(page, "ブロッカー")
    badges = page.locator("#suggestions li .doc-badge")
    ids = page.locator("#suggestions li > .sid")   # each suggestion's own id, not those of the clauses inside it
    assert badges.count() == ids.count() >= 3
    names = {"opcg": "ONE PIECE CARD GAME", "thv": "東方VISION", "los": "Legend of Stars", "kaiun": "開運コロシアム",
             "kaiun-multi": "開運コロシウム 多人数制"}
    for i in range(badges.count()):
        doc = ids.nth(i).inner_text().split(":", 1)[0]
        assert badges.nth(i).inner_text() == names[doc]
        box = badges.nth(i).bounding_box()
        assert box and box["width"] > 40 and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    assert page.errors == []


def test_more_results_one_tap_and_the_page_lands_on_the_first_new_one(page, server):
    page.goto(server + f"/search?q={BLOCKER}")
    assert page.locator("ol.results > li").count() == 10
    assert "50 件以上" in page.inner_text("#count")
    assert page.locator(".result .doc-badge").first.inner_text() == "ONE PIECE CARD GAME"
    shot(page, "search-results-more-before")
    page.click("#more")
    page.wait_for_url(re.compile(r"limit=20#r11$"))
    assert page.locator("ol.results > li").count() == 20
    eleventh = page.locator("#r11").bounding_box()
    assert 0 <= eleventh["y"] < page.viewport_size["height"] / 2        # the first new result, at the top
    page.click("#more")
    page.wait_for_url(re.compile(r"limit=30#r21$"))
    assert page.locator("ol.results > li").count() == 30
    assert page.errors == []


def test_the_rulebook_filter_is_remembered_and_one_tap_goes_back(page, server):
    page.goto(server + "/")
    assert page.is_hidden("#docfilter")
    page.select_option("#doc", "kaiun")
    assert page.is_visible("#docfilter") and page.inner_text("#docfilter-name") == "開運コロシアム"
    page.goto(server + "/")                                     # a later visit: the box opens filtered
    assert page.input_value("#doc") == "kaiun"
    assert page.is_visible("#docfilter")
    _type(page, "バリア")
    badges = page.locator("#suggestions li .doc-badge")
    assert badges.count() >= 1 and set(badges.all_inner_texts()) == {"開運コロシアム"}
    shot(page, "search-remembered")
    page.keyboard.press("Enter")                                # the results page keeps the filter
    page.wait_for_url(re.compile(r"/search\?q=.*doc=kaiun"))
    assert page.input_value("#doc") == "kaiun"
    assert set(page.locator(".result .doc-badge").all_inner_texts()) == {"開運コロシアム"}
    shot(page, "search-results-filtered")
    page.click("#docfilter-clear")                              # one tap: the same search in every rulebook
    page.wait_for_url(re.compile(r"doc=$"))
    assert page.input_value("#doc") == "" and page.is_hidden("#docfilter")
    page.goto(server + "/")
    assert page.input_value("#doc") == ""
    assert page.errors == []


def test_on_the_home_page_the_way_back_needs_no_new_page(page, server):
    page.goto(server + "/?doc=thv")
    assert page.input_value("#doc") == "thv"
    page.click("#docfilter-clear")
    assert page.input_value("#doc") == "" and page.is_hidden("#docfilter")
    assert page.evaluate("() => document.activeElement.id") == "q"
    page.goto(server + "/")
    assert page.input_value("#doc") == ""
    assert page.errors == []


def _tab_to(page, element_id: str, most: int) -> int:
    """Tabs from the top of the page until `element_id` has the focus; how many it took."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for n in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == element_id:
            return n
    raise AssertionError(f"#{element_id} not reached in {most} Tabs")


def test_keyboard_only_back_to_every_rulebook_and_ten_more(page, server):
    page.goto(server + f"/search?q={BLOCKER}&doc=opcg")
    assert page.inner_text("#docfilter-name") == "ONE PIECE CARD GAME"
    assert _tab_to(page, "docfilter-clear", most=8) <= 8          # right after the header's links
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"doc=$"))
    assert page.input_value("#doc") == "" and page.is_hidden("#docfilter")
    page.focus("#more")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"limit=20#r11$"))
    page.keyboard.press("Tab")                                  # the next Tab starts at the first new result
    assert page.evaluate("() => document.activeElement.closest('li.result').id") == "r11"
    assert page.errors == []


@pytest.mark.parametrize("width", list(WIDTHS))
def test_no_axe_violation_on_home_with_suggestions_and_on_results(browser, server, width):
    ctx = audit_context(browser, viewport=WIDTHS[width])
    try:
        pg = ctx.new_page()
        pg.goto(server + "/?doc=opcg")
        _type(pg, "ブロッカー")
        found = audit(pg)
        assert found == [], format_violations(found)
        pg.goto(server + f"/search?q={BLOCKER}&doc=")
        found = audit(pg)
        assert found == [], format_violations(found)
    finally:
        ctx.close()


# the offline pack's list (issue 41): data fetched fresh on purpose (no-store) to notice a new build
PACK_LIST = "/static/offline/pages.json"


def test_a_second_visit_asks_for_no_static_file(page, server, served):
    pages = ("/", f"/search?q={BLOCKER}", "/rules/opcg/7-1-4")
    for path in pages:                  # networkidle: the favicon, fetched after the load, is in too
        page.goto(server + path, wait_until="networkidle")
    # the first visit ends when the offline worker has kept what it keeps (it precaches the pages' own names)
    wait_until(page, "async () => (await navigator.serviceWorker.ready).active.state === 'activated'", timeout=120)
    # every static file, the pages' and the offline worker's, has a hashed name and is never asked for twice
    first = [p for p in served if p.startswith("/static/") and p != PACK_LIST]
    assert first and all(re.search(r"\.[0-9a-f]{12}\.[a-z]+$", p) for p in first), first
    assert any(p.startswith("/static/offline/search.") for p in first), first     # the worker's precache is in
    served.clear()
    for path in pages:
        page.goto(server + path, wait_until="networkidle")
    assert [p for p in served if p.startswith("/static/") and p != PACK_LIST] == []
    assert page.errors == []
