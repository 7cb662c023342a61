"""Sessions and saved rulings, in SQLite (the default) or PostgreSQL, through SQLAlchemy Core.

Only the four parts of a session are stored (game, board, seed, answers); state and trace are rebuilt by
`Game.replay`, so a restart, another worker or another server loses nothing. The SQL is written once, as
SQLAlchemy Core expressions, and runs on both databases. Every write is one transaction (SQLite in WAL mode, so
readers run beside one writer): the writes of a request are one statement each (`statement`; on SQLite no BEGIN,
so the write lock is never held across a wait for the GIL), the rest `BEGIN IMMEDIATE` (`transaction`). A session row carries a `version`: an update
names the version it was computed from and fails (Conflict) if another worker or server wrote in between, so no
answer is ever lost silently.

Which database: the caller names it, as a URL (`postgresql://user@host/db`, any `sqlite:///…`) or a SQLite path.
`configured_target()` reads it from the settings (`JUDGE_APP_DATABASE_URL`, else the SQLite file `JUDGE_APP_DATABASE`,
default `<instance>/judge_app.sqlite3`); the web app passes its own config. The schema (schema.py) is created and
upgraded by the Alembic migrations in migrations/ at start-up (`judge-app db upgrade` does the same by hand).

Bounds (issue 27): a seed is 0 ≤ seed ≤ 2^63−1 on both databases (BIGINT columns since migration 0003); a row
holds at most `max_bytes` of JSON (board + answers, UTF-8; JUDGE_APP_MAX_STORED_BYTES), checked before every
write, while rows stored before the cap keep being read as they are; no NaN or Infinity is ever written. A
session not changed for `idle_seconds` (JUDGE_APP_SESSION_IDLE_DAYS) reads as gone and is deleted by `prune`,
and so is a saved ruling nobody opened within `unopened_seconds` (JUDGE_APP_RULING_UNOPENED_DAYS); one client keeps
at most `per_client` rulings. A hidden ruling (`judge-app rulings hide`) keeps its row but is neither listed nor
opened until it is unhidden. shared.py keeps one Store per process and database.
"""
from __future__ import annotations

import json
import secrets
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, delete, false, func, insert, literal, select, true, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError

from judge_app.engine.bounds import SEED_MAX   # the one seed range: API, scenarios and both databases
from judge_app.store.connection import database_url, make_engine
from judge_app.store.records import Conflict, NotFound, RulingRecord, SessionRecord, Unstorable
from judge_app.store.schema import NEWEST_REVISION, rate_limits, rulings, sessions

MAX_STORED_BYTES = 256 * 1024        # JUDGE_APP_MAX_STORED_BYTES' default: board + answers as UTF-8 JSON

# Slugs avoid look-alike characters so they can be read out and typed from paper.
SLUG_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
SLUG_LENGTH = 10  # 31^10 ≈ 8e14: not enumerable by guessing, short enough to share
BOARD_SIZES_KEPT = 4096   # sessions whose board size a Store remembers (a few ints each)


# The two statements of every step and answer, built once: SQLAlchemy otherwise builds the expression and its cache
# key again on each call (a third of a session read's CPU, beside SQLite's own work).
_SESSION_ROW = select(sessions).where(sessions.c.id == bindparam("sid"))
_NEW_ANSWERS = (update(sessions).where(sessions.c.id == bindparam("sid"), sessions.c.version == bindparam("was"))
                .values(answers=bindparam("new_answers"), version=sessions.c.version + 1, updated=bindparam("now")))


def _dumps(value: Any, field: str = "body") -> str:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False, allow_nan=False)
    except ValueError:
        raise Unstorable(f"{field}: NaN や Infinity は保存できません", field) from None
    except TypeError as e:
        raise Unstorable(f"{field}: JSON で表せない値は保存できません（{e}）", field) from None


def _check_seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        raise Unstorable(f"seed: 0 以上 {SEED_MAX} 以下の整数にしてください", "seed")
    return seed


def new_session_id() -> str:
    return secrets.token_urlsafe(18)


def new_slug() -> str:
    return "".join(secrets.choice(SLUG_ALPHABET) for _ in range(SLUG_LENGTH))


