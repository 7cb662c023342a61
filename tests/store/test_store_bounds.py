"""Issue 27 on both databases: one seed range, a size cap per row, no NaN, idle-session expiry and prune,
hidden rulings, and migration 0003 from a 0002 database without losing a row."""
from __future__ import annotations

import json
import time

import pytest
from sqlalchemy import inspect

from judge_app.store import migrations
from judge_app.engine.bounds import SEED_MAX
from judge_app.store import MAX_STORED_BYTES, NotFound, Unstorable, Store


@pytest.fixture
def store(store_url):
    s = Store(store_url, max_bytes=4096, idle_seconds=3600)
    s.init_schema()
    yield s
    s.close()


def test_seeds_up_to_2_63_minus_1_are_stored_on_both_databases(store):
    # issue 27 #5: the API accepted seeds up to 2^63-1 but the PostgreSQL column was 32-bit (a 500 on create)
    rec = store.create_session("opcg", {}, SEED_MAX, [])
    assert store.get_session(rec.id).seed == SEED_MAX
    ruling = store.save_ruling("opcg", {}, SEED_MAX, [], "題", "")
    assert store.get_ruling(ruling.slug).seed == SEED_MAX


@pytest.mark.parametrize("seed", [-1, SEED_MAX + 1, 2**64, 1.5, True, "1"])
def test_a_seed_out_of_the_range_is_refused_naming_it_and_nothing_is_stored(store, seed):
    with pytest.raises(Unstorable) as e:
        store.create_session("opcg", {}, seed, [])
    assert e.value.field == "seed" and "2^63" not in e.value.message and str(SEED_MAX) in e.value.message
    with pytest.raises(Unstorable):
        store.save_ruling("opcg", {}, seed, [], "題", "")
    assert store.count("sessions") == 0 and store.count("rulings") == 0


def test_a_row_over_the_cap_is_refused_413_and_nothing_is_stored(store):
    big = {"x": "あ" * 1400}   # 4,200 bytes of UTF-8: over 4096
    with pytest.raises(Unstorable) as e:
        store.create_session("opcg", big, 1, [])
    assert e.value.status == 413 and e.value.field == "body" and "4,096" in e.value.message
    with pytest.raises(Unstorable):
        store.save_ruling("opcg", big, 1, [], "題", "")
    rec = store.create_session("opcg", {"x": "a" * 3000}, 1, [])
    with pytest.raises(Unstorable):   # the answers that would take the row over the cap
        store.update_answers(rec.id, 0, ["b" * 1200])
    got = store.get_session(rec.id)
    assert got.answers == [] and got.version == 0
    assert store.update_answers(rec.id, 0, ["b" * 900]) == 1
    assert store.count("sessions") == 1 and store.count("rulings") == 0


def test_rows_stored_before_the_cap_still_read(store_url):
    wide = Store(store_url, max_bytes=0)
    wide.init_schema()
    rec = wide.create_session("opcg", {"x": "a" * 10_000}, 1, [])
    wide.close()
    narrow = Store(store_url, max_bytes=4096)
    try:
        assert narrow.get_session(rec.id).board == {"x": "a" * 10_000}
    finally:
        narrow.close()


def test_the_default_cap_is_the_documented_one():
    from judge_app import settings
    from judge_app.safe_yaml import MAX_BYTES

    assert Store("sqlite://").max_bytes == MAX_STORED_BYTES == MAX_BYTES == settings.BY_NAME["MAX_STORED_BYTES"].default


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf")])
def test_nan_and_infinity_are_never_written(store, bad):
    with pytest.raises(Unstorable) as e:
        store.create_session("opcg", {"battle": {"x": bad}}, 1, [])
    assert e.value.field == "board"
    rec = store.create_session("opcg", {}, 1, [])
    with pytest.raises(Unstorable) as e:
        store.update_answers(rec.id, 0, [bad])
    assert e.value.field == "answers"
    assert store.get_session(rec.id).answers == []


