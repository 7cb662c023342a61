"""Every kind of page the site has, in the states a judge sees them, for axe-core: what to store first, which
pages to visit, what to do on each before it is audited. Used by the browser test that asserts 0 violations
(tests/browser/test_axe_pages.py) and by the report (bench/a11y.py), so both audit the same pages.

One visit per page and width: a visit may audit several states of the same page (the builder, then its edit dialog
open with 詳細; the session page as served, then after an answer drawn in place by session.js).
"""
from __future__ import annotations

import json
import urllib.parse
import urllib.request
from pathlib import Path

from judge_app import PROJECT_ROOT
from tests.browser.axe import audit

GAMES = ("opcg", "kaiun", "kaiun-multi", "los", "thv")
# each ends on an open decision with withheld actions (できない行動)
SESSION_SCENARIOS = {"opcg": "05_counters_tip_the_battle", "kaiun": "18_set_phase_keep_face_up",
                     "kaiun-multi": "02_parent_battles_every_child_clockwise", "los": "33_display_change_limits",
                     "thv": "attack_no_defender_graze"}
RULING_SCENARIO = "01_equal_power_attacker_wins"   # cites clauses the fixture edition changes; ends on a decision
EDITION_FIXTURE = PROJECT_ROOT / "tests" / "fixtures" / "editions" / "opcg-ver.1.1.7.txt"
BLOCKER = urllib.parse.quote("ブロッカー")


def post(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.load(r)


def prepare(base: str, corpus: Path) -> dict:
    """What the pages show: a session of every game, a ruling under opcg ver.1.1.6, then the fixture edition
    ver.1.1.7 imported into `corpus` (the app's own copy), so the changes page lists changes and the ruling page
    shows its review banner. Also builds the search index once."""
    from judge_app.corpus.importer import import_edition

    stored: dict = {"sessions": {}}
    for game, name in SESSION_SCENARIOS.items():
        text = (PROJECT_ROOT / "scenarios" / game / f"{name}.yaml").read_text(encoding="utf-8")
        stored["sessions"][game] = post(base, "/api/sessions", {"scenario": text, "play": True})["id"]
    text = (PROJECT_ROOT / "scenarios" / "opcg" / f"{RULING_SCENARIO}.yaml").read_text(encoding="utf-8")
    stored["ruling"] = post(base, "/api/rulings", {"scenario": text, "title": "同じパワーのアタック"})["slug"]
    import_edition(corpus, "opcg", EDITION_FIXTURE, "ver.1.1.7")
    stored["edition"] = "opcg ver.1.1.7 (tests/fixtures/editions)"
    urllib.request.urlopen(base + "/api/search?q=" + BLOCKER, timeout=600).read()
    return stored


def page_kinds(stored: dict) -> list[tuple[str, str, str | None]]:
    """(kind, path, what to do there: None, or the name of a visit in VISITS)."""
    kinds = [("home", "/", "home"),
             ("search results", f"/search?q={BLOCKER}", None),
             ("rules index", "/rules", None), ("toc", "/rules/opcg", None), ("clause", "/rules/opcg/7-1-4", None),
             ("glossary", "/glossary/opcg", None), ("board index", "/board", None)]
    kinds += [(f"builder {g}", f"/board/{g}", "builder") for g in GAMES]
    kinds += [(f"session {g}", f"/sessions/{sid}", "session") for g, sid in stored["sessions"].items()]
    kinds += [("rulings", "/rulings", None), ("ruling", f"/r/{stored['ruling']}", "open_all"),
              ("changes", "/rules/opcg/changes", None),
              ("error 404 (clause, near numbers)", "/rules/opcg/7-1-99", None),
              ("error 404 (session)", "/sessions/no-such-session", None)]
    return kinds


def open_all_details(page) -> None:
    page.evaluate("() => document.querySelectorAll('main details').forEach((d) => { d.open = true; })")


def _home(page, kind):
    yield kind, "as served"
    page.fill("#q", "ブロッカー")
    page.wait_for_selector("#suggestions [role=option]", timeout=15000)
    page.keyboard.press("ArrowDown")
    yield "home (suggestions open)", "suggestions open, one chosen with ↓"


def _builder(page, kind):
    yield kind, "as served (mid-game board)"
    first = page.locator("#board-drawing button.card-edit").first
    (first if first.count() else page.locator("#board-drawing .editable").first).click()
    page.wait_for_selector("#edit-dialog[open]")
    page.evaluate("() => { const d = document.getElementById('edit-more'); if (d) d.open = true; }")
    yield f"{kind} (edit dialog)", "a card's edit dialog open, 詳細 open"


def _session(page, kind):
    page.evaluate("() => document.querySelectorAll('main details:not(#adjust)').forEach((d) => { d.open = true; })")
    yield kind, "as served: the open decision with its withheld actions open"
    # on a phone the hand folds while the adjustment forms are open, so they are a state of their own
    page.click("#adjust > summary")
    yield f"{kind} (adjustment forms)", "ジャッジによる調整 open (one adjustment, a card's effect)"
    # the pickers behind each row's 「〜してもよい」「〜まで」・条件 and the at_once form's third effect are hidden
    # while folded, and axe passes over what is hidden: opened, they are a state of their own
    page.evaluate("() => document.querySelectorAll('#adjust details').forEach((d) => { d.open = true; })")
    yield f"{kind} (effect pickers open)", ("ジャッジによる調整 with every row's 「〜してもよい」「〜まで」・条件 open, "
                                            "and the at_once form's further effect")
    page.click("#adjust > summary")
    option = page.locator("#decision .options button").first
    if option.count():
        said = "() => document.getElementById('decision').innerText + document.getElementById('status').innerText"
        before = page.evaluate(said)
        option.click()
        page.wait_for_function(f"(t) => !document.getElementById('live').hasAttribute('aria-busy') && ({said})() !== t",
                               arg=before)
        yield f"{kind} (answered in place)", "after an answer, drawn by session.js from the JSON API"


def _open_all(page, kind):
    open_all_details(page)
    yield kind, "every <details> open (the board, below the verdict)"


def _plain(page, kind):
    yield kind, "as served"


VISITS = {"home": _home, "builder": _builder, "session": _session, "open_all": _open_all, None: _plain}


def audit_pages(browser, base: str, stored: dict, width: int, height: int, on_result=None) -> dict:
    """Visit every page kind once at this width; {state: {"url", "what", "violations", "page_errors"}}."""
    from tests.browser.axe import audit_context

    results: dict = {}
    ctx = audit_context(browser, viewport={"width": width, "height": height})
    try:
        page = ctx.new_page()
        page.set_default_timeout(30000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        for kind, path, visit in page_kinds(stored):
            page.goto(base + path)
            page.wait_for_load_state()
            for state, what in VISITS[visit](page, kind):
                results[state] = {"url": path, "what": what, "violations": audit(page), "page_errors": list(errors)}
                errors.clear()
                if on_result:
                    on_result(state, results[state])
    finally:
        ctx.close()
    return results
