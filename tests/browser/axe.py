"""axe-core in a Playwright page: inject it, run it, return the violations.

axe-core comes from the npm registry at the version pinned in tools/axe/package-lock.json, installed into
tools/axe/node_modules by `sh .ci/ensure-axe` (`make test` runs it), never from a CDN.

The site's Content-Security-Policy (`script-src 'self'`) refuses the inline <script> that
`page.add_script_tag(path=…)` injects (Chromium: "Executing inline script violates … 'script-src 'self''"),
so an audit runs in a context made with `bypass_csp=True` (`audit_context`). That context only lifts the
policy for the injected script: tests/ops/test_pages_csp.py keeps proving the pages themselves need no
inline script or style.

    ctx = audit_context(browser, viewport={"width": 360, "height": 740})
    page = ctx.new_page(); page.goto(url)
    violations = audit(page)          # [] when axe finds nothing
    assert violations == [], format_violations(violations)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from judge_app import PROJECT_ROOT

AXE_JS = Path(PROJECT_ROOT) / "tools" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
MISSING = (f"{AXE_JS} がありません: sh .ci/ensure-axe で tools/axe/package-lock.json の axe-core を入れてください"
           "（npm ci。CDN からは読み込みません）。")


class AxeError(RuntimeError):
    pass


def audit_context(browser, **kwargs):
    """A browser context an audit can inject axe-core into (the site's CSP lifted for that script)."""
    return browser.new_context(bypass_csp=True, **{"locale": "ja-JP", **kwargs})


def inject(page) -> str:
    """Put axe-core into the page (once per document); returns axe's version."""
    if not AXE_JS.is_file():
        raise AxeError(MISSING)
    if page.evaluate("() => typeof window.axe") != "object":
        try:
            page.add_script_tag(path=str(AXE_JS))
        except Exception as e:   # noqa: BLE001 - Playwright raises a plain Error for the CSP refusal
            if "Content Security Policy" in str(e):
                raise AxeError("the page's CSP refused the injected axe-core: open the page in a context made "
                               "with audit_context(browser) (bypass_csp=True)") from e
            raise
    return page.evaluate("() => window.axe.version")


_RUN = """async ([context, options]) => {
  const r = await window.axe.run(context || document, options);
  return r.violations.map((v) => ({
    id: v.id, impact: v.impact, tags: v.tags, help: v.help, description: v.description,
    nodes: v.nodes.map((n) => ({target: n.target, html: n.html.slice(0, 300), summary: n.failureSummary})),
  }));
}"""


def audit(page, context: Any = None, options: dict | None = None) -> list[dict]:
    """axe's violations on the page as it is now: [{id, impact, tags, help, description, nodes: [{target,
    html, summary}]}]. `context` is axe's (a selector, or {include, exclude}); `options` axe.run's (default:
    every rule axe runs by default, WCAG 2.x A/AA and best practices; only violations are returned)."""
    inject(page)
    opts = {"resultTypes": ["violations"], **(options or {})}
    return page.evaluate(_RUN, [context, opts])


def format_violations(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} element(s)")
        for n in v["nodes"][:5]:
            lines.append(f"    {' '.join(map(str, n['target']))}: {n['html'][:120]}")
    return "\n".join(lines)
