"""The form of a question and of a clause (judge_app/search/rerank.py), pinned on real clauses."""
import pytest

from judge_app.search import rank, rerank
from tests.search.conftest import ids


@pytest.mark.parametrize("q", ["出したターンにすぐ殴れる？", "相手の手札を見てもいい？", "アクティブのキャラにアタックできる？",
                               "墓地のカードの順番を入れ替えられる？", "バトルエリアに2枚出せる？"])
def test_may_i_questions_are_recognised(q):
    assert rerank.QueryForm(q).modality


@pytest.mark.parametrize("q", ["このキャラで相手のリーダーにアタックできますか？", "相手のデッキの上を見てもいいですか。",
                               "そのまま登場させられますか。", "もう1枚ドローできますか", "手札から出せますか？"])
def test_polite_may_i_questions_are_recognised(q):
    # 「…られますか」「…出せますか」: the polite ending read as the plain one, and a question closed by 「か。」
    assert rerank.QueryForm(q).modality


@pytest.mark.parametrize("q", ["何枚引きますか？", "このキャラはどこに置きますか。"])
def test_polite_questions_that_are_not_potentials_are_not_may_i_questions(q):
    assert not rerank.QueryForm(q).modality


@pytest.mark.parametrize("q", ["ノードに置くカードは伏せる？", "変身状態はいつ戻る？", "バトルに負けたらバリアはどうなる？",
                               "デッキに入れる？"])
def test_verbs_that_are_not_potentials_are_not_may_i_questions(q):
    # 伏せる, 戻る, なる, 入れる are verbs of their own, not 「～できる」
    assert not rerank.QueryForm(q).modality


def test_quantity_questions_are_recognised():
    assert rerank.QueryForm("キャラは何体まで並べられる？").quantity
    assert rerank.QueryForm("マリガンは何回できる？").quantity
    assert not rerank.QueryForm("変身状態はいつ戻る？").quantity


def test_kaiun_3_3_3_states_a_prohibition(corpus):
    # 「…手札のカードの内容を見ることはできません。」
    assert rerank.ClauseForm(corpus.clause("kaiun:3-3-3").text).modality
    # 「「ランダムに捨てる」と指示がある場合…」 describes a procedure: no permission stated
    assert not rerank.ClauseForm(corpus.clause("kaiun:4-4-3").text).modality


def test_opcg_5_1_2_3_states_a_number_and_2_2_4_1_explains_card_wording(corpus):
    assert rerank.ClauseForm(corpus.clause("opcg:5-1-2-3").text).quantity       # 4枚以下
    assert rerank.ClauseForm(corpus.clause("opcg:3-7-6").text).quantity         # 5枚まで置けます
    assert rerank.ClauseForm(corpus.clause("opcg:2-2-4-1").text).wording        # 「キャラ」と表記されている場合
    assert not rerank.ClauseForm(corpus.clause("opcg:3-7-6").text).wording


def _wording(question: str, clause) -> float:
    """The `wording` feature of the fitted ranking for one question and one clause."""
    facts = rank.ClauseFacts(-1, (), False, 0.0, True, 0.5, False, frozenset(), rerank.ClauseForm(clause.text))
    f = rank.features(facts, {}.get, 1.0, rank.QueryFacts(True, rerank.QueryForm(question), ()), 0.0, 0.0)
    return f[rank.FEATURES.index("wording")]


def test_quoting_question_keeps_card_wording_clauses(corpus):
    # a question that quotes card text is asking about the wording: no penalty
    assert _wording("「キャラ」と書いてあったら何を指す？", corpus.clause("opcg:2-2-4-1")) == 0.0
    assert _wording("キャラって何を指す？", corpus.clause("opcg:2-2-4-1")) == 1.0


def test_opcg_7_1_2_1_blocker_once_per_battle_leads(svc):
    # 「…【ブロッカー】の効果を1度だけ発動できます。」 answers how often, ahead of 【ブロッカー】's definition
    assert ids(svc.search("ブロッカーは1回のバトルで何回使える？", doc="opcg"))[0] == "opcg:7-1-2-1"


def test_kaiun_3_5_3_one_card_in_battle_area_leads(svc):
    # 「バトルエリアには、カードを1枚までしか置くことができません。」
    assert ids(svc.search("バトルエリアに2枚出せる？", doc="kaiun"))[0] == "kaiun:3-5-3"


@pytest.mark.parametrize("q, form", [
    ("お互いカード撃ちあって積み上がったらどれから解決すんの", "order"), ("セットフェイズは親と子どっちが先？", "order"),
    ("破壊されたカードはどこへ行く？", "place"), ("カードを伏せて出すのはいつ？", "time"),
    ("変身状態はどのタイミングで戻る？", "time"),
    ("捨て札戻して山作り直したら盾も1枚削られるって聞いたんだけどほんと？", "claim"),
    ("公開するって効果、今バトルしてる相手にだけ見せればいいよね？", "claim"),
    # a reading reported with its speaker between (「…って相手が言ってる」) or cut off (「…って相手が」),
    # expected (「…はず」), pressed before a second sentence (「…でしょ？それとも…」), or seen done (「…してる人いる」)
    ("トリガーは使えるって相手が言ってる", "claim"), ("ブロッカーは2回ブロックできるって相手が", "claim"),
    ("相打ちでもバリアはもらえるはず", "claim"), ("手札は7枚までじゃなかったっけ", "claim"),
    ("開運時は1ターンに1回だけでしょ？それとも毎回？", "claim"), ("レストのキャラでアタックしてる人いる", "claim"),
    ("手札の枚数ってどこかで頭打ち？", "quantity")])
