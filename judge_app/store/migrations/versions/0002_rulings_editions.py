"""rulings.editions: JSON {doc key: edition version} of the rulebooks a ruling was made under (issue 14).

Rows saved before it read '{}' (each rulebook's first edition).

Revision ID: 0002
Revises: 0001
"""
from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rulings", sa.Column("editions", sa.Text, nullable=False, server_default="{}"))


def downgrade() -> None:
    with op.batch_alter_table("rulings") as batch:
        batch.drop_column("editions")
