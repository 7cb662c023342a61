"""The store's tables, as they stand at the newest migration. Imported by the store and by its migrations alike.

A column added here needs a migration too (migrations/versions); tests/store/test_migrations.py checks that the
migrated schema and this one agree, and that NEWEST_REVISION is Alembic's head. Imports nothing of ours.
"""
from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Column, Float, Index, Integer, MetaData, String, Table, Text, false

# The newest file in migrations/versions: a database stamped with it needs no Alembic at start-up.
NEWEST_REVISION = "0005"

metadata = MetaData()
sessions = Table(
    "sessions", metadata,
    Column("id", String, primary_key=True),
    Column("game", String, nullable=False),
    Column("board", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),   # BIGINT since 0003: 0 ≤ seed ≤ 2^63−1 on both databases
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
    Column("seed", BigInteger, nullable=False),
    Column("answers", Text, nullable=False),
    Column("title", Text, nullable=False),
    Column("note", Text, nullable=False, server_default=""),
    Column("created", Float, nullable=False),
    # JSON {doc key: edition version} of the rulebooks the ruling was made under ('{}' for rulings saved before
    # editions existed: read as each rulebook's first edition). Added by migration 0002.
    Column("editions", Text, nullable=False, server_default="{}"),
    # Taken off the list and its page by `judge-app rulings hide`, the row kept (migration 0003).
    Column("hidden", Boolean, nullable=False, server_default=false()),
    # The client (address) that saved it, NULL from the command line; when it was first opened, NULL: never
    # (migration 0004: JUDGE_APP_RULINGS_PER_CLIENT, JUDGE_APP_RULING_UNOPENED_DAYS, `rulings hide --client`).
    Column("client", String, nullable=True),
    Column("opened", Float, nullable=True),
    # The judge's question in the judge's words, and the seq of the trace entry where the ruling's window ends
    # when the judge moved it (null: the default window, engine/verdict.py), and the verdict's headline as saved
    # (for the list). Added by migration 0005.
    Column("question", Text, nullable=False, server_default=""),
    Column("window_end", Integer, nullable=True),
    Column("headline", Text, nullable=False, server_default=""),
)
Index("rulings_created", rulings.c.created.desc())
Index("rulings_client", rulings.c.client)
Index("sessions_updated", sessions.c.updated)   # idle-session expiry and `judge-app db prune` (0003)

# Per-client request counters of the rate limits (store/ratelimit.py), one row a client and limit and window, so
# that every server on one PostgreSQL counts together. Added by migration 0003.
rate_limits = Table(
    "rate_limits", metadata,
    Column("key", String, primary_key=True),
    Column("count", Integer, nullable=False),
    Column("expires", Float, nullable=False),
)
Index("rate_limits_expires", rate_limits.c.expires)
