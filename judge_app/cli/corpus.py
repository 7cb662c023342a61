"""`judge-app corpus check [--json]`: the lint report of the five rulebooks.
`judge-app corpus import FILE --doc D --version V [--date YYYY-MM-DD]`: add an edition and make it current.
`judge-app corpus editions [--doc D] [--json]`: the editions kept and which is current.
`judge-app corpus diff --doc D --from A --to B [--json]`: what changed, clause by clause.
"""
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
    imp = csub.add_parser("import", help="新しい版を取り込み、現行版にする")
    imp.add_argument("file", metavar="FILE", help="総合ルールのテキスト (UTF-8)")
    imp.add_argument("--doc", required=True, help="文書キー: kaiun, kaiun-multi, los, thv, opcg")
    imp.add_argument("--version", required=True, help="版 (例: ver.1.1.7)")
    imp.add_argument("--date", help="最終更新日 YYYY-MM-DD (省略時はファイルの表紙から)")
    imp.add_argument("--json", action="store_true", help="結果を JSON 1 個で出力する")
    imp.set_defaults(func=run_import)
    eds = csub.add_parser("editions", help="保存されている版と現行版")
    eds.add_argument("--doc", action="append", help="この文書だけ（複数指定可）")
    eds.add_argument("--json", action="store_true", help="JSON で出力する")
    eds.set_defaults(func=run_editions)
    diff = csub.add_parser("diff", help="二つの版の条文ごとの差分")
    diff.add_argument("--doc", required=True, help="文書キー")
    diff.add_argument("--from", dest="from_", required=True, metavar="A", help="古い版")
    diff.add_argument("--to", required=True, metavar="B", help="新しい版")
    diff.add_argument("--json", action="store_true", help="JSON で出力する")
    diff.set_defaults(func=run_diff)


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


def run_import(args) -> int:
    from judge_app.corpus import corpus_dir
    from judge_app.corpus.importer import ImportRefused, import_edition
    from judge_app.corpus.lint import format_text

    directory = corpus_dir()
    try:
        res = import_edition(directory, args.doc, args.file, args.version, args.date)
    except OSError as e:   # a folder that cannot be written (an installed package's own rulebooks)
        print(f"取り込めませんでした: {directory} に書き込めません（{e.strerror or e}）。"
              "JUDGE_APP_CORPUS に書き込めるフォルダ（rules_corpus/ の写し）を指定してください", file=sys.stderr)
        return 1
    except ImportRefused as e:
        if args.json:
            print(json.dumps({"imported": False, "problems": e.problems}, ensure_ascii=False, indent=1))
        print(f"取り込みませんでした（{directory} は変わっていません）:", file=sys.stderr)
        for p in e.problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"imported": True, "changed": res.changed, "doc": res.doc, "version": res.version,
                          "date": res.date, "file": res.file, "previous": res.previous, "message": res.message,
                          "lint": res.lint}, ensure_ascii=False, indent=1))
        return 0
    if res.lint:
        print(format_text({"docs": [res.lint]}))
    print(res.message)
    if res.changed and res.previous and res.previous != res.version:
        from judge_app.corpus.diff import edition_diff
        d = edition_diff(res.doc, res.previous, res.version, directory)
        counts = ", ".join(f"{k} {v}" for k, v in d.counts().items())
        print(f"{res.previous} → {res.version}: {counts}")
    return 0


def run_editions(args) -> int:
    from judge_app.corpus import corpus_dir, manifest

    data = manifest.read(corpus_dir())
    docs = [m for m in data["documents"] if not args.doc or m["key"] in args.doc]
    if args.json:
        print(json.dumps({"docs": [{"key": m["key"], "current": m["current"], "editions": m["editions"]}
                                   for m in docs]}, ensure_ascii=False, indent=1))
        return 0
    for m in docs:
        print(f"[{m['key']}]")
        for e in m["editions"]:
            mark = "*" if e["version"] == m["current"] else " "
            print(f" {mark} {e['version']:<14} {e.get('date') or '-':<10}  {e['file']}")
    return 0


def run_diff(args) -> int:
    from judge_app.corpus.diff import UnknownEdition, edition_diff

    try:
        d = edition_diff(args.doc, args.from_, args.to)
    except UnknownEdition as e:
        print(str(e), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(d.to_json(), ensure_ascii=False, indent=1))
        return 0
    print(f"[{d.doc}] {d.old_version} → {d.new_version}: " + ", ".join(f"{k} {v}" for k, v in d.counts().items()))
    for c in d.changes:
        extra = " (文言も変更)" if c.kind == "renumbered" and c.text_changed else ""
        extra += " (参照番号のみ)" if c.refs_only else ""
        print(f"  {c.kind:<10} {c.old_number or '-':<14} → {c.new_number or '-'}{extra}")
    return 0
