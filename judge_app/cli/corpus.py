"""`judge-app corpus check [--json]`: the lint report of the five rulebooks."""
from __future__ import annotations

import json
import sys


def register(sub) -> None:
    p = sub.add_parser("corpus", help="総合ルールのコーパス (rules corpus)")
    csub = p.add_subparsers(dest="corpus_command", required=True)
    check = csub.add_parser("check", help="lint report: clauses, references, gaps, duplicates, TOC, unplaced lines")
    check.add_argument("--json", action="store_true", help="print the report as one JSON object")
    check.add_argument("--doc", action="append", help="only this document key (repeatable)")
    check.add_argument("--strict", action="store_true",
                       help="exit 1 when a line is unplaced or a reference does not resolve")
    check.set_defaults(func=run_check)


def run_check(args) -> int:
    from judge_app.corpus import get_corpus
    from judge_app.corpus.lint import format_text, report

    corpus = get_corpus()
    unknown = [k for k in (args.doc or []) if k not in corpus.docs]
    if unknown:
        print(f"unknown document key: {', '.join(unknown)} (valid: {', '.join(corpus.docs)})", file=sys.stderr)
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
