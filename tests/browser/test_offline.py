"""The offline copy (issue 41) in a real Chromium at 360 px: the service worker, the 「オフラインで使う」 pack, then the
context set offline (Playwright's set_offline): the home page, a clause, the glossary, searches for a number, a
keyword and a question, a saved ruling, a session page (one line: stepping needs the server; the board kept as
its notation line) and a page never kept (the offline page, never the browser's error page). axe finds nothing on
the offline pages. The update path: a new build (a changed asset, a changed page) replaces the old copy.

The offline files (static/sw.js, static/offline/) are built by `make` (the `offline` target); a run of pytest alone
builds them here when they are missing.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from judge_app import PROJECT_ROOT, create_app
from tests.browser.axe import audit, audit_context, format_violations
from tests.browser.axe_pages import post
from tests.browser.conftest import closing_bodies, shot, wait_until

pytestmark = pytest.mark.browser

STATIC = PROJECT_ROOT / "static"
BUILD_SW = PROJECT_ROOT / "tools" / "workbox" / "build-sw.mjs"
PHONE = {"width": 360, "height": 740}


def build_offline(static: Path, data: bool = True) -> None:
    """The same two steps as `make offline`: the offline data (python), then the service worker (node)."""
    if data:
        subprocess.run([sys.executable, "-m", "judge_app.web.offline", "--out", str(static / "offline")], check=True,
                       cwd=PROJECT_ROOT, timeout=900)
    subprocess.run(["node", str(BUILD_SW), str(static)], check=True, cwd=PROJECT_ROOT, timeout=600)


@pytest.fixture(scope="module")
def offline_files():
    if not (STATIC / "sw.js").is_file() or not (STATIC / "offline" / "pages.json").is_file():
        if not (PROJECT_ROOT / "tools" / "workbox" / "node_modules" / "workbox-build").is_dir():
            subprocess.run(["sh", str(PROJECT_ROOT / ".ci" / "ensure-workbox")], check=True, timeout=900)
        build_offline(STATIC)
    return json.loads((STATIC / "offline" / "pages.json").read_text(encoding="utf-8"))


def controlled(page, url: str) -> None:
    """Open `url` and wait until the service worker controls the page."""
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                           timeout=120000)


def result_ids(page) -> list[str]:
    page.wait_for_selector("#offline-search-count:not(:empty)")
    return page.locator("#offline-results .num").all_inner_texts()


def test_offline_copy_at_360(browser, server, offline_files):
    ctx = audit_context(browser, viewport=PHONE, service_workers="allow")
    page = ctx.new_page()
    page.set_default_timeout(30000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    slug = post(server, "/api/rulings", {"scenario": (PROJECT_ROOT / "scenarios" / "opcg" /
                                                       "01_equal_power_attacker_wins.yaml").read_text(encoding="utf-8"),
                                         "title": "同じパワーのアタック"})["slug"]
    sid = post(server, "/api/sessions", {"scenario": (PROJECT_ROOT / "scenarios" / "opcg" /
                                                      "05_counters_tip_the_battle.yaml").read_text(encoding="utf-8"),
                                         "play": True})["id"]
    try:
        controlled(page, server + "/")
        button = page.locator("#offline-get")
        total = offline_files["bytes"] + offline_files["search"]["bytes"]
        page.wait_for_function("() => /MB/.test(document.getElementById('offline-get').textContent)")
        assert f"{total / 1e6:.1f} MB" in button.inner_text()
        t0 = time.perf_counter()
        button.click()
        page.wait_for_function("() => /保存済み/.test(document.getElementById('offline-pack-state').textContent)",
                               timeout=600000)
        seconds = time.perf_counter() - t0
        stored = page.evaluate("async () => (await (await caches.open('judge-pages')).keys()).length")
        assert stored == len(offline_files["pages"]), stored
        print(f"offline copy: {len(offline_files['pages'])} pages + search data, {total / 1e6:.1f} MB, {seconds:.1f} s")
        page.goto(server + f"/r/{slug}")          # opened with signal: kept
        page.goto(server + f"/sessions/{sid}")
        page.wait_for_function(f"() => localStorage.getItem('judge-session-notation:{sid}') !== null")

        ctx.set_offline(True)
        visits = [
            ("home", "/", "h1"),
            ("clause", "/rules/opcg/7-1-4", "h1"),
            ("toc", "/rules/thv", "h1"),
            ("glossary", "/glossary/opcg", "dl.glossary"),
        ]
        for name, path, sel in visits:
            page.goto(server + path)
            page.wait_for_selector(sel)
            assert page.locator("#offline-status").is_visible(), name
            assert "オフライン" in page.locator("#offline-status").inner_text()
            shot(page, f"offline-{name}")
            violations = audit(page)
            assert violations == [], name + "\n" + format_violations(violations)
        assert "7-1-4" in page.goto(server + "/rules/opcg/7-1-4").text()

        searches = [("number", "７－１－４", "opcg", {"opcg:7-1-4"}),
                    ("number-dotted", "7.1.4", "opcg", {"opcg:7-1-4"}),
                    ("number-thv", "6-2-4-b", "thv", {"thv:6.2.4.b"}),
                    ("keyword", "【ブロッカー】", "opcg", {"opcg:10-1-4", "opcg:10-1-4-1"}),
                    ("question", "パワーが同じときはアタックした側が勝つ？", "opcg", {"opcg:7-1-4-1"})]
        for name, q, doc, want in searches:
            page.goto(server + f"/search?q={quote(q)}&doc={doc}")
            ids = result_ids(page)
            assert want & set(ids[:5]), (q, ids[:5])
            assert page.locator("#offline-search-note").is_visible()
            if name in ("number", "question"):
                shot(page, f"offline-search-{name}")
                violations = audit(page)
                assert violations == [], name + "\n" + format_violations(violations)
            if name == "number":
                assert ids[0] == "opcg:7-1-4"

        # the search box's suggestions, answered by the service worker
        page.goto(server + "/")
        page.fill("#q", "7-1-4")
        page.wait_for_selector("#suggestions li")
        assert "7-1-4" in page.locator("#suggestions").inner_text()

        page.goto(server + f"/r/{slug}")
        assert page.locator(".board, svg, [class*=board]").count() > 0
        assert page.locator("text=7-1-4").count() > 0         # its trace cites the clause that decided
        assert page.locator("#offline-status").is_visible()
        shot(page, "offline-ruling")
        violations = audit(page)
        assert violations == [], "ruling\n" + format_violations(violations)

        page.goto(server + f"/sessions/{sid}")
        status = page.locator("#offline-status")
        assert "盤面を進めるにはサーバーが必要です" in status.inner_text()
        page.locator("#offline-keep-board").click()
        assert "記譜で残しました" in page.locator("#offline-keep-board").inner_text()
        shot(page, "offline-session")
        violations = audit(page)
        assert violations == [], "session\n" + format_violations(violations)
        page.goto(server + "/")
        kept = page.locator("#offline-kept-boards input").first.input_value()
        assert kept.strip(), "the kept notation line is empty"

        page.goto(server + "/board")                  # never kept: the offline page, not Chromium's error page
        assert page.locator("h1").inner_text() == "オフラインです"
        assert slug in page.locator("#offline-rulings").inner_text()
        shot(page, "offline-fallback")
        violations = audit(page)
        assert violations == [], "fallback\n" + format_violations(violations)
        assert errors == []
    finally:
        ctx.close()


# ---- the update path -----------------------------------------------------------------------------------------------
@pytest.fixture
def own_static(tmp_path, offline_files, monkeypatch):
    """A copy of static/ that the app serves (as its static folder) and the test rebuilds as a new release would."""
    from judge_app.web import app as app_module

    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    # a pack of a few pages: the update path is the same for 2,230, and the full download is timed above
    pack_file = static / "offline" / "pages.json"
    pack = json.loads(pack_file.read_text(encoding="utf-8"))
    pack["pages"] = [p for p in pack["pages"] if p["url"] in ("/", "/rules/opcg/7-1-4")] + pack["pages"][2:30]
    pack["bytes"] = sum(p["bytes"] for p in pack["pages"])
    pack_file.write_text(json.dumps(pack, ensure_ascii=False), encoding="utf-8")
    real = app_module.data_dir
    monkeypatch.setattr(app_module, "data_dir", lambda name: static if name == "static" else real(name))
    return static


def new_app(tmp_path):
    """The app over own_static's folder as it is now (its static files are read, hashed and copied at start-up)."""
    return create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "INDEX_DIR": str(tmp_path / "index"),
                       "STATIC_BUILD_DIR": str(tmp_path / "static-build"), "TESTING": True,
                       "SECRET_KEY": "offline-update"})


