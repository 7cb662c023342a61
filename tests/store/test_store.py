"""The store's interface on both databases: [sqlite] a file, [postgresql] a real server (tests/pg_cluster.py)."""
from __future__ import annotations

import threading

import pytest

from judge_app.store import Conflict, NotFound, Store


@pytest.fixture
def store(store_url):
    s = Store(store_url)
    s.init_schema()
    yield s
    s.close()


def test_a_session_reads_back_as_written(store):
    rec = store.create_session("opcg", {"p": ["ルフィ"]}, 2**31 - 1, [{"step": "step"}], "題")
    got = store.get_session(rec.id)
    assert (got.game, got.board, got.seed, got.answers, got.title, got.version) == \
        ("opcg", {"p": ["ルフィ"]}, 2**31 - 1, [{"step": "step"}], "題", 0)
    assert store.count("sessions") == 1


def test_an_update_from_a_stale_version_is_a_conflict_and_changes_nothing(store):
    rec = store.create_session("opcg", {}, 1, [])
    assert store.update_answers(rec.id, 0, [{"step": "a"}]) == 1
    with pytest.raises(Conflict):
        store.update_answers(rec.id, 0, [{"step": "b"}])
    got = store.get_session(rec.id)
    assert got.answers == [{"step": "a"}] and got.version == 1
    with pytest.raises(NotFound):
        store.update_answers("nope", 0, [])
    with pytest.raises(NotFound):
        store.get_session("nope")


def test_concurrent_updates_from_one_version_store_exactly_one(store):
    rec = store.create_session("opcg", {}, 1, [])
    results: list[str] = []
    go = threading.Barrier(8)

    def one(i):
        go.wait()
        try:
            store.update_answers(rec.id, 0, [{"who": i}])
            results.append("ok")
        except Conflict:
            results.append("conflict")

    ts = [threading.Thread(target=one, args=(i,)) for i in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert results.count("ok") == 1 and results.count("conflict") == 7
    assert store.get_session(rec.id).version == 1


def test_a_failed_write_leaves_nothing_behind(store):
    with pytest.raises(RuntimeError):
        with store.transaction() as c:
            from judge_app.store import sessions
            c.execute(sessions.insert().values(id="x", game="g", board="{}", seed=0, answers="[]", title="",
                                               version=0, created=0.0, updated=0.0))
            raise RuntimeError("half-way")
    with pytest.raises(NotFound):
        store.get_session("x")


def test_rulings_list_newest_first_by_game_with_editions(store):
    a = store.save_ruling("opcg", {"b": 1}, 3, [{"x": 1}], "一", "メモ", {"opcg": "ver.1.1.6"})
    b = store.save_ruling("los", {}, 4, [], "二", "")
    c = store.save_ruling("opcg", {}, 5, [], "三", "")
    assert [r.slug for r in store.list_rulings()] == [c.slug, b.slug, a.slug]
    assert [r.slug for r in store.list_rulings("opcg")] == [c.slug, a.slug]
    assert [r.slug for r in store.list_rulings(limit=1, offset=1)] == [b.slug]
    got = store.get_ruling(a.slug)
    assert (got.board, got.answers, got.note, got.editions) == ({"b": 1}, [{"x": 1}], "メモ", {"opcg": "ver.1.1.6"})
    assert store.get_ruling(b.slug).editions == {}
    with pytest.raises(NotFound):
        store.get_ruling("zzzzzzzzzz")


def test_init_schema_twice_is_a_no_op(store):
    store.create_session("opcg", {}, 1, [])
    store.init_schema()
    assert store.count("sessions") == 1


def test_the_app_runs_on_the_store(store_url, tmp_path):
    from judge_app import create_app
    from judge_app.engine import rulesets
    import random

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "unused.sqlite3"), "DATABASE_URL": store_url,
                      "INDEX_DIR": str(tmp_path / "index"), "SECRET_KEY": "t"})
    client = app.test_client()
    rs = rulesets()["opcg"]
    r = client.post("/api/sessions", json={"game": "opcg", "board": rs.new_game_board(random.Random(1)), "seed": 1})
    assert r.status_code == 201 or r.status_code == 200, r.get_data(as_text=True)
    sid = r.get_json()["id"]
    r = client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    assert r.status_code == 200
    r = client.post("/api/rulings", json={"session": sid, "title": "t"})
    assert r.status_code in (200, 201)
    s = Store(store_url)
    assert s.count("sessions") == 1 and s.count("rulings") == 1
    s.close()
    if store_url.endswith(".sqlite3"):
        assert not (tmp_path / "unused.sqlite3").exists()
