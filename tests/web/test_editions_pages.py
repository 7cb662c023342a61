"""/rules/<doc>/changes, clause pages through the editions, /api/docs editions, and search on the current edition,
against a corpus holding the opcg fixture edition ver.1.1.7 as current."""
import pytest

from judge_app import create_app
from tests.web.editions_env import corpus_env


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("editions_pages")
    with corpus_env(tmp / "corpus", imported=True):
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp / "db.sqlite3"),
                          "INDEX_DIR": str(tmp / "index")})
        yield app.test_client()


def test_changes_json_contract(client):
    j = client.get("/rules/opcg/changes?from=ver.1.1.6&to=ver.1.1.7&format=json").get_json()
    assert (j["doc"], j["from"], j["to"]) == ("opcg", "ver.1.1.6", "ver.1.1.7")
    assert {c["kind"] for c in j["changes"]} == {"reworded", "renumbered", "added", "removed"}
    assert {(c["kind"], c["old"], c["new"]) for c in j["changes"]} >= {
        ("removed", "7-1-5-4", None), ("added", None, "10-1-5"), ("renumbered", "10-1-5", "10-1-6")}
    moved = next(c for c in j["changes"] if c["old"] == "7-1-5-5")
    assert moved["old_url"] == "/rules/opcg/7-1-5-5?edition=ver.1.1.6" and moved["new_url"] == "/rules/opcg/7-1-5-4"


def test_changes_default_to_previous_and_current_edition(client):
    j = client.get("/rules/opcg/changes?format=json").get_json()
    assert (j["from"], j["to"]) == ("ver.1.1.6", "ver.1.1.7") and len(j["changes"]) == 11


def test_an_edition_against_itself_has_no_changes(client):
    for v in ("ver.1.1.6", "ver.1.1.7"):
        j = client.get(f"/rules/opcg/changes?from={v}&to={v}&format=json").get_json()
        assert j["changes"] == []
    assert client.get("/rules/thv/changes?format=json").get_json()["changes"] == []   # one edition kept


def test_changes_unknown_edition_names_the_field_and_the_editions_kept(client):
    r = client.get("/rules/opcg/changes?from=ver.0&format=json")
    assert r.status_code == 400
    j = r.get_json()
    assert j["field"] == "from" and j["valid_editions"] == ["ver.1.1.6", "ver.1.1.7"] and "ver.0" in j["error"]
    html = client.get("/rules/opcg/changes?to=ver.0").get_data(as_text=True)
    assert "版「ver.0」はありません" in html and "保存されている版" in html and "ver.1.1.6" in html
    assert client.get("/rules/mtg/changes?format=json").status_code == 404


def test_changes_page_groups_by_section_and_highlights_words(client):
    html = client.get("/rules/opcg/changes").get_data(as_text=True)
    sections = [html.find(f'<span class="num">{n}</span>') for n in ("4-6", "7-1", "10-1")]
    assert all(i > 0 for i in sections) and sections == sorted(sections)
    assert "<del>以上の</del><ins>と同じか、それより大きい</ins>" in html
    assert "<del>10-1-5</del><ins>10-1-6</ins>" in html          # the changed cross-reference
    assert "参照番号のみ" in html and "更新履歴に載っていない変更" in html
    assert "前 7-1-5-4 を削除しました。" in html


def test_clause_page_says_when_it_changed_and_links_earlier_editions(client):
    html = client.get("/rules/opcg/10-1-6-2").get_data(as_text=True)
    assert "ver.1.1.7 で変更" in html and "10-1-5-2 → 10-1-6-2" in html
    assert 'href="/rules/opcg/10-1-5-2?edition=ver.1.1.6"' in html
    assert "本文の差分" in html                                  # 「10-1-6-2 を修正しました。」 matched to its change
    j = client.get("/rules/opcg/10-1-6-2?format=json").get_json()
    assert j["edition"] == {"version": "ver.1.1.7", "current": True}
    assert [(e["version"], e["number"], e["kind"]) for e in j["editions"]] == [
        ("ver.1.1.6", "10-1-5-2", None), ("ver.1.1.7", "10-1-6-2", "renumbered")]


def test_clause_in_an_earlier_edition(client):
    html = client.get("/rules/opcg/7-1-5-4?edition=ver.1.1.6").get_data(as_text=True)
    assert "非ターンプレイヤーの効果が無効になります" in html and "現行版では削除されています" in html
    html = client.get("/rules/opcg/7-1-5-5?edition=ver.1.1.6").get_data(as_text=True)
    assert '現行版では <a href="/rules/opcg/7-1-5-4">7-1-5-4</a>' in html
    assert 'href="/rules/opcg/6-5-2?edition=ver.1.1.6"' in html   # references stay in the edition shown
    j = client.get("/api/clauses/opcg/7-1-5-5?edition=ver.1.1.6").get_json()
    assert j["edition"] == {"version": "ver.1.1.6", "current": False} and j["text"].startswith("バトルが終了")
    assert client.get("/api/clauses/opcg/7-1-5-5").status_code == 404   # not in the current edition


def test_clause_unknown_edition(client):
    r = client.get("/api/clauses/opcg/7-1-4?edition=ver.9")
    assert r.status_code == 404 and r.get_json()["field"] == "edition" and "ver.1.1.6" in r.get_json()["error"]


def test_api_docs_lists_editions(client):
    docs = {d["key"]: d for d in client.get("/api/docs").get_json()["docs"]}
    assert docs["opcg"]["editions"] == [{"version": "ver.1.1.6", "date": "2024-04-19", "current": False},
                                        {"version": "ver.1.1.7", "date": "2024-09-01", "current": True}]
    assert docs["opcg"]["version"] == "ver.1.1.7"


def test_search_follows_the_current_edition(client):
    hits = client.get("/api/search?q=ブロック不可&doc=opcg").get_json()["results"]
    assert hits and hits[0]["id"] == "opcg:10-1-5-1"
    number = client.get("/api/search?q=10-1-6-2&doc=opcg").get_json()["results"]
    assert number[0]["id"] == "opcg:10-1-6-2"


def test_index_key_names_the_current_editions():
    from types import SimpleNamespace
    from judge_app.search import index
    a = SimpleNamespace(docs={"opcg": SimpleNamespace(edition="ver.1.1.6")})
    b = SimpleNamespace(docs={"opcg": SimpleNamespace(edition="ver.1.1.7")})
    assert index.content_hash([], index.current_editions(a)) != index.content_hash([], index.current_editions(b))


def test_table_of_contents_of_an_earlier_edition(client):
    j = client.get("/rules/opcg?edition=ver.1.1.6&expand=1&format=json").get_json()
    assert j["edition"] == "ver.1.1.6" and j["document"]["version"] == "ver.1.1.6"
    html = client.get("/rules/opcg?edition=ver.1.1.6").get_data(as_text=True)
    assert 'href="/rules/opcg/10-1-5?edition=ver.1.1.6"' in html and "【トリガー】" in html
    assert client.get("/rules/opcg?format=json").get_json()["edition"] == "ver.1.1.7"
    assert client.get("/rules/opcg?edition=ver.0&format=json").status_code == 404
