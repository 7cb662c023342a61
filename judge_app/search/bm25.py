"""BM25F for Whoosh with each document's length normalisation computed once per searcher.

Same formula as whoosh.scoring.BM25F, idf × tf(K1+1) / (tf + K1((1−B) + B·len/avglen)); the stock scorer
reads the field length from the column store for every posting it scores, which is most of a query's
cost on this small index. Here the K1((1−B) + B·len/avglen) part is a list built once per reader and
field, so scoring a posting is an index lookup and three arithmetic operations.
"""
from __future__ import annotations

from whoosh import scoring

# The ranking's BM25 parameters: a low B because a long clause is not a worse answer (tuned on
# bench/search_cases.yaml). The score tables (postings.py) are computed with them when the index is built.
B, K1 = 0.3, 1.2


def weighting() -> "CachedBM25F":
    return CachedBM25F(B=B, K1=K1)


class CachedBM25F(scoring.BM25F):
    def __init__(self, B=0.75, K1=1.2):
        super().__init__(B=B, K1=K1)
        self._norms: dict[tuple[int, str], list[float]] = {}

    def _norm(self, searcher, fieldname):
        key = (id(searcher.reader()), fieldname)
        norms = self._norms.get(key)
        if norms is None:
            parent = searcher.get_parent()
            avg = parent.avg_field_length(fieldname) or 1
            n = searcher.doc_count_all()
            reader = searcher.reader()
            norms = [self.K1 * ((1 - self.B) + self.B * (reader.doc_field_length(d, fieldname, 1) or 1) / avg)
                     for d in range(n)]
            self._norms[key] = norms
        return norms

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return scoring.WeightScorer.for_(searcher, fieldname, text)
        return _Scorer(searcher, fieldname, text, self.B, self.K1, self._norm(searcher, fieldname))


class _Scorer(scoring.BM25FScorer):
    def __init__(self, searcher, fieldname, text, B, K1, norms):
        self.norms = norms
        super().__init__(searcher, fieldname, text, B, K1)
        self.c = self.idf * (K1 + 1)

    def score(self, matcher):
        tf = matcher.weight()
        return self.c * tf / (tf + self.norms[matcher.id()])
