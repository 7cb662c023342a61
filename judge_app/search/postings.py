"""Scoring the text query straight from cached postings, instead of Whoosh's matcher tree.

The index never changes under a running process, so each query token's BM25F contribution to every
clause that holds it (idf·tf(K1+1) / (tf + K1((1−B) + B·len/avglen)), exactly what bm25.CachedBM25F
computes) is worked out once per scope and kept; a query is then the sum, per clause, of its terms'
cached contributions times their boosts (what Whoosh's Or of boosted Terms adds up), and the top N
by score, ties by index order (Whoosh's collector order). Whoosh's matcher machinery (union trees,
block-quality skipping) was most of an uncached query's CPU.
"""
from __future__ import annotations

import heapq
from array import array


class ScopePostings:
    """One scope's cached document frequencies, per-term contributions and stored fields."""

    def __init__(self):
        self._df: dict[tuple[str, str], int] = {}
        # two flat arrays per token (12 bytes a posting): every token of the index would be ~1.5 MB
        self._contrib: dict[tuple[str, str], tuple[array, array]] = {}
        self._stored: dict[int, dict] = {}

    def doc_frequency(self, searcher, field: str, text: str) -> int:
        key = (field, text)
        n = self._df.get(key)
        if n is None:
            n = self._df[key] = searcher.doc_frequency(field, text)
        return n

    def contributions(self, searcher, field: str, text: str) -> tuple[array, array]:
        """(docnums, unboosted scores) of every clause holding the token, scored as Whoosh would."""
        key = (field, text)
        got = self._contrib.get(key)
        if got is not None:
            return got
        ids, scores = array("i"), array("d")
        if (field, text) in searcher.reader():
            scorer = searcher.weighting.scorer(searcher, field, text)
            m = searcher.postings(field, text, weighting=searcher.weighting)
            while m.is_active():
                ids.append(m.id())
                scores.append(scorer.score(m))
                m.next()
        got = self._contrib[key] = (ids, scores)
        return got

    def stored(self, searcher, docnum: int) -> dict:
        d = self._stored.get(docnum)
        if d is None:
            d = self._stored[docnum] = searcher.stored_fields(docnum)
        return d


def top_docs(scope: ScopePostings, searcher, terms, limit: int) -> list[tuple[float, int]]:
    """[(score, docnum)] of the best `limit` clauses for `terms` [(field, text, boost)], best first."""
    acc: dict[int, float] = {}    # each clause's sum, in the terms' order as Whoosh adds; only clauses hit
    get = acc.get
    for field, text, boost in terms:
        ids, scores = scope.contributions(searcher, field, text)
        if boost != 1.0:
            for d, s in zip(ids, scores):
                acc[d] = get(d, 0.0) + s * boost
        else:
            for d, s in zip(ids, scores):
                acc[d] = get(d, 0.0) + s
    # best score first, ties in index order (Whoosh's collector order): the limit-th best score is found
    # among bare floats, then only the clauses at or above it are sorted (ties at the cut included)
    if len(acc) > limit:
        cut = heapq.nlargest(limit, acc.values())[-1]
        ranked = sorted((-v, d) for d, v in acc.items() if v >= cut)[:limit]
    else:
        ranked = sorted((-v, d) for d, v in acc.items())
    return [(-s, d) for s, d in ranked]
