"""This process's Stores, one per database and bounds (a pool of connections each), and the database and bounds the
settings name: what the web app, the command line and the rate-limit storage share. Split from database.py."""
from __future__ import annotations

import os
import threading
from pathlib import Path

from sqlalchemy.engine import Connection

from judge_app import settings
from judge_app.resources import instance_dir
from judge_app.store.connection import database_url
from judge_app.store.database import Store

# ---- one Store per process and database ---------------------------------------------------------------------------
# Opening and closing a SQLite connection per request cost more than the request: closing the last connection to a
# WAL database checkpoints it (and syncs) every time. Pooled connections stay open instead. A pool never crosses a
# fork (keyed by pid): gunicorn's preloading master migrates the schema, then each worker opens its own.
_lock = threading.Lock()
_stores: dict[tuple, Store] = {}


def configured_target() -> str:
    """The database the settings name: JUDGE_APP_DATABASE_URL, else JUDGE_APP_DATABASE, else the instance's file."""
    return settings.get("DATABASE_URL") or settings.get("DATABASE") or str(instance_dir() / "judge_app.sqlite3")


def limits(max_stored_bytes: int | None, session_idle_days: float | None, rulings_per_client: int | None = None,
           ruling_unopened_days: float | None = None) -> dict:
    """A Store's bounds (its keyword arguments) from JUDGE_APP_MAX_STORED_BYTES, JUDGE_APP_SESSION_IDLE_DAYS,
    JUDGE_APP_RULINGS_PER_CLIENT and JUDGE_APP_RULING_UNOPENED_DAYS."""
    return {"max_bytes": max_stored_bytes,
            "idle_seconds": session_idle_days * 86400 if session_idle_days else None,
            "per_client": rulings_per_client or None,
            "unopened_seconds": ruling_unopened_days * 86400 if ruling_unopened_days else None}


def configured_limits() -> dict:
    """The bounds the settings name (the command line's; the web app passes its own config to `limits`)."""
    return limits(settings.get("MAX_STORED_BYTES"), settings.get("SESSION_IDLE_DAYS"),
                  settings.get("RULINGS_PER_CLIENT"), settings.get("RULING_UNOPENED_DAYS"))


def migrate(target: str | Path) -> None:
    """Bring `target`'s schema to the newest migration with a Store of its own, closed afterwards (start-up)."""
    store = Store(target)
    try:
        store.init_schema()
    finally:
        store.close()


def shared_store(target: str | Path, max_bytes: int | None = None, idle_seconds: float | None = None,
                 per_client: int | None = None, unopened_seconds: float | None = None) -> Store:
    """This process's Store for `target` (and bounds), made on first use and kept: one pool of connections per
    database."""
    key = (os.getpid(), database_url(target), max_bytes, idle_seconds, per_client, unopened_seconds)
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
                store = _stores[key] = Store(key[1], max_bytes=max_bytes, idle_seconds=idle_seconds,
                                             per_client=per_client, unopened_seconds=unopened_seconds)
    return store


def read_connection(store: Store) -> Connection:
    """A read-only connection (for checks such as the fault tests' row scan)."""
    return store._read()
