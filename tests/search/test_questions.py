"""The questions each clause answers (judge_app/search/questions/<doc>.yaml) are reviewed data: every id
resolves, no 「省略」 placeholder has questions, and every rule-stating clause has at least two
questions or a reason to skip it. Parametrized over the corpus's documents, so a rulebook whose file
has not landed yet fails here until it does."""
import pytest

from judge_app.corpus import get_corpus
from judge_app.search import questions

DOCS = sorted(get_corpus().docs)


@pytest.mark.parametrize("doc", DOCS)
def test_question_file_resolves_and_covers_every_rule_stating_clause(corpus, doc):
    problems = questions.check(corpus, doc)
    assert not problems, f"{len(problems)} problems, first: " + "; ".join(problems[:10])


def test_check_finds_unknown_ids_and_thin_clauses(corpus, tmp_path, monkeypatch):
    (tmp_path / "opcg.yaml").write_text(
        'doc: opcg\nquestions:\n  "opcg:99-99": [どこ？, ここ？]\n  "opcg:7-1-4-1": [一つだけ？]\nskip:\n  "opcg:1-1-1": ""\n',
        encoding="utf-8")
    monkeypatch.setattr(questions, "DIR", tmp_path)
    problems = questions.check(corpus, "opcg")
    assert "opcg:99-99: no such clause" in problems
    assert "opcg:7-1-4-1: 1 question(s), needs 2" in problems
    assert "skip opcg:1-1-1: no reason given" in problems


def test_placeholder_clause_with_questions_is_refused(corpus, tmp_path, monkeypatch):
    ph = next((c for d in corpus.docs.values() for c in d.clauses.values() if c.placeholder), None)
    if ph is None:
        pytest.skip("no 「省略」 placeholder in the corpus")
    (tmp_path / f"{ph.doc}.yaml").write_text(f'doc: {ph.doc}\nquestions:\n  "{ph.id}": [a？, b？]\n', encoding="utf-8")
    monkeypatch.setattr(questions, "DIR", tmp_path)
    assert f"{ph.id}: a 「省略」 placeholder has no questions" in questions.check(corpus, ph.doc)


def test_every_question_file_is_loaded(corpus):
    loaded = questions.load()
    for doc in DOCS:
        if questions.path_of(doc).exists():
            assert any(cid.startswith(doc + ":") for cid in loaded), doc


def test_check_finds_unknown_ids_among_the_arguing_questions(corpus, tmp_path, monkeypatch):
    (tmp_path / "opcg.yaml").write_text(
        'doc: opcg\nquestions: {}\nargued:\n  "opcg:99-98": [同じパワーなら守備側の勝ちでしょ？]\n', encoding="utf-8")
    monkeypatch.setattr(questions, "DIR", tmp_path)
    assert "opcg:99-98: no such clause" in questions.check(corpus, "opcg")
    assert questions.load("argued") == {"opcg:99-98": ["同じパワーなら守備側の勝ちでしょ？"]}
    assert questions.load() == {}


def test_every_rule_stating_clause_with_questions_has_an_arguing_question(corpus):
    """The arguing questions (added 2026-11-28) cover every clause the question files cover."""
    asked, argued = questions.load(), questions.load("argued")
    assert set(asked) <= set(argued), sorted(set(asked) - set(argued))[:5]


def _groups(svc, q: str, doc: str) -> set:
    from judge_app.search.query import Query
    query = Query.read(q, svc.kana)
    return {g for _f, _t, _b, g in svc._text_terms(svc._query_parts(query, []), doc, svc._searcher(doc))}


def test_thv_1_2_5_a_only_a_claim_reads_the_arguing_questions(svc):
    """thv 1.2.5.a 「過不足無く10枚のカードを組み込む」: a player's claim put to the judge (「…って言ってるけど本当？」)
    is matched against the arguing questions too; a plain question is not, so they cannot move it."""
    assert {"abi"} & _groups(svc, "サイドボード15枚でもいいって相手が言ってるけど本当？", "thv")
    assert "abi" not in _groups(svc, "サイドボードは何枚？", "thv")
    assert any(h["id"] == "thv:1.2.5.a" for h in svc.search("サイドボード15枚でもいいって相手が言ってるけど本当？",
                                                             doc="thv", limit=3)["results"])
