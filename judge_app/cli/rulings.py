"""`judge-app rulings [--game G] [--review] [--json]`: the saved rulings of the configured database, and which of
them a newer edition of a rulebook makes stale (after `judge-app corpus import`, the ones a judge must reread).
The same listing as `/rulings` and `GET /api/rulings`, from the application layer.

`judge-app rulings hide SLUG` / `unhide SLUG` / `hidden`: moderation (issue 27). A hidden ruling is taken off the
list and its page (`/r/<slug>` answers 404, as for a ruling that never existed) while its row stays in the
database; `unhide` puts it back exactly as it was. `hide --client ADDR` and `--since`/`--until` (when it was saved)
hide many at once, a flood from one client say (issue 39)."""
from __future__ import annotations

import argparse
import datetime as dt
import json
import sys


def register(sub) -> None:
    p = sub.add_parser("rulings", help="保存された裁定の一覧（新しい版で見直しが必要なもの）")
    p.add_argument("--game", help="このゲームの裁定だけ（kaiun, kaiun-multi, los, thv, opcg）")
    p.add_argument("--review", action="store_true", help="見直しが必要な裁定だけ")
    p.add_argument("--limit", type=int, default=100, help="件数（既定 100）")
    p.add_argument("--json", action="store_true", help="GET /api/rulings と同じ項目を JSON で出力する（url なし）")
    p.set_defaults(func=run)
    rsub = p.add_subparsers(dest="rulings_command")   # none: the listing above
    hide = rsub.add_parser("hide", help="裁定を一覧と個別ページから隠す（行は消さない）。SLUG か、--client・--since・--until でまとめて")
    unhide = rsub.add_parser("unhide", help="隠した裁定を元に戻す（SLUG か、--client・--since・--until でまとめて）")
    for parser, hidden in ((hide, True), (unhide, False)):
        parser.add_argument("slug", metavar="SLUG", nargs="?", help="裁定の slug（/r/<slug> の部分。URL でもよい）")
        parser.add_argument("--client", help="この接続元（IP アドレス）が保存した裁定をすべて")
        parser.add_argument("--since", type=_when, help="この日時以後に保存した裁定（2026-12-01 または 2026-12-01T09:30、ローカル時刻）")
        parser.add_argument("--until", type=_when, help="この日時より前に保存した裁定")
        parser.set_defaults(func=run_hide, hidden=hidden)
    listing = rsub.add_parser("hidden", help="隠している裁定の一覧")
    listing.add_argument("--json", action="store_true", help="JSON で出力する")
    listing.set_defaults(func=run_hidden)


def run(args) -> int:
    from judge_app.application import games, rulings
    from judge_app.engine import EngineError
    from judge_app.store import Store, configured_target

    try:
        if args.game is not None:
            games.ruleset_of(args.game)
    except EngineError as e:
        print(f"error: {e.message}", file=sys.stderr)
        return 2
    store = Store(configured_target())
    try:
        store.init_schema()
        items = rulings.listing(store, args.game, args.review, limit=max(1, args.limit))
    finally:
        store.close()
    if args.json:
        print(json.dumps({"review": args.review, "rulings": items}, ensure_ascii=False, indent=1))
        return 0
    for item in items:
        print(_line(item))
    if not items:
        print("見直しが必要な裁定はありません" if args.review else "保存された裁定はありません")
    return 0


def _line(item: dict) -> str:
    when = dt.datetime.fromtimestamp(item["created"]).strftime("%Y-%m-%d %H:%M")
    line = f"{item['slug']}  {item['game']:<11} {when}  {item['title']}"
    if item["needs_review"]:
        line += "  [見直し: " + "、".join(item["review_clauses"]) + "]"
    for doc, e in item["outdated"].items():
        line += f"  ({doc} {e['made_under']} で作成、現行 {e['current']})"
    return line


def _slug(raw: str) -> str:
    """A slug, also when given as the permalink (https://…/r/<slug>)."""
    return raw.strip().rstrip("/").rsplit("/r/", 1)[-1]


def _when(raw: str) -> float:
    try:
        return dt.datetime.fromisoformat(raw.strip()).timestamp()
    except ValueError:
        raise argparse.ArgumentTypeError(f"日時として読めません: {raw!r}（例 2026-12-01 または 2026-12-01T09:30）") from None


def run_hide(args) -> int:
    from judge_app.cli.db import open_store
    from judge_app.store import NotFound

    by_range = args.client is not None or args.since is not None or args.until is not None
    if by_range == (args.slug is not None):
        print("SLUG か、--client・--since・--until のどれかを指定してください（両方は指定できません）", file=sys.stderr)
        return 2
    if by_range:
        store = open_store()
        try:
            changed = store.hide_where(args.client, args.since, args.until, hidden=args.hidden)
        finally:
            store.close()
        print(f"{changed} 件の裁定を{'隠しました' if args.hidden else '元に戻しました'}")
        return 0
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
