"""Issue 42, the card-text style (fourth round): the situation a judge asks about a quoted card (a card moved,
its target gone, the deck out in the middle, a part impossible) and the rulebooks' clauses stating it
(judge_app/search/card_intent.py). The questions here are written for these tests, not taken from a bench set."""
import pytest

from judge_app.search import card_intent, card_wording


@pytest.fixture(scope="module")
def table(corpus):
    return card_intent.IntentTable(corpus)


def answering(table, doc, query):
    return table.answering(doc, card_wording.outside(query), card_wording.card_text(query))


def test_each_books_own_sentence_is_found(table):
    # the clause side is the rulebooks' text: every book that states the situation is read
    assert {"opcg:3-1-6", "opcg:10-2-13-4"} <= set(table.rows["opcg"]["zone_change"])
    assert table.rows["kaiun"]["zone_change"] == ("kaiun:3-1-5",)
    assert table.rows["thv"]["zone_change"] == ("thv:3.1.7",)
    assert table.rows["kaiun"]["deck_out_midway"] == ("kaiun:9-3-2",)
    assert "thv:8.2.5" in table.rows["thv"]["target_gone"]
    assert "los:9.6" in table.rows["los"]["target_gone"]
    assert {"opcg:1-3-2", "opcg:8-3-1-3"} <= set(table.rows["opcg"]["partly_possible"])
    assert {"kaiun:1-3-2", "kaiun:8-3-2-2"} <= set(table.rows["kaiun"]["partly_possible"])
    assert "thv:8.1.3.a" in table.rows["thv"]["partly_possible"]
    assert table.rows["thv"]["source_left"] == ("thv:7.1.16",)
    assert table.rows["opcg"]["deck_out_loss"] == ("opcg:1-2-2-2", "opcg:9-2-1-2")
    assert table.rows["kaiun"]["deck_out_loss"] == ("kaiun:9-3-3",)
    assert table.rows["opcg"]["condition_lost"] == ("opcg:8-4-1-1",)
    assert {"thv:7.4.5.d", "thv:7.4.7.d"} <= set(table.rows["thv"]["condition_lost"])
    assert table.rows["kaiun-multi"]["who_is_opponent"] == ("kaiun-multi:11-4-2",)
    assert table.rows["kaiun"]["battle_loser_goes"] == ("kaiun:6-6-3",)


# (game, a judge's question about a quoted card, the clause stating the situation it asks about): one vector a row
ASKED = [
    pytest.param("opcg", "「このターン中、このキャラのパワー+2000」を使ったキャラを手札に戻して出し直したら+2000は？",
                 "opcg:3-1-6", id="opcg_3_1_6_a_card_bounced_and_played_again"),
    pytest.param("kaiun", "「カードを3枚引く」の途中で山札が0枚になったら残りは？",
                 "kaiun:9-3-2", id="kaiun_9_3_2_the_deck_out_in_the_middle_of_a_draw"),
    pytest.param("thv", "「目標の〔キャラクター1枚〕を破棄する」で選んだキャラが解決前に場を離れたら？",
                 "thv:8.2.5", id="thv_8_2_5_a_target_gone_before_it_resolves"),
    pytest.param("thv", "「目標の〔キャラクター1枚〕に2ダメージを与える」をプレイしたら、相手が干渉でそのキャラを手札に戻した。どうなる？",
                 "thv:8.2.5", id="thv_8_2_5_a_target_returned_to_the_hand_after_the_spell_was_played"),
    pytest.param("thv", "「ターン終了時まで、〔キャラクター1枚〕の攻撃力+2」を使ったあと、そのカードが破棄されたら+2は消える？",
                 "thv:7.1.16", id="thv_7_1_16_a_lasting_effect_outlives_the_card_that_made_it"),
    pytest.param("opcg", "「自分のデッキの上から2枚をトラッシュに置く」でデッキが0枚になった。すぐ負け？",
                 "opcg:9-2-1-2", id="opcg_9_2_1_2_a_card_that_empties_the_deck_asks_whether_the_game_is_lost"),
    pytest.param("kaiun-multi", "親のカードの「相手の運値-2」、これって子全員に効くの？",
                 "kaiun-multi:11-4-2", id="kaiun_multi_11_4_2_whom_a_cards_opponent_reaches"),
    pytest.param("opcg", "「自分の手札1枚を捨てる：カード1枚を引く」、手札がなくて捨てられないけど引けるの？",
                 "opcg:8-3-1-3", id="opcg_8_3_1_3_a_cost_not_paid_but_the_effect_asked_for"),
    pytest.param("opcg", "「手札2枚を捨てることができる：カード2枚を引く」、手札が1枚しかないとき引くだけできる？",
                 "opcg:8-3-1-3", id="opcg_8_3_1_3_a_cost_that_cannot_be_paid"),
    pytest.param("opcg", "「【ドン!!×1】このキャラのパワー+1000」のドンを効果で外されたら、+1000はまだ効いてる？",
                 "opcg:8-4-1-1", id="opcg_8_4_1_1_a_condition_no_longer_met"),
    pytest.param("kaiun-multi", "子が出した「相手の手札を1枚見る」、この相手は誰？親だけ？",
                 "kaiun-multi:11-4-2", id="kaiun_multi_11_4_2_who_the_cards_opponent_is"),
    pytest.param("kaiun", "「このカードの運値+1」のカードがバトルに負けたら、このカードはどこに行く？",
                 "kaiun:6-6-3", id="kaiun_6_6_3_where_the_card_that_lost_goes"),
    pytest.param("los", "「キャラクターを1体選び、そのキャラクターに2ダメージ」で選んだキャラが解決前に退場したら？",
                 "los:9.6", id="los_9_6_a_chosen_character_gone_before_resolution"),
    pytest.param("opcg", "「このバトル中、このキャラのパワー+3000」を受けたキャラがバウンスされて、また登場したら+3000は？",
                 "opcg:3-1-6", id="opcg_3_1_6_played_again_in_opcgs_own_verb"),
    # the card's targeted sentence typed without 「」 and a space before the judge's words: the target moved
    pytest.param("thv", "目標の〔相手のキャラクター1枚〕に3ダメージを与える を撃ったら、相手が目標のキャラを干渉で冥界に置いた。どうなる？",
                 "thv:8.2.5", id="thv_8_2_5_the_target_named_by_its_mark_moved_by_the_opponent"),
    # a thv cost typed without 「」 (〔あなたの手札1枚〕を破棄する), then a part asked for alone
    pytest.param("thv", "〔あなたの手札1枚〕を破棄する。その後、1ドローする。手札が0枚だったらドローだけはできる？",
                 "thv:8.1.3.a", id="thv_8_1_3_a_a_bracketed_cost_typed_without_quotes_then_a_part_alone"),
]


