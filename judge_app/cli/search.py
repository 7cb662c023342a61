"""`judge-app search QUERY [--doc D] [--limit N] [--json]`: the same search as /api/search."""
from __future__ import annotations

import json
import sys


def register(sub) -> None:
    p = sub.add_parser("search", help="総合ルールを検索 (search the rulebooks)")
    p.add_argument("query", nargs="+", help="条文番号、キーワード、または質問")
    p.add_argument("--doc", help="only this document (kaiun, kaiun-multi, los, thv, opcg)")
    p.add_argument("--limit", type=int, default=10, help="results (1-50, default 10)")
    p.add_argument("--json", action="store_true", help="print the /api/search answer as JSON")
    p.add_argument("--index-dir", help="index cache directory (default: the app's INDEX_DIR)")
    p.set_defaults(func=run)


def run(args) -> int:
    from judge_app.search import MAX_LIMIT, UnknownDoc, get_service

    if not 1 <= args.limit <= MAX_LIMIT:
        print(f"--limit must be between 1 and {MAX_LIMIT}", file=sys.stderr)
        return 2
    if args.index_dir:
        svc = get_service(index_dir=args.index_dir)
    else:
        from judge_app.config import load_config
        from judge_app import PROJECT_ROOT
        import os

        inst = os.environ.get("JUDGE_APP_INSTANCE", str(PROJECT_ROOT / "instance"))
        svc = get_service(index_dir=load_config(inst)["INDEX_DIR"])
    try:
        ans = svc.search(" ".join(args.query), doc=args.doc, limit=args.limit)
    except UnknownDoc as e:
        print(f"unknown document key: {e.doc} (valid: {', '.join(e.valid)})", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(ans, ensure_ascii=False, indent=1))
        return 0
    if ans.get("message"):
        print(ans["message"])
    for i, r in enumerate(ans["results"], 1):
        tag = " [継承 " + r["via"] + "]" if r["inherited"] else ""
        print(f"{i:2}. {r['id']}{(' ' + r['title']) if r['title'] else ''}{tag}  ({r['score']})")
        print(f"    {r['breadcrumb']}")
        if r["snippet"]:
            print(f"    {_marked(r['snippet'], r['marks'])}")
    return 0


def _marked(text: str, marks) -> str:
    out, pos = [], 0
    for a, b in marks:
        out += [text[pos:a], "[", text[a:b], "]"]
        pos = b
    out.append(text[pos:])
    return "".join(out)
