"""Scoring the text query from a table of precomputed contributions, instead of Whoosh's matcher tree.

The index never changes once built, so each token's BM25F contribution to every clause that holds it
(idf·tf(K1+1) / (tf + K1((1−B) + B·len/avglen)), exactly what bm25.CachedBM25F computes) is worked out
when the index is built, for every token of every scored field, by Whoosh's own postings and scorer, and
written beside the scope's segment (`scores.bin`, `scores.idx`). A query is then the sum, per clause, of its
terms' contributions times their boosts (what Whoosh's Or of boosted Terms adds up), and the top N by
score, ties by index order (Whoosh's collector order). A token nobody asked before costs no more than one
asked a thousand times, and nothing is read from Whoosh at query time but the searcher's document count.

The table is all the index's postings, 12 bytes each (about 2.5 MB for the five rulebooks), read in one
piece at start-up and shared by forked workers. An index without a table (one built by an older format
is never opened; tests build small ones by hand) is read through Whoosh's matcher, token by token.
"""
from __future__ import annotations

import gc
import heapq
import pickle
from array import array
from pathlib import Path
from typing import NamedTuple

SCORED_FIELDS = ("bi", "w", "keys", "terms", "qbi", "qw", "abi", "cbi")
TABLE_BIN, TABLE_IDX = "scores.bin", "scores.idx"
SORT_UP_TO = 800        # best_of: up to this many clauses hit, the cut is found by sorting


def _score_postings(searcher, field: str, text: str, ids: array, scores: array) -> None:
    """Append (docnum, unboosted score) of every clause holding the token, scored as Whoosh scores it."""
    scorer = searcher.weighting.scorer(searcher, field, text)
    m = searcher.postings(field, text, weighting=searcher.weighting)
    while m.is_active():
        ids.append(m.id())
        scores.append(scorer.score(m))
        m.next()


def write_table(index, weighting, folder: Path) -> None:
    """The score table of one scope's index: every token's contributions, and every clause's stored info."""
    ids, scores = array("i"), array("d")
    spans: dict[tuple[str, str], tuple[int, int]] = {}
    with index.searcher(weighting=weighting) as s:
        reader = s.reader()
        for field in SCORED_FIELDS:
            for token in reader.lexicon(field):
                text = token.decode("utf-8") if isinstance(token, bytes) else token
                start = len(ids)
                _score_postings(s, field, text, ids, scores)
                spans[(field, text)] = (start, len(ids))
        info = [s.stored_fields(d) for d in range(s.doc_count_all())]
    (folder / TABLE_BIN).write_bytes(ids.tobytes() + scores.tobytes())
    (folder / TABLE_IDX).write_bytes(pickle.dumps({"postings": len(ids), "spans": spans, "stored": info},
                                                  protocol=pickle.HIGHEST_PROTOCOL))


class ScoreTable(NamedTuple):
    ids: memoryview            # every posting's docnum, token after token
    scores: memoryview         # and its unboosted score
    spans: dict                # {(field, token): (start, end)} into both
    stored: list               # each clause's stored fields, by docnum


def read_table(folder: Path) -> ScoreTable | None:
    """The score table written beside one scope's segment, or None for an index without one."""
    try:
        idx = (Path(folder) / TABLE_IDX).read_bytes()
        raw = (Path(folder) / TABLE_BIN).read_bytes()
    except FileNotFoundError:
        return None
    collecting = gc.isenabled()
    gc.disable()            # ~20,000 small tuples: the collector would run several times over them for nothing
    try:
        meta = pickle.loads(idx)
    finally:
        if collecting:
            gc.enable()
    n = meta["postings"]
    ids, scores = array("i"), array("d")
    ids.frombytes(raw[: n * ids.itemsize])
    scores.frombytes(raw[n * ids.itemsize:])
    if len(ids) != n or len(scores) != n:
        raise ValueError(f"score table in {folder} holds {len(ids)}/{len(scores)} postings, not {n}")
    return ScoreTable(memoryview(ids), memoryview(scores), meta["spans"], meta["stored"])