def serve(tmp_path, port: int = 0):
    """The app on a loopback port; started again on the same port, it is the same origin (the same worker, caches)."""
    from werkzeug.serving import make_server

    srv = make_server("127.0.0.1", port, closing_bodies(new_app(tmp_path)), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def all_cached_urls(page) -> list[str]:
    return page.evaluate("""async () => {
        const out = [];
        for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) out.push(r.url);
        return out;
    }""")


def stylesheets(urls) -> list[str]:
    return [u for u in urls if re.search(r"/static/app\.[0-9a-f]{12}\.css$", u)]


def shown_date(page, ms: int) -> str:
    """The date as the pages write it (local time, to the minute)."""
    return page.evaluate("""(ms) => { const d = new Date(ms), p = (n) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`; }""",
                         ms)


def fetched_text(page, href: str) -> str:
    return page.evaluate("async (href) => (await fetch(href)).text()", href)


def test_new_build_replaces_the_old_copy(browser, tmp_path, own_static):
    from judge_app.web.offline import render_pages

    srv = serve(tmp_path)
    port = srv.server_port
    base = f"http://127.0.0.1:{port}"
    ctx = browser.new_context(viewport=PHONE, locale="ja-JP", service_workers="allow")
    page = ctx.new_page()
    page.set_default_timeout(30000)
    clause = "/rules/opcg/7-1-4"
    try:
        controlled(page, base + "/")
        page.evaluate("() => window.judgeOffline.getPack()")
        first = page.evaluate("() => JSON.parse(localStorage.getItem('judge-offline-copy'))")
        assert first["build"]
        [old_css] = stylesheets(all_cached_urls(page))

        # the new release: a changed stylesheet, so every page (each links the stylesheet's hashed name) renders
        # anew; the pack's list written again from the new renderings, the worker built again, then deployed
        srv.shutdown()
        srv.server_close()
        css = own_static / "app.css"
        css.write_text(css.read_text(encoding="utf-8") + "\n/* release 2 */\n", encoding="utf-8")
        pack_file = own_static / "offline" / "pages.json"
        pack = json.loads(pack_file.read_text(encoding="utf-8"))
        pack["pages"] = render_pages(new_app(tmp_path), [p["url"] for p in pack["pages"]])
        pack["build"] = "release-2"
        pack_file.write_text(json.dumps(pack, ensure_ascii=False), encoding="utf-8")
        assert all(p["rev"] != first["revisions"][p["url"]] for p in pack["pages"])
        build_offline(own_static, data=False)       # the service worker again, with the new revisions
        srv = serve(tmp_path, port)

        # the new worker installs, takes over at once (skipWaiting, clientsClaim) and drops the old build's files
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        wait_until(page, r"""async (old) => {
            const urls = [];
            for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
            return !urls.includes(old) && urls.some((u) => /\/static\/app\.[0-9a-f]{12}\.css$/.test(u));
        }""", old_css, timeout=120)
        cached = all_cached_urls(page)
        [new_css] = stylesheets(cached)
        assert "release 2" in fetched_text(page, new_css)

        # before the pack is refreshed, a stored page still links the old stylesheet: offline it still gets one (the
        # browser's own cache keeps the old hashed name; else the worker answers with the new file)
        ctx.set_offline(True)
        page.goto(base + clause)
        href = page.locator("link[rel=stylesheet]").first.get_attribute("href")
        assert old_css.endswith(href), (old_css, href)
        assert fetched_text(page, href).startswith("/* One layout")
        assert shown_date(page, first["updated"]) in page.locator("#offline-status").inner_text()
        ctx.set_offline(False)

        page.goto(base + "/")                         # the home page sees the new build: refreshes what changed
        page.wait_for_function("() => JSON.parse(localStorage.getItem('judge-offline-copy')).build === 'release-2'",
                               timeout=120000)
        second = page.evaluate("() => JSON.parse(localStorage.getItem('judge-offline-copy'))")
        assert second["revisions"] == {p["url"]: p["rev"] for p in pack["pages"]}
        assert second["updated"] > first["updated"]
        when = shown_date(page, second["updated"])
        assert f"最終更新 {when}" in page.locator("#offline-pack-state").inner_text()   # the page says when
        stored = page.evaluate("async () => (await (await caches.open('judge-pages')).keys()).length")
        assert stored == len(pack["pages"])

        ctx.set_offline(True)
        now = all_cached_urls(page)
        assert old_css not in now and stylesheets(now) == [new_css]
        page.goto(base + clause)
        assert page.locator("#offline-status").is_visible()
        assert when in page.locator("#offline-status").inner_text()
        href = page.locator("link[rel=stylesheet]").first.get_attribute("href")
        assert new_css.endswith(href), (new_css, href)   # offline, the page and its stylesheet are the new build's
        assert "release 2" in fetched_text(page, href)
        # a name the precache does not hold (make dev's plain names): offline, the precached file of that name
        assert "release 2" in fetched_text(page, "/static/app.css")
    finally:
        ctx.close()
        srv.shutdown()
        srv.server_close()
