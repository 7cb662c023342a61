"""kaiun-multi (開運コロシウム 多人数制 総合ルール ver.1.0), lines of rules_corpus/kaiun-multi.txt."""


def test_kaiun_multi_1_1_1_1_quotes_kept_as_printed_line_32(clause):
    assert clause("kaiun-multi:1-1-1-1").text == "プレイヤーは”親”か”子”のいずれかの立場でゲームを進行します。"


def test_kaiun_multi_1_3_inherits_kaiun_1_3_lines_58_60(clause):
    c = clause("kaiun-multi:1-3")
    assert c.kind == "heading" and c.title == "ゲームの大原則"
    assert c.text == "開運コロシウム 総合ルールを参照"
    assert c.inherits_from == "kaiun:1-3"
    assert "kaiun-multi:1-3" in clause("kaiun:1-3").inherited_by


def test_kaiun_multi_every_section_saying_sansho_inherits(corpus):
    inheriting = sorted(c.number for c in corpus.docs["kaiun-multi"].clauses.values() if c.inherits_from)
    assert inheriting == sorted(["1-3", "2", "3", "4", "5-1", "8", "9", "10", "11-1", "11-2", "11-3"])


def test_kaiun_multi_5_2_1_1_link_markup_removed_line_84(clause):
    c = clause("kaiun-multi:5-2-1-1")
    assert "5-1-2 で指定された" in c.text and "](#)" not in c.text


def test_kaiun_multi_5_2_1_2_page_break_mid_word_lines_86_88(clause):
    c = clause("kaiun-multi:5-2-1-2")
    assert c.kind == "clause" and c.title is None
    assert c.text.startswith("各プレイヤーは自身のデッキを十分にシャッフルします。その後、")
    assert c.source_lines == (86, 88)


def test_kaiun_multi_6_5_1_reference_in_link_split_over_lines_132_134(clause):
    c = clause("kaiun-multi:6-5-1")
    assert c.text == "バトルに関する詳細は、後述の「7. カードのバトル」を参照してください。"
    assert c.refs_out == ["kaiun-multi:7"]


def test_kaiun_multi_7_3_1_bold_markup_removed_line_168(clause):
    assert clause("kaiun-multi:7-3-1").text == "【開運時】で記されている効果を発動します。"


def test_kaiun_multi_7_3_4_note_paragraph_lines_184_186(clause):
    assert clause("kaiun-multi:7-3-4").text.split("\n") == [
        "バトルに勝利したカードの【バトル勝利時】で表記されている効果を発動します。", "※引き分けの場合は発動できません。"]


def test_kaiun_multi_11_sections_printed_before_8_still_sit_under_11_lines_212_242(corpus, clause):
    eleven = clause("kaiun-multi:11")
    assert eleven.source_lines == (242, 242)
    assert eleven.children == ["kaiun-multi:11-1", "kaiun-multi:11-2", "kaiun-multi:11-3", "kaiun-multi:11-4"]
    order = list(corpus.docs["kaiun-multi"].clauses)
    assert order.index("kaiun-multi:10") < order.index("kaiun-multi:11") < order.index("kaiun-multi:11-1")


def test_kaiun_multi_7_3_6_2_1_reference_without_dot_line_198(clause):
    assert clause("kaiun-multi:7-3-6-2-1").refs_out == ["kaiun-multi:7-4"]


def test_kaiun_multi_11_4_2_clause_text_line_228(clause):
    assert clause("kaiun-multi:11-4-2").text.startswith("永続効果で「相手」を指定する効果の場合")
