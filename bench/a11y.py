"""Accessibility audit: axe-core on every kind of page, at 360 px and 1280 px.

    .venv/bin/python bench/a11y.py --out bench/results/a11y-after.json     # both widths, prints tables
    .venv/bin/python bench/a11y.py --out /tmp/a11y.json --widths 360

A report, not a test: the violations are counted per page kind (and state) and per axe rule id, and the script
exits 0 whatever it finds (2 only when it cannot run: no Chromium, no axe-core). The test that asserts 0
violations on the same pages is tests/browser/test_axe_pages.py; both take the pages from
tests/browser/axe_pages.py. bench/results/a11y-before.json is the report on main's pages before issue 25 (fewer
page kinds: see docs/measurements.md).

axe-core is the npm registry's, pinned in tools/axe/package-lock.json and installed by `sh .ci/ensure-axe`
(never a CDN); it is injected with Playwright's add_script_tag in a context made with bypass_csp=True, since the
site's CSP (script-src 'self') refuses an injected inline script (see tests/browser/axe.py). axe runs its default
rule set (WCAG 2.0/2.1/2.2 A and AA, and best practices; `tags` in the JSON tell which is which).

The app is started here (create_app on a free loopback port, in a thread, with a temporary instance folder and
its own copy of rules_corpus/); axe_pages.prepare stores what the pages show (a session of every game ending on
an open decision, a ruling under opcg ver.1.1.6, then the fixture edition ver.1.1.7 imported so that the changes
page lists changes and the ruling page shows its review banner). Pages and states: axe_pages.page_kinds and
VISITS (home and its suggestions open, search results, rules index, a TOC, a clause, glossary, board index, each
game's builder and its edit dialog, each game's session page with its decision, withheld actions and adjustment
forms and again after an answer drawn in place, the rulings list, a ruling page, the changes page, error pages).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
HEIGHTS = {360: 740, 1280: 900}


@contextmanager
def serve():
    from werkzeug.serving import make_server

    with tempfile.TemporaryDirectory(prefix="a11y-") as tmp:
        corpus = Path(tmp) / "corpus"
        shutil.copytree(ROOT / "rules_corpus", corpus)
        os.environ["JUDGE_APP_INSTANCE"] = tmp
        os.environ["JUDGE_APP_CORPUS"] = str(corpus)   # the fixture edition is imported into this copy
        os.environ.pop("JUDGE_APP_CORPUS_DIR", None)
        import logging

        from judge_app import create_app

        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        app = create_app({"DATABASE": str(Path(tmp) / "db.sqlite3"), "INDEX_DIR": str(Path(tmp) / "index"),
                          "SECRET_KEY": "a11y"})
        srv = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{srv.server_port}", corpus
        finally:
            srv.shutdown()


def summarise(pages: dict, widths: list[int]) -> dict:
    rules: dict = {}
    for kind, entry in pages.items():
        for w in widths:
            for v in entry["widths"].get(str(w), {}).get("violations", []):
                r = rules.setdefault(v["id"], {"impact": v["impact"], "help": v["help"], "tags": v["tags"],
                                               "nodes": {str(x): 0 for x in widths}, "pages": {}})
                r["nodes"][str(w)] += len(v["nodes"])
                r["pages"].setdefault(kind, {str(x): 0 for x in widths})[str(w)] += len(v["nodes"])
    order = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3}
    return dict(sorted(rules.items(), key=lambda kv: (order.get(kv[1]["impact"], 9), kv[0])))


def tables(result: dict) -> str:
    widths = result["widths"]
    head = "".join(f" {f'{w}px rules':>11} {f'{w}px nodes':>11}" for w in widths)
    lines = [f"axe-core {result['axe_version']}: violations per page kind", f"{'page kind':<42}{head}  rule ids"]
    for kind, entry in result["pages"].items():
        cells, ids = "", set()
        for w in widths:
            vs = entry["widths"].get(str(w), {}).get("violations", [])
            cells += f" {len(vs):>11} {sum(len(v['nodes']) for v in vs):>11}"
            ids |= {v["id"] for v in vs}
        lines.append(f"{kind:<42}{cells}  {', '.join(sorted(ids))}")
    lines.append("")
    lines.append("per rule id (nodes over all page kinds)")
    head = "".join(f" {f'{w}px':>7}" for w in widths)
    lines.append(f"{'rule id':<28} {'impact':<9}{head} {'pages':>5}  help")
    for rid, r in result["rules"].items():
        cells = "".join(f" {r['nodes'][str(w)]:>7}" for w in widths)
        lines.append(f"{rid:<28} {str(r['impact']):<9}{cells} {len(r['pages']):>5}  {r['help']}")
    totals = {w: sum(len(v["nodes"]) for e in result["pages"].values()
                     for v in e["widths"].get(str(w), {}).get("violations", [])) for w in widths}
    lines.append(f"\n{len(result['rules'])} rule ids; nodes: " + ", ".join(f"{w}px {n}" for w, n in totals.items()))
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--widths", default="360,1280")
    ap.add_argument("--out", default=str(BENCH / "results" / "a11y-after.json"))
    args = ap.parse_args(argv)
    widths = [int(x) for x in args.widths.split(",") if x]
    from tests.browser.axe import AXE_JS, MISSING, inject
    from tests.browser.axe_pages import audit_pages, prepare

    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} がありません: apt-get install chromium fonts-noto-cjk", file=sys.stderr)
        return 2
    if not AXE_JS.is_file():
        print(MISSING, file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    result: dict = {"date": datetime.datetime.now().isoformat(timespec="seconds"), "commit": commit,
                    "widths": widths, "csp": "bypass_csp=True (the site's script-src 'self' refuses the injected "
                                             "script)", "pages": {}}
    with serve() as (base, corpus):
        stored = prepare(base, corpus)
        result["stored"] = stored
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for w in widths:
                def said(state, r, w=w):
                    print(f"  {state} {w}px: {len(r['violations'])} rules, "
                          f"{sum(len(v['nodes']) for v in r['violations'])} nodes", file=sys.stderr)

                states = audit_pages(browser, base, stored, w, HEIGHTS.get(w, 900), on_result=said)
                for state, r in states.items():
                    entry = result["pages"].setdefault(state, {"url": r["url"], "what": r["what"], "widths": {}})
                    entry["widths"][str(w)] = {"violations": r["violations"], "page_errors": r["page_errors"]}
            page = browser.new_context(bypass_csp=True).new_page()
            page.goto(base + "/")
            result["axe_version"] = inject(page)
            browser.close()
    result["rules"] = summarise(result["pages"], widths)
    result["loadavg"] = os.getloadavg()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(tables(result))
    print(f"\nwritten {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
