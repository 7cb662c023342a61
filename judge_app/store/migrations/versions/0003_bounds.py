"""Bounds and moderation (issue 27): seeds as BIGINT, rulings.hidden, an index for idle-session expiry.

- `sessions.seed` and `rulings.seed` become BIGINT on PostgreSQL, so a seed is 0 ≤ seed ≤ 2^63−1 on both
  databases (SQLite's INTEGER already holds 64 bits: nothing to change there, and no table is rebuilt).
- `rulings.hidden` (false for every row already stored): `judge-app rulings hide SLUG` takes a ruling off the
  list and its page while keeping the row.
- `sessions_updated`: `judge-app db prune` and the expiry of idle sessions find old rows without a scan.
- `rate_limits`: the per-client counters of the rate limits on writes (store/ratelimit.py), shared by every
  server on one database.

Revision ID: 0003
Revises: 0002
"""
from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        for table in ("sessions", "rulings"):
            op.alter_column(table, "seed", type_=sa.BigInteger, existing_type=sa.Integer, existing_nullable=False)
    # A pre-migration database may have had a table made just now, as it is today (migrations/__init__.py)
    insp = sa.inspect(bind)
    if "hidden" not in {c["name"] for c in insp.get_columns("rulings")}:
        op.add_column("rulings", sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()))
    if "sessions_updated" not in {i["name"] for i in insp.get_indexes("sessions")}:
        op.create_index("sessions_updated", "sessions", ["updated"])
    if "rate_limits" not in insp.get_table_names():
        op.create_table("rate_limits",
                        sa.Column("key", sa.String, primary_key=True),
                        sa.Column("count", sa.Integer, nullable=False),
                        sa.Column("expires", sa.Float, nullable=False))
        op.create_index("rate_limits_expires", "rate_limits", ["expires"])


def downgrade() -> None:
    op.drop_index("rate_limits_expires", table_name="rate_limits")
    op.drop_table("rate_limits")
    op.drop_index("sessions_updated", table_name="sessions")
    with op.batch_alter_table("rulings") as batch:
        batch.drop_column("hidden")
    if op.get_bind().dialect.name == "postgresql":
        for table in ("sessions", "rulings"):
            op.alter_column(table, "seed", type_=sa.Integer, existing_type=sa.BigInteger, existing_nullable=False)
