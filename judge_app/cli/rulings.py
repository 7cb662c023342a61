"""`judge-app rulings [--game G] [--review] [--json]`: the saved rulings of the configured database, and which of
them a newer edition of a rulebook makes stale (after `judge-app corpus import`, the ones a judge must reread).
The same listing as `/rulings` and `GET /api/rulings`, from the application layer."""
from __future__ import annotations

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
