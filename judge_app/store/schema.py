"""The store's tables, as they stand at the newest migration. Imported by the store and by its migrations alike.

A column added here needs a migration too (migrations/versions); tests/store/test_migrations.py checks that the
migrated schema and this one agree, and that NEWEST_REVISION is Alembic's head. Imports nothing of ours.
"""
from __future__ import annotations

from sqlalchemy import Column, Float, Index, Integer, MetaData, String, Table, Text

# The newest file in migrations/versions: a database stamped with it needs no Alembic at start-up.
NEWEST_REVISION = "0002"

metadata = MetaData()
sessions = Table(
    "sessions", metadata,
    Column("id", String, primary_key=True),
    Column("game", String, nullable=False),
    Column("board", Text, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("answers", Text, nullable=False),
    Column("title", Text, nullable=False, server_default=""),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)
rulings = Table(
    "rulings", metadata,
    Column("slug", String, primary_key=True),
    Column("game", String, nullable=False),
    Column("board", Text, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("answers", Text, nullable=False),
    Column("title", Text, nullable=False),
    Column("note", Text, nullable=False, server_default=""),
    Column("created", Float, nullable=False),
    # JSON {doc key: edition version} of the rulebooks the ruling was made under ('{}' for rulings saved before
    # editions existed: read as each rulebook's first edition). Added by migration 0002.
    Column("editions", Text, nullable=False, server_default="{}"),
)
Index("rulings_created", rulings.c.created.desc())
