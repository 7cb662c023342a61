"""Rules pages: HTML and its JSON twin, canonical redirects, 404 with suggestions."""
import re

import pytest

from judge_app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rules")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp / "db.sqlite3"),
                      "INDEX_DIR": str(tmp / "index")})
    return app.test_client()


def html(resp):
    return resp.get_data(as_text=True)


def test_rules_index_lists_the_five_documents(client):
    r = client.get("/rules/")
    assert r.status_code == 200
    for key in ("kaiun", "kaiun-multi", "los", "thv", "opcg"):
        assert f'href="/rules/{key}"' in html(r)


def test_rules_index_json_twin_is_api_docs(client):
    assert client.get("/rules/?format=json").get_json() == client.get("/api/docs").get_json()


def test_toc_is_a_tree_of_headings(client):
    page = html(client.get("/rules/opcg"))
    assert 'href="/rules/opcg/7-1-4"' in page and "ダメージ・ステップ" in page
    assert 'href="/rules/opcg/7-1-4-1"' not in page            # clauses only with ?expand=1
    assert 'href="/rules/opcg/7-1-4-1"' in html(client.get("/rules/opcg?expand=1"))


def test_toc_json_twin(client):
    data = client.get("/rules/los?format=json").get_json()
    assert data["document"]["key"] == "los"
    five = next(n for n in data["toc"] if n["number"] == "5")
    assert [n["number"] for n in five["children"]][:2] == ["5.1", "5.2"]


def test_clause_page_shows_version_date_breadcrumb_and_linked_refs(client):
    page = html(client.get("/rules/opcg/7-1-4-1"))
    assert "ver.1.1.6" in page and "2024-04-19" in page
    assert 'href="/rules/opcg/7-1-4">7-1-4 ダメージ・ステップ</a>' in page
    assert re.search(r'<a class="ref" href="/rules/opcg/7-1-4-1-1"[^>]*>7-1-4-1-1\.</a>', page)
    assert 'rel="prev" href="/rules/opcg/7-1-4"' in page and 'rel="next" href="/rules/opcg/7-1-4-1-1"' in page


def test_clause_page_lists_refs_in(client):
    page = html(client.get("/rules/opcg/7-1-5"))
    assert "参照されている箇所" in page and 'href="/rules/opcg/7-1-1-4"' in page


def test_clause_page_shows_history(client):
    page = html(client.get("/rules/opcg/8-6-1"))
    assert "2023-12-15" in page and "8-6-1 を追記しました。" in page


def test_expand_shows_the_whole_subtree(client):
    folded = html(client.get("/rules/los/5.5.1"))
    opened = html(client.get("/rules/los/5.5.1?expand=1"))
    assert "アタック宣言したキャラクターの数値が大きい場合" not in folded
    assert "アタック宣言したキャラクターの数値が大きい場合" in opened
    assert 'href="/rules/los/5.5.1?expand=1"' in folded


def test_inheriting_clause_links_to_base_and_base_links_back(client):
    multi = html(client.get("/rules/kaiun-multi/2"))
    assert 'href="/rules/kaiun/2"' in multi and 'href="/rules/kaiun/2-1"' in multi
    base = html(client.get("/rules/kaiun/2"))
    assert 'href="/rules/kaiun-multi/2"' in base


@pytest.mark.parametrize("typed,canonical", [
    ("/rules/opcg/７－１－４．", "/rules/opcg/7-1-4"),
    ("/rules/opcg/7.1.4", "/rules/opcg/7-1-4"),
    ("/rules/thv/6-2-4-b", "/rules/thv/6.2.4.b"),
    ("/rules/los/5-5-1-v-a", "/rules/los/5.5.1.V.A"),
    ("/rules/opcg/7-1-4.", "/rules/opcg/7-1-4"),
    ("/rules/OPCG/7-1-4", "/rules/opcg/7-1-4"),
])
def test_typed_number_redirects_301_to_canonical(client, typed, canonical):
    r = client.get(typed)
    assert r.status_code == 301 and r.headers["Location"] == canonical


def test_redirect_keeps_the_query(client):
    r = client.get("/rules/opcg/7.1.4?format=json")
    assert r.status_code == 301 and r.headers["Location"] == "/rules/opcg/7-1-4?format=json"


def test_kaiun_multi_number_only_kaiun_prints_goes_to_kaiun(client):
    r = client.get("/rules/kaiun-multi/2-2-3")
    assert r.status_code == 302 and r.headers["Location"] == "/rules/kaiun/2-2-3"


def test_unknown_clause_html_404_with_suggestions(client):
    r = client.get("/rules/opcg/7-1-9")
    assert r.status_code == 404
    assert "近い番号" in html(r) and 'href="/rules/opcg/7-1"' in html(r)


def test_unknown_doc_html_404_names_valid_keys(client):
    r = client.get("/rules/nope/1")
    assert r.status_code == 404 and "kaiun-multi" in html(r)
    assert client.get("/rules/nope").status_code == 404


@pytest.mark.parametrize("path", ["/rules/opcg/abc", "/rules/opcg/%25%25", "/rules/thv/6.2.4.zz",
                                  "/rules/opcg/" + "9" * 200, "/rules/opcg/<script>", "/rules/los/5.5.1.Q"])
def test_malformed_number_is_4xx_never_500(client, path):
    r = client.get(path)
    assert 400 <= r.status_code < 500
    assert "<script>" not in html(r)


def test_html_and_json_of_the_same_page_agree(client):
    data = client.get("/rules/thv/6.3.7?format=json").get_json()
    page = html(client.get("/rules/thv/6.3.7"))
    assert data["id"] == "thv:6.3.7"
    for target in data["refs_out"]:
        assert f'href="/rules/thv/{target.split(":")[1]}"' in page
    # defined terms inside the text are links (search helper), so compare the text without tags
    assert data["text"].split("、")[0] in re.sub(r"<[^>]+>", "", page)


def test_placeholder_clause_is_marked(client):
    assert "原文で「省略」" in html(client.get("/rules/thv/1.1.2"))


def test_no_inline_script_on_rules_pages(client):
    for url in ("/rules/", "/rules/opcg", "/rules/opcg/7-1-4", "/rules/opcg/7-1-9"):
        # scripts only by src (offline.js on every page, issue 41), never inline
        assert not re.search(r"<script(?![^>]*\bsrc=)", html(client.get(url))), url


def test_steps_listed_with_their_printed_markers(client):
    page = html(client.get("/rules/los/5.5.1"))
    assert '<a href="/rules/los/5.5.1.V"><span class="num">V.</span>' in page
    assert '<span class="num">1.</span>' in html(client.get("/rules/los/5.6"))
