"""The offline search (static/offline-search.js, run in node: the same file the offline page loads) beside the
server's search, on every project search set: hit@5, MRR and rank 1 per set and part.

    python bench/offline_search_quality.py [--training] [--no-online] [--show-misses] [--data FILE]

--data: the offline index (default: static/offline/search.json, built by `judge-app offline build`).
--training: only the parts the server's ranking is fitted on (what the offline weights were chosen on).
--show-misses: the offline misses of the training parts only; never of a held-out set or part.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import search_quality as sq  # noqa: E402

ROOT = sq.ROOT
RUNNER = ROOT / "bench" / "offline_search_run.js"


def offline_results(data: Path, cases: list[dict], limit: int = 10) -> tuple[list[list[str]], float]:
    queries = [{"q": c["q"], "doc": c.get("doc"), "limit": limit} for c in cases]
    p = subprocess.run(["node", str(RUNNER), str(data)], input=json.dumps(queries, ensure_ascii=False),
                       capture_output=True, text=True, check=True)
    out = json.loads(p.stdout)
    return out["results"], out["ms"]


def rows_of(corpus, cases, results) -> list[dict]:
    rows = []
    for c, got in zip(cases, results):
        rank = sq.first_hit([[g] for g in got], sq.answers(corpus, c))
        rows.append({**c, "rank": rank, "sugg": rank, "inside": rank, "got": got[:5]})
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT / "static" / "offline" / "search.json"))
    ap.add_argument("--training", action="store_true")
    ap.add_argument("--no-online", action="store_true")
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    corpus = sq.get_corpus()
    keys = sq.summary_rows(args.training)
    offline, misses, total_ms, n = {}, [], 0.0, 0
    for name, part in keys:
        cases = sq.load_set(name, part)
        results, ms = offline_results(Path(args.data), cases)
        total_ms, n = total_ms + ms, n + len(cases)
        rows = rows_of(corpus, cases, results)
        offline[f"{name}/{part}"] = sq.metrics(rows)
        if name == "cases" and part == "all":     # the clause numbers typed any way: must all be found
            offline["cases/numbers"] = sq.metrics([r for r in rows if r.get("kind") == "number"])
        if args.show_misses and (name, part) in sq.TRAINING and name not in sq.NEVER_FITTED:
            misses += [f"[{name}/{part}] rank={r['rank']} {r.get('doc')} {r['q']}  want={r['ids']}  got={r['got']}"
                       for r in rows if not r["rank"] or r["rank"] > sq.K]
    online = {}
    if not args.no_online:
        with tempfile.TemporaryDirectory() as tmp:
            online = sq.product_summary(corpus, tmp, args.training)
            if "cases/all" in online:
                prod = sq.Product(corpus, tmp)
                online["cases/numbers"] = sq.metrics(sq.evaluate(
                    prod, [c for c in sq.load_set("cases") if c.get("kind") == "number"], corpus))
    if args.json:
        print(json.dumps({"offline": offline, "online": online}, ensure_ascii=False))
        return
    print("| set | part | n | offline hit@5 | online hit@5 | difference | offline MRR | online MRR | offline rank 1 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for key, m in offline.items():
        name, part = key.split("/")
        o = online.get(key)
        print(f"| {name} | {part} | {m['n']} | {m['hit@5']:.3f} | " + (f"{o['hit@5']:.3f} | {m['hit@5'] - o['hit@5']:+.3f} | "
              if o else "– | – | ") + f"{m['mrr']:.3f} | " + (f"{o['mrr']:.3f}" if o else "–") + f" | {m['hit@1']:.3f} |")
    print(f"\noffline: {n} queries in {total_ms:.0f} ms of node ({total_ms / max(1, n):.2f} ms a query)")
    for line in misses:
        print(line)


if __name__ == "__main__":
    main()
