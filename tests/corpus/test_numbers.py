"""Clause numbers typed any way resolve to the printed form."""
import pytest

from judge_app.corpus import numbers


@pytest.mark.parametrize("typed,expected", [
    ("7-1-4", "7-1-4"), ("７－１－４．", "7-1-4"), ("7.1.4", "7-1-4"), ("7．1．4", "7-1-4"), (" 7 - 1 - 4. ", "7-1-4"),
    ("７ー１ー４", "7-1-4"), ("7−1−4", "7-1-4"), ("opcg:7-1-4", "7-1-4"), ("9.", "9"), ("07-01", "7-1"),
])
def test_hyphen_typed_forms(typed, expected):
    assert numbers.canonical(numbers.HYPHEN, typed) == expected


@pytest.mark.parametrize("typed,expected", [
    ("6.2.4.b", "6.2.4.b"), ("6-2-4-b", "6.2.4.b"), ("６．２．４．ｂ", "6.2.4.b"), ("6.2.4.B", "6.2.4.b"),
    ("6.2.4b", "6.2.4.b"), ("1.10", "1.10"), ("6.2", "6.2"),
])
def test_thv_typed_forms(typed, expected):
    assert numbers.canonical(numbers.DOTTED_LETTER, typed) == expected


@pytest.mark.parametrize("typed,expected", [
    ("5.5.1", "5.5.1"), ("5-5-1", "5.5.1"), ("5.5.1.", "5.5.1"), ("5.5.1.II", "5.5.1.II"), ("5-5-1-ii", "5.5.1.II"),
    ("5.5.1.V.A", "5.5.1.V.A"), ("5.5.1.v.a", "5.5.1.V.A"), ("5.6.s1", "5.6.s1"), ("5.6.S1", "5.6.s1"),
])
def test_los_typed_forms(typed, expected):
    assert numbers.canonical(numbers.DOTTED, typed) == expected


@pytest.mark.parametrize("scheme,typed", [
    (numbers.HYPHEN, "abc"), (numbers.HYPHEN, "7-1-b"), (numbers.HYPHEN, ""), (numbers.HYPHEN, "%%"),
    (numbers.DOTTED_LETTER, "6.2.4.bb"), (numbers.DOTTED_LETTER, "6.b"), (numbers.DOTTED, "5.5.1.Q"),
    (numbers.HYPHEN, "<script>"), (numbers.HYPHEN, "1" * 100),
])
def test_not_a_number(scheme, typed):
    assert numbers.canonical(scheme, typed) is None


def test_sort_key_is_numeric_not_textual():
    assert sorted(["10-1", "2-1", "1-10", "1-2"], key=numbers.sort_key) == ["1-2", "1-10", "2-1", "10-1"]


def test_find_accepts_every_typed_form(corpus):
    assert corpus.find("opcg", "７－１－４．").id == "opcg:7-1-4"
    assert corpus.find("thv", "6-2-4-b").id == "thv:6.2.4.b"
    assert corpus.find("los", "5.5.1.v.a").id == "los:5.5.1.V.A"
    assert corpus.find("opcg", "7-1-99") is None
    assert corpus.find("nope", "1") is None
