"""`judge-app corpus check [--json]`: the lint report of the five rulebooks."""
from __future__ import annotations

import json
import sys


def register(sub) -> None:
    p = sub.add_parser("corpus", help="総合ルールのコーパス")
    csub = p.add_subparsers(dest="corpus_command", required=True)
    check = csub.add_parser("check", help="検査: 条文数・参照・番号の抜け・重複・目次との違い・置けなかった行")
    check.add_argument("--json", action="store_true", help="結果を JSON 1 個で出力する")
    check.add_argument("--doc", action="append", help="この文書だけ（複数指定可）")
    check.add_argument("--strict", action="store_true",
                       help="置けない行か解決しない参照があれば終了コード 1")
    check.set_defaults(func=run_check)


def run_check(args) -> int:
    from judge_app.corpus import get_corpus
    from judge_app.corpus.lint import format_text, report

    corpus = get_corpus()
    unknown = [k for k in (args.doc or []) if k not in corpus.docs]
    if unknown:
        print(f"error: 文書キーがありません: {', '.join(unknown)}（使えるもの: {', '.join(corpus.docs)}）", file=sys.stderr)
        return 2
    rep = report(corpus)
    if args.doc:
        rep["docs"] = [d for d in rep["docs"] if d["key"] in args.doc]
    if args.json:
        print(json.dumps(rep, ensure_ascii=False, indent=1))
    else:
        print(format_text(rep))
    if args.strict and any(d["lines"]["unplaced"] or d["references"]["unresolved"] for d in rep["docs"]):
        return 1
    return 0
