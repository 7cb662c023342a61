"""Scoring from cached postings (postings.top_docs) gives what Whoosh's search of the same Or of
boosted Terms gave: the same clauses, in the same order, with the same scores; and the score table written
with the index holds exactly what Whoosh's postings and scorer give for every token."""
import pytest
from whoosh.query import Or, Term

from judge_app.search.bm25 import CachedBM25F
from judge_app.search.postings import ScopePostings, top_docs

CASES = [
    ("opcg", [("bi", "ぶろ", 2.0), ("bi", "ろっ", 2.0), ("w", "バトル", 4.0), ("bi", "#回", 1.4)]),
    # a repeated term counts twice, as in Whoosh's Or (no normalisation on search)
    ("thv", [("bi", "のど", 1.0), ("bi", "のど", 1.0), ("keys", "ノード", 0.7), ("bi", "まだない", 1.0)]),
    ("kaiun", [("bi", "てふ", 1.0), ("bi", "ふだ", 0.5), ("terms", "手札", 6.0), ("w", "手札", 2.0)]),
]


@pytest.mark.parametrize("scope,terms", CASES)
def test_top_docs_equals_whoosh_search_of_the_same_terms(svc, scope, terms):
    ix = svc.index[scope]
    with ix.searcher(weighting=CachedBM25F(B=0.3, K1=1.2)) as s:
        q = Or([Term(f, t, boost=b) for f, t, b in terms])
        want = [(r.docnum, r.score) for r in s.search(q, limit=30)]
        got = [(d, sc) for sc, d in top_docs(ScopePostings(), s, terms, 30)]
    assert want, "the case must find clauses"
    assert [d for d, _ in got] == [d for d, _ in want]
    for (_, a), (_, b) in zip(got, want):
        assert a == pytest.approx(b, rel=1e-12)


@pytest.mark.parametrize("scope", ["kaiun", "kaiun-multi", "los", "opcg", "thv"])
def test_the_score_table_is_whoosh_scoring_of_every_token(svc, scope):
    """Every token of every scored field: the table's (docnums, scores) equal the matcher read token by token."""
    from judge_app.search.bm25 import weighting
    from judge_app.search.postings import SCORED_FIELDS

    table = svc._postings[scope]
    assert table.has_table
    from_whoosh = ScopePostings()            # no table: reads Whoosh's postings and scorer
    with svc.index[scope].searcher(weighting=weighting()) as s:
        tokens = [(f, t.decode() if isinstance(t, bytes) else t) for f in SCORED_FIELDS for t in s.reader().lexicon(f)]
        assert len(tokens) > 3000
        differ = []
        for f, t in tokens:
            ids, scores = table.contributions(s, f, t)
            want_ids, want_scores = from_whoosh.contributions(s, f, t)
            if list(ids) != list(want_ids) or list(scores) != list(want_scores):
                differ.append((f, t))
            assert table.doc_frequency(s, f, t) == s.doc_frequency(f, t)
        assert differ == []
        absent_ids, absent_scores = table.contributions(s, "bi", "存在しない語")
        assert len(absent_ids) == len(absent_scores) == 0 and table.doc_frequency(s, "bi", "存在しない語") == 0
        assert all(table.stored(s, d) == s.stored_fields(d) for d in range(s.doc_count_all()))
