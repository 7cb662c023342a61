"""`judge-app search QUERY [--doc D] [--limit N] [--json]`: the same search as /api/search."""
from __future__ import annotations

import json
import sys


def register(sub) -> None:
    p = sub.add_parser("search", help="総合ルールを検索する")
    p.add_argument("query", nargs="+", help="条文番号、キーワード、または質問")
    p.add_argument("--doc", help="この文書だけ（kaiun, kaiun-multi, los, thv, opcg）")
    p.add_argument("--limit", type=int, default=10, help="件数（1〜50、既定 10）")
    p.add_argument("--json", action="store_true", help="/api/search と同じ JSON で出力する")
    p.add_argument("--index-dir", help="索引キャッシュのフォルダ（既定: JUDGE_APP_INDEX_DIR）")
    p.set_defaults(func=run)


def run(args) -> int:
    from judge_app.search import MAX_LIMIT, UnknownDoc, get_service

    if not 1 <= args.limit <= MAX_LIMIT:
        print(f"error: --limit は 1〜{MAX_LIMIT} で指定してください", file=sys.stderr)
        return 2
    svc = get_service(args.index_dir)   # None: the settings' index folder
    try:
        ans = svc.search(" ".join(args.query), doc=args.doc, limit=args.limit)
    except UnknownDoc as e:
        print(f"error: 文書キーがありません: {e.doc}（使えるもの: {', '.join(e.valid)}）", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(ans, ensure_ascii=False, indent=1))
        return 0
    if ans.get("message"):
        print(ans["message"])
    if ans.get("read_as"):
        print("かなを読み替えて検索: " + "、".join(f"{w['said']} → {w['read_as']}" for w in ans["read_as"]))
    for i, r in enumerate(ans["results"], 1):
        tag = " [継承 " + r["via"] + "]" if r["inherited"] else ""
        print(f"{i:2}. {r['id']}{(' ' + r['title']) if r['title'] else ''}{tag}  ({r['score']})")
        print(f"    {r['breadcrumb']}")
        if r["snippet"]:
            print(f"    {_marked(r['snippet'], r['marks'])}")
        if r.get("why"):
            print("    読み替え: " + "、".join(f"{w['said']} → {w['read_as']}" for w in r["why"]))
    return 0


def _marked(text: str, marks) -> str:
    out, pos = [], 0
    for a, b in marks:
        out += [text[pos:a], "[", text[a:b], "]"]
        pos = b
    out.append(text[pos:])
    return "".join(out)
