"""A head judge after a rules update, in Chromium at 360 px and 1280 px: a ruling saved under opcg ver.1.1.6, the
fixture edition ver.1.1.7 imported with `judge-app corpus import` into the test's own corpus (JUDGE_APP_CORPUS)
while the app runs, the changes page, the ruling flagged in /rulings, its banner, and its replay."""
import re
import subprocess
import sys
import threading

import pytest

from judge_app import PROJECT_ROOT, create_app
from tests.browser.conftest import closing_bodies, shot
from tests.web.editions_env import FIXTURE, corpus_env, scenario

pytestmark = pytest.mark.browser


@pytest.fixture
def edition_server(tmp_path, tmp_path_factory):
    from werkzeug.serving import make_server

    with corpus_env(tmp_path / "corpus") as corpus:
        app = create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "TESTING": True, "SECRET_KEY": "editions",
                          "INDEX_DIR": str(tmp_path_factory.getbasetemp() / "editions-index")})
        srv = make_server("127.0.0.1", 0, closing_bodies(app), threaded=True)
        thread = threading.Thread(target=srv.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{srv.server_port}", corpus
        srv.shutdown()


def fits(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_import_edition_see_changes_and_a_flagged_ruling_with_its_replay(page, edition_server, width):
    server, corpus = edition_server
    # a ruling saved today, under ver.1.1.6: the scenario file pasted into /rulings
    page.goto(server + "/rulings")
    page.click("details.import summary")
    page.fill("textarea[name=scenario]", scenario("01_equal_power_attacker_wins"))
    page.click("details.import button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[a-z0-9]+$"))
    ruling_url = page.url
    assert page.query_selector("#review") is None

    # the publisher's new edition, imported while the app runs
    out = subprocess.run([sys.executable, "-m", "judge_app", "corpus", "import", str(FIXTURE), "--doc", "opcg",
                          "--version", "ver.1.1.7"], cwd=PROJECT_ROOT, capture_output=True, text=True,
                         env={"JUDGE_APP_CORPUS": str(corpus), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert "reworded 4, renumbered 4, added 2, removed 1" in out.stdout

    # what changed
    page.goto(server + "/rules/opcg")
    page.click("a.doceds")
    page.wait_for_url(re.compile(r"/rules/opcg/changes"))
    counts = page.inner_text("#counts")
    assert "文言変更 4" in counts and "番号変更 4" in counts and "追加 2" in counts and "削除 1" in counts
    assert page.locator("del:text-is('以上の')").count() == 1
    assert page.locator("ins:text-is('と同じか、それより大きい')").count() == 1
    assert fits(page), "the changes page is wider than the screen"
    shot(page, "editions-changes")

    # the ruling is flagged in the list, and its page names the changed clauses
    page.goto(server + "/rulings")
    page.check("input[name=review]")
    page.click("form.filter button[type=submit]")
    page.wait_for_url(re.compile(r"review=1"))
    flagged = page.locator(".rulings li:has(a.needs-review)")
    assert flagged.count() == 1 and "3 項" in flagged.inner_text()
    shot(page, "editions-rulings-review")
    flagged.locator("a.ruling-title").click()
    page.wait_for_url(ruling_url)
    banner = page.locator("#review")
    assert banner.is_visible()
    text = banner.inner_text()
    for cid in ("opcg:7-1-4-1", "opcg:7-1-4-1-1-2", "opcg:7-1-5-5", "opcg:7-1-5-4"):
        assert cid in text
    assert fits(page), "the ruling page is wider than the screen"
    shot(page, "editions-ruling-banner")

    # the replay, from the keyboard
    page.focus("#review a.button-link")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/replay$"))
    assert "結果が変わります" in page.inner_text("#verdict")
    row = page.locator("#replay-rules tr:has(code:text-is('opcg:7-1-5-5'))")
    assert "opcg:7-1-5-4" in row.inner_text() and "番号変更" in row.inner_text()
    assert fits(page), "the replay page is wider than the screen"
    shot(page, "editions-replay")
    assert page.errors == []
