"""The accessibility helper works (axe-core installed by .ci/ensure-axe, injected, run): it returns axe's
violations as a list. It asserts nothing about how many there are (bench/a11y.py reports them;
tests/browser/test_axe_pages.py asserts there are none), and that the site's CSP refuses the injected script outside
an audit context, which is why audit_context() lifts it."""
import pytest

from tests.browser.axe import AXE_JS, MISSING, AxeError, audit, audit_context, inject
from tests.browser.conftest import WIDTHS

pytestmark = pytest.mark.browser


def test_axe_runs_in_an_audit_context(browser, server):
    assert AXE_JS.is_file(), MISSING
    ctx = audit_context(browser, viewport=WIDTHS["phone"])
    try:
        page = ctx.new_page()
        page.goto(server + "/rules/opcg/7-1-4")
        assert inject(page).startswith("4.")
        violations = audit(page)
        assert isinstance(violations, list)
        assert all({"id", "impact", "tags", "help", "nodes"} <= set(v) for v in violations)
    finally:
        ctx.close()


def test_the_site_csp_refuses_the_injected_script(browser, server):
    ctx = browser.new_context(viewport=WIDTHS["phone"])
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        with pytest.raises(AxeError, match="audit_context"):
            inject(page)
    finally:
        ctx.close()
