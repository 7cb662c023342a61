"""Japanese analysis pinned on the rulebooks' own words."""
from whoosh.analysis import Tokenizer

from judge_app.search import analysis
from judge_app.search.normalize import fold, fold_with_map


def test_fold_width_kana_and_long_vowel():
    assert fold("カウンター") == fold("かうんた") == fold("ｶｳﾝﾀｰ")
    assert fold("ＫＯ時") == "ko時"
    assert fold("リフレッシュ") == "りふれっしゅ"


def test_fold_with_map_points_back_to_the_original():
    text = "【ブロッカー】を"
    folded, where = fold_with_map(text)
    assert folded == "【ぶろっか】を" and text[where[1]] == "ブ"


def test_bigrams_of_kanji_kana_and_latin_runs():
    assert analysis.bigrams("敗北条件") == ["敗北", "北条", "条件"]
    assert "ko" in analysis.bigrams("KO時")
    assert analysis.bigrams("親") == ["親", "#誰"]          # a lone character stands as itself (+ answer type)


def test_quantity_token_joins_3_mai_and_nanmai():
    assert "#枚" in analysis.bigrams("同一のカードナンバーのカードは、デッキ内にそれぞれ4枚以下")
    assert "#枚" in analysis.bigrams("何枚まで入れられる？")


def test_words_are_dictionary_forms_without_particles():
    words = analysis.content_words("殴ったら負け？")
    assert "殴る" in words and "が" not in words
    # SudachiPy normalises to 出来る (thv writes 出来ない, the others できない); Janome keeps できる
    expected = fold("出来る") if analysis.analyser_name() == "sudachi" else fold("できる")
    assert expected in analysis.content_words("できない")


def test_punctuation_only_gives_no_tokens_and_no_stopiteration():
    for value in ["", "！？。", "【】", "***", "~~", "\"\"", "　"]:
        for make in (analysis.bigram_analyzer, analysis.word_analyzer, analysis.key_analyzer):
            tok = make()
            assert isinstance(tok, Tokenizer)
            assert [t.text for t in tok(value, positions=True)] == []


def test_bracketed_keywords_are_units():
    assert analysis.bracketed("【ブロッカー】と《グー》と「リフレッシュ」") == ["ブロッカー", "グー", "リフレッシュ"]


def test_limit_token_joins_kaiun_3_3_4_and_a_question_about_a_maximum():
    # kaiun 3-3-4 「手札の枚数に上限はありません。」 answers 「手札は何枚まで持てる？」
    assert "#上限" in analysis.bigrams("手札の枚数に上限はありません。")
    assert "#上限" in analysis.bigrams("手札は何枚まで持てる？")
    assert "#上限" in analysis.bigrams("同一のカードナンバーのカードは、デッキ内にそれぞれ4枚以下である必要があります。")
    assert "#上限" not in analysis.bigrams("デッキからカードを1枚引きます。")


def test_answer_type_tokens_for_when_where_who():
    assert "#いつ" in analysis.bigrams("変身状態はいつ戻る？")
    assert "#いつ" in analysis.bigrams("そのカードが置かれている領域を持つプレイヤーのターン開始時に通常状態に戻る。")
    assert "#どこ" in analysis.bigrams("破壊されたカードはどこへ行く？")
    assert "#どこ" in analysis.bigrams("冥界とは、破棄されたカードを置く領域である。")
    assert "#誰" in analysis.bigrams("次のターンは誰が親？")


# fold() and runs() are written with str.translate and one regex for speed; these hold them to their
# definitions character by character (fold_char, is_word_char, is_cjk), which the index was built with.
def _fold_by_char(text: str) -> str:
    from judge_app.search.normalize import fold_char, nfkc

    return "".join(fold_char(c) for c in nfkc(text))


def _runs_by_char(folded: str) -> list[str]:
    from judge_app.search.normalize import is_cjk, is_word_char

    out, cur, cur_cjk = [], "", None
    for ch in folded:
        if not is_word_char(ch):
            out += [cur] if cur else []
            cur, cur_cjk = "", None
            continue
        if cur and is_cjk(ch) != cur_cjk:
            out.append(cur)
            cur = ""
        cur += ch
        cur_cjk = is_cjk(ch)
    return out + ([cur] if cur else [])


def test_word_character_class_of_the_runs_regex_is_is_word_char_on_every_code_point():
    import re
    import sys

    from judge_app.search.normalize import is_word_char

    word = re.compile(r"[^\W_]")
    differ = [hex(o) for o in range(sys.maxunicode + 1) if bool(word.match(chr(o))) != is_word_char(chr(o))]
    assert differ == []


def test_fold_and_runs_equal_their_per_character_definitions_on_every_clause(corpus):
    texts = [f"{c.title or ''} {c.text or ''}" for d in corpus.docs.values() for c in d.clauses.values()]
    texts += ["ΣΑΣ ὈΔΥΣΣΕΎΣ İ ẞ ﬃ ＡＢＣ ｶﾀｶﾅ ヴァ ヵヶ ー〜～・ｰ 々〆 ゛゜゠ __a_1"]
    assert [fold(t) for t in texts] == [_fold_by_char(t) for t in texts]
    assert [analysis.runs(fold(t)) for t in texts] == [_runs_by_char(fold(t)) for t in texts]


from hypothesis import given, strategies as st  # noqa: E402


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
       | st.text(alphabet="ab1２_ あア漢々〆ヶ・ー。、゛゜゠\u3400\u9fff\uf900\ufaff\u3040\u30ffΣς", max_size=40))
def test_fold_and_runs_equal_their_per_character_definitions_on_any_text(text):
    assert fold(text) == _fold_by_char(text)
    assert analysis.runs(text) == _runs_by_char(text)
