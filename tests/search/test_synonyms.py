"""Table-talk synonyms: every entry points at a real clause, and queries are expanded with them."""
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
