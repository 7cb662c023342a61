"""Which database and how to reach it: a URL from a URL or a SQLite path, an engine with SQLite's locking taken
over, and whether an exception means the disk or the database is full. No Flask; the Store builds on this."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url


def is_disk_full(exc: BaseException | None) -> bool:
    """Whether `exc` (or what it wraps) says the disk or the database is full: ENOSPC, SQLite's SQLITE_FULL
    ("database or disk is full", also past `PRAGMA max_page_count`), PostgreSQL's disk_full (53100)."""
    seen = 0
    while exc is not None and seen < 8:
        seen += 1
        if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
            return True
        if getattr(exc, "sqlite_errorcode", None) == 13 or "database or disk is full" in str(exc):
            return True
        if getattr(exc, "sqlstate", None) == "53100":
            return True
        exc = getattr(exc, "orig", None) or exc.__cause__ or exc.__context__
    return False



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
            _owner_only(Path(u.database))
        engine = create_engine(url, connect_args={"timeout": 10, "check_same_thread": False})
        _sqlite_events(engine)
        return engine
    # pre-ping: a connection that the database server dropped (restart, failover) is replaced, not used
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=8)


def _owner_only(path: Path) -> None:
    """The SQLite file readable by its owner only (0600; SQLite gives its -wal and -shm files the same mode): a
    session's id is all it takes to change the session. A file others could read is tightened, if it is ours."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        return
    except FileExistsError:
        pass
    except OSError:   # a folder we may not write: SQLite says so, naming the file
        return
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            st = p.stat()
            if st.st_mode & 0o077 and st.st_uid == os.geteuid():
                os.chmod(p, stat.S_IMODE(st.st_mode) & 0o700)
        except OSError:
            continue


def _sqlite_events(engine: Engine) -> None:
    """pysqlite opens transactions itself, late; take that over: autocommit at the driver, and our own BEGIN —
    IMMEDIATE for writes (the write lock is taken at the start, so a write never fails half-way on a busy lock),
    deferred for reads (WAL readers never wait for the writer), and none for a connection marked `one_statement`
    (Store.statement): its one statement is its own transaction, so SQLite takes the write lock and lets it go
    within one call, while the GIL is released. A BEGIN IMMEDIATE … COMMIT holds the lock across three calls, and
    between them the thread waits for its process's GIL (up to 5 ms each time another thread computes) while the
    other worker's writers sleep in SQLite's busy handler (issue 39)."""

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
        options = conn.get_execution_options()
        if not options.get("one_statement"):
            conn.exec_driver_sql("BEGIN" if options.get("readonly") else "BEGIN IMMEDIATE")
