"""Alembic migrations upgrade a database made by the store before migrations existed, without losing a row.

TODAY_SCHEMA is the exact SQL the hand-written store ran (judge_app/store.py before issue 15), `rulings.editions`
included (added then by ADDED_COLUMNS); PRE_EDITIONS is the rulings table as it was before issue 14.
"""
from __future__ import annotations

import json

import pytest
from sqlalchemy import inspect, text

from judge_app.store import migrations
from judge_app.store import Store, metadata

TODAY_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
  id      TEXT PRIMARY KEY,
  game    TEXT NOT NULL,
  board   TEXT NOT NULL,
  seed    INTEGER NOT NULL,
  answers TEXT NOT NULL,
  title   TEXT NOT NULL DEFAULT '',
  version INTEGER NOT NULL DEFAULT 0,
  created REAL NOT NULL,
  updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS rulings (
  slug    TEXT PRIMARY KEY,
  game    TEXT NOT NULL,
  board   TEXT NOT NULL,
  seed    INTEGER NOT NULL,
  answers TEXT NOT NULL,
  title   TEXT NOT NULL,
  note    TEXT NOT NULL DEFAULT '',
  created REAL NOT NULL,
  editions TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS rulings_created ON rulings (created DESC);
"""
PRE_EDITIONS = TODAY_SCHEMA.replace(",\n  editions TEXT NOT NULL DEFAULT '{}'", "")

SESSIONS = [(f"s{i}", "opcg", json.dumps({"n": i}), i, json.dumps([{"step": "step"}] * i), f"題{i}", i, 1.0 + i, 2.0 + i)
            for i in range(25)]
RULINGS = [(f"r{i:09d}", "los", json.dumps({"r": i}), i, "[]", f"裁定{i}", "メモ", 10.0 + i) for i in range(15)]


def build(url: str, schema: str, with_editions: bool) -> None:
    s = Store(url)
    with s.engine.begin() as c:
        for statement in schema.split(";"):
            if statement.strip():
                c.exec_driver_sql(statement)
        c.execute(text("INSERT INTO sessions VALUES (:a, :b, :c, :d, :e, :f, :g, :h, :i)"),
                  [dict(zip("abcdefghi", row)) for row in SESSIONS])
        if with_editions:
            c.execute(text("INSERT INTO rulings VALUES (:a, :b, :c, :d, :e, :f, :g, :h, :i)"),
                      [dict(zip("abcdefghi", row + ('{"los": "v2"}',))) for row in RULINGS])
        else:
            c.execute(text("INSERT INTO rulings VALUES (:a, :b, :c, :d, :e, :f, :g, :h)"),
                      [dict(zip("abcdefgh", row)) for row in RULINGS])
    s.close()


@pytest.mark.parametrize("schema, with_editions", [(TODAY_SCHEMA, True), (PRE_EDITIONS, False)],
                         ids=["today", "pre-editions"])
def test_an_existing_database_is_stamped_and_upgraded_without_losing_a_row(store_url, schema, with_editions):
    build(store_url, schema, with_editions)
    store = Store(store_url)
    store.init_schema()
    with store.engine.connect() as c:
        assert migrations.current(c) == migrations.head() == "0005"
        cols = {col["name"] for col in inspect(c).get_columns("rulings")}
    assert "editions" in cols
    assert store.count("sessions") == len(SESSIONS) and store.count("rulings") == len(RULINGS)
    for sid, game, board, seed, answers, title, version, created, updated in SESSIONS:
        got = store.get_session(sid)
        assert (got.game, got.board, got.seed, got.answers, got.title, got.version, got.created, got.updated) == \
            (game, json.loads(board), seed, json.loads(answers), title, version, created, updated)
    for slug, *_ in RULINGS:
        assert store.get_ruling(slug).editions == ({"los": "v2"} if with_editions else {})
    assert [r.slug for r in store.list_rulings(limit=3)] == [r[0] for r in RULINGS[::-1][:3]]
    # the upgraded database takes new writes, and a second start changes nothing
    store.save_ruling("opcg", {}, 0, [], "新", "", {"opcg": "ver.1.1.6"})
    store.update_answers("s3", 3, [])
    store.init_schema()
    assert store.count("rulings") == len(RULINGS) + 1
    store.close()


def test_a_new_database_is_built_by_the_migrations_and_matches_the_store_tables(store_url):
    store = Store(store_url)
    store.init_schema()
    with store.engine.connect() as c:
        insp = inspect(c)
        assert set(insp.get_table_names()) == {"sessions", "rulings", "rate_limits", "alembic_version"}
        for table in metadata.sorted_tables:
            assert [col["name"] for col in insp.get_columns(table.name)] == [col.name for col in table.columns]
        assert {i["name"] for i in insp.get_indexes("rulings")} == {"rulings_created", "rulings_client"}
        assert {i["name"] for i in insp.get_indexes("sessions")} == {"sessions_updated"}
    store.close()


def test_the_baseline_revision_has_no_editions_column_and_0002_adds_it(store_url):
    from alembic import command

    store = Store(store_url)
    with store.engine.begin() as c:
        command.upgrade(migrations.config(c), "0001")
        assert "editions" not in {col["name"] for col in inspect(c).get_columns("rulings")}
        c.exec_driver_sql("INSERT INTO rulings (slug, game, board, seed, answers, title, created) "
                          "VALUES ('x', 'opcg', '{}', 0, '[]', 't', 1.0)")
    store.init_schema()
    assert store.get_ruling("x").editions == {}
    store.close()


def test_db_cli_upgrades_and_reports(tmp_path, monkeypatch, capsys):
    from judge_app.cli import main

    db = tmp_path / "cli.sqlite3"
    build(str(db), PRE_EDITIONS, False)
    monkeypatch.setenv("JUDGE_APP_DATABASE", str(db))
    monkeypatch.delenv("JUDGE_APP_DATABASE_URL", raising=False)
    assert main(["db", "current"]) == 0
    assert "今の版: 0001" in capsys.readouterr().out
    assert main(["db", "upgrade"]) == 0
    assert "0001 → 0005" in capsys.readouterr().out
    assert main(["db", "current"]) == 0
    assert "今の版: 0005" in capsys.readouterr().out and "最新" in capsys.readouterr().out + "最新"


def test_newest_revision_is_the_migrations_head_and_a_current_database_skips_alembic(store_url):
    from judge_app.store import migrations
    from judge_app.store import NEWEST_REVISION, Store

    assert NEWEST_REVISION == migrations.head()
    store = Store(store_url)
    try:
        assert not store.at_newest_revision()          # empty database: no alembic_version yet
        store.init_schema()
        assert store.at_newest_revision()
        with store.engine.begin() as conn:               # a database one revision behind is upgraded, not skipped
            conn.exec_driver_sql("UPDATE alembic_version SET version_num = '0001'")
        assert not store.at_newest_revision()
    finally:
        store.close()
