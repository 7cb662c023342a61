"""CachedBM25F scores exactly as Whoosh's BM25F: only the length lookup moved."""
import pytest
from whoosh import scoring
from whoosh.query import Or, Term

from judge_app.search.bm25 import CachedBM25F


def test_cached_bm25f_equals_whoosh_bm25f(svc):
    ix = svc.index["opcg"]
    q = Or([Term("bi", t) for t in ("ぶろ", "ろっ", "っか", "#回")] + [Term("w", "バトル")])
    with ix.searcher(weighting=scoring.BM25F(B=0.3, K1=1.2)) as a, ix.searcher(weighting=CachedBM25F(B=0.3, K1=1.2)) as b:
        ra = {r["key"]: r.score for r in a.search(q, limit=50)}
        rb = {r["key"]: r.score for r in b.search(q, limit=50)}
    assert ra.keys() == rb.keys() and ra
    for k in ra:
        assert rb[k] == pytest.approx(ra[k], rel=1e-9)
