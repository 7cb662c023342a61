"""Cross-references in every printed form, resolved to clause ids; inheritance across the two 開運 books."""
import pytest


@pytest.mark.parametrize("source,target,form", [
    ("opcg:1-2-2", "opcg:9", "(9.ルール処理参照)"),
    ("kaiun:1-3-7-1", "kaiun:2-5", "(2-5.参照)"),
    ("kaiun:2-5-1", "kaiun:6-6", "(6-6. 参照)"),
    ("opcg:7-1-5-5", "opcg:6-5-2", "6-5-2.に戻ります"),
    ("opcg:5-2-1-1", "opcg:5-1-2", "5-1-2.で指定された"),
    ("kaiun:6-5-1", "kaiun:7", "「7.カードのバトル」を参照"),
    ("opcg:6-5-6-2", "opcg:7", "「7. カードのアタックとバトル」を参照"),
    ("kaiun-multi:7-2", "kaiun-multi:7-3", "[7-3.](#)"),
    ("kaiun:10-2-1-1", "kaiun:9-3", "(<u>9-</u>3.参照) broken by markup, line 412"),
    ("kaiun:10-2-2-2", "kaiun:7-1-5", "$\\boxed{7$ -1-5. line 415"),
    ("opcg:4-6-2-2", "opcg:4-6-2-1", "(4-6-2-1.)"),
    ("opcg:4-8-2", "opcg:4-5-4", "4-5-4 の処理 (no dot)"),
    ("thv:1.5.4.b", "thv:1.5.3.e", "1.5.3.eに該当"),
    ("thv:1.7.3", "thv:2", "別項「 2 カードの定義」を参照"),
    ("thv:1.8.1.a", "thv:3.5", "別項「 3.5 ノードエリア」を参照"),
    ("thv:1.8.7.c", "thv:1.8.7.a", "a項及び b項"),
    ("thv:5.3.2", "thv:5.3.2.d", "この手順の d項まで"),
    ("thv:5.2.4.c", "thv:5.2.4.b", "前項"),
    ("los:9.3.1", "los:9.3", "9.3に沿って"),
    ("los:5.5.3", "los:5.5.1", "5.5.1 戦闘処理"),
    ("los:5.5.3", "los:5.5.1.II", "IIとIII (steps of 5.5.1 named in the sentence)"),
    ("los:5.5.1.VI", "los:5.5.1.IV", "※IVの時に (step of its own procedure)"),
])
def test_reference_form_resolves(clause, source, target, form):
    assert target in clause(source).refs_out, form
    assert source in clause(target).refs_in


def test_thv_6_3_7_range_links_every_clause_from_b_to_f(clause):
    assert clause("thv:6.3.7").refs_out == [f"thv:6.2.4.{x}" for x in "bcdef"]
    assert "thv:6.3.7" in clause("thv:6.2.4.d").refs_in


def test_kaiun_multi_reference_to_a_number_only_kaiun_prints_resolves_to_kaiun(clause):
    assert clause("kaiun-multi:7-3-2").refs_out == ["kaiun:2-2-3"]
    assert clause("kaiun-multi:5-2-1-1").refs_out == ["kaiun:5-1-2"]
    assert "kaiun-multi:7-3-2" in clause("kaiun:2-2-3").refs_in


def test_kaiun_multi_own_clause_wins_over_base(clause):
    assert clause("kaiun-multi:7-4").refs_out == ["kaiun-multi:6-5-2"]


def test_resolve_falls_back_to_base_but_find_is_strict(corpus):
    assert corpus.find("kaiun-multi", "2-2-3") is None
    assert corpus.resolve("kaiun-multi", "2-2-3").id == "kaiun:2-2-3"


def test_every_reference_resolves_or_is_listed(corpus):
    for doc in corpus.docs.values():
        listed = {(u["clause"], u["text"]) for u in doc.lint["unresolved"]}
        for c in doc.clauses.values():
            for r in c.refs:
                assert r.targets or (c.id, r.raw) in listed, (c.id, r.raw)
                for t in r.targets:
                    assert corpus.clause(t) is not None, t


def test_no_unresolved_references_in_the_shipped_books(corpus):
    assert {k: d.lint["unresolved"] for k, d in corpus.docs.items()} == {k: [] for k in corpus.docs}


def test_refs_in_is_the_mirror_of_refs_out(corpus):
    for doc in corpus.docs.values():
        for c in doc.clauses.values():
            for t in c.refs_out:
                assert c.id in corpus.clause(t).refs_in
            for s in c.refs_in:
                assert c.id in corpus.clause(s).refs_out


def test_reference_spans_point_into_the_text(corpus):
    for doc in corpus.docs.values():
        for c in doc.clauses.values():
            for r in c.refs:
                assert c.text[r.start:r.end] == r.raw


def test_reference_counts_per_document(corpus):
    found = {k: sum(len(c.refs) for c in d.clauses.values()) for k, d in corpus.docs.items()}
    assert found == {"kaiun": 13, "kaiun-multi": 7, "los": 11, "thv": 20, "opcg": 44}


def test_opcg_2_6_1_reference_prints_an_old_title_and_is_reported(corpus, clause):
    # line 172 「(7.カードの攻撃とバトル参照)」: the number resolves, the title is the body's older wording
    assert clause("opcg:2-6-1").refs_out == ["opcg:7"]
    assert corpus.docs["opcg"].lint["title_mismatches"] == [{
        "clause": "opcg:2-6-1", "ref": "7.", "printed_title": "カードの攻撃とバトル", "target": "opcg:7",
        "target_title": "カードのアタックとバトル"}]
    assert all(not d.lint["title_mismatches"] for k, d in corpus.docs.items() if k != "opcg")
