"""axe-core finds nothing on any kind of page, at 360 px and at 1280 px (issue 25): every page kind and state of
tests/browser/axe_pages.py (the home page and its suggestions, search, the rules pages, every game's builder and
its edit dialog, every game's session page with its decision, withheld actions and adjustment forms (their
effect pickers opened too) and after an answer drawn in place, the rulings, a ruling with its verdict and review
banner, the changes page, error pages), each visited once per width in one browser context, against one app.
axe's default rules, none turned off."""
import pytest

from tests.browser.axe import AXE_JS, MISSING, format_violations
from tests.browser.axe_pages import GAMES, audit_pages, prepare
from tests.browser.conftest import WIDTHS, serving
from tests.web.editions_env import corpus_env

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def audited_site(tmp_path_factory):
    """One app with its own corpus copy, holding what the pages show (axe_pages.prepare)."""
    tmp = tmp_path_factory.mktemp("axe")
    with corpus_env(tmp / "corpus") as corpus, serving(tmp, "axe-pages") as base:
        yield base, prepare(base, corpus)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_axe_finds_no_violation_on_any_page_kind(browser, audited_site, width):
    assert AXE_JS.is_file(), MISSING
    base, stored = audited_site
    size = WIDTHS[width]
    results = audit_pages(browser, base, stored, size["width"], size["height"])
    states = {"home (suggestions open)"} | {f"builder {g} (edit dialog)" for g in GAMES}
    states |= {f"session {g} ({s})" for g in GAMES for s in ("adjustment forms", "effect pickers open",
                                                             "answered in place")}
    assert states <= set(results), sorted(states - set(results))   # every state was reached
    found = {state: r["violations"] for state, r in results.items() if r["violations"]}
    errors = {state: r["page_errors"] for state, r in results.items() if r["page_errors"]}
    report = "\n".join(f"{state} ({results[state]['url']}):\n{format_violations(v)}" for state, v in found.items())
    assert not found, f"axe-core at {size['width']} px:\n{report}"
    assert not errors, errors
