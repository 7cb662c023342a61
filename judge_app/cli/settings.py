"""`judge-app settings [--markdown]`: every JUDGE_APP_* setting, its type, default and meaning."""
from __future__ import annotations

from judge_app import settings


def register(sub) -> None:
    p = sub.add_parser("settings", help="JUDGE_APP_* の設定の一覧（型・既定・意味）と今の値")
    p.add_argument("--markdown", action="store_true", help="README の表の形で出力する")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.markdown:
        print(settings.table_markdown())
        return 0
    for s in settings.SETTINGS:
        try:
            now = settings.get(s.name)
        except settings.SettingError as e:
            now = f"読めません: {e}"
        print(f"{s.env:<32} {s.type.__name__:<4} 今: {now!s:<12} {s.doc}")
    return 0
