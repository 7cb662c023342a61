"""opcg (ONE PIECE CARD GAME 総合ルール ver.1.1.6), lines of rules_corpus/opcg.txt."""


def test_opcg_1_markdown_heading_level_3_line_26(clause):
    c = clause("opcg:1")
    assert c.kind == "heading" and c.title == "ゲームの概要" and c.source_lines == (26, 26)


def test_opcg_1_1_markdown_heading_level_4_line_28(clause):
    assert clause("opcg:1-1").title == "ゲーム人数" and clause("opcg:1-1").children == ["opcg:1-1-1"]


def test_opcg_1_3_10_heading_without_markdown_line_82(clause):
    c = clause("opcg:1-3-10")
    assert c.kind == "heading" and c.title == "コストと発動コスト"


def test_opcg_2_2_4_1_page_break_after_closing_quote_lines_114_116(clause):
    assert clause("opcg:2-2-4-1").text.endswith("カード種類「キャラクターカード」のカードを意味します。")


def test_opcg_2_8_4_1_indented_bullet_line_191(clause):
    assert clause("opcg:2-8-4-1").parent == "opcg:2-8-4"


def test_opcg_7_1_reference_split_over_two_lines_558_560(clause):
    c = clause("opcg:7-1")
    assert "アタック・ステップ(7-1-1.参照)からダメージ・ステップ(7-1-4.参照)" in c.text
    assert "opcg:7-1-1" in c.refs_out and "opcg:7-1-4" in c.refs_out
    # line 560 starts with 「1.参照」: that is the broken reference, not heading 1
    assert clause("opcg:1").source_lines == (26, 26)


def test_opcg_7_1_4_1_1_3_reference_glued_to_text_line_604(clause):
    assert clause("opcg:7-1-4-1-1-3").refs_out == ["opcg:7-1-4-1-1-2"]


def test_opcg_8_1_1_blank_lines_inside_a_page_break_lines_626_630(clause):
    c = clause("opcg:8-1-1")
    assert c.text == "効果とは、カードのテキストにより発生した命令とその代償を指します。" and c.source_lines == (626, 630)


def test_opcg_8_1_2_second_paragraph_line_634(clause):
    assert clause("opcg:8-1-2").text.split("\n")[1].startswith("「する」と表記されている場合")


def test_opcg_8_3_1_5_circled_number_kept_line_700(clause):
    assert "「①」などの記号" in clause("opcg:8-3-1-5").text


def test_opcg_10_2_3_1_lost_character_left_as_printed_lines_820_822(clause):
    # the conversion lost 「フ」 of フェイズ at the page break; the parser joins, it does not invent
    assert "バトル以外のメインエイズに" in clause("opcg:10-2-3-1").text


def test_opcg_history_attached_by_date_lines_914_1022(clause):
    assert clause("opcg:8-6-1").history == [{"date": "2023-12-15", "text": "8-6-1 を追記しました。"},
                                            {"date": "2024-04-10", "text": "8-6-1 を修正しました。"}]
    assert {"date": "2023-12-15", "text": "前 1-2-3 を削除しました。"} in clause("opcg:1-2-3").history


def test_opcg_history_naming_a_clause_the_body_lacks_is_reported_line_924(corpus):
    assert corpus.docs["opcg"].lint["history"]["unmatched"] == [
        {"line": 924, "date": "2022-08-31", "number": "5-1-3", "text": "5-1-3 を修正しました。"}]


def test_opcg_11_3_3_last_clause_before_history_line_912(clause, corpus):
    assert list(corpus.docs["opcg"].clauses)[-1] == "opcg:11-3-3"
    assert clause("opcg:11-3-3").source_lines == (912, 912)
