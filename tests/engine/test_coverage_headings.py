"""Which clauses coverage counts as procedural: a heading that prints rules under its title counts (every los
section is a title + paragraphs), a bare title does not."""
from judge_app.coverage import procedural_clauses


def test_a_heading_with_rules_under_its_title_is_counted():
    got = procedural_clauses(["los:7"])
    assert got == ["los:7.1", "los:7.2"]   # los:7 prints only its title


def test_a_bare_title_heading_is_not_counted():
    got = procedural_clauses(["kaiun:9"])
    assert "kaiun:9" not in got and got
