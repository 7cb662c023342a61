"""Search quality: hit@1, hit@5 and MRR per document and overall, for the product and two baselines.

    /work/venv/bin/python bench/search_quality.py [--json] [--show-misses] [--split dev|held-out|all]
    /work/venv/bin/python bench/search_quality.py --set tabletalk|kana [--part tune|untouched|all]

`--set tabletalk` scores the held-out table-talk set (bench/search_tabletalk.yaml), `--set kana` the held-out
kana-typed set (bench/search_kana.yaml: words typed in hiragana, as on a phone before conversion; its groups
also split `kana: all` from `kana: part`). Both were written before any tuning and are never edited: tune only
on `--part tune`; the untouched quarter is looked at once, at the end.

Baselines, run on the same cases in the same run:
- substring: the query's pieces (split at spaces and punctuation, NFKC) looked up as substrings of
  each clause's title and text; score = pieces found; ties in document order.
- bm25-bigram: Okapi BM25 (k1 1.2, b 0.75) over character bigrams of title and text, no number
  parsing, no words, no synonyms, no glossary.
Both see the same document filter as the product (kaiun-multi includes the inherited kaiun clauses).
A quarter of the cases (sha1 of the query mod 4 == 0) is the held-out split, never looked at while tuning.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge_app.corpus import get_corpus  # noqa: E402
from judge_app.search import SearchService  # noqa: E402
from judge_app.search.documents import inherited_clauses  # noqa: E402
from judge_app.search.normalize import nfkc  # noqa: E402

K = 5


HELD_OUT_SETS = {"tabletalk": "search_tabletalk.yaml", "kana": "search_kana.yaml"}


def load_tabletalk(part: str = "all", name: str = "tabletalk") -> list[dict]:
    cases = yaml.safe_load((ROOT / "bench" / HELD_OUT_SETS[name]).read_text(encoding="utf-8"))["cases"]
    cases = [c for c in cases if part == "all" or c["part"] == part]
    for c in cases:
        c["group"] = c["doc"]
        c["split"] = c["part"]
    return cases


def load_cases() -> list[dict]:
    cases = yaml.safe_load((ROOT / "bench" / "search_cases.yaml").read_text(encoding="utf-8"))["cases"]
    for c in cases:
        c["group"] = c.get("doc") or c["ids"][0].split(":")[0]
        c["split"] = "held-out" if int(hashlib.sha1(c["q"].encode()).hexdigest(), 16) % 4 == 0 else "dev"
    return cases


def scope_clauses(corpus, doc: str | None) -> list:
    if doc is None:
        return [c for d in corpus.docs.values() for c in d.clauses.values()]
    d = corpus.docs[doc]
    return list(d.clauses.values()) + [c for c, _via in inherited_clauses(corpus, d)]


class Substring:
    name = "substring"

    def __init__(self, corpus):
        self.corpus = corpus
        self.cache = {}

    def search(self, q, doc, limit):
        pieces = [p for p in re.split(r"[\s、。?？!！「」【】《》()（）]+", nfkc(q).lower()) if p]
        out = []
        for i, c in enumerate(scope_clauses(self.corpus, doc)):
            hay = nfkc((c.title or "") + " " + (c.text or "")).lower()
            s = sum(1 for p in pieces if p in hay)
            if s:
                out.append((-s, i, c.id))
        return [cid for _s, _i, cid in sorted(out)[:limit]]


def plain_bigrams(text: str) -> list[str]:
    """The baseline's own tokens: NFKC, lower case, bigrams of each run of non-space characters."""
    out = []
    for run in re.split(r"[\s、。?？!！「」【】《》()（）]+", nfkc(text).lower()):
        out.extend(run[i:i + 2] for i in range(len(run) - 1)) if len(run) > 1 else out.append(run)
    return [t for t in out if t]


