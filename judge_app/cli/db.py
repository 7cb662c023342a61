"""`judge-app db upgrade|current`: the store's schema version (Alembic migrations in judge_app/store/migrations)."""
from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser("db", help="セッションと裁定のデータベース（スキーマの版と移行）")
    dsub = p.add_subparsers(dest="db_command", required=True)
    up = dsub.add_parser("upgrade", help="スキーマを最新の版に移行する（起動時にも自動で行う。行は消さない）")
    up.set_defaults(func=run_upgrade)
    cur = dsub.add_parser("current", help="データベースの場所、今のスキーマの版と最新の版を表示する")
    cur.set_defaults(func=run_current)


def run_upgrade(args) -> int:
    from judge_app.store import Store, configured_target, describe, migrations

    store = Store(configured_target())
    try:
        before = _current(store)
        after = migrations.upgrade(store.engine)
    finally:
        store.close()
    print(f"{describe(store.url)}: {before or '（空）'} → {after}")
    return 0


def run_current(args) -> int:
    from judge_app.store import Store, configured_target, describe, migrations

    store = Store(configured_target())
    try:
        now = _current(store)
    finally:
        store.close()
    head = migrations.head()
    state = "最新" if now == head else "移行が必要（judge-app db upgrade）"
    print(f"{describe(store.url)}\n今の版: {now or '（なし）'}  最新の版: {head}  {state}")
    return 0


def _current(store) -> str | None:
    from judge_app.store import migrations

    with store.engine.connect() as conn:
        return migrations.current(conn) or migrations._legacy_revision(conn)