def test_order_place_time_and_claim_questions_are_recognised(q, form):
    f = rerank.QueryForm(q)
    assert getattr(f, form)
    assert [a for a in ("order", "place", "time", "claim") if getattr(f, a) and a != form] == []


def test_a_plain_question_is_not_a_claim():
    # はず inside another word (はずす) is no expectation; 「Xって？」 asks what a word means; 「何人いる」 counts
    # players, nobody is seen doing anything; a question with no speaker and no pressing is asked
    for q in ("装備をはずすのはどんな時？", "ブロッカーって？", "多人数戦で4人いるときの親は？", "手札の上限は何枚？",
              "レストのキャラでアタックできる？"):
        assert not rerank.QueryForm(q).claim, q


def test_first_player_and_somewhere_are_not_order_or_place_questions():
    assert not rerank.QueryForm("先攻はどっち？").order          # 先攻 is who goes first, not an order of things
    assert not rerank.QueryForm("手札の枚数ってどこかで頭打ち？").place   # どこか: at some point, not where


def test_thv_clauses_stating_an_order_a_place_and_a_time(corpus):
    assert rerank.ClauseForm(corpus.clause("thv:1.12.8.a").text).order     # 最後に…逆順に解決する
    assert rerank.ClauseForm(corpus.clause("kaiun-multi:6-3-1").text).order  # 親から行い
    assert rerank.ClauseForm(corpus.clause("thv:3.3.1").text).place        # 破棄されたカードを置く領域
    assert rerank.ClauseForm(corpus.clause("thv:10.28.10").text).time      # ターン開始時に
    assert not rerank.ClauseForm(corpus.clause("kaiun:6-4-1").text).place  # 表向きにします: nothing moves
    # 「…見ることはできません。」 settles a claim; 「ジャンケンは下記の順で…」 states an order, no rule
    assert rerank.ClauseForm(corpus.clause("kaiun:3-3-3").text).rule
    assert not rerank.ClauseForm(corpus.clause("kaiun:2-2-3").text).rule


def test_opcg_10_1_5_2_may_choose_is_a_permission(corpus):
    # 「【トリガー】は発動しないことも選べます。」 answers 「使わないで手札にしてもいい？」 as 「できます」 would
    assert rerank.ClauseForm(corpus.clause("opcg:10-1-5-2").text).modality


@pytest.mark.parametrize("q", ["速攻ついてると出したターンから殴れるの？", "相手の番にスペル撃っていい？殴られてる最中とか",
                               "寝てるキャラでガードできないでしょ？", "出したばっかのキャラで殴りにいける？速攻ないやつ"])
def test_may_i_is_read_in_any_asking_sentence_and_before_closing_particles(q):
    assert rerank.QueryForm(q).modality


@pytest.mark.parametrize("q", ["ブロッカーは必ず使わないといけない？", "ライフが0でもドローしなきゃダメ？", "相手の捨て札を見るのって反則？",
                               "デッキの枚数が足りないまま始めるのはOK？", "手札を公開する必要ある？"])
def test_must_i_and_is_it_allowed_questions_are_may_i_questions(q):
    assert rerank.QueryForm(q).modality


@pytest.mark.parametrize("q", ["寝てるキャラでガードできる。相手のターンにどうなる？", "手札の上限は何枚？", "リフレッシュとは"])
def test_a_statement_and_other_questions_are_not_may_i_questions(q):
    # 「…できる。」 closed by a full stop states, it does not ask; the question is the last sentence
    assert not rerank.QueryForm(q).modality


def test_permission_obligation_and_restriction_inside_a_sentence_are_modal(corpus):
    assert rerank.ClauseForm(corpus.clause("thv:1.8.7.e").text).modality        # 支払ってもよい。
    assert rerank.ClauseForm(corpus.clause("thv:2.4.3").text).modality          # プレイすることが出来ず、
    assert rerank.ClauseForm(corpus.clause("thv:1.5.3.b").text).modality        # ドローしなくてはならない
    assert not rerank.ClauseForm(corpus.clause("kaiun:4-4-3").text).modality    # a procedure


def test_modal_text_is_only_the_sentences_that_permit_or_forbid(corpus):
    # 「【トリガー】は発動しないことも選べます。その場合、そのカードは公開せずに、手札に加えます。」
    form = rerank.ClauseForm(corpus.clause("opcg:10-1-5-2").text)
    assert "選べます" in form.modal_text and "公開" not in form.modal_text
    assert rank.modal_share(("発動", "公開"), form) == 0.5
    assert rank.modal_share((), form) == 0.0


def _modal_cover(question: str, clause, tokens: tuple) -> float:
    facts = rank.ClauseFacts(-1, (), False, 0.0, True, 0.5, False, frozenset(), rerank.ClauseForm(clause.text))
    share = rank.modal_share(tokens, facts.form)
    f = rank.features(facts, {}.get, 1.0, rank.QueryFacts(True, rerank.QueryForm(question), ()), 0.0, 0.0, share)
    return f[rank.FEATURES.index("modal_cover")]


def test_modal_cover_counts_only_for_a_may_i_question(corpus):
    clause = corpus.clause("kaiun:3-3-3")        # 「…手札のカードの内容を見ることはできません。」
    assert _modal_cover("相手の手札を見てもいい？", clause, ("手札", "内容", "相手")) == pytest.approx(2 / 3)
    assert _modal_cover("相手の手札の内容はいつ見る？", clause, ("手札", "内容", "相手")) == 0.0
