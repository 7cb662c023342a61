"""CPU per uncached search, in process: every bench query, no document filter and with the case's filter.

    /work/venv/bin/python bench/search_cpu.py [--rounds 3] [--profile out.prof]

The answer cache is bypassed (SearchService._search); a first round warms the analysers and the
per-clause caches and is not counted. Per-query CPU is thread CPU time (time.thread_time), the
steadier figure on a shared machine; p50/p95 over all rounds. The first round (every query once,
caches cold, in file order) is reported on its own line, and so are --fresh never-asked queries made
as bench/load.py's fresh phase makes them (a stretch of clause text plus a judge's word).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.search.ranking_snapshot import bench_queries  # noqa: E402


def pct(xs, p):
    xs = sorted(xs)
    return xs[max(0, min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1)))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--profile")
    ap.add_argument("--fresh", type=int, default=500,
                    help="then this many never-asked queries as bench/load.py's fresh phase makes them, once each")
    a = ap.parse_args()
    from judge_app.search import get_service

    svc = get_service(index_dir=tempfile.mkdtemp(prefix="cpu-index-"))
    cases = bench_queries()
    unfiltered = [q for q, d in cases if d is None]
    filtered = [(q, d) for q, d in cases if d is not None]
    first = []                # the first time each query is asked: postings and clause caches still cold
    for q, d in cases:
        t = time.thread_time()
        svc._search(q, d, 10)
        first.append((time.thread_time() - t) * 1000)
    print(f"{'first round':14s} n={len(first)}  p50 {pct(first, 50):.2f} ms  p95 {pct(first, 95):.2f} ms  "
          f"mean {sum(first) / len(first):.2f} ms  (cold caches, not counted below)")
    if a.profile:
        import cProfile

        cProfile.runctx("for q in unfiltered: svc._search(q, None, 10)", globals(), locals(), a.profile)
    for name, work in (("no doc filter", [(q, None) for q in unfiltered]), ("doc filter", filtered)):
        ms = []
        for _ in range(a.rounds):
            for q, d in work:
                t = time.thread_time()
                svc._search(q, d, 10)
                ms.append((time.thread_time() - t) * 1000)
        print(f"{name:14s} n={len(work)}x{a.rounds}  p50 {pct(ms, 50):.2f} ms  p95 {pct(ms, 95):.2f} ms  "
              f"mean {sum(ms) / len(ms):.2f} ms")
    if a.fresh:
        import random

        from bench.load import SEARCH_QUERIES

        rng = random.Random(11)
        texts = [c.text.replace("\n", "") for d in svc.corpus.docs.values() for c in d.clauses.values()
                 if len(c.text) >= 8]
        ms = []
        for _ in range(a.fresh):
            text = rng.choice(texts)
            n = rng.randint(2, 6)
            i = rng.randrange(max(1, len(text) - n))
            q = text[i:i + n] + " " + rng.choice(SEARCH_QUERIES)
            t = time.thread_time()
            svc._search(q, None, 10)
            ms.append((time.thread_time() - t) * 1000)
        print(f"{'fresh (load.py)':14s} n={len(ms)}  p50 {pct(ms, 50):.2f} ms  p95 {pct(ms, 95):.2f} ms  "
              f"mean {sum(ms) / len(ms):.2f} ms  (no doc filter, asked once each, in this order)")


if __name__ == "__main__":
    main()
