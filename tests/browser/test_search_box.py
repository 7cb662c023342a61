"""The home page's search box in a real Chromium: suggestions as the judge types, keyboard only."""
import re

import pytest

from tests.browser.conftest import shot

pytestmark = pytest.mark.browser


def test_suggestions_keyboard_open_blocker_definition(page, server):
    page.goto(server + "/")
    page.select_option("#doc", "opcg")
    page.focus("#q")
    page.keyboard.type("【ブロッカー】")
    page.wait_for_selector("#suggestions li")
    assert page.get_attribute("#q", "aria-expanded") == "true"
    first = page.inner_text("#suggestions li >> nth=0")
    assert "opcg:10-1-4-1" in first
    shot(page, "search-suggestions")
    page.keyboard.press("ArrowDown")
    assert page.get_attribute("#suggestions li >> nth=0", "aria-selected") == "true"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/rules/opcg/10-1-4-1$"))
    assert page.errors == []


def test_escape_closes_and_enter_submits_the_form(page, server):
    page.goto(server + "/")
    page.focus("#q")
    page.keyboard.type("山札")
    page.wait_for_selector("#suggestions li")
    page.keyboard.press("Escape")
    assert page.is_hidden("#suggestions")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/search\?q="))
    assert page.query_selector("ol.results mark") is not None
    shot(page, "search-results")
    assert page.errors == []


def test_markup_in_the_query_is_shown_as_text(page, server):
    page.goto(server + "/")
    page.focus("#q")
    page.keyboard.type("<img src=x onerror=alert(1)>リフレッシュ")
    page.wait_for_selector("#suggestions li")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/search\?q="))
    page.wait_for_selector("ol.results")
    assert page.query_selector("main img") is None
    assert "<img" in page.input_value("#q")
    assert page.errors == []


def _type_in_home_box(page, server, doc: str, text: str) -> None:
    page.goto(server + "/")
    page.select_option("#doc", doc)
    page.focus("#q")
    page.keyboard.type(text)


def test_suggestion_shows_how_a_table_talk_word_was_read(page, server):
    _type_in_home_box(page, server, "opcg", "殴っていい？")
    page.wait_for_selector("#suggestions li .swhy")
    assert "殴る → アタック" in page.inner_text("#suggestions li .swhy >> nth=0")
    assert page.errors == []


def test_kana_typed_before_conversion_is_read_and_the_page_says_how(page, server):
    """A judge sends 「ゆうせんけん」 before the phone converts it: the results are 優先権's, and the page says so."""
    _type_in_home_box(page, server, "thv", "ゆうせんけん")
    page.wait_for_selector("#suggestions li")
    assert "thv:1.12.1" in page.inner_text("#suggestions li >> nth=0")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/search\?q="))
    assert "「ゆうせんけん → 優先権」" in page.inner_text("p.readas")
    assert "thv:1.12.1" in page.inner_text("ol.results li >> nth=0")
    shot(page, "search-kana")
    assert page.errors == []


def test_a_suggestion_shows_the_answering_sub_clause_inside_its_parent_and_opens_it(page, server):
    """「ブロックできるのはどのキャラ？」: a suggestion among the first three is a clause with the item under it
    that answers shown inside it; a sub-clause without a title of its own shows the clause it sits in.
    Choosing the suggestion opens the sub-clause; the results page shows it inside its result too."""
    import json
    from urllib.parse import quote

    q = "ブロックできるのはどのキャラ？"
    data = json.loads(page.request.get(f"{server}/api/search?limit=8&doc=thv&q={quote(q)}").text())
    i, r = next((k, x) for k, x in enumerate(data["results"]) if x.get("answer"))
    assert i < 3
    _type_in_home_box(page, server, "thv", q)
    page.wait_for_selector("#suggestions li .sinside")
    # the suggestion of that result, by its own id (its place can differ: the box groups siblings too, issue 42)
    li = page.locator("#suggestions li").filter(has=page.locator(f'xpath=./span[@class="sid" and starts-with(., "{r["id"]}")]')).first
    assert li.locator("> .sid").inner_text().startswith(r["id"])
    # the answering sub-clause is inside the card (beside any siblings grouped on it, issue 42)
    assert li.locator(".sinside").filter(has_text=r["answer"]["id"]).count() == 1
    if not r["title"]:                        # untitled: the clause it sits in is named above it
        assert li.locator(".sparent").inner_text() == f'{r["parent"]["number"]} {r["parent"]["title"]}'.strip()
    shot(page, "search-suggestion-inside")
    for _ in range(i + 1):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(re.escape(r["answer"]["url"]) + "$"))
    page.goto(f"{server}/search?doc=thv&q={quote(q)}")
    box = page.locator("ol.results > li").nth(i).locator(".inside")
    assert r["answer"]["id"] in box.inner_text()
    assert box.locator("a").get_attribute("href") == r["answer"]["url"]
    assert page.errors == []


def test_axe_finds_nothing_where_a_sub_clause_is_shown_inside_its_parent(browser, server, width):
    """The suggestions and the results page with a sub-clause shown inside its result, audited by axe-core."""
    from urllib.parse import quote

    from tests.browser.axe import audit, audit_context, format_violations
    from tests.browser.conftest import WIDTHS

    ctx = audit_context(browser, viewport=WIDTHS[width])
    page = ctx.new_page()
    try:
        _type_in_home_box(page, server, "thv", "ブロックできるのはどのキャラ？")
        page.wait_for_selector("#suggestions li .sinside")
        page.keyboard.press("ArrowDown")
        found = audit(page)
        assert found == [], format_violations(found)
        page.goto(f"{server}/search?doc=thv&q={quote('ブロックできるのはどのキャラ？')}")
        assert page.locator("ol.results .inside").count() >= 1
        found = audit(page)
        assert found == [], format_violations(found)
    finally:
        ctx.close()
