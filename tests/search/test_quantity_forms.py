"""Quantities stated without a digit, counters matched in folded text, and talk words in pieces."""
from judge_app.search import analysis, rerank, synonyms
from judge_app.search.normalize import fold


def test_thv_1_8_2_c_not_yet_this_turn_is_once_a_turn():
    toks = analysis.bigrams("このターン中にノードセットが解決されていない。")
    assert "#回" in toks and "#上限" in toks
    assert rerank.ClauseForm("このターン中にノードセットが解決されていない。").quantity


def test_thv_1_2_5_a_exact_count_is_a_limit():
    assert "#上限" in analysis.bigrams("過不足無く10枚のカードを組み込む。")


def test_turn_counter_matches_in_folded_text():
    # ターン folds to たん: 「1ターン」 and 「何ターン」 must still meet on one token.
    assert "#たん" in analysis.bigrams("1ターンに1回") and "#たん" in analysis.bigrams("何ターン目？")


def test_once_and_one_time_are_the_same_counter():
    assert "#回" in analysis.bigrams("1度だけ発動できます") and "#回" in analysis.bigrams("何回使える？")


def test_plain_sentence_has_no_once_per_turn_token():
    assert "#回" not in analysis.bigrams("ノードにセットするカードを手札から抜き出す。")


def test_lead_in_following_list_states_no_number():
    # 「以下の要件」 introduces a list; 「4枚以下」 is a number.
    assert not rerank.ClauseForm("サイドボードは以下の要件に従って構築する。").quantity
    assert rerank.ClauseForm("同名のカードは4枚以下である必要があります。").quantity


def test_talk_in_pieces_matches_in_order_only():
    assert synonyms._occurs(fold("ノード…置"), fold("ノードは1ターンに何回置ける？"))
    assert not synonyms._occurs(fold("ノード…置"), fold("置いたカードはノードになる？"))


def test_thv_node_set_table_talk_expands_question():
    found = [s.clause for s, _t in synonyms.matches(fold("ノードは1ターンに何回置ける？"), "thv")]
    assert "thv:1.8.2" in found
