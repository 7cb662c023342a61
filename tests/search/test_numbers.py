"""Clause numbers typed every way people type them go straight to the clause."""
import pytest

from judge_app.search import numbers
from tests.search.conftest import ids


@pytest.mark.parametrize("typed, comps, doc", [
    ("７－１－４", ("7", "1", "4"), None),
    ("7.1.4", ("7", "1", "4"), None),
    ("7-1-4.", ("7", "1", "4"), None),
    ("6-2-4-b", ("6", "2", "4", "b"), None),
    ("６．２．４．ｂ", ("6", "2", "4", "b"), None),
    ("7 1 4", ("7", "1", "4"), None),
    ("opcg 7-1-4", ("7", "1", "4"), "opcg"),
    ("opcg:7-1-4", ("7", "1", "4"), "opcg"),
    ("開運 10ー1ー1", ("10", "1", "1"), "kaiun"),
    ("多人数 6-6-4", ("6", "6", "4"), "kaiun-multi"),
    ("第8-4-1-5-3条", ("8", "4", "1", "5", "3"), None),
    ("5.5.1.V.A", ("5", "5", "1", "v", "a"), None),
])
def test_parse_whole_query_numbers(typed, comps, doc):
    (nq,) = numbers.parse(typed)
    assert nq.whole and nq.components == comps and nq.doc == doc


def test_parse_does_not_take_words_or_counts_for_numbers():
    assert numbers.parse("デッキは50枚") == []
    assert numbers.parse("【開運時】") == []
    assert [n.components for n in numbers.parse("7-1-4 のパワー比較")] == [("7", "1", "4")]


def test_render_in_each_numbering():
    assert numbers.render(("7", "1", "4"), "hyphen") == ["7-1-4"]
    assert numbers.render(("7", "1", "4"), "dotted") == ["7.1.4"]
    assert "6.2.4.b" in numbers.render(("6", "2", "4", "b"), "dotted-letter")
    assert "5.5.1.V.A" in numbers.render(("5", "5", "1", "v", "a"), "dotted")


def test_opcg_7_1_4_full_width_goes_straight_to_the_clause(svc):
    assert ids(svc.search("７－１－４", doc="opcg"))[0] == "opcg:7-1-4"


def test_opcg_7_1_4_typed_with_dots_in_a_hyphen_document(svc):
    assert ids(svc.search("7.1.4", doc="opcg"))[0] == "opcg:7-1-4"


def test_thv_6_2_4_b_typed_with_hyphens(svc):
    assert ids(svc.search("6-2-4-b", doc="thv")) == ["thv:6.2.4.b"]


def test_number_in_several_documents_lists_each_selected_first(svc):
    got = ids(svc.search("7-1-4", doc="thv"))
    assert got[0] == "thv:7.1.4"
    assert {"opcg:7-1-4", "kaiun:7-1-4"} <= set(got)
    assert set(ids(svc.search("7-1-4"))) >= {"opcg:7-1-4", "kaiun:7-1-4", "thv:7.1.4"}


def test_doc_prefix_restricts_to_that_document(svc):
    assert ids(svc.search("opcg 7-1-4-1-1-2")) == ["opcg:7-1-4-1-1-2"]


def test_los_step_5_5_1_V_A(svc):
    assert ids(svc.search("5.5.1.V.A", doc="los"))[0] == "los:5.5.1.V.A"


def test_kaiun_multi_number_found_through_inheritance(svc):
    r = svc.search("9-3", doc="kaiun-multi")["results"][0]
    assert r["id"] == "kaiun:9-3" and r["inherited"] and r["via"].startswith("kaiun-multi:")
