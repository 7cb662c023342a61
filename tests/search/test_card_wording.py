"""Issue 42, the card-text style: card wording a question quotes, read against the rulebooks' own clauses on
that wording (judge_app/search/card_wording.py), and a card's keyword finding its definition."""
import pytest

from judge_app.search import card_wording
from judge_app.search.glossary import template_key, term_key


@pytest.fixture(scope="module")
def table(corpus):
    return card_wording.WordingTable(corpus)


def explained(table, doc, query):
    return table.explained(doc, card_wording.card_text(query))


def test_card_text_is_the_quoted_spans_and_a_pasted_ability():
    assert card_wording.card_text("「カードを1枚引く」ってどうなる？") == "かどを1枚引く\nかどを引く"
    assert card_wording.card_text("【登場時】相手のキャラ1枚までをレストにする。って効果、0枚でもいい？") \
        == "【登場時】相手のきゃら1枚までをれすとにする\n【登場時】相手のきゃらまでをれすとにする"
    assert card_wording.card_text("アタックできる？") == ""


def test_kaiun_8_3_2_a_cost_read_in_the_card_not_also_a_condition(table):
    got = explained(table, "kaiun", "「手札1枚を捨てたなら、カードを2枚引く」は手札が無くても引ける？")
    assert {"kaiun:8-3-2", "kaiun:8-3-2-3"} <= got
    assert "kaiun:4-6-2" not in got          # 「なら、」 is read inside 「たなら、」, not beside it


def test_kaiun_4_7_2_and_then_read_in_the_card(table):
    assert "kaiun:4-7-2" in explained(table, "kaiun", "「運値+1。そして、相手は1枚捨てる」の前が無効なら？")


def test_opcg_8_3_1_a_colon_is_an_activation_cost(table):
    assert "opcg:8-3-1" in explained(table, "opcg", "「ドン!!-1：相手のキャラ1枚をKOする」でドンが足りないと？")


def test_opcg_8_4_4_1_up_to_with_the_rulebooks_number_mark(table):
    got = explained(table, "opcg", "「自分のトラッシュからカード2枚までを手札に加える」で何も取らないのはあり？")
    assert {"opcg:8-4-4-1", "opcg:4-8-1"} <= got


def test_thv_8_2_2_a_target_is_what_the_card_says_is_one(table):
    assert "thv:8.2.2" in explained(table, "thv", "「目標の〔あなたの場のキャラクター1枚〕を破棄する」で目標が消えたら？")


def test_a_bare_term_or_an_action_is_not_a_construction(table):
    # 「キャラ」 (opcg 2-2-4-1) and 「カード1枚を引く」 (opcg 4-5-2) are found by their words already
    got = explained(table, "opcg", "「キャラ1枚を選び、カード1枚を引く」は？")
    assert "opcg:2-2-4-1" not in got and "opcg:4-5-2" not in got


def test_a_query_quoting_nothing_reads_no_wording(table):
    assert explained(table, "kaiun", "捨てたなら引けるの？") == frozenset()


def test_a_keyword_key_ignores_the_rulebooks_spaces_and_number_marks():
    assert term_key("【KO 時】") == term_key("【KO時】") == "ko時"
    assert template_key(term_key("ドン!!×○")) == template_key(term_key("ドン!!×2"), card=True) == "どん!!×○"
    assert template_key(term_key("N 枚までを")) == "○枚までを"
    assert template_key(term_key("ノード")) is None


def test_opcg_10_2_17_a_pasted_ko_ability_finds_its_keyword(svc):
    # in the first five: since the nearest-question feature (issue 42) the battle's KO (7-1-4-1-2), its loser and
    # its end, whose questions are worded like this one, stand above it (it was in the first three before)
    got = svc.search("【KO時】相手のキャラ1枚をレストにする。これバトルで負けたらいつ使う？", doc="opcg", limit=5)["results"]
    shown = {r["id"] for r in got} | {k["id"] for r in got for k in (r.get("group") or {}).get("children", [])}
    assert shown & {"opcg:10-2-17", "opcg:10-2-17-1", "opcg:10-2-17-2"}


