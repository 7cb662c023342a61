"""Who saved a ruling and whether anyone opened it (issue 39).

- `rulings.client`: the address of the client that saved it (as the rate limits count clients; NULL for rulings
  saved before, and for the command line's). JUDGE_APP_RULINGS_PER_CLIENT caps how many one client keeps, and
  `judge-app rulings hide --client` takes one client's off the list at once.
- `rulings.opened`: when its page or JSON was first read (NULL: never). A ruling nobody opened for
  JUDGE_APP_RULING_UNOPENED_DAYS is deleted by `judge-app db prune` and the write path's hourly prune; rulings
  stored before this migration count as opened (they may be links judges already hold).
- `rulings_client`: the per-client count without a scan.

Revision ID: 0004
Revises: 0003
"""
from alembic import op
import sqlalchemy as sa

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    insp = sa.inspect(op.get_bind())
    columns = {c["name"] for c in insp.get_columns("rulings")}
    if "client" not in columns:   # a table made just now is already as it is today (migrations/__init__.py)
        op.add_column("rulings", sa.Column("client", sa.String, nullable=True))
        op.add_column("rulings", sa.Column("opened", sa.Float, nullable=True))
        op.execute("UPDATE rulings SET opened = created")
    if "rulings_client" not in {i["name"] for i in insp.get_indexes("rulings")}:
        op.create_index("rulings_client", "rulings", ["client"])


def downgrade() -> None:
    op.drop_index("rulings_client", table_name="rulings")
    with op.batch_alter_table("rulings") as batch:
        batch.drop_column("opened")
        batch.drop_column("client")
