"""`judge-app db upgrade|current`: the store's schema version (Alembic migrations in judge_app/migrations)."""
from __future__ import annotations

from judge_app import settings


def register(sub) -> None:
    p = sub.add_parser("db", help="セッションと裁定のデータベース（スキーマの版と移行）")
    dsub = p.add_subparsers(dest="db_command", required=True)
    up = dsub.add_parser("upgrade", help="スキーマを最新の版に移行する（起動時にも自動で行う。行は消さない）")
    up.set_defaults(func=run_upgrade)
    cur = dsub.add_parser("current", help="データベースの場所、今のスキーマの版と最新の版を表示する")
    cur.set_defaults(func=run_current)


def target() -> str:
    """The database the app would use: JUDGE_APP_DATABASE_URL, else JUDGE_APP_DATABASE, else the instance's file."""
    from judge_app.resources import instance_dir

    return settings.get("DATABASE_URL") or settings.get("DATABASE") or str(instance_dir() / "judge_app.sqlite3")


def run_upgrade(args) -> int:
    from judge_app import migrations
    from judge_app.store import Store, describe

    store = Store(target())
    try:
        before = _current(store)
        after = migrations.upgrade(store.engine)
    finally:
        store.close()
    print(f"{describe(store.url)}: {before or '（空）'} → {after}")
    return 0


def run_current(args) -> int:
    from judge_app import migrations
    from judge_app.store import Store, describe

    store = Store(target())
    try:
        now = _current(store)
    finally:
        store.close()
    head = migrations.head()
    state = "最新" if now == head else "移行が必要（judge-app db upgrade）"
    print(f"{describe(store.url)}\n今の版: {now or '（なし）'}  最新の版: {head}  {state}")
    return 0


def _current(store) -> str | None:
    from judge_app import migrations

    with store.engine.connect() as conn:
        return migrations.current(conn) or migrations._legacy_revision(conn)
