"""/api/docs and /api/clauses: the stable JSON shapes."""
import pytest

from judge_app import create_app

CLAUSE_FIELDS = {"id", "doc", "number", "printed", "kind", "title", "text", "parent", "children", "refs_out",
                 "refs_in", "history", "inherits_from", "inherited_by", "placeholder", "source_lines", "refs",
                 "url", "document", "breadcrumb", "prev", "next", "edition", "editions"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rules_api")
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp / "db.sqlite3"),
                       "INDEX_DIR": str(tmp / "index")}).test_client()


def test_api_docs_shape(client):
    docs = client.get("/api/docs").get_json()["docs"]
    assert [d["key"] for d in docs] == ["kaiun", "kaiun-multi", "los", "thv", "opcg"]
    for d in docs:
        assert set(d) == {"key", "title", "version", "date", "base", "clauses", "steps", "editions"}
        assert [e["current"] for e in d["editions"]] == [True]
    by = {d["key"]: d for d in docs}
    assert by["opcg"]["editions"] == [{"version": "ver.1.1.6", "date": "2024-04-19", "current": True}]
    assert by["thv"]["editions"] == [{"version": "旧", "date": None, "current": True}]   # 「総合ルール(旧)」
    assert (by["los"]["clauses"], by["los"]["steps"]) == (84, 28)
    assert by["kaiun-multi"]["base"] == "kaiun"
    assert by["opcg"]["version"] == "ver.1.1.6" and by["opcg"]["date"] == "2024-04-19"


def test_api_clause_shape(client):
    c = client.get("/api/clauses/opcg/7-1-4").get_json()
    assert set(c) == CLAUSE_FIELDS
    assert c["id"] == "opcg:7-1-4" and c["kind"] == "heading" and c["title"] == "ダメージ・ステップ"
    assert c["parent"] == "opcg:7-1" and c["children"] == ["opcg:7-1-4-1", "opcg:7-1-4-2"]
    assert [b["id"] for b in c["breadcrumb"]] == ["opcg:7", "opcg:7-1"]
    assert c["source_lines"] == [594, 594]


def test_api_clause_accepts_typed_forms_without_redirect(client):
    r = client.get("/api/clauses/thv/６－２－４－ｂ")
    assert r.status_code == 200 and r.get_json()["id"] == "thv:6.2.4.b"


def test_api_step_ids(client):
    assert client.get("/api/clauses/los/5.5.1.V.A").get_json()["parent"] == "los:5.5.1.V"
    assert client.get("/api/clauses/los/5.6.s1").get_json()["kind"] == "step"


def test_api_unknown_clause_404_with_closest_numbers(client):
    r = client.get("/api/clauses/opcg/7-1-9")
    body = r.get_json()
    assert r.status_code == 404 and body["code"] == "unknown_clause" and body["field"] == "number"
    assert body["status"] == 404 and "7-1-9" in body["error"]
    assert "opcg:7-1" in [s["id"] for s in body["suggestions"]]


def test_api_los_toc_number_suggests_the_body_number(client):
    body = client.get("/api/clauses/los/8.12.1").get_json()
    assert body["code"] == "unknown_clause"
    assert [x["number"] for x in body["suggestions"][:2]] == ["8.13.1", "8.12"]


def test_api_unknown_doc_404_names_valid_keys(client):
    r = client.get("/api/clauses/nope/1")
    body = r.get_json()
    assert r.status_code == 404 and body["code"] == "unknown_doc" and body["field"] == "doc"
    assert body["valid_docs"] == ["kaiun", "kaiun-multi", "los", "thv", "opcg"]
    assert "kaiun" in body["error"]


@pytest.mark.parametrize("number", ["abc", "%25", "1-2-x", "6.2.4.bb", "9" * 300])
def test_api_malformed_number_400(client, number):
    r = client.get(f"/api/clauses/opcg/{number}")
    assert r.status_code in (400, 404)
    assert r.get_json()["code"] in ("malformed_number", "unknown_clause")


def test_api_kaiun_multi_base_fallback(client):
    c = client.get("/api/clauses/kaiun-multi/2-2-3").get_json()
    assert c["id"] == "kaiun:2-2-3"


def test_api_inheritance_fields(client):
    assert client.get("/api/clauses/kaiun-multi/3").get_json()["inherits_from"] == "kaiun:3"
    assert "kaiun-multi:3" in client.get("/api/clauses/kaiun/3").get_json()["inherited_by"]