@pytest.mark.parametrize("doc, query, clause", ASKED)
def test_the_situation_asked_is_answered_by_its_clause(table, doc, query, clause):
    assert clause in answering(table, doc, query)


def test_the_situation_is_read_outside_the_cards_text(table):
    # the card's own words (「手札に戻す」) are not the judge's question: nothing is asked about a move here
    assert not answering(table, "opcg", "「相手のキャラ1枚を持ち主の手札に戻す」ってコスト0でも選べる？")


def test_a_question_naming_no_situation_reads_none(table):
    assert not answering(table, "thv", "「〔キャラクター1枚〕に2ダメージを与える」ってスペルカード？")


def test_thv_3_1_7_comes_first_for_a_card_moved_and_played_again(svc):
    # without the situation, thv 6.1.4 and 3.3.6.c come first (the card's 「ターン終了時まで」 and 冥界)
    got = svc.search("「〔相手のキャラクター1枚〕は次のターン終了時まで-2/-0」を受けたキャラが冥界に移ってまた場に出たら、"
                     "-2はそのまま？", doc="thv", limit=3, group=False)["results"]
    assert got[0]["id"] == "thv:3.1.7"


def test_thv_8_2_5_comes_first_for_a_target_gone_before_it_resolves(svc):
    got = svc.search("「目標の〔キャラクター1枚〕を破棄する」で選んだキャラが解決前に場を離れたら？", doc="thv", limit=3,
                     group=False)["results"]
    assert got[0]["id"] == "thv:8.2.5"


def test_a_wording_quoted_alone_asks_no_situation(svc):
    # 「その後」 quoted alone asks what the wording means (its own clause), not the partly-possible situation
    assert not svc._intended("thv", "「その後」の前ができなかったら後半だけやるの？")
    assert svc._intended("thv", "「〔あなたの手札1枚〕を破棄する。その後、カードを1枚引く」の前ができなかったら後半だけやるの？")


def test_each_book_states_that_cannot_wins(table):
    assert {d: table.rows[d]["cannot_wins"] for d in ("opcg", "kaiun", "thv", "los")} == {
        "opcg": ("opcg:1-3-3",), "kaiun": ("kaiun:1-3-3",), "thv": ("thv:1.3.2",), "los": ("los:9.2",)}


