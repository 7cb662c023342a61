"""The engine signal on its own (issue 42: "measure it alone and in the fitted ranking").

For every query of a set, the engine signal (judge_app/search/engine_signal.py) reads the action it asks about
and the states it names, and the engines' table names the clauses they cite for that action in those states.
This bench ranks only those clauses, with no word of the query beyond that reading, and reports per set:
- fires: the share of queries for which the signal names any clause;
- recall: the share whose answer (or a clause under it) is among the clauses named;
- size: the median number of clauses named, when it fires;
- rank 1 / hit@5: the named clauses in the rulebook's order (the signal has no order of its own), then the same
  clauses ordered by plain bigram BM25 (the words only break the engine's ties);
- the product's per-clause rank 1 / hit@5 beside them.
Only figures are printed, never a query, so the held-out sets may be measured too.

    python bench/engine_signal_alone.py [--training] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import search_quality as sq  # noqa: E402

from judge_app.search import engine_signal  # noqa: E402


class EngineAlone:
    """The clauses the engines cite for the query's action in its states (every game's, for a query asked of
    all the rulebooks); `words` orders them by bigram BM25."""

    def __init__(self, corpus, words: bool):
        self.corpus, self.words = corpus, words
        self.table = engine_signal.table()
        self.bm25 = sq.BM25Bigram(corpus)
        self.order = {}
        for d in corpus.docs.values():
            for i, cid in enumerate(d.clauses):
                self.order[cid] = i
        self.name = "engine+bm25" if words else "engine"

    def named(self, q: str, doc: str) -> list[str]:
        actions, states = engine_signal.read(q)
        out: dict[str, float] = {}
        games = (("kaiun", doc) if doc == "kaiun-multi" else (doc,)) if doc else tuple(self.corpus.docs)
        for game in games:
            out.update(self.table.cited(game, actions, states))
        return sorted(out, key=lambda cid: (doc is not None and cid.split(":")[0] != doc, self.order.get(cid, 0)))

    def search(self, q, doc, limit):
        named = self.named(q, doc)
        if self.words and named:
            scored = {r[0]: i for i, r in enumerate(self.bm25.search(q, doc, 10_000))}
            named.sort(key=lambda cid: scored.get(cid, len(scored)))
        return [[cid] for cid in named[:limit]]


def figures(corpus, cases, systems, product) -> dict:
    good = [sq.answers(corpus, c) for c in cases]
    named = [systems[0].named(c["q"], c.get("doc")) for c in cases]
    n = len(cases) or 1
    out = {"n": len(cases),
           "fires": sum(1 for x in named if x) / n,
           "recall": sum(1 for x, g in zip(named, good) if g.intersection(x)) / n,
           "size": statistics.median([len(x) for x in named if x]) if any(named) else 0}
    for s in systems + [product]:
        m = sq.metrics(sq.evaluate(s, cases, corpus)) if s is product else _rank_only(s, cases, good)
        out[s.name] = {"hit@1": round(m["hit@1"], 3), "hit@5": round(m["hit@5"], 3)}
    return out


def _rank_only(system, cases, good) -> dict:
    ranks = [sq.first_hit(system.search(c["q"], c.get("doc"), 10), g) for c, g in zip(cases, good)]
    n = len(cases) or 1
    return {"hit@1": sum(1 for r in ranks if r == 1) / n, "hit@5": sum(1 for r in ranks if r and r <= sq.K) / n}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--training", action="store_true", help="only the parts the ranking is fitted on")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    corpus = sq.get_corpus()
    systems = [EngineAlone(corpus, words=False), EngineAlone(corpus, words=True)]
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        product = sq.Product(corpus, tmp)
        for name, part in sq.summary_rows(args.training):
            rows[f"{name}/{part}"] = figures(corpus, sq.load_set(name, part), systems, product)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    print("| set | n | fires | recall | size | engine alone: rank 1 / hit@5 | engine + bm25 order | product |")
    print("|---|---|---|---|---|---|---|---|")
    for key, r in rows.items():
        e, w, p = r["engine"], r["engine+bm25"], r["product"]
        print(f"| {key} | {r['n']} | {r['fires']:.3f} | {r['recall']:.3f} | {r['size']:g} | "
              f"{e['hit@1']:.3f} / {e['hit@5']:.3f} | {w['hit@1']:.3f} / {w['hit@5']:.3f} | "
              f"{p['hit@1']:.3f} / {p['hit@5']:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
