"""kaiun (開運コロシアム 総合ルール ver.1): passages pinned with the rulebook's line numbers (rules_corpus/kaiun.txt)."""


def test_kaiun_1_2_1_1_1_and_2_two_clauses_merged_on_line_35(clause):
    a, b = clause("kaiun:1-2-1-1-1"), clause("kaiun:1-2-1-1-2")
    assert a.text == "自分のバリアが 0 枚の状況でバトルに敗北する。"
    assert b.text == "自分のバリアが 0 枚の状況でリフレッシュを行う。"
    assert a.source_lines == b.source_lines == (35, 35)
    assert a.parent == b.parent == "kaiun:1-2-1-1"


def test_kaiun_1_2_2_bullet_and_wrap_spaces_removed_line_37(clause):
    # printed 「次 にルール処理を行う時点で、そのプレイヤーはルール処 理により」
    assert clause("kaiun:1-2-2").text == (
        "いずれかのプレイヤーが敗北条件を満たしている場合、次にルール処理を行う時点で、"
        "そのプレイヤーはルール処理によりゲームに敗北します。")


def test_kaiun_1_3_5_1_broken_over_a_page_lines_55_57(clause):
    c = clause("kaiun:1-3-5-1")
    assert c.text.endswith("特に下限の数の指定がない限り 0 を選ぶことができます。")
    assert c.source_lines == (55, 57)


def test_kaiun_2_2_3_second_paragraph_line_80(clause):
    assert clause("kaiun:2-2-3").text.split("\n") == ["ジャンケンは下記の順で勝敗があります。", "《グー》>《チョキ》>《パー》>《グー》"]


def test_kaiun_2_12_1_and_2_merged_without_space_line_130(clause):
    assert clause("kaiun:2-12-1").text == "カードナンバーは、ゲームの準備において参照をします。"
    assert clause("kaiun:2-12-2").text.startswith("ゲームの準備において、デッキの中に")


def test_kaiun_2_10_indented_bullet_heading_lines_121_122(clause):
    h = clause("kaiun:2-10")
    assert h.kind == "heading" and h.title == "イラストレーター"
    assert h.children == ["kaiun:2-10-1"]


def test_kaiun_heading_6_merged_onto_line_228_is_split_out(clause):
    assert clause("kaiun:4-6-1").text == "カード効果の中で「なら、」と表記する場合があります。"
    six = clause("kaiun:6")
    assert six.kind == "heading" and six.title == "ゲームの進行" and six.source_lines == (228, 228)
    assert six.children[:2] == ["kaiun:6-1", "kaiun:6-2"]


def test_kaiun_4_8_bar_read_for_closing_quote_line_235(clause):
    assert clause("kaiun:4-8").title == "「N 枚までを」"


def test_kaiun_4_2_1_2_note_line_is_a_paragraph_line_205(clause):
    assert clause("kaiun:4-2-1-2").text.split("\n")[1].startswith("※「自分の運値」のように")


def test_kaiun_5_1_2_2_printed_twice_lines_245_247(clause, corpus):
    first, second = clause("kaiun:5-1-2-2"), clause("kaiun:5-1-2-2.dup2")
    assert first.source_lines == (245, 245) and second.source_lines == (247, 247)
    assert second.printed == "5-1-2-2" and second.parent == "kaiun:5-1-2"
    assert corpus.find("kaiun", "5-1-2-2") is first


def test_kaiun_5_2_1_and_5_2_1_1_merged_line_251(clause):
    assert clause("kaiun:5-2-1").text == "ゲームの開始前に、各プレイヤーは以下の手順に従います。"
    assert clause("kaiun:5-2-1-1").text.startswith("このゲームで使用するデッキを提示します。")


def test_kaiun_7_1_5_4_1_split_by_page_and_bar_quote_lines_306_308(clause):
    assert clause("kaiun:7-1-5-4-1").text == (
        "「バリア N 枚を手札に加える」効果は、手札に加えるバリアが 0 枚になった時点でその処理を終了します。")


def test_kaiun_10_2_2_2_latex_box_repaired_line_415(clause):
    c = clause("kaiun:10-2-2-2")
    assert "「7-1-5.勝敗結果の処理」" in c.text and "$" not in c.text and "boxed" not in c.text


def test_kaiun_6_5_1_underline_markup_removed_line_273(clause):
    assert clause("kaiun:6-5-1").text == "バトルに関する詳細は、後述の「7.カードのバトル」を参照してください。"


def test_kaiun_7_1_is_a_clause_not_a_heading_line_289(clause):
    c = clause("kaiun:7-1")
    assert c.kind == "clause" and c.title is None and c.text == "バトルは以下の手順で進みます。"