def test_opcg_1_3_3_a_card_that_forbids_against_one_that_allows(table):
    got = answering(table, "opcg", "「このキャラはブロックされない」と「相手はブロックできない」…じゃなくて「ブロックできる」が"
                    "両方かかってたらどっちが優先？")
    assert "opcg:1-3-3" in got
    assert not answering(table, "opcg", "「相手はブロックできない」ってこのターンだけ？")


def test_kaiun_1_3_2_against_8_3_2_2_a_part_of_an_effect_or_of_a_cost(table):
    effect = answering(table, "kaiun", "「相手は手札を2枚捨てる」で相手の手札が1枚しかないなら1枚だけ捨てる？")
    assert "kaiun:1-3-2" in effect and "kaiun:8-3-2-2" not in effect
    query = "「手札2枚を捨てたなら、運値+2」で手札が1枚しかないなら1枚だけ捨てて+2？"
    cost = table.answering("kaiun", card_wording.outside(query), card_wording.card_text(query))
    assert "kaiun:8-3-2-2" in cost and "kaiun:1-3-2" not in cost


@pytest.mark.parametrize("doc, query, clause", [
    ("kaiun", "相手の「このターン、相手はカードを引くことができない。」がある中で、自分の「カードを2枚引く。」が発動。引ける？",
     "kaiun:1-3-3"),
    ("thv", "「〔あなた〕は1ドローしても良い。」のキャラ、相手の場に「相手プレイヤーはドロー出来ない。」の呪符。ドローしていい？",
     "thv:1.3.2"),
])
def test_two_cards_one_forbidding_asked_may_i_is_the_prohibition_first(table, doc, query, clause):
    """kaiun 1-3-3 / thv 1.3.2: a prohibition beats a permission, asked without 「どっちが優先」."""
    assert clause in answering(table, doc, query)


@pytest.mark.parametrize("doc, query, clause", [
    ("opcg", "相手のリーダーに「相手はイベントを発動できない」。自分の「手札からイベント1枚を発動する」はどうなる？",
     "opcg:1-3-3"),
    ("thv", "相手の呪符「〔相手プレイヤー〕はドロー出来ない」がある。自分のスペル「〔あなた〕は1ドローする」はどう処理する？",
     "thv:1.3.2"),
    ("kaiun", "「相手はバリアを増やすことができない。」がある時に、相手の「バリアを1枚増やす。」を使われたら結果は？",
     "kaiun:1-3-3"),
])
def test_two_cards_one_forbidding_what_the_other_does_is_the_prohibition_first(table, doc, query, clause):
    """opcg / kaiun 1-3-3, thv 1.3.2: one quoted sentence forbids the act another quoted sentence does, asked
    what happens (not may-I): the prohibition wins."""
    assert clause in answering(table, doc, query)


def test_the_act_a_card_sentence_forbids():
    assert card_intent.forbidden_act("相手はかどを引くことができない") == "引"
    assert card_intent.forbidden_act("ぷれいやーはかどをどろー出来ない") == "どろー"
    assert card_intent.forbidden_act("こすと3以下のきゃらを登場させることができない") == "登場させ"
    assert card_intent.forbidden_act("かど1枚を引く") == ""


def test_each_book_states_the_connectors_rule(table):
    assert {d: table.rows[d]["connected_after_impossible"] for d in ("opcg", "kaiun", "thv", "los")} == {
        "opcg": ("opcg:4-10-2",), "kaiun": ("kaiun:4-7-2",), "thv": (), "los": ()}


@pytest.mark.parametrize("doc, query, clause", [
    ("kaiun", "【開運時】自分の手札1枚を捨てる。そして、相手の運値-1。手札が無いとき運値-1だけはできる？", "kaiun:4-7-2"),
    ("opcg", "【起動メイン】自分のデッキの上から1枚をトラッシュに置く。その後、カード1枚を引く。デッキがないなら引くだけできる？",
     "opcg:4-10-2"),
])
def test_kaiun_4_7_2_opcg_4_10_2_the_part_after_the_connector_when_the_first_cannot_be_done(table, doc, query, clause):
    """A part impossible on a card joined by 「そして、」 / 「その後」, the connector typed outside 「」: the book's rule for
    that connector (the later part is still done) in place of the general 「可能な限り」 (1-3-2)."""
    got = answering(table, doc, query)
    assert clause in got and f"{doc}:1-3-2" not in got


def test_a_cost_keeps_the_cost_rule_with_a_connector(table):
    # 「たなら、」 is a cost: its part impossible is the cost's clause (8-3-2-2), whatever follows
    got = answering(table, "kaiun", "「手札2枚を捨てたなら、運値+2。そして、カード1枚を引く」で手札が1枚しかないなら引くだけできる？")
    assert "kaiun:4-7-2" not in got and "kaiun:8-3-2-2" in got


