"""Sessions and saved rulings, in SQLite (the default) or PostgreSQL, through SQLAlchemy Core.

Only the four parts of a session are stored (game, board, seed, answers); state and trace are rebuilt by
`Game.replay`, so a restart, another worker or another server loses nothing. The SQL is written once, as
SQLAlchemy Core expressions, and runs on both databases. Every write is one transaction (on SQLite
`BEGIN IMMEDIATE`, in WAL mode so readers run beside one writer). A session row carries a `version`: an update
names the version it was computed from and fails (Conflict) if another worker or server wrote in between, so no
answer is ever lost silently.

Which database: the caller names it, as a URL (`postgresql://user@host/db`, any `sqlite:///…`) or a SQLite path.
`configured_target()` reads it from the settings (`JUDGE_APP_DATABASE_URL`, else the SQLite file `JUDGE_APP_DATABASE`,
default `<instance>/judge_app.sqlite3`); the web app passes its own config. The schema (schema.py) is created and
upgraded by the Alembic migrations in migrations/ at start-up (`judge-app db upgrade` does the same by hand).
"""
from __future__ import annotations

import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, func, insert, select, update
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError

from judge_app import settings
from judge_app.resources import instance_dir
from judge_app.store.schema import NEWEST_REVISION, rulings, sessions

# Slugs avoid look-alike characters so they can be read out and typed from paper.
SLUG_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
SLUG_LENGTH = 10  # 31^10 ≈ 8e14: not enumerable by guessing, short enough to share


class StoreError(Exception):
    """`message` says what went wrong (in Japanese where a judge reads it); `field` names the input it concerns."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message, self.field = message, field


class NotFound(StoreError, LookupError):
    """No session, ruling (or, for the layers above, game or scenario) of that name."""


class Conflict(StoreError, RuntimeError):
    """What is stored no longer fits the request: another request changed the session after it was read, or a
    saved session or ruling no longer replays."""


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


# ---- which database ------------------------------------------------------------------------------------------
def database_url(target: str | Path) -> str:
    """A SQLAlchemy URL from a URL or a SQLite path. `postgresql://` (and `postgres://`) use psycopg 3."""
    target = str(target)
    if "://" not in target:
        return "sqlite://" if target == ":memory:" else f"sqlite:///{target}"
    scheme, rest = target.split("://", 1)
    if scheme in ("postgresql", "postgres"):
        return f"postgresql+psycopg://{rest}"
    return target


def describe(url: str) -> str:
    """The URL without its password, for logs and `judge-app db current`."""
    return make_url(database_url(url)).render_as_string(hide_password=True)


def make_engine(url: str) -> Engine:
    url = database_url(url)
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 10, "check_same_thread": False})
        _sqlite_events(engine)
        return engine
    # pre-ping: a connection that the database server dropped (restart, failover) is replaced, not used
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=8)


def _sqlite_events(engine: Engine) -> None:
    """pysqlite opens transactions itself, late; take that over: autocommit at the driver, and our own BEGIN —
    IMMEDIATE for writes (the write lock is taken at the start, so a write never fails half-way on a busy lock),
    deferred for reads (WAL readers never wait for the writer)."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn, _record):
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get("readonly") else "BEGIN IMMEDIATE")


