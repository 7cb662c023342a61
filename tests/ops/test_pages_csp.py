"""Every page the site links to satisfies the CSP (no inline script, handler or style) and carries the headers."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_app import PROJECT_ROOT
from judge_app.web.app_hooks import CSP
from tests.ops.conftest import START
from tests.ops.crawl import scan

def test_csp_forbids_inline_script_and_style_and_framing():
    directives = dict(d.strip().split(" ", 1) for d in CSP.split(";") if d.strip())
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert "unsafe" not in CSP


def test_crawl_reaches_the_pages(crawled):
    crawled = crawled[0]
    ok = [u for u, (r, _) in crawled.items() if r.status_code == 200 and r.mimetype == "text/html"]
    assert len(ok) >= 10, sorted(crawled)


def test_every_crawled_page_has_no_construct_the_csp_blocks(crawled):
    crawled = crawled[0]
    bad = {u: p.violations for u, (r, p) in crawled.items() if p is not None and p.violations}
    assert not bad


def test_every_crawled_response_carries_the_security_headers(crawled):
    crawled = crawled[0]
    for url, (resp, _) in crawled.items():
        assert resp.headers.get("Content-Security-Policy") == CSP, url
        assert resp.headers.get("X-Content-Type-Options") == "nosniff", url
        assert resp.headers.get("X-Frame-Options") == "DENY", url
        assert resp.status_code < 500, url


def test_no_crawled_link_is_broken(crawled):
    crawled = crawled[0]
    broken = {u: r.status_code for u, (r, _) in crawled.items() if r.status_code >= 400 and u not in START}
    assert not broken


TEMPLATE_FORBIDDEN = [
    (re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*\btype=\"application/json\")[^>]*>", re.I), "inline <script>"),
    (re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I), "on*= handler"),
    (re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I), "style= attribute"),
    (re.compile(r"<style\b", re.I), "<style> element"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


@pytest.mark.parametrize("template", sorted(p.relative_to(PROJECT_ROOT / "templates").as_posix()
                                            for p in (PROJECT_ROOT / "templates").rglob("*.html")))
def test_template_source_has_nothing_the_csp_blocks(template):
    text = (PROJECT_ROOT / "templates" / template).read_text(encoding="utf-8")
    found = [what for rx, what in TEMPLATE_FORBIDDEN if rx.search(text)]
    assert not found, f"{template}: {found}"


@pytest.mark.parametrize("script", sorted(p.name for p in (PROJECT_ROOT / "static").rglob("*.js")) or ["(none)"])
def test_static_scripts_do_not_write_inline_styles_or_handlers(script):
    if script == "(none)":
        return
    text = next((PROJECT_ROOT / "static").rglob(script)).read_text(encoding="utf-8")
    assert not re.search(r"setAttribute\(\s*['\"](style|on[a-z]+)['\"]", text), script
    assert not re.search(r"\beval\(|new Function\(", text), script
    for m in re.finditer(r"innerHTML\s*=\s*(['\"`])(.*?)\1", text, re.S):
        assert not scan(m.group(2)).violations, f"{script}: {m.group(0)[:80]}"


def test_scan_detects_what_it_should():
    page = scan('<p style="x" onclick="y"><script>1</script><script src="/static/a.js"></script><style></style>'
                '<script type="application/json">{"a": 1}</script><script type="module">1</script>')
    assert len(page.violations) == 5
