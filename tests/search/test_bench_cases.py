"""bench/search_cases.yaml: every answer id exists, enough cases, enough hard ones, all five docs."""
from collections import Counter
from pathlib import Path

import yaml

CASES = yaml.safe_load((Path(__file__).resolve().parents[2] / "bench" / "search_cases.yaml").read_text())["cases"]


def test_every_answer_id_exists(corpus):
    missing = [(c["q"], i) for c in CASES for i in c["ids"] if corpus.clause(i) is None]
    assert missing == []


def test_at_least_120_cases_a_third_hard_over_all_five_documents():
    assert len(CASES) >= 120
    assert sum(1 for c in CASES if c.get("hard")) * 3 >= len(CASES)
    groups = Counter(c.get("doc") or c["ids"][0].split(":")[0] for c in CASES)
    assert set(groups) == {"kaiun", "kaiun-multi", "los", "thv", "opcg"}
    assert min(groups.values()) >= 20


def test_cases_have_the_documented_fields():
    for c in CASES:
        assert set(c) <= {"q", "doc", "ids", "kind", "hard"} and c["kind"] in {"number", "keyword", "term", "question"}
