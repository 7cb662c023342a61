"""Sessions and saved rulings in SQLite.

Only the four parts of a session are stored (game, board, seed, answers); state and trace are rebuilt by
`Game.replay`, so a restart or another worker loses nothing. WAL mode lets readers run beside one writer;
every write is one transaction. A session row carries a `version`: an update names the version it was
computed from and fails (Conflict) if another worker wrote in between, so no answer is ever lost silently.
"""
from __future__ import annotations

import json
import secrets
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
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
# Columns added after a table was first created: (table, column, definition), added when missing.
# `rulings.editions`: JSON {doc key: edition version} of the rulebooks the ruling was made under ('{}' for rulings
# saved before editions existed: read as each rulebook's first edition).
ADDED_COLUMNS = [("rulings", "editions", "TEXT NOT NULL DEFAULT '{}'")]

# Slugs avoid look-alike characters so they can be read out and typed from paper.
SLUG_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
SLUG_LENGTH = 10  # 31^10 ≈ 8e14: not enumerable by guessing, short enough to share


class NotFound(LookupError):
    pass


class Conflict(RuntimeError):
    """Another request changed the session after it was read."""


@dataclass
class SessionRecord:
    id: str
    game: str
    board: dict
    seed: int
    answers: list
    title: str
    version: int
    created: float
    updated: float


@dataclass
class RulingRecord:
    slug: str
    game: str
    board: dict
    seed: int
    answers: list
    title: str
    note: str
    created: float
    editions: dict = field(default_factory=dict)   # {doc key: edition version} it was made under


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def new_session_id() -> str:
    return secrets.token_urlsafe(18)


def new_slug() -> str:
    return "".join(secrets.choice(SLUG_ALPHABET) for _ in range(SLUG_LENGTH))


class Store:
    def __init__(self, path: str | Path):
        self.path = str(path)
        self._conn: sqlite3.Connection | None = None

    # ---- connection ------------------------------------------------------
    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            # autocommit mode; transactions are opened explicitly with BEGIN IMMEDIATE
            conn = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=True)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA busy_timeout=10000")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._conn = conn
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def init_schema(self) -> None:
        with self.transaction() as c:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    c.execute(statement)
            for table, column, definition in ADDED_COLUMNS:
                have = {r["name"] for r in c.execute(f"PRAGMA table_info({table})")}
                if column not in have:
                    c.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    def transaction(self):
        return _Transaction(self.conn)

    # ---- sessions --------------------------------------------------------------
    def create_session(self, game: str, board: dict, seed: int, answers: list, title: str = "") -> SessionRecord:
        now = time.time()
        sid = new_session_id()
        with self.transaction() as c:
            c.execute("INSERT INTO sessions (id, game, board, seed, answers, title, version, created, updated)"
                      " VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)",
                      (sid, game, _dumps(board), seed, _dumps(answers), title, now, now))
        return SessionRecord(sid, game, board, seed, list(answers), title, 0, now, now)

    def get_session(self, sid: str) -> SessionRecord:
        row = self.conn.execute("SELECT * FROM sessions WHERE id = ?", (sid,)).fetchone()
        if row is None:
            raise NotFound(sid)
        return SessionRecord(row["id"], row["game"], json.loads(row["board"]), row["seed"],
                             json.loads(row["answers"]), row["title"], row["version"], row["created"], row["updated"])

    def update_answers(self, sid: str, version: int, answers: list) -> int:
        """Store the new answers list if the row is still at `version`; returns the new version."""
        with self.transaction() as c:
            cur = c.execute("UPDATE sessions SET answers = ?, version = version + 1, updated = ?"
                            " WHERE id = ? AND version = ?", (_dumps(answers), time.time(), sid, version))
            if cur.rowcount != 1:
                exists = c.execute("SELECT 1 FROM sessions WHERE id = ?", (sid,)).fetchone()
                raise Conflict(sid) if exists else NotFound(sid)
        return version + 1

    # ---- rulings ----------------------------------------------------------------
    def save_ruling(self, game: str, board: dict, seed: int, answers: list, title: str, note: str,
                    editions: dict | None = None) -> RulingRecord:
        now = time.time()
        editions = dict(editions or {})
        with self.transaction() as c:
            for _ in range(8):  # a slug collision is astronomically rare; retry rather than fail
                slug = new_slug()
                if c.execute("SELECT 1 FROM rulings WHERE slug = ?", (slug,)).fetchone() is None:
                    break
            c.execute("INSERT INTO rulings (slug, game, board, seed, answers, title, note, created, editions)"
                      " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (slug, game, _dumps(board), seed, _dumps(answers), title, note, now, _dumps(editions)))
        return RulingRecord(slug, game, board, seed, list(answers), title, note, now, editions)

    def get_ruling(self, slug: str) -> RulingRecord:
        row = self.conn.execute("SELECT * FROM rulings WHERE slug = ?", (slug,)).fetchone()
        if row is None:
            raise NotFound(slug)
        return _ruling(row)

    def list_rulings(self, game: str | None = None, limit: int = 100, offset: int = 0) -> list[RulingRecord]:
        if game:
            rows = self.conn.execute("SELECT * FROM rulings WHERE game = ? ORDER BY created DESC LIMIT ? OFFSET ?",
                                     (game, limit, offset))
        else:
            rows = self.conn.execute("SELECT * FROM rulings ORDER BY created DESC LIMIT ? OFFSET ?", (limit, offset))
        return [_ruling(r) for r in rows]

    def count(self, table: str) -> int:
        assert table in ("sessions", "rulings")
        return self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def _ruling(row: sqlite3.Row) -> RulingRecord:
    return RulingRecord(row["slug"], row["game"], json.loads(row["board"]), row["seed"], json.loads(row["answers"]),
                        row["title"], row["note"], row["created"], _editions(row["editions"]))


def _editions(raw: str | None) -> dict:
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error: a write is whole or absent."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            self.conn.execute("COMMIT")
        else:
            self.conn.execute("ROLLBACK")
        return False


# ---- Flask glue: one connection per thread and process, schema created once per app --------------
# Opening and closing a connection per request cost more than the request: closing the last connection
# to a WAL database checkpoints it (and syncs) every time. A connection lives in its thread instead and
# never crosses a fork (keyed by pid); each request still writes in its own transaction.
_local = threading.local()


def init_app(app) -> None:
    Store(app.config["DATABASE"]).init_schema()
    app.teardown_appcontext(_close)


def get_store() -> Store:
    from flask import current_app

    if getattr(_local, "pid", None) != os.getpid():
        _local.pid, _local.stores = os.getpid(), {}
    path = current_app.config["DATABASE"]
    store = _local.stores.get(path)
    if store is None:
        store = _local.stores[path] = Store(path)
    return store


def _close(exc: BaseException | None) -> None:
    """End of request: nothing may stay open in a transaction on the kept connection."""
    store = getattr(_local, "stores", {}).get(_current_path())
    if store is not None and store._conn is not None and store._conn.in_transaction:
        store._conn.execute("ROLLBACK")


def _current_path() -> str | None:
    from flask import current_app

    try:
        return current_app.config["DATABASE"]
    except RuntimeError:
        return None
