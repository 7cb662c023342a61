"""/api/search and /search: the answer's shape, and every odd input answered without a 500."""
import re

import pytest

from judge_app.search import MAX_QUERY
from tests.search.conftest import ids

FIELDS = {"id", "doc", "number", "title", "breadcrumb", "snippet", "score", "inherited", "why"}


def test_api_search_shape(client):
    data = client.get("/api/search", query_string={"q": "【ブロッカー】", "doc": "opcg", "limit": 3}).get_json()
    assert data["query"] == "【ブロッカー】"
    assert 1 <= len(data["results"]) <= 3
    for r in data["results"]:
        assert FIELDS <= set(r)
        assert isinstance(r["score"], float) and isinstance(r["inherited"], bool)
        assert r["id"] == f"{r['doc']}:{r['number']}"
    first = data["results"][0]
    assert first["id"] == "opcg:10-1-4-1"
    a, b = first["marks"][0]
    assert first["snippet"][a:b] == "ブロッカー"


def test_kaiun_multi_finds_inherited_kaiun_clauses_labelled(client):
    data = client.get("/api/search", query_string={"q": "リフレッシュ", "doc": "kaiun-multi"}).get_json()
    inherited = [r for r in data["results"] if r["inherited"]]
    assert inherited and inherited[0]["id"].startswith("kaiun:") and inherited[0]["doc"] == "kaiun"
    assert all(r["doc"] in ("kaiun", "kaiun-multi") for r in data["results"])


def test_unfiltered_search_lists_a_kaiun_clause_once(client):
    got = [r["id"] for r in client.get("/api/search", query_string={"q": "リフレッシュ", "limit": 50}).get_json()["results"]]
    assert len(got) == len(set(got))


@pytest.mark.parametrize("q", ["", "   ", "！？", "\"", "AND", "OR NOT", "a AND (b", "*", "ブロ*", "~2", "「", "【",
                               "\\", "%", "<script>alert(1)</script>", "x" * 5000, "7-1-4-" + "1-" * 100])
def test_odd_queries_answer_without_500(client, q):
    r = client.get("/api/search", query_string={"q": q})
    assert r.status_code == 200
    data = r.get_json()
    assert "results" in data
    if not data["results"]:
        assert data["message"]
    page = client.get("/search", query_string={"q": q})
    assert page.status_code == 200 and b"<script>alert" not in page.data


def test_overlong_query_is_cut_and_says_so(client):
    data = client.get("/api/search", query_string={"q": "リフレッシュ" * 100}).get_json()
    assert data["truncated"] is True and str(MAX_QUERY) in data["message"]


def test_empty_query_asks_for_a_query(client):
    data = client.get("/api/search?q=").get_json()
    assert data["results"] == [] and "入力" in data["message"]


def test_unknown_doc_is_400_naming_valid_keys(client):
    r = client.get("/api/search", query_string={"q": "x", "doc": "mtg"})
    assert r.status_code == 400
    body = r.get_json()
    assert body["field"] == "doc" and body["valid_docs"] == ["kaiun", "kaiun-multi", "los", "thv", "opcg"]
    assert "mtg" in body["error"]
    assert client.get("/search", query_string={"q": "x", "doc": "mtg"}).status_code == 400


@pytest.mark.parametrize("limit", ["0", "51", "abc", "-1", "1.5"])
def test_bad_limit_is_400(client, limit):
    r = client.get("/api/search", query_string={"q": "x", "limit": limit})
    assert r.status_code == 400 and r.get_json()["field"] == "limit"


def test_search_page_highlights_with_mark_and_escapes(client):
    page = client.get("/search", query_string={"q": "ブロッカー", "doc": "opcg"}).data.decode()
    assert "<mark>ブロッカー</mark>" in page
    assert 'href="/rules/opcg/10-1-4-1"' in page
    assert client.get("/search?q=%E8%A6%AA&format=json").get_json()["results"]


def test_home_has_the_search_box_and_no_inline_script(client):
    page = client.get("/").data.decode()
    assert 'id="q"' in page and 'data-api="/api/search"' in page
    assert re.search(r'<script src="/static/search\.[0-9a-f]{12}\.js"', page)   # its content-hashed name (issue 25)
    assert "<script>" not in page
    assert client.get("/static/search.js").status_code == 200


def test_cli_search_json(capsys, svc, tmp_path):
    from judge_app.cli import main

    assert main(["search", "７－１－４", "--doc", "opcg", "--json", "--index-dir", str(tmp_path)]) == 0
    import json

    out = json.loads(capsys.readouterr().out)
    assert out["results"][0]["id"] == "opcg:7-1-4"
    assert main(["search", "x", "--doc", "mtg", "--index-dir", str(tmp_path)]) == 2


def test_service_ids_helper_agrees_with_api(svc, client):
    assert ids(svc.search("6-2-4-b")) == [r["id"] for r in client.get("/api/search?q=6-2-4-b").get_json()["results"]]


# 「ブロックできるのはどのキャラ？」: thv 6.4.3 lists who may block; its item that answers is shown inside it
INSIDE_Q, INSIDE_DOC = "ブロックできるのはどのキャラ？", "thv"


def _first_with_answer(results):
    return next((i, r) for i, r in enumerate(results) if r.get("answer"))


def test_a_result_whose_best_match_is_a_sub_clause_shows_it_inside_in_html_and_json(client):
    """The JSON twin gives each result its parent and the sub-clause under it that answers, with their
    pages; the page shows that sub-clause inside the result, linked, with its own snippet."""
    data = client.get("/api/search", query_string={"q": INSIDE_Q, "doc": INSIDE_DOC}).get_json()
    i, r = _first_with_answer(data["results"])
    assert i < 3                                             # among the first results, not far down
    inside = r["answer"]
    assert inside["id"].startswith(r["id"] + ".")            # a sub-clause of that result
    assert inside["url"] == "/rules/" + inside["id"].replace(":", "/", 1)
    assert r["parent"]["url"] == "/rules/" + r["parent"]["id"].replace(":", "/", 1)
    page = client.get("/search", query_string={"q": INSIDE_Q, "doc": INSIDE_DOC}).data.decode()
    items = re.split(r'<li class="result"[^>]*>', page)[1:]
    assert len(items) == len(data["results"])
    item = items[i]
    assert f'href="{r["url"]}"' in item
    box = item.split('<div class="inside">', 1)[1].split("</div>", 1)[0]   # inside that result's item
    words = re.sub(r"<[^>]+>", "", box)              # the snippet's words, its highlights (<mark>) aside
    assert f'href="{inside["url"]}"' in box and inside["id"] in box and inside["snippet"] in words
    # a result with no sub-clause to show has no box
    plain = [k for k, x in enumerate(data["results"]) if not x.get("answer")]
    assert plain and all('class="inside"' not in items[k] for k in plain)