class BM25Bigram:
    name = "bm25-bigram"

    def __init__(self, corpus, k1=1.2, b=0.75):
        self.corpus, self.k1, self.b = corpus, k1, b
        self.tf = {}
        for d in corpus.docs.values():
            for c in d.clauses.values():
                self.tf[c.id] = Counter(plain_bigrams((c.title or "") + " " + (c.text or "")))
        self.scopes = {}

    def _scope(self, doc):
        if doc not in self.scopes:
            ids = [c.id for c in scope_clauses(self.corpus, doc)]
            df = Counter(t for cid in ids for t in self.tf[cid])
            avg = sum(sum(self.tf[cid].values()) for cid in ids) / max(1, len(ids))
            self.scopes[doc] = (ids, df, avg)
        return self.scopes[doc]

    def search(self, q, doc, limit):
        ids, df, avg = self._scope(doc)
        n = len(ids)
        terms = set(plain_bigrams(q))
        scored = []
        for i, cid in enumerate(ids):
            tf = self.tf[cid]
            dl = sum(tf.values())
            s = 0.0
            for t in terms:
                f = tf.get(t)
                if f:
                    idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                    s += idf * f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * dl / avg))
            if s > 0:
                scored.append((-s, i, cid))
        return [cid for _s, _i, cid in sorted(scored)[:limit]]


class Product:
    name = "product"

    def __init__(self, corpus, index_dir):
        self.svc = SearchService(corpus, index_dir)

    def search(self, q, doc, limit):
        return [r["id"] for r in self.svc.search(q, doc=doc, limit=limit)["results"]]


def evaluate(system, cases):
    rows = []
    for c in cases:
        got = system.search(c["q"], c.get("doc"), 10)
        rank = next((i + 1 for i, cid in enumerate(got) if cid in c["ids"]), None)
        rows.append({**c, "rank": rank, "got": got[:5]})
    return rows


def metrics(rows):
    n = len(rows) or 1
    return {"n": len(rows),
            "hit@1": sum(1 for r in rows if r["rank"] == 1) / n,
            "hit@5": sum(1 for r in rows if r["rank"] and r["rank"] <= K) / n,
            "mrr": sum(1 / r["rank"] for r in rows if r["rank"]) / n}


def select(rows, g):
    if g == "overall":
        return rows
    if g == "hard":
        return [r for r in rows if r.get("hard")]
    if g in ("dev", "held-out", "tune", "untouched"):
        return [r for r in rows if r["split"] == g]
    if g.startswith("kana: "):
        return [r for r in rows if r.get("kana") == g.split(": ", 1)[1]]
    return [r for r in rows if r["group"] == g]


def table(results, groups):
    lines = ["| group | n | " + " | ".join(f"{s} hit@1 | {s} hit@5 | {s} MRR" for s in results) + " |",
             "|---|---|" + "---|---|---|" * len(results)]
    for g in groups:
        cells = []
        n = None
        for rows in results.values():
            m = metrics(select(rows, g))
            n = m["n"]
            cells.append(f"{m['hit@1']:.3f} | {m['hit@5']:.3f} | {m['mrr']:.3f}")
        lines.append(f"| {g} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--split", default="all", choices=["all", "dev", "held-out"])
    ap.add_argument("--set", default="cases", choices=["cases", *HELD_OUT_SETS])
    ap.add_argument("--part", default="tune", choices=["tune", "untouched", "all"])
    args = ap.parse_args(argv)
    corpus = get_corpus()
    if args.set in HELD_OUT_SETS:
        cases = load_tabletalk(args.part, args.set)
    else:
        cases = [c for c in load_cases() if args.split == "all" or c["split"] == args.split]
    with tempfile.TemporaryDirectory() as tmp:
        systems = [Product(corpus, tmp), Substring(corpus), BM25Bigram(corpus)]
        results = {}
        seconds = {}
        for s in systems:
            t = time.perf_counter()
            results[s.name] = evaluate(s, cases)
            seconds[s.name] = time.perf_counter() - t
    groups = list(dict.fromkeys(c["group"] for c in cases)) + (
        ["tune", "untouched", "overall"] if args.set == "tabletalk"
        else ["kana: all", "kana: part", "tune", "untouched", "overall"] if args.set == "kana"
        else ["hard", "dev", "held-out", "overall"])
    if args.json:
        out = {name: {g: metrics(select(rows, g)) for g in groups} for name, rows in results.items()}
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        print(table(results, groups))
        print(f"\ncases: {len(cases)} (hard {sum(1 for c in cases if c.get('hard'))}); "
              f"seconds: " + ", ".join(f"{k} {v:.2f}" for k, v in seconds.items()))
    if args.show_misses:
        for r in results["product"]:
            if r["split"] == "untouched":
                continue                      # never looked at case by case
            if r["rank"] != 1 and (args.split != "all" or r["split"] in ("dev", "tune")):
                print(f"[{r['split']}] rank={r['rank']} {r.get('doc')} {r['q']}  want={r['ids']}  got={r['got']}")


if __name__ == "__main__":
    main()
