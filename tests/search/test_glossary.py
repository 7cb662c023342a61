"""The glossary: defined terms linked to their defining clauses, found first when searched."""
import pytest

from judge_app.search import glossary
from tests.search.conftest import ids


@pytest.fixture(scope="module")
def gloss(corpus):
    return {d: {t.key: t for t in terms} for d, terms in glossary.build(corpus).items()}


@pytest.mark.parametrize("doc, term, clause", [
    ("kaiun", "リフレッシュ", "kaiun:9-3-1"),          # 「リフレッシュ」とは… (defined in passing, section 9)
    ("kaiun", "【開運時】", "kaiun:10-1-1"),           # keyword section heading
    ("opcg", "【ブロッカー】", "opcg:10-1-4-1"),
    ("opcg", "付与", "opcg:6-5-5-1"),                  # これを「付与」と呼びます
    ("opcg", "ターンプレイヤー", "opcg:4-3-1"),
    ("opcg", "永久循環", "opcg:11-1-1"),
    ("los", "優先権", "los:7.2"),                       # …を優先権と呼びます
    ("los", "上空", "los:8.13.1"),
    ("thv", "先制のタイミング", "thv:6.2.4.d"),         # これを先制のタイミングという
    ("thv", "冥界", "thv:3.3.1"),
    ("thv", "先制", "thv:10.4"),
])
def test_defined_term_links_to_its_defining_clause(gloss, doc, term, clause):
    assert gloss[doc][glossary.term_key(term)].id == clause


def test_kaiun_multi_glossary_inherits_kaiun_terms(gloss):
    t = gloss["kaiun-multi"][glossary.term_key("リフレッシュ")]
    assert t.id == "kaiun:9-3-1" and t.inherited


def test_no_fragments_of_sentences_as_terms(gloss):
    for terms in gloss.values():
        for key in terms:
            assert not key.endswith("こ") and "と呼" not in key, key


@pytest.mark.parametrize("q, doc, first", [
    ("【ブロッカー】", "opcg", "opcg:10-1-4-1"),
    ("リフレッシュとは", "kaiun", "kaiun:9-3-1"),
    ("グレイズとは？", "thv", "thv:6.5.1"),
    ("運値", "kaiun", "kaiun:2-3"),
])
def test_query_that_is_a_defined_term_puts_the_definition_first(svc, q, doc, first):
    assert ids(svc.search(q, doc=doc))[0] == first


def test_glossary_page_and_json(client):
    data = client.get("/api/glossary/opcg").get_json()
    assert any(t["term"] == "【ブロッカー】" and t["id"] == "opcg:10-1-4-1" for t in data["terms"])
    page = client.get("/glossary/opcg").data.decode()
    assert 'href="/rules/opcg/10-1-4-1"' in page
    assert client.get("/glossary/opcg?format=json").get_json() == data


def test_glossary_unknown_doc_names_valid_keys(client):
    r = client.get("/api/glossary/mtg")
    assert r.status_code == 404          # a path that names no document, as /rules/mtg
    assert r.get_json()["field"] == "doc" and "opcg" in r.get_json()["error"]


def test_clause_text_links_defined_terms_to_their_definition(client):
    page = client.get("/rules/kaiun/9-3-2").data.decode()
    assert 'class="term" href="/rules/kaiun/9-3-1"' in page           # リフレッシュ
    self_page = client.get("/rules/kaiun/9-3-1").data.decode()
    assert 'class="term" href="/rules/kaiun/9-3-1"' not in self_page   # not in its own definition
