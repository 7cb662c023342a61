"""Issue 27 #11: a full disk is a 503 in the error shape (JSON on the API, a Japanese page elsewhere), never a bare
500, and nothing half-written: SQLite really refuses the write here (`PRAGMA max_page_count` at the file's size
gives SQLITE_FULL, "database or disk is full", as a full disk does)."""
from __future__ import annotations

import errno
import random

from sqlalchemy import event

from judge_app import PROJECT_ROOT, create_app
from judge_app.engine import rulesets
from judge_app.store import Store, is_disk_full
from judge_app.web.shared.services import get_store


def test_a_full_disk_is_a_503_in_the_error_shape_and_stores_nothing(tmp_path):
    db = tmp_path / "db.sqlite3"
    app = create_app({"TESTING": True, "DATABASE": str(db), "INDEX_DIR": str(PROJECT_ROOT / "instance" / "index"),
                      "SECRET_KEY": "full"})
    client = app.test_client()
    board = rulesets()["opcg"].new_game_board(random.Random(1))
    sid = client.post("/api/sessions", json={"game": "opcg", "board": board, "seed": 1}).get_json()["id"]
    with app.app_context():
        engine = get_store().engine

    def full(dbapi_conn, _record):
        pages = dbapi_conn.execute("PRAGMA page_count").fetchone()[0]
        dbapi_conn.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(engine, "connect", full)
    engine.dispose()          # every connection from now on sees a disk with no room left
    try:
        big = dict(board, turn=0)
        big["players"]["p1"]["leader"]["name"] = "大" * 80
        for _ in range(3):     # a new row needs new pages: refused by SQLite
            resp = client.post("/api/sessions", json={"game": "opcg", "board": big, "seed": 2})
            if resp.status_code != 201:
                break
        assert resp.status_code == 503, resp.get_data(as_text=True)[:300]
        body = resp.get_json()
        assert body["status"] == 503 and body["field"] == "storage" and "何も保存していません" in body["error"]
        assert resp.headers["Retry-After"] == "60"
        page = client.post(f"/sessions/{sid}/step", data={"until": "end"}, headers={"Accept": "text/html"})
        assert page.status_code in (400, 503)   # without a CSRF token the form is refused before any write
        assert client.get(f"/api/sessions/{sid}").status_code == 200     # reads still work
    finally:
        event.remove(engine, "connect", full)
        engine.dispose()
    store = Store(str(db))
    try:
        assert store.count("sessions") == 1
    finally:
        store.close()


def test_is_disk_full_reads_each_database_s_words():
    import sqlite3

    assert is_disk_full(OSError(errno.ENOSPC, "No space left on device"))
    assert is_disk_full(sqlite3.OperationalError("database or disk is full"))
    outer = RuntimeError("wrapped")
    outer.__cause__ = OSError(errno.ENOSPC, "full")
    assert is_disk_full(outer)

    class DiskFull(Exception):
        sqlstate = "53100"

    assert is_disk_full(DiskFull()) and not is_disk_full(ValueError("x")) and not is_disk_full(None)