def test_opcg_10_2_9_a_dons_number_on_the_card_finds_the_keyword(svc):
    got = svc.search("【ドン!!×1】ってドンを1枚付けてればいいの？", doc="opcg", limit=3, group=False)["results"]
    assert any(r["id"].startswith("opcg:10-2-9") for r in got)


def test_kaiun_4_7_2_a_quoted_and_then_comes_first(svc):
    got = svc.search("「相手の運値-1。そして、手札を1枚捨てる」の前半が効かなかったら後半も無し？", doc="kaiun",
                     limit=3, group=False)["results"]
    assert got[0]["id"] == "kaiun:4-7-2"


def test_opcg_8_3_1_a_quoted_cost_comes_first(svc):
    got = svc.search("「自分の手札1枚を捨てることができる：相手のキャラ1枚をレストにする」って手札0枚でもレストだけできる？",
                     doc="opcg", limit=3, group=False)["results"]
    assert got[0]["id"].startswith("opcg:8-3-1")


def test_a_term_inside_a_quoted_card_sentence_is_not_asked_as_a_term(svc):
    from judge_app.search.query import Query
    quoted = svc._query_facts(Query.read("「手札1枚を捨てたなら、運値+1」って手札が無いときは？", svc.kana))
    bare = svc._query_facts(Query.read("「運値+1」のカードって手札が無いときは？", svc.kana))
    inside_only = svc._query_facts(Query.read("「手札1枚を捨てたなら、運値+1」ってどう？", svc.kana))
    assert "手札" in quoted.named and "手札" in bare.named      # named outside the card's text
    assert "手札" not in inside_only.named


def test_thv_1_3_2_an_ability_pasted_with_its_kind_is_card_text(svc):
    """thv prints an ability's kind in brackets ((自動α), (常時) …) where the other games print 【timing】: a pasted
    prohibition is card text, so a quoted permission against it is the prohibition rule (1.3.2)."""
    from judge_app.search import card_wording
    q = ("(自動α)〔このキャラクター〕は防御を行うことが出来ない のキャラに「目標の〔キャラクター1枚〕は防御を行っても良い」"
         "を使った。防御できる？")
    assert any(s.startswith("(自動α)") for s in card_wording.spans(q))
    got = svc.search(q, doc="thv", limit=3, group=False)["results"]
    assert "thv:1.3.2" in [r["id"] for r in got]


def test_a_thv_bracketed_cost_typed_without_quotes_is_card_text():
    from judge_app.search import card_wording
    q = "〔あなたの手札1枚〕を破棄する。その後、1ドローする。手札が0枚だったら？"
    assert card_wording.spans(q) == ["〔あなたの手札1枚〕を破棄する"]
    # a space ends it: what follows is the judge's own words
    assert card_wording.spans("目標の〔キャラクター1枚〕を破棄する を使ったら？") == ["目標の〔キャラクター1枚〕を破棄する"]


def test_thv_8_2_5_a_targeted_sentence_typed_without_quotes_is_card_text(svc):
    """A thv card's 「目標の〔…〕…」 typed without 「」 is still the card's text, and what the judge says after it
    (played, then the target was returned) is the target-gone situation (8.2.5)."""
    from judge_app.search import card_wording
    q = "目標の〔相手の場のキャラクター1枚〕を手札に戻す、のスペルをプレイ。干渉でそのキャラが破棄された。どうなる？"
    assert card_wording.spans(q) == ["目標の〔相手の場のキャラクター1枚〕を手札に戻す"]
    got = svc.search(q, doc="thv", limit=3, group=False)["results"]
    assert "thv:8.2.5" in [r["id"] for r in got]


def test_opcg_an_ability_pasted_from_its_timing_ends_at_the_space_before_the_question():
    # 【…】 keywords, a space after them allowed; the judge's words after the next space are not the card's
    q = "【ドン!!×1】 【アタック時】このキャラのパワー+2000 ドン付けずにアタックしたら効果でる？"
    assert card_wording.spans(q) == ["【ドン!!×1】 【アタック時】このキャラのパワー+2000"]
    assert "ドン付けずに" in card_wording.outside(q)
