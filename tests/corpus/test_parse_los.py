"""los (Legend of Stars 総合ルールブック Ver.1.0.05), lines of rules_corpus/los.txt."""


def test_los_0_first_section_title_and_text_lines_90_92(clause):
    c = clause("los:0")
    assert c.kind == "heading" and c.title == "はじめに" and c.source_lines == (90, 92)


def test_los_1_paragraphs_one_per_printed_line_lines_94_102(clause):
    assert len(clause("los:1").text.split("\n")) == 4


def test_los_5_1_1_roman_steps_lines_255_257(clause):
    c = clause("los:5.1.1")
    assert c.children == ["los:5.1.1.I", "los:5.1.1.II", "los:5.1.1.III"]
    assert clause("los:5.1.1.II").text == "後攻のプレイヤーがマリガンの実施可否を宣言"
    assert clause("los:5.1.1.II").kind == "step"
    # line 259 follows a blank line: it closes the procedure, so it belongs to 5.1.1 itself
    assert c.text.endswith("7枚の手札であることを確認し、挨拶をして先攻プレイヤーからターンを開始します。")


def test_los_5_3_page_break_inside_a_sentence_lines_278_280(clause):
    assert "各キャラクター1回まで表示を変更することができます。" in clause("los:5.3").text


def test_los_5_3_bulleted_list_kept_as_list_lines_269_272(clause):
    assert "\n・キャラクターをキャラクターゾーンに出す\n・サポートカードをサポートゾーンに出す\n" in clause("los:5.3").text


def test_los_5_5_1_steps_I_to_VI_and_A_to_C_under_V_lines_306_327(clause):
    c = clause("los:5.5.1")
    assert c.children == [f"los:5.5.1.{r}" for r in ("I", "II", "III", "IV", "V", "VI")]
    assert clause("los:5.5.1.V").children == ["los:5.5.1.V.A", "los:5.5.1.V.B", "los:5.5.1.V.C"]
    assert clause("los:5.5.1.V.B").parent == "los:5.5.1.V"   # indented ` - B.` on line 319


def test_los_5_5_1_step_continuation_lines_307_and_309(clause):
    assert clause("los:5.5.1.I").text.split("\n")[1].startswith("相手の裏側表示のキャラクターにアタックした時")
    assert clause("los:5.5.1.II").text.endswith("(相手の優先権の使用)")


def test_los_5_5_1_VI_keeps_its_notes_lines_321_327(clause):
    vi = clause("los:5.5.1.VI")
    assert vi.source_lines == (321, 327)
    assert vi.text.split("\n")[-1] == "※VIまで終了後、自分の場にアタック可能なキャラクターがいて、戦闘を継続したい場合、再度Iから開始します。"


def test_los_5_5_3_line_342_names_5_5_1_without_dot_and_is_not_a_clause(clause, corpus):
    assert clause("los:5.5.1").source_lines == (302, 313)
    assert "・5.5.1 戦闘処理におけるIIとIIIを実施することができます。" in clause("los:5.5.3").text


def test_los_5_6_numbered_items_with_link_markup_lines_350_354(clause):
    assert clause("los:5.6").children == [f"los:5.6.s{i}" for i in range(1, 5)]
    assert clause("los:5.6.s1").text == "ターン終了時に発動する効果"
    assert clause("los:5.6.s2").text.split("\n") == [
        "ターン終了時に終了する効果",
        "また効果が複数発生する、している場合は、相手の優先権から実施し、お互いに優先権を放棄した場合、以下に移ります。"]


def test_los_6_after_items_is_a_heading_not_item_5_line_356(clause):
    assert clause("los:6").title == "表示について"


def test_los_9_3_2_example_items_1_to_7_lines_532_538(clause):
    assert clause("los:9.3.2").children == [f"los:9.3.2.s{i}" for i in range(1, 8)]
    assert clause("los:9.3.2.s7").text == "自分の優先権となり、エフェクト（フラッシュ）の発動が可能"


def test_los_8_13_1_body_numbers_where_toc_says_8_12_1_line_480(clause, corpus):
    assert clause("los:8.13.1").title == "上空"
    assert corpus.find("los", "8.12.1") is None


def test_los_history_attached_to_sections_and_steps_lines_584_631(clause, corpus):
    assert clause("los:5.5.1.VI").history == [{"date": "2025-04-07", "text": "5.5.1.VI ※を追加"}]
    assert clause("los:8.1.1").history == [{"date": "2025-09-22", "text": "8.1.1.[誘発強制効果] を記載"}]
    assert clause("los:7.1").history[0]["text"].startswith("7.1[エフェクト (フラッシュ)]\n優先権について]から")
    assert clause("los:8.9").history[0]["text"] == "8.9 ATK / DEF / DOWN ±●●する\nDOWN記載を追記しました。"
    notes = corpus.docs["los"].history_notes
    assert [n["text"] for n in notes][0] == "総合ルールver1.0.05 改定"
    assert corpus.docs["los"].date == "2025-09-22" and corpus.docs["los"].date_source == "更新履歴"
