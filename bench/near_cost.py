"""What the nearest-question features (issue 42, judge_app/search/neighbours.py) cost a query, in one process.

Every fitting query (search_quality.TRAINING) is searched with `near`/`near_card` weighted as served and at 0
(then not read at all), the answer cache emptied before each; each query's time is its best of --runs, and the
report gives p50/p95 of both and of the difference. One process and interleaved runs, so a busy machine moves
both sides alike (bench/search_speed.py compares whole checkouts instead).

    python bench/near_cost.py [--runs 4]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import search_quality as sq  # noqa: E402

from judge_app.search import rank  # noqa: E402


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=4)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        svc = sq.Product(sq.get_corpus(), str(Path(tmp) / "index")).svc
        served = svc.weights
        off = rank.Weights(served.groups, {**served.features, "near": 0.0, "near_card": 0.0}, served.candidates,
                           served.fitted)
        qs = [(c["q"], c.get("doc")) for name, part in sq.TRAINING for c in sq.load_set(name, part)]

        def run(weights) -> list[float]:
            svc.weights = weights
            out = []
            for q, doc in qs:
                svc._answers.clear()
                t = time.perf_counter()
                svc.search(q, doc=doc, limit=10)
                out.append((time.perf_counter() - t) * 1000)
            return out

        run(served), run(off)                 # warm the analyser's and the tables' caches
        on_runs, off_runs = [], []
        for _ in range(args.runs):
            on_runs.append(run(served))
            off_runs.append(run(off))
        on = [min(r[i] for r in on_runs) for i in range(len(qs))]
        no = [min(r[i] for r in off_runs) for i in range(len(qs))]
        added = [a - b for a, b in zip(on, no)]
        print(f"{len(qs)} queries, best of {args.runs} runs each, in ms")
        print("| | p50 | p95 |\n|---|---|---|")
        for name, xs in (("features off", no), ("features on (served)", on), ("added per query", added)):
            print(f"| {name} | {_pct(xs, 0.5):.3f} | {_pct(xs, 0.95):.3f} |")


if __name__ == "__main__":
    main()
