"""Baseline: sessions and rulings as they were before rulings.editions (the schema of the first releases).

Revision ID: 0001
Revises:
"""
from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String, primary_key=True),
        sa.Column("game", sa.String, nullable=False),
        sa.Column("board", sa.Text, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("answers", sa.Text, nullable=False),
        sa.Column("title", sa.Text, nullable=False, server_default=""),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "rulings",
        sa.Column("slug", sa.String, primary_key=True),
        sa.Column("game", sa.String, nullable=False),
        sa.Column("board", sa.Text, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("answers", sa.Text, nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("note", sa.Text, nullable=False, server_default=""),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("rulings_created", "rulings", [sa.text("created DESC")])


def downgrade() -> None:
    op.drop_index("rulings_created", table_name="rulings")
    op.drop_table("rulings")
    op.drop_table("sessions")
