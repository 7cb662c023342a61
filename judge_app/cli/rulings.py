"""`judge-app rulings hide SLUG` / `unhide SLUG` / `hidden`: moderation of saved rulings.

A hidden ruling is taken off `/rulings` and its page (`/r/<slug>` answers 404, as for a ruling that never
existed), while its row stays in the database; `unhide` puts it back exactly as it was."""
from __future__ import annotations

import json
import sys


def register(sub) -> None:
    p = sub.add_parser("rulings", help="保存した裁定の管理（一覧と個別ページから隠す・戻す）")
    rsub = p.add_subparsers(dest="rulings_command", required=True)
    hide = rsub.add_parser("hide", help="裁定を一覧と個別ページから隠す（行は消さない）")
    hide.add_argument("slug", metavar="SLUG", help="裁定の slug（/r/<slug> の部分）")
    hide.set_defaults(func=run_hide, hidden=True)
    unhide = rsub.add_parser("unhide", help="隠した裁定を元に戻す")
    unhide.add_argument("slug", metavar="SLUG")
    unhide.set_defaults(func=run_hide, hidden=False)
    listing = rsub.add_parser("hidden", help="隠している裁定の一覧")
    listing.add_argument("--json", action="store_true", help="JSON で出力する")
    listing.set_defaults(func=run_hidden)


def _slug(raw: str) -> str:
    """A slug, also when given as the permalink (https://…/r/<slug>)."""
    return raw.strip().rstrip("/").rsplit("/r/", 1)[-1]


def run_hide(args) -> int:
    from judge_app.cli.db import open_store
    from judge_app.store import NotFound

    slug = _slug(args.slug)
    store = open_store()
    try:
        changed = store.set_hidden(slug, args.hidden)
        title = store.get_ruling(slug, include_hidden=True).title
    except NotFound:
        print(f"裁定「{slug}」はありません", file=sys.stderr)
        return 1
    finally:
        store.close()
    verb = "隠しました" if args.hidden else "元に戻しました"
    print(f"{slug}「{title}」を{verb}" if changed else f"{slug}「{title}」は既に{'隠しています' if args.hidden else '表示しています'}（何も変えていません）")
    return 0


def run_hidden(args) -> int:
    from judge_app.cli.db import open_store

    store = open_store()
    try:
        hidden = store.list_rulings(limit=100_000, hidden=True)
    finally:
        store.close()
    if args.json:
        print(json.dumps([{"slug": r.slug, "game": r.game, "title": r.title, "created": r.created} for r in hidden],
                         ensure_ascii=False, indent=1))
    else:
        for r in hidden:
            print(f"{r.slug}  {r.game:<12} {r.title}")
        print(f"隠している裁定: {len(hidden)} 件")
    return 0
