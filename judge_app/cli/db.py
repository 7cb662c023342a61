"""`judge-app db upgrade|current`: the store's schema version (Alembic migrations in judge_app/store/migrations).
`judge-app db prune [--idle-days N]`: delete the sessions nobody has changed for N days, and the saved rulings nobody
opened within JUDGE_APP_RULING_UNOPENED_DAYS of being saved (one opened once stays)."""
from __future__ import annotations

import sys

from judge_app import settings


def register(sub) -> None:
    p = sub.add_parser("db", help="セッションと裁定のデータベース（スキーマの版と移行）")
    dsub = p.add_subparsers(dest="db_command", required=True)
    up = dsub.add_parser("upgrade", help="スキーマを最新の版に移行する（起動時にも自動で行う。行は消さない）")
    up.set_defaults(func=run_upgrade)
    cur = dsub.add_parser("current", help="データベースの場所、今のスキーマの版と最新の版を表示する")
    cur.set_defaults(func=run_current)
    prune = dsub.add_parser("prune", help="変更のないまま期限を過ぎたセッションと、誰も開かないまま期限を過ぎた裁定を消す")
    prune.add_argument("--idle-days", type=float, default=None,
                       help="この日数のあいだ変更のないセッションを消す（既定: JUDGE_APP_SESSION_IDLE_DAYS）")
    prune.set_defaults(func=run_prune)


def open_store():
    """The store the settings name, migrated to the newest revision (as every start-up does), with its bounds."""
    from judge_app.store import Store, configured_limits, configured_target

    store = Store(configured_target(), **configured_limits())
    store.init_schema()
    return store


def run_prune(args) -> int:
    days = settings.get("SESSION_IDLE_DAYS") if args.idle_days is None else args.idle_days
    if not days or days <= 0:
        print("期限が設定されていません（JUDGE_APP_SESSION_IDLE_DAYS=0）。--idle-days N で日数を指定してください",
              file=sys.stderr)
        return 2
    store = open_store()
    try:
        before = store.count("sessions")
        gone = store.prune(idle_seconds=days * 86400)
        rulings = store.count("rulings")
    finally:
        store.close()
    print(f"{days:g} 日以上変更のないセッションを {gone} 件消しました（残り {before - gone} 件）")
    unopened = settings.get("RULING_UNOPENED_DAYS")
    if unopened and unopened > 0:
        store = open_store()
        try:
            swept = store.prune_unopened(unopened * 86400)
        finally:
            store.close()
        print(f"保存してから {unopened:g} 日のあいだ誰も開かなかった裁定を {swept} 件消しました（残り {rulings - swept} 件）")
    else:
        print(f"保存した裁定 {rulings} 件はそのまま（JUDGE_APP_RULING_UNOPENED_DAYS=0）")
    return 0


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