class Store:
    """The sessions and rulings of one database. Safe to share between threads: every call takes a pooled
    connection for one transaction and gives it back."""

    def __init__(self, target: str | Path, engine: Engine | None = None):
        self.url = database_url(target)
        self._engine = engine
        self._owns_engine = engine is None

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = make_engine(self.url)
        return self._engine

    @property
    def dialect(self) -> str:
        return make_url(self.url).get_backend_name()

    def close(self) -> None:
        if self._engine is not None and self._owns_engine:
            self._engine.dispose()
            self._engine = None

    def init_schema(self) -> None:
        """Create or upgrade the schema to the newest migration (a no-op when it is there already)."""
        if self.at_newest_revision():
            return   # the common start-up: one query, and Alembic (a third of a cold start) is never imported
        from judge_app.store.migrations import upgrade

        upgrade(self.engine)

    def at_newest_revision(self) -> bool:
        """Whether the database is stamped with NEWEST_REVISION already."""
        try:
            with self.engine.connect() as conn:
                row = conn.exec_driver_sql("SELECT version_num FROM alembic_version").first()
        except DBAPIError:   # no alembic_version table: a new or a pre-migration database
            return False
        return row is not None and row[0] == NEWEST_REVISION

    def transaction(self):
        """One write transaction: committed whole at the end of the `with`, rolled back on any error."""
        return self.engine.begin()

    def _read(self):
        return self.engine.connect().execution_options(readonly=True)

    # ---- sessions --------------------------------------------------------------
    def create_session(self, game: str, board: dict, seed: int, answers: list, title: str = "") -> SessionRecord:
        now = time.time()
        sid = new_session_id()
        with self.transaction() as c:
            c.execute(insert(sessions).values(id=sid, game=game, board=_dumps(board), seed=seed, answers=_dumps(answers),
                                              title=title, version=0, created=now, updated=now))
        return SessionRecord(sid, game, board, seed, list(answers), title, 0, now, now)

    def get_session(self, sid: str) -> SessionRecord:
        with self._read() as c:
            row = c.execute(select(sessions).where(sessions.c.id == sid)).mappings().first()
        if row is None:
            raise NotFound(sid)
        return SessionRecord(row["id"], row["game"], json.loads(row["board"]), row["seed"],
                             json.loads(row["answers"]), row["title"], row["version"], row["created"], row["updated"])

    def update_answers(self, sid: str, version: int, answers: list) -> int:
        """Store the new answers list if the row is still at `version`; returns the new version."""
        with self.transaction() as c:
            cur = c.execute(update(sessions)
                            .where(sessions.c.id == sid, sessions.c.version == version)
                            .values(answers=_dumps(answers), version=sessions.c.version + 1, updated=time.time()))
            if cur.rowcount != 1:
                exists = c.execute(select(sessions.c.id).where(sessions.c.id == sid)).first()
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
                if c.execute(select(rulings.c.slug).where(rulings.c.slug == slug)).first() is None:
                    break
            c.execute(insert(rulings).values(slug=slug, game=game, board=_dumps(board), seed=seed,
                                             answers=_dumps(answers), title=title, note=note, created=now,
                                             editions=_dumps(editions)))
        return RulingRecord(slug, game, board, seed, list(answers), title, note, now, editions)

    def get_ruling(self, slug: str) -> RulingRecord:
        with self._read() as c:
            row = c.execute(select(rulings).where(rulings.c.slug == slug)).mappings().first()
        if row is None:
            raise NotFound(slug)
        return _ruling(row)

    def list_rulings(self, game: str | None = None, limit: int = 100, offset: int = 0) -> list[RulingRecord]:
        q = select(rulings).order_by(rulings.c.created.desc()).limit(limit).offset(offset)
        if game:
            q = q.where(rulings.c.game == game)
        with self._read() as c:
            return [_ruling(r) for r in c.execute(q).mappings()]

    def count(self, table: str) -> int:
        t = {"sessions": sessions, "rulings": rulings}[table]
        with self._read() as c:
            return c.execute(select(func.count()).select_from(t)).scalar_one()


def _ruling(row) -> RulingRecord:
    return RulingRecord(row["slug"], row["game"], json.loads(row["board"]), row["seed"], json.loads(row["answers"]),
                        row["title"], row["note"], row["created"], _editions(row["editions"]))


def _editions(raw: str | None) -> dict:
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


# ---- one Store per process and database ---------------------------------------------------------------------------
# Opening and closing a SQLite connection per request cost more than the request: closing the last connection to a
# WAL database checkpoints it (and syncs) every time. Pooled connections stay open instead. A pool never crosses a
# fork (keyed by pid): gunicorn's preloading master migrates the schema, then each worker opens its own.
_lock = threading.Lock()
_stores: dict[tuple[int, str], Store] = {}


def configured_target() -> str:
    """The database the settings name: JUDGE_APP_DATABASE_URL, else JUDGE_APP_DATABASE, else the instance's file."""
    return settings.get("DATABASE_URL") or settings.get("DATABASE") or str(instance_dir() / "judge_app.sqlite3")


def migrate(target: str | Path) -> None:
    """Bring `target`'s schema to the newest migration with a Store of its own, closed afterwards (start-up)."""
    store = Store(target)
    try:
        store.init_schema()
    finally:
        store.close()


def shared_store(target: str | Path) -> Store:
    """This process's Store for `target`, made on first use and kept: one pool of connections per database."""
    key = (os.getpid(), database_url(target))
    store = _stores.get(key)
    if store is None:
        with _lock:
            store = _stores.get(key)
            if store is None:
                for old in [k for k in _stores if k[0] != key[0]]:   # inherited from the parent process: drop
                    inherited = _stores.pop(old)
                    if inherited._engine is not None:
                        inherited._engine.dispose(close=False)   # the parent's connections stay the parent's
                        inherited._engine = None
                store = _stores[key] = Store(key[1])
    return store


def read_connection(store: Store) -> Connection:
    """A read-only connection (for checks such as the fault tests' row scan)."""
    return store._read()
