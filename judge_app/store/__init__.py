"""The store: sessions and saved rulings, the only state the app writes (SQLite embedded, or PostgreSQL by URL).

`database.py` holds the Store, `records.py` its records and errors, `shared.py` one Store per process and database,
`connection.py` which database and how to reach it, `schema.py` the tables (read by the Store and by the Alembic
migrations in `migrations/` alike), `migrations/` the schema's versions. No Flask: the caller names the database.
"""
from judge_app.store.connection import database_url, describe, is_disk_full
from judge_app.store.database import MAX_STORED_BYTES, Store
from judge_app.store.records import Conflict, NotFound, RulingRecord, SessionRecord, StoreError, Unstorable
from judge_app.store.shared import (configured_limits, configured_target, limits, migrate, read_connection,
                                    shared_store)
from judge_app.store.schema import NEWEST_REVISION, metadata, rulings, sessions

__all__ = ["MAX_STORED_BYTES", "Conflict", "NotFound", "Unstorable", "RulingRecord", "SessionRecord", "Store",
           "StoreError", "configured_limits", "is_disk_full", "configured_target", "database_url", "describe", "limits", "migrate",
           "read_connection", "shared_store", "NEWEST_REVISION", "metadata",
           "rulings", "sessions"]
