"""Table-talk synonyms: every entry points at a real clause, and queries are expanded with them."""
import pytest

from judge_app.search import synonyms
from judge_app.search.normalize import fold
from tests.search.conftest import ids


def test_every_synonym_names_a_clause_of_its_document(corpus):
    assert synonyms.load()
    for s in synonyms.load():
        c = corpus.clause(s.clause)
        assert c is not None, s
        assert s.clause.split(":")[0] == s.doc, s


def test_every_synonym_term_occurs_near_its_clause(corpus):
    """The rulebook's term is in the clause, its title or an ancestor's title: the file was reviewed."""
    for s in synonyms.load():
        c = corpus.clause(s.clause)
        texts = [c.text or "", c.title or ""] + [a.title or "" for a in corpus.ancestors(c)]
        key = fold(s.term).strip("【】").replace(" ", "")
        assert any(key[:2] in fold(t).replace(" ", "") for t in texts), s


def test_matches_respect_the_document():
    found = {syn.term for syn, _ in synonyms.matches(fold("墓地"), "thv")}
    assert found == {"冥界"}
    assert "トラッシュ" in {syn.term for syn, _ in synonyms.matches(fold("墓地"), "opcg")}


def test_table_talk_alone_leads_to_the_rulebook_term(svc):
    assert ids(svc.search("墓地", doc="thv"))[0] == "thv:3.3.1"
    assert ids(svc.search("山札", doc="opcg"))[0] == "opcg:3-2-1"


@pytest.mark.parametrize("doc, said, term", [
    ("los", "効果で相手のキャラを壊した", "破壊"),                 # los 8.10 破壊
    ("thv", "山の上から支払い用の置き場に足せる", "ノードエリア"),   # thv 3.5.1 「コストの支払いに使用するカードを置く領域」
    ("thv", "支払いに使う裏向きの場所", "ノードエリア"),
    ("los", "魔法みたいなカードで相手のキャラを消した", "破壊"),
    ("thv", "召喚酔いってある？", "表向きのスリープ状態"),         # thv 5.4.2
    ("opcg", "伏せカードの中身って見ていい？", "ライフ"),          # opcg 2-9-2, 3-10-2
])
def test_los_8_10_thv_3_5_1_a_beginners_words_read_as_the_books_term(doc, said, term):
    assert term in {syn.term for syn, _ in synonyms.matches(fold(said), doc)}


def test_matches_are_the_tables_order_whatever_is_tried_first():
    # the first talk word of a synonym found is reported, synonyms in the tables' order (as before the index by
    # first character): every document's table, a query holding several talk words
    q = fold("寝てるキャラで殴って墓地に送ったら山が尽きた")
    every = [(syn, t) for syn, talks in synonyms._folded() for t in talks if t and synonyms._occurs(t, q)]
    first = []
    for syn, t in every:
        if syn not in [s for s, _ in first]:
            first.append((syn, t))
    assert synonyms.matches(q, None) == first


def test_thv_1_8_7_g_paying_in_parts_reads_as_the_books_words():
    # 1.8.7.g 「分割して支払うことや、少なくあるいは多く支払うことは出来ない」
    assert "分割して支払う" in {syn.term for syn, _ in synonyms.matches(fold("コスト2を1ずつ分けて払っていい？"), "thv")}
