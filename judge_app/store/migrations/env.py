"""Alembic's environment: always given a connection by judge_app.migrations (never run from alembic.ini)."""
from __future__ import annotations

from alembic import context

from judge_app.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("judge_app の移行は judge_app.migrations.upgrade() か judge-app db upgrade で実行してください")

context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
