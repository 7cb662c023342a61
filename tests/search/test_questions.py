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


# -- the extra voices (issue 42, fifth round): questions/extra/<writer>.yaml, `card` and `told` ---------------

def _extra(tmp_path, monkeypatch, files: dict[str, str]):
    (tmp_path / questions.EXTRA).mkdir()
    for name, text in files.items():
        (tmp_path / questions.EXTRA / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(questions, "DIR", tmp_path)


def test_every_extra_question_file_resolves(corpus):
    """Every id in the writers' files (questions/extra/*.yaml) exists and belongs to the file's doc."""
    problems = [p for path in questions.extra_paths() for p in questions.check_extra(corpus, path)]
    assert not problems, f"{len(problems)} problems, first: " + "; ".join(problems[:10])


def test_check_extra_finds_unknown_ids_other_docs_and_a_wrong_doc(corpus, tmp_path, monkeypatch):
    _extra(tmp_path, monkeypatch, {
        "w1.yaml": 'doc: opcg\ncard:\n  "opcg:99-97": [「カード1枚を引く。」はいつ使える？]\n'
                   'told:\n  "kaiun:9-3-1": [山がなくなったら？]\n  "opcg:7-1-4-1": [同じ数字なら？, 同じ数字なら？]\n',
        "w2.yaml": "doc: nosuchgame\ncard: {}\n"})
    problems = {p.name: questions.check_extra(corpus, p) for p in questions.extra_paths()}
    assert "extra/w1.yaml: opcg:99-97: no such clause" in problems["w1.yaml"]
    assert "extra/w1.yaml: kaiun:9-3-1: belongs to kaiun, not opcg" in problems["w1.yaml"]
    assert "extra/w1.yaml: opcg:7-1-4-1: a question is repeated" in problems["w1.yaml"]
    assert problems["w2.yaml"] and "nosuchgame" in problems["w2.yaml"][0]


def test_extra_files_of_one_doc_merge_and_every_part_loads(corpus, tmp_path, monkeypatch):
    (tmp_path / "opcg.yaml").write_text('doc: opcg\nquestions:\n  "opcg:7-1-4-1": [パワー同じなら？]\n', encoding="utf-8")
    _extra(tmp_path, monkeypatch, {
        "a.yaml": 'doc: opcg\ncard:\n  "opcg:8-3-1-3": [「このキャラをレストにする：1枚引く。」レスト済みでも？]\n'
                  'told:\n  "opcg:7-1-4-1": [数字が同じだったらどっちが勝つの？]\n',
        "b.yaml": 'doc: opcg\ncard:\n  "opcg:8-3-1-3": [【起動メイン】のコストが払えないときは？]\n'})
    assert questions.load("card") == {"opcg:8-3-1-3": ["「このキャラをレストにする：1枚引く。」レスト済みでも？",
                                                       "【起動メイン】のコストが払えないときは？"]}
    assert questions.load("told") == {"opcg:7-1-4-1": ["数字が同じだったらどっちが勝つの？"]}
    assert questions.load() == {"opcg:7-1-4-1": ["パワー同じなら？"]}      # the table talk alone
    assert not any(questions.check_extra(corpus, p) for p in questions.extra_paths())


def test_a_changed_extra_file_changes_the_digest(tmp_path, monkeypatch):
    _extra(tmp_path, monkeypatch, {"a.yaml": 'doc: opcg\ntold:\n  "opcg:7-1-4-1": [同じ数字なら？]\n'})
    before = questions.files_digest()
    (tmp_path / questions.EXTRA / "a.yaml").write_text('doc: opcg\ntold:\n  "opcg:7-1-4-1": [同じ数字なら勝ち？]\n',
                                                       encoding="utf-8")
    assert questions.files_digest() != before
    (tmp_path / questions.EXTRA / "b.yaml").write_text("doc: opcg\n", encoding="utf-8")
    assert questions.files_digest() != before


def _kinds(svc, q: str) -> set:
    from judge_app.search.query import Query
    groups, _keys = svc._query_parts(Query.read(q, svc.kana), [])
    return {kind for kind, _cands, _boost, _limit in groups}


@pytest.mark.parametrize("q", ["「このキャラをレストにする：カード1枚を引く。」はアタックした後でも使える？",
                               "【登場時】カード1枚を引く。を持つキャラをもう一度出したら？",
                               "目標の〔相手の場のキャラクター1枚〕が解決前にいなくなったら？",
                               "相手を手札に戻すって書いてあるカード、戻せなかったらどうなる？"])
def test_a_query_quoting_or_naming_a_card_reads_the_card_questions(svc, q):
    assert "card" in _kinds(svc, q)


@pytest.mark.parametrize("q", ["パワーが同じときはアタックした側が勝つ？", "山札がなくなったら負け？", "ブロッカーとは"])
def test_a_query_naming_no_card_does_not_read_the_card_questions(svc, q):
    assert "card" not in _kinds(svc, q)


def test_a_long_query_matches_more_of_its_tokens_against_the_questions(svc):
    """A narrative (a beginner's story, a quoted card and the question) spreads its words: the budget of tokens
    matched against the questions grows with the query, from 24 up to 40."""
    from judge_app.search.service import question_tokens
    assert question_tokens(10) == 24 and question_tokens(34) == 24
    assert question_tokens(46) == 32 and question_tokens(120) == 40
    long_q = ("効果で相手のキャラを倒したのに、相手のライフが減らなかった。戦って倒したときはライフ減るのに、なんで？"
              "友達はそういうものだって言うけど、よく分からない。")
    from judge_app.search.query import Query
    groups, _keys = svc._query_parts(Query.read(long_q, svc.kana), [])
    assert [limit for kind, _c, _b, limit in groups if kind == "asked"] == [question_tokens(len(Query.read(long_q).bigrams))]
