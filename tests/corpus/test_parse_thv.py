"""thv (東方VISION 総合ルール), lines of rules_corpus/thv.txt."""


def test_thv_1_top_heading_without_dot_line_4(clause):
    c = clause("thv:1")
    assert c.kind == "heading" and c.title == "ゲームの基本となるルール" and c.source_lines == (4, 4)


def test_thv_1_1_heading_line_5(clause):
    assert clause("thv:1.1").title == "原則" and clause("thv:1.1").parent == "thv:1"


def test_thv_1_1_2_placeholder_line_7(clause):
    c = clause("thv:1.1.2")
    assert c.placeholder and c.text == "省略" and c.kind == "clause"


def test_thv_2_8_1_placeholder_with_full_stop_line_294(clause):
    assert clause("thv:2.8.1").placeholder


def test_thv_1_2_2_a_letter_item_line_14(clause):
    c = clause("thv:1.2.2.a")
    assert c.text == "過不足なく50枚のカードを組み込む。" and c.parent == "thv:1.2.2" and c.kind == "clause"


def test_thv_1_10_1_number_on_the_line_after_a_lone_bullet_lines_144_145(clause):
    c = clause("thv:1.10.1")
    assert c.source_lines == (145, 145) and c.parent == "thv:1.10"


def test_thv_1_10_10_sorted_after_1_10_9(clause):
    kids = clause("thv:1.10").children
    assert kids.index("thv:1.10.9") + 1 == kids.index("thv:1.10.10")


def test_thv_1_12_2_a_short_item_is_a_clause_not_a_heading_line_204(clause):
    c = clause("thv:1.12.2.a")
    assert c.kind == "clause" and c.text == "ノードのセット"


def test_thv_title_lines_and_duplicate_title_are_title_block_lines_1_3(corpus):
    roles = corpus.docs["thv"].lint["roles"]
    assert [roles[i] for i in (1, 2, 3)] == ["title", "title", "title"]


def test_thv_2_17_2_f_after_lone_bullets_lines_364_365(clause):
    assert clause("thv:2.17.2.f").text == "テキスト" and clause("thv:2.17.3").source_lines == (367, 367)


def test_thv_10_12_heading_with_space_in_parentheses_line_1103(clause):
    assert clause("thv:10.12").title == "マナチャージ( X)"


def test_thv_12_10_last_heading_line_1366(clause):
    assert clause("thv:12.10").title == "ループが発生した場合"


def test_thv_placeholders_counted(corpus):
    assert sum(1 for c in corpus.docs["thv"].clauses.values() if c.placeholder) == 27
