"""Issue 12 part 5: each result says which table-talk word of the query was read as which rulebook term
(「殴る → アタック」), in /api/search, on /search and in `judge-app search`."""
import json

from judge_app.search.service import _said
from tests.search.conftest import run_search_cli


def _why(r):
    return [(w["said"], w["read_as"]) for w in r["why"]]


def test_api_why_names_the_word_typed_and_the_term_read(client):
    data = client.get("/api/search", query_string={"q": "寝てるキャラって殴れる？", "doc": "opcg"}).get_json()
    top = data["results"][0]
    assert ("殴れる", "アタック") in _why(top)
    assert all(isinstance(r["why"], list) for r in data["results"])


def test_why_is_empty_when_the_query_uses_the_rulebooks_words(client):
    data = client.get("/api/search", query_string={"q": "【ブロッカー】", "doc": "opcg"}).get_json()
    assert data["results"][0]["why"] == []


def test_why_only_on_results_that_name_the_term(client):
    data = client.get("/api/search", query_string={"q": "山札がなくなったら負け？", "doc": "opcg", "limit": 10}).get_json()
    for r in data["results"]:
        for said, term in _why(r):
            assert said in ("山札", "負け")
            assert term in {"デッキ", "敗北"}


def test_search_page_shows_the_reading_under_the_result(client):
    page = client.get("/search", query_string={"q": "殴っていい？", "doc": "opcg"}).data.decode()
    assert '<p class="why"' in page
    assert "「殴る → アタック」" in page


def test_search_page_escapes_the_reading(client):
    page = client.get("/search", query_string={"q": "<b>殴る</b>", "doc": "opcg"}).data.decode()
    assert "<b>殴る" not in page


def test_said_is_the_whole_word_in_its_dictionary_form():
    assert _said("相手のキャラ殴っていい？", "殴っ") == "殴る"
    assert _said("山がなくなった", "山が") == "山"
    assert _said("デッキ切れ", "でっき") == "デッキ"
    assert _said("abc", "xyz") == ""


def test_cli_prints_the_reading(svc, capsys, tmp_path):
    assert run_search_cli(["殴っていい？"], "opcg", tmp_path) == 0
    assert "読み替え: 殴る → アタック" in capsys.readouterr().out
    assert run_search_cli(["殴っていい？"], "opcg", tmp_path, as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["why"]
