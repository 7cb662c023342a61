"""Accessibility audit: axe-core on every kind of page, at 360 px and 1280 px.

    .venv/bin/python bench/a11y.py                         # writes bench/results/a11y-before.json, prints tables
    .venv/bin/python bench/a11y.py --out bench/results/a11y-after.json --widths 360

A report, not a test: the violations are counted per page kind and per axe rule id, and the script exits 0
whatever it finds (2 only when it cannot run: no Chromium, no axe-core). The browser test that asserts 0
violations comes with the pages that have none; it can use the same helper, tests/browser/axe.py.

axe-core is the npm registry's, pinned in tools/axe/package-lock.json and installed by `sh .ci/ensure-axe`
(never a CDN); it is injected with Playwright's add_script_tag in a context made with bypass_csp=True, since the
site's CSP (script-src 'self') refuses an injected inline script (see tests/browser/axe.py). axe runs its default
rule set (WCAG 2.0/2.1/2.2 A and AA, and best practices; `tags` in the JSON tell which is which).

The app is started here (create_app on a free loopback port, in a thread, with a temporary instance folder and
its own copy of rules_corpus/). Before the pages are visited it stores what some of them show: a session of
every game from one of its scenarios (scenario script played, so the session page has a trace and, mostly, an
open decision), a saved ruling made under opcg ver.1.1.6, and then the test fixture edition opcg ver.1.1.7
imported (tests/fixtures/editions), so that the changes page lists changes and the ruling page shows its review
banner. Pages: home (and home with the suggestions open), search results, rules index, a TOC, a clause,
glossary, board index, each game's builder (and the opcg builder with its edit dialog open), a session page of
each game, the rulings list, a ruling page, the changes page.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sys
import tempfile
import threading
import urllib.request
from contextlib import contextmanager
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
HEIGHTS = {360: 740, 1280: 900}
GAMES = ("opcg", "kaiun", "kaiun-multi", "los", "thv")
SESSION_SCENARIOS = {"opcg": "05_counters_tip_the_battle", "kaiun": "18_set_phase_keep_face_up",
                     "kaiun-multi": "07_child_defeated_leaves", "los": "03_front_before_back",
                     "thv": "attack_no_defender_graze"}
RULING_SCENARIO = "01_equal_power_attacker_wins"   # cites clauses the fixture edition changes


def post(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.load(r)


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


def prepare(base: str, corpus: Path) -> dict:
    """Sessions of every game, a ruling under ver.1.1.6, then the fixture edition ver.1.1.7 imported."""
    stored = {"sessions": {}}
    for game, name in SESSION_SCENARIOS.items():
        text = (ROOT / "scenarios" / game / f"{name}.yaml").read_text(encoding="utf-8")
        stored["sessions"][game] = post(base, "/api/sessions", {"scenario": text, "play": True})["id"]
    text = (ROOT / "scenarios" / "opcg" / f"{RULING_SCENARIO}.yaml").read_text(encoding="utf-8")
    stored["ruling"] = post(base, "/api/rulings", {"scenario": text, "title": "同じパワーのアタック"})["slug"]
    from judge_app.corpus.importer import import_edition

    fixture = ROOT / "tests" / "fixtures" / "editions" / "opcg-ver.1.1.7.txt"
    stored["edition"] = None
    if fixture.is_file():
        import_edition(corpus, "opcg", fixture, "ver.1.1.7")
        stored["edition"] = "opcg ver.1.1.7 (tests/fixtures/editions)"
    return stored


def page_kinds(stored: dict) -> list[tuple[str, str, str | None]]:
    """(kind, path, an action to take on the page before the audit)."""
    kinds = [("home", "/", None), ("home (suggestions open)", "/", "suggest"),
             ("search results", "/search?q=%E3%83%96%E3%83%AD%E3%83%83%E3%82%AB%E3%83%BC", None),   # ブロッカー
             ("rules index", "/rules", None), ("toc", "/rules/opcg", None), ("clause", "/rules/opcg/7-1-4", None),
             ("glossary", "/glossary/opcg", None), ("board index", "/board", None)]
    kinds += [(f"builder {g}", f"/board/{g}", None) for g in GAMES]
    kinds += [("builder opcg (edit dialog)", "/board/opcg", "dialog")]
    kinds += [(f"session {g}", f"/sessions/{sid}", None) for g, sid in stored["sessions"].items()]
    kinds += [("rulings", "/rulings", None), ("ruling", f"/r/{stored['ruling']}", None),
              ("changes", "/rules/opcg/changes", None)]
    return kinds


def act(page, action: str | None) -> None:
    if action == "suggest":
        page.fill("#q", "ブロッカー")
        page.wait_for_selector("#suggestions li[role=option]", timeout=15000)
        page.keyboard.press("ArrowDown")
    elif action == "dialog":
        page.click("#board-drawing .card.editable[data-path='players.p1.leader']")
        page.wait_for_selector("#edit-dialog[open]")


def summarise(pages: dict, widths: list[int]) -> dict:
    rules: dict = {}
    for kind, entry in pages.items():
        for w in widths:
            for v in entry["widths"][str(w)]["violations"]:
                r = rules.setdefault(v["id"], {"impact": v["impact"], "help": v["help"], "tags": v["tags"],
                                               "nodes": {str(x): 0 for x in widths}, "pages": {}})
                r["nodes"][str(w)] += len(v["nodes"])
                r["pages"].setdefault(kind, {str(x): 0 for x in widths})[str(w)] += len(v["nodes"])
    order = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3}
    return dict(sorted(rules.items(), key=lambda kv: (order.get(kv[1]["impact"], 9), kv[0])))


def tables(result: dict) -> str:
    widths = result["widths"]
    head = "".join(f" {f'{w}px rules':>11} {f'{w}px nodes':>11}" for w in widths)
    lines = [f"axe-core {result['axe_version']}: violations per page kind", f"{'page kind':<30}{head}  rule ids"]
    for kind, entry in result["pages"].items():
        cells, ids = "", set()
        for w in widths:
            vs = entry["widths"][str(w)]["violations"]
            cells += f" {len(vs):>11} {sum(len(v['nodes']) for v in vs):>11}"
            ids |= {v["id"] for v in vs}
        lines.append(f"{kind:<30}{cells}  {', '.join(sorted(ids))}")
    lines.append("")
    lines.append("per rule id (nodes over all page kinds)")
    head = "".join(f" {f'{w}px':>7}" for w in widths)
    lines.append(f"{'rule id':<28} {'impact':<9}{head} {'pages':>5}  help")
    for rid, r in result["rules"].items():
        cells = "".join(f" {r['nodes'][str(w)]:>7}" for w in widths)
        lines.append(f"{rid:<28} {str(r['impact']):<9}{cells} {len(r['pages']):>5}  {r['help']}")
    totals = {w: sum(len(v["nodes"]) for e in result["pages"].values() for v in e["widths"][str(w)]["violations"])
              for w in widths}
    lines.append(f"\n{len(result['rules'])} rule ids; nodes: " + ", ".join(f"{w}px {n}" for w, n in totals.items()))
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--widths", default="360,1280")
    ap.add_argument("--out", default=str(BENCH / "results" / "a11y-before.json"))
    args = ap.parse_args(argv)
    widths = [int(x) for x in args.widths.split(",") if x]
    from tests.browser.axe import AXE_JS, MISSING, audit, audit_context, inject

    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} がありません: apt-get install chromium fonts-noto-cjk", file=sys.stderr)
        return 2
    if not AXE_JS.is_file():
        print(MISSING, file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    import subprocess

    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    result: dict = {"date": datetime.datetime.now().isoformat(timespec="seconds"), "commit": commit,
                    "widths": widths, "csp": "bypass_csp=True (the site's script-src 'self' refuses the injected "
                                             "script)", "pages": {}}
    with serve() as (base, corpus):
        stored = prepare(base, corpus)
        result["stored"] = stored
        urllib.request.urlopen(base + "/api/search?q=%E3%83%96", timeout=300).read()   # the index, built once
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for kind, path, action in page_kinds(stored):
                entry = {"url": path, "widths": {}}
                for w in widths:
                    ctx = audit_context(browser, viewport={"width": w, "height": HEIGHTS.get(w, 900)})
                    page = ctx.new_page()
                    page.set_default_timeout(30000)
                    errors: list[str] = []
                    page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                    page.goto(base + path)
                    page.wait_for_load_state()
                    act(page, action)
                    result["axe_version"] = inject(page)
                    violations = audit(page)
                    entry["widths"][str(w)] = {"violations": violations, "page_errors": errors}
                    ctx.close()
                    print(f"  {kind} {w}px: {len(violations)} rules, "
                          f"{sum(len(v['nodes']) for v in violations)} nodes", file=sys.stderr)
                result["pages"][kind] = entry
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
