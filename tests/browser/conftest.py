"""A real Chromium (Debian's, never downloaded) against the app served on a loopback port.

Screenshots go to screenshots/ at the project root (git-ignored), named after the page and the width.
"""
import json
import os
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from judge_app import PROJECT_ROOT, create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SHOTS = PROJECT_ROOT / "screenshots"
WIDTHS = {"phone": {"width": 360, "height": 740}, "laptop": {"width": 1280, "height": 900}}


class _Recorder:
    """Every path the server is asked for, in order (`served` below): what reached the server, where Playwright's
    own request events also list what the browser took from its cache."""

    paths: list[str] = []

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        self.paths.append(environ.get("PATH_INFO", ""))
        return closed_when_dropped(self.wsgi_app(environ, start_response))


def closed_when_dropped(body):
    """The answer's body, closed even when the browser drops the connection mid-answer (a page closed while the
    worker still fetches): werkzeug's test server then skips `close()`, and the open static file would be left to
    the garbage collector, a ResourceWarning. A generator closes its body the moment the server lets go of it."""
    try:
        yield from body
    finally:
        if hasattr(body, "close"):
            body.close()


def closing_bodies(app):
    """`app` with every answer's body closed when a connection drops (closed_when_dropped); returns the app."""
    inner = app.wsgi_app
    app.wsgi_app = lambda environ, start_response: closed_when_dropped(inner(environ, start_response))
    return app


@pytest.fixture
def served() -> list[str]:
    """The paths the test server is asked for from now on (the list grows as the test goes)."""
    _Recorder.paths.clear()
    return _Recorder.paths


@contextmanager
def serving(tmp: Path, secret: str):
    """A fresh app on a loopback port, in a thread; its base URL."""
    from werkzeug.serving import make_server

    app = create_app({"DATABASE": str(tmp / "db.sqlite3"), "INDEX_DIR": str(tmp / "index"), "TESTING": True,
                      "SECRET_KEY": secret})
    app.wsgi_app = _Recorder(app.wsgi_app)
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}"
    finally:
        srv.shutdown()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("browser"), "browser-tests") as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} がありません: Debian の chromium と fonts-noto-cjk を入れてください "
                    "(apt-get install chromium fonts-noto-cjk; .ci/run が入れます)。ブラウザはダウンロードしません。")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def phone(browser):
    """A page at 360×740 (WIDTHS["phone"]) in Japanese; the page's script errors collect in `page.errors`."""
    context = browser.new_context(viewport=WIDTHS["phone"], locale="ja-JP")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.set_default_timeout(15000)
    yield page
    context.close()


@pytest.fixture(params=list(WIDTHS))
def width(request):
    return request.param


@pytest.fixture
def page(browser, width):
    context = browser.new_context(viewport=WIDTHS[width], locale="ja-JP")
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("dialog", lambda d: (pg.errors.append(f"dialog: {d.message}"), d.dismiss()))
    pg.set_default_timeout(15000)
    yield pg
    context.close()


def wait_until(page, expression: str, arg=None, timeout: float = 30.0):
    """Polls `expression` in the page until it gives a truthy value, and returns it. For async expressions:
    Playwright's wait_for_function does not await a promise (a promise is truthy, so it returns at once)."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout:.0f} s: {expression}")
        page.wait_for_timeout(250)


def post(page, url: str, body: dict) -> dict:
    """A JSON POST from the page's own request context (its cookies); a refusal fails the test with its text."""
    r = page.request.post(url, data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert r.ok, r.text()
    return r.json()


def api_session(page, server: str, sid: str) -> dict:
    return json.loads(page.request.get(f"{server}/api/sessions/{sid}").text())


def settle(page) -> None:
    """Waits until the session page's script has finished its last request (it marks #live aria-busy meanwhile)."""
    page.wait_for_load_state()
    page.wait_for_function("() => !document.getElementById('live').hasAttribute('aria-busy')")


def shot(page, name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    w = page.viewport_size["width"]
    path = SHOTS / f"{name}-{w}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