class Store:
    """The sessions and rulings of one database. Safe to share between threads: every call takes a pooled
    connection for one transaction and gives it back."""

    def __init__(self, target: str | Path, engine: Engine | None = None, *, max_bytes: int | None = None,
                 idle_seconds: float | None = None, per_client: int | None = None,
                 unopened_seconds: float | None = None):
        self.url = database_url(target)
        self._engine = engine
        self._owns_engine = engine is None
        self.max_bytes = MAX_STORED_BYTES if max_bytes is None else max_bytes    # 0: no cap
        self.idle_seconds = idle_seconds or None      # None or 0: sessions never expire
        self.per_client = per_client or None          # rulings one client may keep; None: no cap
        self.unopened_seconds = unopened_seconds or None   # a ruling nobody opened goes after this; None: never
        self._next_prune = 0.0
        # session id -> its board's UTF-8 bytes, for the cap of update_answers: a board never changes, so the size
        # read with the row (or written with it) saves every step a read of the board
        self._board_bytes: dict[str, int] = {}
        self._board_lock = threading.Lock()

    def _fits(self, *parts: str) -> None:
        """Refuse a row whose JSON is over the cap (413, naming what made it large)."""
        if self.max_bytes:
            self._fits_bytes(sum(len(p.encode("utf-8")) for p in parts))

    def _fits_bytes(self, size: int) -> None:
        if self.max_bytes and size > self.max_bytes:
            raise Unstorable(f"body: 保存できる大きさを超えています（盤面と答えで {size:,} バイト。"
                          f"{self.max_bytes:,} バイトまで）", "body", 413)

    def _idle_before(self, now: float | None = None) -> float | None:
        return None if not self.idle_seconds else (now or time.time()) - self.idle_seconds

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

    @contextmanager
    def statement(self):
        """A connection for ONE statement, its own transaction, committed at the end of the `with`: on SQLite no
        BEGIN (connection.py), so a write holds the lock only while SQLite runs it; on PostgreSQL an ordinary
        transaction. Two statements in it are not one transaction on SQLite."""
        with self.engine.connect().execution_options(one_statement=True) as c, c.begin():
            yield c

    def _read(self, one_statement: bool = False):
        return self.engine.connect().execution_options(readonly=True, one_statement=one_statement)

    def _remember_board(self, sid: str, board_json: str) -> int:
        size = self._board_bytes.get(sid)
        if size is None:
            size = len(board_json.encode("utf-8"))
            with self._board_lock:
                if len(self._board_bytes) >= BOARD_SIZES_KEPT:
                    self._board_bytes.pop(next(iter(self._board_bytes)))   # the oldest
                self._board_bytes[sid] = size
        return size

    # ---- sessions --------------------------------------------------------------
    def create_session(self, game: str, board: dict, seed: int, answers: list, title: str = "") -> SessionRecord:
        board_json, answers_json = _dumps(board, "board"), _dumps(answers, "answers")
        self._fits(board_json, answers_json)
        _check_seed(seed)
        self.maybe_prune()
        now = time.time()
        sid = new_session_id()
        with self.statement() as c:
            c.execute(insert(sessions).values(id=sid, game=game, board=board_json, seed=seed, answers=answers_json,
                                              title=title, version=0, created=now, updated=now))
        self._remember_board(sid, board_json)
        return SessionRecord(sid, game, board, seed, list(answers), title, 0, now, now)

    def get_session(self, sid: str) -> SessionRecord:
        with self._read(one_statement=True) as c:
            row = c.execute(_SESSION_ROW, {"sid": sid}).mappings().first()
        idle_before = self._idle_before()
        if row is None or (idle_before is not None and row["updated"] < idle_before):
            raise NotFound(sid)
        self._remember_board(sid, row["board"])
        return SessionRecord(row["id"], row["game"], json.loads(row["board"]), row["seed"],
                             json.loads(row["answers"]), row["title"], row["version"], row["created"], row["updated"])

    def update_answers(self, sid: str, version: int, answers: list) -> int:
        """Store the new answers list if the row is still at `version`; returns the new version. Unstorable when the
        board and the new answers together are over the cap."""
        answers_json = _dumps(answers, "answers")
        if self.max_bytes:
            self._fits_with_board(sid, answers_json)
        # one statement: the version check and the write are atomic without holding the lock across calls
        with self.statement() as c:
            done = c.execute(_NEW_ANSWERS, {"sid": sid, "was": version, "new_answers": answers_json,
                                            "now": time.time()}).rowcount
        if done != 1:
            with self._read(one_statement=True) as c:
                stored = c.execute(select(sessions.c.id).where(sessions.c.id == sid)).first()
            raise Conflict(sid) if stored else NotFound(sid)
        return version + 1

    def _fits_with_board(self, sid: str, answers_json: str) -> None:
        """The cap, with the board's size as remembered (a session's board never changes), else read."""
        size = self._board_bytes.get(sid)
        if size is None:
            with self._read(one_statement=True) as c:
                board = c.execute(select(sessions.c.board).where(sessions.c.id == sid)).scalar()
            if board is None:
                raise NotFound(sid)
            size = self._remember_board(sid, board)
        self._fits_bytes(size + len(answers_json.encode("utf-8")))

    def prune(self, idle_seconds: float | None = None, now: float | None = None) -> int:
        """Delete the sessions not changed for `idle_seconds` (default: the store's own; none when neither is set)
        and the rate-limit counters whose window is over; returns how many sessions. Saved rulings are never
        pruned."""
        idle = self.idle_seconds if idle_seconds is None else idle_seconds
        now = now or time.time()
        with self.transaction() as c:
            c.execute(delete(rate_limits).where(rate_limits.c.expires < now))
            if self.unopened_seconds:
                c.execute(delete(rulings).where(rulings.c.opened.is_(None),
                                                rulings.c.created < now - self.unopened_seconds))
            if not idle:
                return 0
            return c.execute(delete(sessions).where(sessions.c.updated < now - idle)).rowcount

    def prune_unopened(self, unopened_seconds: float, now: float | None = None) -> int:
        """Delete the rulings nobody opened within `unopened_seconds` of being saved; returns how many."""
        before = (now or time.time()) - unopened_seconds
        with self.transaction() as c:
            return c.execute(delete(rulings).where(rulings.c.opened.is_(None), rulings.c.created < before)).rowcount

    def maybe_prune(self, every: float = 3600.0) -> None:
        """`prune` at most once an `every` seconds per process, from the write path: a deployment that never runs
        `judge-app db prune` still expires idle sessions (and forgets old rate-limit counters)."""
        now = time.monotonic()
        if now < self._next_prune:
            return
        self._next_prune = now + every
        self.prune()

    # ---- rulings ----------------------------------------------------------------
    def save_ruling(self, game: str, board: dict, seed: int, answers: list, title: str, note: str,
                    editions: dict | None = None, question: str = "", window_end: int | None = None,
                    headline: str = "", client: str | None = None) -> RulingRecord:
        """A new ruling. Saved by a `client` that already keeps `per_client` rulings: Unstorable (429), nothing
        written."""
        board_json, answers_json = _dumps(board, "board"), _dumps(answers, "answers")
        self._fits(board_json, answers_json)
        _check_seed(seed)
        self.maybe_prune()
        now = time.time()
        editions = dict(editions or {})
        row = dict(slug="", game=game, board=board_json, seed=seed, answers=answers_json, title=title, note=note,
                   created=now, editions=_dumps(editions, "editions"), client=client, question=question,
                   window_end=window_end, headline=headline)
        for attempt in range(8):  # a slug collision is astronomically rare; retry rather than fail
            row["slug"] = slug = new_slug()
            try:
                with self.statement() as c:
                    stored = c.execute(self._insert_ruling(row)).rowcount
                break
            except IntegrityError:
                if attempt == 7:
                    raise
        if stored != 1:
            raise Unstorable(f"rulings: この接続元から保存した裁定が上限の {self.per_client:,} 件に達しています"
                             "（JUDGE_APP_RULINGS_PER_CLIENT）", "rulings", 429)
        return RulingRecord(slug, game, board, seed, list(answers), title, note, now, editions, False, client, None,
                            question, window_end, headline)

    def _insert_ruling(self, row: dict):
        """One INSERT … SELECT that stores `row` unless its client already keeps `per_client` rulings (then it
        stores nothing): the count and the insert are one statement, so on SQLite one short hold of the lock."""
        values = select(*(literal(v, rulings.c[k].type).label(k) for k, v in row.items()))
        if row["client"] is not None and self.per_client:
            kept = select(func.count()).select_from(rulings).where(rulings.c.client == row["client"])
            values = values.where(kept.scalar_subquery() < self.per_client)
        # rowcount, kept: psycopg forgets an INSERT's once its cursor closes
        return insert(rulings).from_select(list(row), values).execution_options(preserve_rowcount=True)

    def get_ruling(self, slug: str, include_hidden: bool = False) -> RulingRecord:
        """The ruling; a hidden one reads as NotFound unless `include_hidden`. Read as the public reads it (not
        `include_hidden`), a ruling never opened is marked opened: one write in its life, and it no longer expires."""
        with self._read() as c:
            row = c.execute(select(rulings).where(rulings.c.slug == slug)).mappings().first()
        if row is None or (row["hidden"] and not include_hidden):
            raise NotFound(slug)
        record = _ruling(row)
        if record.opened is None and not include_hidden:
            record.opened = time.time()
            with self.transaction() as c:
                c.execute(update(rulings).where(rulings.c.slug == slug, rulings.c.opened.is_(None))
                          .values(opened=record.opened))
        return record

    def list_rulings(self, game: str | None = None, limit: int = 100, offset: int = 0,
                     hidden: bool | None = False) -> list[RulingRecord]:
        """Newest first; `hidden`: False the listed ones (the default), True only the hidden, None all."""
        q = select(rulings).order_by(rulings.c.created.desc()).limit(limit).offset(offset)
        if game:
            q = q.where(rulings.c.game == game)
        if hidden is not None:
            q = q.where(rulings.c.hidden == (true() if hidden else false()))
        with self._read() as c:
            return [_ruling(r) for r in c.execute(q).mappings()]

    def set_window(self, slug: str, window_end: int | None, headline: str) -> None:
        """Move where a ruling's window ends (None: back to the default), with the headline its verdict has now;
        NotFound when there is no such ruling."""
        with self.transaction() as c:
            done = c.execute(update(rulings).where(rulings.c.slug == slug).values(window_end=window_end,
                                                                                  headline=headline))
            if done.rowcount == 0:
                raise NotFound(slug)

    def set_hidden(self, slug: str, hidden: bool) -> bool:
        """Hide a ruling (off the list and its page, the row kept) or show it again. Returns whether it changed;
        NotFound when there is no such ruling."""
        with self.transaction() as c:
            now = c.execute(select(rulings.c.hidden).where(rulings.c.slug == slug)).first()
            if now is None:
                raise NotFound(slug)
            if bool(now[0]) == hidden:
                return False
            c.execute(update(rulings).where(rulings.c.slug == slug).values(hidden=hidden))
        return True

    def hide_where(self, client: str | None = None, since: float | None = None, until: float | None = None,
                   hidden: bool = True) -> int:
        """Hide (or show again) every ruling saved by `client` and/or with since ≤ created < until, at once;
        returns how many changed. At least one condition: all rulings at once is not a moderation step."""
        if client is None and since is None and until is None:
            raise ValueError("client, since or until")
        q = update(rulings).where(rulings.c.hidden == (false() if hidden else true()))
        if client is not None:
            q = q.where(rulings.c.client == client)
        if since is not None:
            q = q.where(rulings.c.created >= since)
        if until is not None:
            q = q.where(rulings.c.created < until)
        with self.transaction() as c:
            return c.execute(q.values(hidden=hidden)).rowcount

    def count(self, table: str) -> int:
        t = {"sessions": sessions, "rulings": rulings}[table]
        with self._read() as c:
            return c.execute(select(func.count()).select_from(t)).scalar_one()


def _ruling(row) -> RulingRecord:
    return RulingRecord(row["slug"], row["game"], json.loads(row["board"]), row["seed"], json.loads(row["answers"]),
                        row["title"], row["note"], row["created"], _editions(row["editions"]), bool(row["hidden"]),
                        row["client"], row["opened"], row["question"] or "", row["window_end"], row["headline"] or "")


def _editions(raw: str | None) -> dict:
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}