def test_idle_sessions_read_as_gone_and_prune_deletes_them_but_never_a_ruling(store):
    old = store.create_session("opcg", {}, 1, [])
    fresh = store.create_session("opcg", {}, 2, [])
    ruling = store.save_ruling("opcg", {}, 3, [], "題", "")
    with store.transaction() as c:   # `old` last changed two hours ago, the ruling a year ago
        from judge_app.store import rulings, sessions
        from sqlalchemy import update
        c.execute(update(sessions).where(sessions.c.id == old.id).values(updated=time.time() - 7200))
        c.execute(update(rulings).values(created=time.time() - 365 * 86400))
    with pytest.raises(NotFound):
        store.get_session(old.id)
    assert store.get_session(fresh.id).id == fresh.id
    assert store.prune() == 1
    assert store.count("sessions") == 1 and store.count("rulings") == 1
    assert store.get_ruling(ruling.slug).slug == ruling.slug
    assert store.prune() == 0
    assert Store(store.url, engine=store.engine).prune() == 0   # a store without expiry prunes nothing


def test_hidden_rulings_keep_their_row_and_come_back(store):
    a = store.save_ruling("opcg", {}, 1, [], "一", "")
    b = store.save_ruling("opcg", {}, 2, [], "二", "")
    assert store.set_hidden(a.slug, True) is True
    assert store.set_hidden(a.slug, True) is False          # already hidden: nothing changes
    assert [r.slug for r in store.list_rulings()] == [b.slug]
    with pytest.raises(NotFound):
        store.get_ruling(a.slug)
    assert store.get_ruling(a.slug, include_hidden=True).hidden is True
    assert {r.slug for r in store.list_rulings(hidden=None)} == {a.slug, b.slug}
    assert [r.slug for r in store.list_rulings(hidden=True)] == [a.slug]
    assert store.count("rulings") == 2
    assert store.set_hidden(a.slug, False) is True
    assert store.get_ruling(a.slug).hidden is False
    assert {r.slug for r in store.list_rulings()} == {a.slug, b.slug}
    with pytest.raises(NotFound):
        store.set_hidden("nope", True)


def test_migration_0003_keeps_every_row_and_widens_the_seed(store_url):
    from alembic import command

    s = Store(store_url)
    with s.engine.begin() as c:
        command.upgrade(migrations.config(c), "0002")
        c.exec_driver_sql("INSERT INTO sessions (id, game, board, seed, answers, title, version, created, updated) "
                          "VALUES ('s1', 'opcg', '{\"a\":1}', 2147483647, '[1]', 't', 3, 1.0, 2.0)")
        c.exec_driver_sql("INSERT INTO rulings (slug, game, board, seed, answers, title, created) "
                          "VALUES ('r1', 'los', '{}', 7, '[]', 'r', 1.0)")
    s.init_schema()
    with s.engine.connect() as c:
        assert migrations.current(c) == migrations.head()   # 0003, and every migration after it
        assert {"hidden", "client", "opened", "question", "window_end"} <= {
            col["name"] for col in inspect(c).get_columns("rulings")}
        assert "sessions_updated" in {i["name"] for i in inspect(c).get_indexes("sessions")}
    got = s.get_session("s1")
    assert (got.board, got.seed, got.answers, got.version) == ({"a": 1}, 2147483647, [1], 3)
    assert s.get_ruling("r1", include_hidden=True).opened == 1.0   # stored before 0004: counts as opened, never expires
    assert s.get_ruling("r1").hidden is False
    assert (s.get_ruling("r1").question, s.get_ruling("r1").window_end) == ("", None)   # 0005's defaults
    rec = s.create_session("opcg", {}, SEED_MAX, [])
    assert s.get_session(rec.id).seed == SEED_MAX
    s.close()
    assert json.loads(json.dumps(SEED_MAX)) == SEED_MAX
