"""Words typed in hiragana, as a judge on a phone leaves them before conversion, are read as the rulebooks'
words (judge_app/search/readings.py), the query is searched as read, and the answer says how it was read."""
import pytest

from judge_app.search import readings
from judge_app.search.readings import KanaTable, convert
from tests.search.conftest import run_search_cli


@pytest.fixture(scope="module")
def kana(svc):
    return svc.kana


def _read(text, table):
    return convert(text, table)


@pytest.mark.parametrize("typed,read,pairs", [
    ("ゆうせんけん", "優先権", [("ゆうせんけん", "優先権")]),
    ("はいぼくじょうけん", "敗北条件", [("はいぼくじょうけん", "敗北条件")]),               # a compound of nouns
    ("てふだのじょうげん", "手札の上限", [("てふだ", "手札"), ("じょうげん", "上限")]),   # between particles
    ("ゆうせんけんってなに", "優先権ってなに", [("ゆうせんけん", "優先権")]),
    ("とうじょうしたターン", "登場したターン", [("とうじょう", "登場")]),                   # a noun that takes する
    ("けっしじょうたいになるじょうけん", "決死状態になる条件",
     [("けっしじょうたい", "決死状態"), ("じょうけん", "条件")]),                           # a word after a verb
    ("デッキ0まいになったら", "デッキ0枚になったら", [("まい", "枚")]),                     # a counter after a digit
    ("なんかいつかえる", "何回つかえる", [("なんかい", "何回")]),
])
def test_kana_is_read_as_the_rulebooks_word(kana, typed, read, pairs):
    assert _read(typed, kana) == (read, pairs)


@pytest.mark.parametrize("typed", [
    "どうしよう",          # not 同士+よう: a reading must end before a particle, a reading or the end
    "どうしたらいい",
    "2どろー",             # a counter only where a word can end
    "いろいろ",            # a one-kanji word needs three kana
    "ぶろっかー",          # katakana typed in hiragana needs no reading: folding already matches it
    "ブロッカー",
    "相手のキャラに殴れる？",
])
def test_ordinary_kana_is_left_as_typed(kana, typed):
    assert _read(typed, kana) == (typed, [])


def test_a_reading_the_rulebooks_write_in_kana_is_not_in_the_table(kana):
    # 「とき」「こと」「した」 appear in the rulebooks as kana: converting them would misread ordinary words
    assert not {"とき", "こと", "した", "もの"} & set(kana.words)
    assert kana.words["ゆうせんけん"] == "優先権" and "とうじょう" in kana.suru


def test_every_reading_is_hiragana_and_every_word_holds_a_kanji(kana):
    import re

    assert len(kana.words) > 500
    assert all(re.fullmatch(r"[\u3041-\u3096]{2,}", r) for r in kana.words)
    assert all(re.search(r"[\u3400-\u9fff々〆]", w) for w in kana.words.values())


def test_an_empty_table_or_no_kana_changes_nothing():
    assert convert("ゆうせんけん", KanaTable()) == ("ゆうせんけん", [])
    assert convert("ゆうせんけん", None) == ("ゆうせんけん", [])
    assert convert("7-1-4", KanaTable({"ななの": "七"})) == ("7-1-4", [])


@pytest.mark.parametrize("typed,kanji,doc", [
    ("ゆうせんけん", "優先権", "thv"),
    ("かいうんじ", "開運時", "kaiun"),
    ("てふだのじょうげん", "手札の上限", "kaiun"),
])
def test_a_query_typed_in_kana_finds_what_the_kanji_query_finds(svc, typed, kanji, doc):
    got = svc.search(typed, doc, 3)
    assert [r["id"] for r in got["results"]][:1] == [r["id"] for r in svc.search(kanji, doc, 3)["results"]][:1]
    assert got["read_as"] and all(w["said"] in typed for w in got["read_as"])


def test_api_and_page_say_how_the_kana_was_read(client):
    data = client.get("/api/search", query_string={"q": "ゆうせんけんとは", "doc": "thv"}).get_json()
    assert data["read_as"] == [{"said": "ゆうせんけん", "read_as": "優先権"}]
    assert data["results"][0]["id"] == "thv:1.12.1"
    plain = client.get("/api/search", query_string={"q": "優先権とは", "doc": "thv"}).get_json()
    assert "read_as" not in plain
    page = client.get("/search", query_string={"q": "ゆうせんけん", "doc": "thv"}).data.decode()
    assert '<p class="readas" role="status">' in page and "「ゆうせんけん → 優先権」" in page


def test_cli_says_how_the_kana_was_read(svc, capsys, tmp_path):
    assert run_search_cli(["かいうんじ"], "kaiun", tmp_path) == 0
    assert "かなを読み替えて検索: かいうんじ → 開運時" in capsys.readouterr().out


def test_the_table_is_written_with_the_index_and_read_back(tmp_path, svc):
    readings.write(tmp_path, svc.kana)
    back = readings.load(tmp_path)
    assert back.words == svc.kana.words and back.suru == svc.kana.suru
    assert convert("ゆうせんけん", back) == convert("ゆうせんけん", svc.kana)
    assert not readings.load(tmp_path / "nowhere")


def test_the_page_says_a_kana_reading_once_not_under_every_result(client):
    page = client.get("/search", query_string={"q": "ゆうせんけん", "doc": "thv"}).data.decode()
    assert page.count("「ゆうせんけん → 優先権」") == 1
    # a table-talk reading is still shown under the result that names the term
    page = client.get("/search", query_string={"q": "てふだ殴っていい？", "doc": "opcg"}).data.decode()
    assert "「殴る → アタック」" in page and page.count("「てふだ → 手札」") == 1
