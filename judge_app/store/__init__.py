"""The store: sessions and saved rulings, the only state the app writes (SQLite embedded, or PostgreSQL by URL).

`database.py` holds the Store and its records, `schema.py` the tables (read by the Store and by the Alembic
migrations in `migrations/` alike), `migrations/` the schema's versions. No Flask: the caller names the database.
"""
from judge_app.store.database import (Conflict, NotFound, RulingRecord, SessionRecord, Store, StoreError,
                                      configured_target, database_url, describe, migrate, read_connection,
                                      shared_store)
from judge_app.store.schema import NEWEST_REVISION, metadata, rulings, sessions

__all__ = ["Conflict", "NotFound", "RulingRecord", "SessionRecord", "Store", "StoreError", "configured_target",
           "database_url", "describe", "migrate", "read_connection", "shared_store", "NEWEST_REVISION", "metadata",
           "rulings", "sessions"]
