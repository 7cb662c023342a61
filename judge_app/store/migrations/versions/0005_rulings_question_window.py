"""rulings.question, rulings.window_end and rulings.headline (issue 36): the judge's question in the judge's words,
the trace entry (its seq) where the ruling's window ends when the judge moved it (null: the default window), and
the verdict's headline as saved, for the list of rulings (which does not replay every ruling to show it).

Rows saved before it read '', null and '' (the list replays those).

Revision ID: 0005
Revises: 0004
"""
from alembic import op
import sqlalchemy as sa

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A pre-migration database may have had a table made just now, as it is today (migrations/__init__.py)
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("rulings")}
    if "question" not in have:
        op.add_column("rulings", sa.Column("question", sa.Text, nullable=False, server_default=""))
    if "window_end" not in have:
        op.add_column("rulings", sa.Column("window_end", sa.Integer, nullable=True))
    if "headline" not in have:
        op.add_column("rulings", sa.Column("headline", sa.Text, nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("rulings") as batch:
        batch.drop_column("headline")
        batch.drop_column("window_end")
        batch.drop_column("question")
