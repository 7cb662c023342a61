"""`judge-app settings [--markdown]`: every JUDGE_APP_* setting, its type, default and meaning.

Secrets are never printed: the secret key shows only whether it is set and how long it is, and a database URL
shows everything but its password."""
from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from judge_app import settings

SECRET = {"SECRET_KEY"}          # printed as whether it is set, never its value
URLS = {"DATABASE_URL"}          # printed with the password masked


def register(sub) -> None:
    p = sub.add_parser("settings", help="JUDGE_APP_* の設定の一覧（型・既定・意味）と今の値（秘密は伏せる）")
    p.add_argument("--markdown", action="store_true", help="docs/settings.md の表の形で出力する")
    p.set_defaults(func=run)


def mask_url(url: str) -> str:
    """The URL with its password replaced by ***; a value that does not parse is masked whole past the scheme."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        user = parts.username or ""
        host = parts.hostname or ""
        if ":" in host:
            host = f"[{host}]"
        netloc = f"{user}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    except ValueError:
        scheme = url.split("://", 1)[0] if "://" in url else ""
        return f"{scheme}://***" if scheme else "***"


def shown(name: str, value) -> str:
    if value is None:
        return "None"
    if name in SECRET:
        return f"（設定済み・{len(str(value))} 文字、表示しません）" if value else "（空）"
    if name in URLS:
        return mask_url(str(value))
    return str(value)


def run(args) -> int:
    if args.markdown:
        print(settings.table_markdown())
        return 0
    for s in settings.SETTINGS:
        try:
            now = shown(s.name, settings.get(s.name))
        except settings.SettingError as e:
            now = f"読めません: {e}" if s.name not in SECRET | URLS else "読めません"
        print(f"{s.env:<32} {s.type.__name__:<4} 今: {now:<12} {s.doc}")
    return 0
