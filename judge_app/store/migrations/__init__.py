"""The store's schema, as versioned Alembic migrations (versions/), applied programmatically.

`upgrade(engine)` runs at every start-up (and by `judge-app db upgrade`): it brings the database to the newest
revision and does nothing when it is there already. Two servers starting at once against one PostgreSQL take
turns (an advisory lock); on SQLite the migration runs inside one `BEGIN IMMEDIATE` transaction.

A database made before migrations existed has the tables but no `alembic_version`: it is stamped at the revision
its columns show (0002 when `rulings.editions` is there, which the old code added by hand, else 0001) and then
upgraded, so no row is touched and nothing is created twice (a table it lacked is created as it is now).
"""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine

from judge_app.store.schema import metadata

HERE = Path(__file__).resolve().parent
ADVISORY_LOCK = 0x6A756467   # "judg": one key for every judge_app migration on a PostgreSQL server


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    return ScriptDirectory.from_config(config()).get_current_head()


def current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _legacy_revision(connection: Connection) -> str | None:
    """The revision of a database made before migrations (tables, no alembic_version); None otherwise."""
    insp = inspect(connection)
    tables = set(insp.get_table_names())
    if "alembic_version" in tables or not {"sessions", "rulings"} & tables:
        return None
    columns = {c["name"] for c in insp.get_columns("rulings")} if "rulings" in tables else {"editions"}
    return "0002" if "editions" in columns else "0001"


def upgrade(engine: Engine) -> str:
    """Bring the database to the newest revision; returns it."""
    with engine.begin() as conn:   # one transaction: on SQLite BEGIN IMMEDIATE holds the write lock throughout
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK})")
        cfg = config(conn)
        legacy = _legacy_revision(conn)
        if legacy is not None:
            metadata.create_all(conn, checkfirst=True)   # a table the old code had not made yet: as it is now
            command.stamp(cfg, legacy)
        if current(conn) != head():
            command.upgrade(cfg, "head")
        return current(conn)