class ScopePostings:
    """One scope's document frequencies, per-token contributions and stored fields: from its score table
    when it has one, else read from Whoosh the first time each is asked and kept."""

    def __init__(self, folder: Path | str | None = None):
        table = read_table(Path(folder)) if folder is not None else None
        self._table = table
        self._df: dict[tuple[str, str], int] = {}
        self._contrib: dict[tuple[str, str], tuple] = {}
        self._stored: dict[int, dict] = {}     # read from Whoosh when there is no table
        self._holders: dict[tuple[str, str], frozenset] = {}

    @property
    def has_table(self) -> bool:
        return self._table is not None

    def doc_frequency(self, searcher, field: str, text: str) -> int:
        key = (field, text)
        n = self._df.get(key)
        if n is None:
            if self._table is not None:
                start, end = self._table.spans.get(key, (0, 0))
                n = end - start
            else:
                n = searcher.doc_frequency(field, text)
            self._df[key] = n
        return n

    def contributions(self, searcher, field: str, text: str) -> tuple:
        """(docnums, unboosted scores) of every clause holding the token, scored as Whoosh would."""
        key = (field, text)
        got = self._contrib.get(key)
        if got is not None:
            return got
        if self._table is not None:
            # as lists: summing reads each posting as a Python number, made once here rather than per query
            start, end = self._table.spans.get(key, (0, 0))
            got = (self._table.ids[start:end].tolist(), self._table.scores[start:end].tolist())
        else:
            ids, scores = array("i"), array("d")
            if key in searcher.reader():
                _score_postings(searcher, field, text, ids, scores)
            got = (ids, scores)
        self._contrib[key] = got
        return got

    def holders(self, searcher, field: str, text: str) -> frozenset:
        """The docnums of the clauses holding the token (does a candidate hold it?), kept once asked."""
        key = (field, text)
        got = self._holders.get(key)
        if got is None:
            got = self._holders[key] = frozenset(self.contributions(searcher, field, text)[0])
        return got

    def count(self, searcher) -> int:
        """How many entries the scope holds (docnums 0 … count − 1)."""
        return len(self._table.stored) if self._table is not None else searcher.doc_count_all()

    def stored(self, searcher, docnum: int) -> dict:
        if self._table is not None:
            return self._table.stored[docnum]
        d = self._stored.get(docnum)
        if d is None:
            d = self._stored[docnum] = searcher.stored_fields(docnum)
        return d


def sums(scope: ScopePostings, searcher, terms) -> dict[int, float]:
    """{docnum: score} of every clause `terms` [(field, text, boost)] hit: the sum of its terms' contributions
    times their boosts, in the terms' order as Whoosh adds them."""
    acc: dict[int, float] = {}
    get = acc.get
    for field, text, boost in terms:
        ids, scores = scope.contributions(searcher, field, text)
        if boost != 1.0:
            for d, s in zip(ids, scores):
                acc[d] = get(d, 0.0) + s * boost
        else:
            for d, s in zip(ids, scores):
                acc[d] = get(d, 0.0) + s
    return acc


def best_of(acc: dict[int, float], limit: int) -> list[tuple[float, int]]:
    """[(score, docnum)] of the best `limit` of {docnum: score}, best first, ties in index order (Whoosh's
    collector order): the limit-th best score is found among bare floats, then only the clauses at or above
    it are sorted (ties at the cut included)."""
    if len(acc) > limit:
        # C's sort of bare floats beats heapq's Python loop up to several hundred clauses
        cut = sorted(acc.values(), reverse=True)[limit - 1] if len(acc) <= SORT_UP_TO \
            else heapq.nlargest(limit, acc.values())[-1]
        ranked = sorted([(-v, d) for d, v in acc.items() if v >= cut])[:limit]
    else:
        ranked = sorted((-v, d) for d, v in acc.items())
    return [(-s, d) for s, d in ranked]


def top_docs(scope: ScopePostings, searcher, terms, limit: int) -> list[tuple[float, int]]:
    """[(score, docnum)] of the best `limit` clauses for `terms` [(field, text, boost)], best first."""
    return best_of(sums(scope, searcher, terms), limit)
