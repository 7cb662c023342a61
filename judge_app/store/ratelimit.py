"""Rate-limit counters in the store's own database, for the `limits` library (and so Flask-Limiter).

`limits` ships storages for memory, Redis, Memcached and MongoDB; a deployment of several servers on one
PostgreSQL has none of the last three, and per-process memory would let each server (and each worker) count on
its own. `DatabaseStorage` keeps the counters of the fixed-window strategy in the `rate_limits` table (migration
0003) of the database the sessions live in: one row per client, limit and window, incremented in one statement
(`INSERT … ON CONFLICT DO UPDATE … RETURNING`, on SQLite and PostgreSQL alike), so every worker of every server
sees the same count. Expired rows are reused by the next hit and deleted by `Store.prune`.

The storage URI is `judge-app-db://`; the database is passed as the `target` option (a URL or a SQLite path),
so Flask-Limiter is configured with `RATELIMIT_STORAGE_URI="judge-app-db://"` and
`RATELIMIT_STORAGE_OPTIONS={"target": …}`. Importing this module registers the scheme with `limits`.
"""
from __future__ import annotations

import time

from limits.storage import Storage
from sqlalchemy import case, delete, select
from sqlalchemy.exc import SQLAlchemyError

from judge_app.store.database import Store
from judge_app.store.shared import shared_store
from judge_app.store.schema import rate_limits

SCHEME = "judge-app-db"


class DatabaseStorage(Storage):
    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, target: str | None = None,
                 store: Store | None = None, **options):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        if store is None and not target:
            raise ValueError(f"{SCHEME}:// needs the database: target=<URL or SQLite path>")
        self.store = store or shared_store(target)
        self._insert = _upsert_for(self.store.dialect)   # made with the app: no request pays for the import

    @property
    def base_exceptions(self):
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        stmt = self._insert(rate_limits).values(key=key, count=amount, expires=now + expiry)
        stale = rate_limits.c.expires <= now          # the row's window is over: this hit opens a new one
        stmt = stmt.on_conflict_do_update(
            index_elements=[rate_limits.c.key],
            set_={"count": case((stale, amount), else_=rate_limits.c.count + amount),
                  "expires": case((stale, now + expiry), else_=rate_limits.c.expires)},
        ).returning(rate_limits.c.count)
        with self.store.statement() as c:   # one statement: on SQLite a short hold of the write lock
            return int(c.execute(stmt).scalar_one())

    def get(self, key: str) -> int:
        with self.store._read() as c:
            row = c.execute(select(rate_limits.c.count).where(rate_limits.c.key == key,
                                                              rate_limits.c.expires > time.time())).first()
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        with self.store._read() as c:
            row = c.execute(select(rate_limits.c.expires).where(rate_limits.c.key == key)).first()
        now = time.time()
        return float(row[0]) if row and row[0] > now else now

    def check(self) -> bool:
        try:
            with self.store._read() as c:
                c.exec_driver_sql("SELECT 1")
            return True
        except SQLAlchemyError:
            return False

    def reset(self) -> int | None:
        with self.store.transaction() as c:
            return c.execute(delete(rate_limits)).rowcount

    def clear(self, key: str) -> None:
        with self.store.transaction() as c:
            c.execute(delete(rate_limits).where(rate_limits.c.key == key))


def _upsert_for(dialect: str):
    """The dialect's INSERT … ON CONFLICT. Only the dialect in use is imported: the PostgreSQL one takes ~40 ms,
    which a SQLite deployment's start-up need not pay."""
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert
