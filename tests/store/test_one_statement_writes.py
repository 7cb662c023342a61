"""The writes a request makes are one statement each (Store.statement, issue 39): on SQLite no BEGIN, so the write
lock is taken and let go inside one call into SQLite and never held while a thread waits for the GIL. What they
check (a session's version, a client's count of rulings, the size cap) still holds, on both databases."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import event

from judge_app.store import Conflict, NotFound, Store, Unstorable
from judge_app.store import database


@pytest.fixture
def store(store_url):
    s = Store(store_url, max_bytes=4096, per_client=10)
    s.init_schema()
    yield s
    s.close()


def _sql_of(store: Store, call) -> list[str]:
    sent: list[str] = []

    def record(conn, cursor, statement, *rest):
        sent.append(statement.split()[0].upper() + (" IMMEDIATE" if "IMMEDIATE" in statement else ""))

    event.listen(store.engine, "before_cursor_execute", record)
    try:
        call()
    finally:
        event.remove(store.engine, "before_cursor_execute", record)
    return sent


def test_a_step_an_answer_and_a_ruling_are_one_statement_each_on_sqlite(tmp_path):
    store = Store(tmp_path / "one.sqlite3", max_bytes=4096, per_client=10)   # BEGIN is SQLite's (PostgreSQL: the driver's)
    store.init_schema()
    rec = store.create_session("opcg", {"p": 1}, 1, [])
    store.get_session(rec.id)
    assert _sql_of(store, lambda: store.update_answers(rec.id, 0, [{"step": "decision"}])) == ["UPDATE"]
    assert _sql_of(store, lambda: store.get_session(rec.id)) == ["SELECT"]
    assert _sql_of(store, lambda: store.create_session("opcg", {}, 1, [])) == ["INSERT"]
    saved: list = []
    assert _sql_of(store, lambda: saved.append(store.save_ruling("opcg", {}, 1, [], "題", "", client="c"))) == ["INSERT"]
    # a write of several statements keeps its transaction
    assert _sql_of(store, lambda: store.set_hidden(saved[0].slug, True))[0] == "BEGIN IMMEDIATE"
    store.close()


def test_a_stale_version_is_still_a_conflict_and_a_gone_session_not_found(store):
    rec = store.create_session("opcg", {}, 1, [])
    assert store.update_answers(rec.id, 0, ["a"]) == 1
    with pytest.raises(Conflict):
        store.update_answers(rec.id, 0, ["b"])
    with pytest.raises(NotFound):
        store.update_answers("no-such-session", 0, ["b"])
    assert store.get_session(rec.id).answers == ["a"]


def test_the_cap_counts_the_board_in_a_store_that_never_read_the_session(store, store_url):
    rec = store.create_session("opcg", {"x": "a" * 3000}, 1, [])
    other = Store(store_url, max_bytes=4096)   # another worker: the board's size is read, not remembered
    try:
        with pytest.raises(Unstorable):
            other.update_answers(rec.id, 0, ["b" * 1200])
        assert other.update_answers(rec.id, 0, ["b" * 900]) == 1
    finally:
        other.close()
    with pytest.raises(Unstorable):   # and in the store that made it, from the size it remembered
        store.update_answers(rec.id, 1, ["b" * 1200])
    assert store.get_session(rec.id).answers == ["b" * 900]


def test_a_client_at_its_cap_stores_nothing_even_when_saving_at_once(store):
    results: list[str] = []

    def save():
        for _ in range(4):
            try:
                store.save_ruling("opcg", {}, 1, [], "題", "", client="one")
                results.append("stored")
            except Unstorable as e:
                assert e.status == 429 and e.field == "rulings"
                results.append("refused")

    threads = [threading.Thread(target=save) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.save_ruling("opcg", {}, 1, [], "題", "", client="another")   # another client is not counted with it
    assert results.count("stored") + results.count("refused") == 24
    if store.dialect == "sqlite":   # the count and the insert are one statement under SQLite's write lock
        assert results.count("stored") == 10
    assert store.count("rulings") == results.count("stored") + 1


def test_a_slug_that_is_taken_is_drawn_again(store, monkeypatch):
    slugs = iter(["aaaaaaaaaa", "aaaaaaaaaa", "bbbbbbbbbb"])
    monkeypatch.setattr(database, "new_slug", lambda: next(slugs))
    first = store.save_ruling("opcg", {}, 1, [], "一", "")
    second = store.save_ruling("opcg", {}, 1, [], "二", "")
    assert (first.slug, second.slug) == ("aaaaaaaaaa", "bbbbbbbbbb")
    assert store.get_ruling("bbbbbbbbbb", include_hidden=True).title == "二"