def test_one_forbidding_card_alone_or_no_may_i_question_is_not_that_situation(table):
    assert "kaiun:1-3-3" not in answering(table, "kaiun", "「相手はカードを引くことができない。」はいつまで続く？")
    assert "kaiun:1-3-3" not in answering(table, "kaiun", "「相手はカードを引くことができない。」で引けないのは相手だけ？")
    assert "kaiun:1-3-3" not in answering(table, "kaiun",
                                         "「相手はカードを引くことができない。」と「カードを2枚引く。」、処理の順番は？")


def test_each_book_states_that_a_card_beats_the_rules(table):
    for doc, clause in (("opcg", "opcg:1-3-1"), ("kaiun", "kaiun:1-3-1"), ("los", "los:9.1"), ("thv", "thv:1.3.1")):
        assert table.rows[doc]["card_over_rule"] == (clause,)


def test_los_9_1_a_card_allowing_what_the_rules_do_not_is_the_card_first(table):
    got = answering(table, "los", "「このキャラクターは手札から前衛に出すことができる。」のキャラ、ルールだと後衛だけのはずだけど出せる？")
    assert "los:9.1" in got and "los:9.2" not in got
    # a card that forbids, against one that allows: the prohibition rule still
    got = answering(table, "los", "「相手はアタックできない。」と「このキャラは後衛からでもアタックできる。」、どちらが優先？")
    assert "los:9.2" in got


def test_each_book_states_the_don_condition_and_thv_its_cost_rule(table):
    assert table.rows["opcg"]["don_short"] == ("opcg:8-3-2-3", "opcg:10-2-9-1")
    assert {d: table.rows[d]["don_short"] for d in ("kaiun", "los", "thv")} == {"kaiun": (), "los": (), "thv": ()}
    assert {"thv:1.8.9.e", "thv:1.8.9.f"} <= set(table.rows["thv"]["partly_possible"])


@pytest.mark.parametrize("query", [
    "【ドン!!×2】【アタック時】カード1枚を引く。 ドン1枚だけ付けてアタックしたら引ける？",
    "「【ドン!!×1】このキャラのパワー+1000」ってドン付けないで殴っても+1000？",
])
def test_opcg_10_2_9_1_a_don_condition_with_fewer_don_given(table, query):
    """【ドン!!×○】 is met by ○ or more DON!! given to the card (10-2-9-1, 8-3-2-3): fewer given, not met."""
    assert {"opcg:10-2-9-1", "opcg:8-3-2-3"} <= answering(table, "opcg", query)


def test_the_don_condition_is_read_only_on_a_card_quoting_the_keyword(table):
    # no 【ドン!!×○】 on the card: a question about DON!! given is not that situation
    assert "opcg:10-2-9-1" not in answering(table, "opcg", "「【アタック時】カード1枚を引く」でドン1枚だけ付けて殴った")


def test_thv_1_8_9_f_a_cost_of_two_kinds_half_payable(table):
    """thv 1.8.9.f 「1度に複数の種類のコストを求められる場合、その全てを満足出来ない限り、いずれも支払うことは出来ない」
    and 1.8.9.e: a card with a cost (「…：」), one part of it not payable, asked whether the rest may be paid."""
    got = answering(table, "thv", "「(自分ターン)②〔あなたの手札1枚〕を破棄：カードを1枚引く」、手札が0枚のときノードだけ払って使える？")
    assert {"thv:1.8.9.e", "thv:1.8.9.f"} <= got
    assert "thv:8.1.3.a" not in got          # the effect's part impossible is for a card without a cost


def test_thv_8_1_3_a_a_part_of_an_effect_without_a_cost(table):
    got = answering(table, "thv", "「目標の〔キャラクター1枚〕に1ダメージを与え、カードを1枚引く」、キャラがいないけど引くだけできる？")
    assert "thv:8.1.3.a" in got and "thv:1.8.9.f" not in got


@pytest.mark.parametrize("query", [
    "「ターン終了時まで目標の〔あなたのキャラクター1枚〕の攻撃力+1」を解決したあと、効果を使ったキャラが破棄された。+1は続き？",
    "(自分ターン)S:ターン終了時まで〔あなたのキャラクター全て〕は+1/±0を得る。使ったあとそのキャラ自身が決死状態になった。修正は残る？",
])
def test_thv_7_1_16_the_character_that_used_the_effect_leaves(table, query):
    """thv 7.1.16 「解決後に発生源のカードが領域を移動した場合でもその効果は無効にならない」: the source named as the
    character that used it, not only as 「このカード」."""
    got = answering(table, "thv", query)
    assert "thv:7.1.16" in got and "thv:8.2.5" not in got
