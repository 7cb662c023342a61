"""The lint report's figures, pinned: a parser change that loses or invents clauses fails here."""
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge_app.corpus import load_corpus
from judge_app.corpus.lint import format_text, report

ROOT = Path(__file__).resolve().parents[2]

EXPECTED = {
    #               clauses headings steps placeholders
    "kaiun":       (285, 71, 0, 0),
    "kaiun-multi": (93, 26, 0, 0),
    "los":         (84, 84, 28, 0),
    "thv":         (1276, 141, 0, 27),
    "opcg":        (452, 104, 0, 0),
}


@pytest.fixture(scope="module")
def rep(corpus):
    return {d["key"]: d for d in report(corpus)["docs"]}


@pytest.mark.parametrize("key", list(EXPECTED))
def test_clause_counts(rep, key):
    d = rep[key]
    assert (d["clauses"], d["headings"], d["steps"], d["placeholders"]) == EXPECTED[key]


def test_every_non_empty_line_is_placed(corpus, rep):
    for key, doc in corpus.docs.items():
        raw = (ROOT / "rules_corpus" / doc.file).read_text(encoding="utf-8").split("\n")
        roles = doc.lint["roles"]
        for no, line in enumerate(raw, start=1):
            if line.strip():
                assert roles.get(no) in {"title", "toc", "body", "history", "noise"}, (key, no, line)
        assert rep[key]["lines"]["unplaced"] == []


def test_every_body_line_is_inside_a_clause(corpus):
    for doc in corpus.docs.values():
        covered = set()
        for c in doc.clauses.values():
            covered.update(range(c.source_lines[0], c.source_lines[1] + 1))
        body = {no for no, role in doc.lint["roles"].items() if role == "body"}
        assert body <= covered, (doc.key, sorted(body - covered)[:5])


def test_line_roles_per_document(rep):
    assert {k: d["lines"]["by_role"] for k, d in rep.items()} == {
        "kaiun": {"blank": 127, "body": 291, "title": 4, "toc": 13},
        "kaiun-multi": {"blank": 116, "body": 109, "title": 4, "toc": 13},
        "los": {"blank": 242, "body": 272, "history": 36, "title": 1, "toc": 80},
        "thv": {"body": 1276, "noise": 93, "title": 3},
        "opcg": {"blank": 445, "body": 465, "history": 96, "title": 4, "toc": 13},
    }


def test_merged_lines_split_in_kaiun(rep):
    assert rep["kaiun"]["lines"]["merged_lines_split"] == [35, 130, 228, 251]


def test_duplicates(rep):
    assert rep["kaiun"]["duplicates"] == [{"number": "5-1-2-2", "id": "kaiun:5-1-2-2.dup2", "line": 247}]
    assert all(not rep[k]["duplicates"] for k in rep if k != "kaiun")


def test_no_numbering_gaps_in_the_shipped_books(rep):
    assert {k: d["gaps"] for k, d in rep.items()} == {k: [] for k in rep}


def test_los_toc_numbers_differing_from_the_body(rep):
    got = [(m["toc_number"], m["body_number"]) for m in rep["los"]["toc"]["mismatches"]]
    assert got == [("8.6", "8.7"), ("8.7", "8.8"), ("8.8", "8.9"), ("8.9", "8.10"), ("8.10", "8.11"),
                   ("8.11", "8.12"), ("8.12", "8.13"), ("8.12.1", "8.13.1")]
    assert all(not rep[k]["toc"]["mismatches"] for k in rep if k != "los")
    assert {k: d["toc"]["entries"] for k, d in rep.items()} == {
        "kaiun": 12, "kaiun-multi": 12, "los": 75, "thv": 0, "opcg": 12}


def test_history_figures(rep):
    assert rep["opcg"]["history"] | {"unmatched": None} == {"entries": 90, "attached": 89, "notes": 0, "unmatched": None}
    assert rep["los"]["history"] == {"entries": 26, "attached": 20, "notes": 6, "unmatched": []}


def test_inheritance_figures(rep):
    assert rep["kaiun-multi"]["inheritance"] == {"sections": 11, "missing": []}


def test_references_figures(rep):
    assert {k: (d["references"]["found"], d["references"]["resolved"], d["references"]["via_base"])
            for k, d in rep.items()} == {
        "kaiun": (13, 13, 0), "kaiun-multi": (7, 7, 2), "los": (11, 11, 0), "thv": (20, 20, 0), "opcg": (44, 44, 0)}


def test_text_report_mentions_every_document(corpus):
    text = format_text(report(corpus))
    for key in corpus.docs:
        assert f"[{key}]" in text
    assert "TOC 8.12.1 上空 (line 79) -> body 8.13.1 上空" in text


def test_load_is_fast():
    # CPU time, not wall time: the parse takes ~0.2 s; a busy machine (the browser tests' Chromium) must not fail
    # it, a parse gone quadratic must
    t = time.process_time()
    load_corpus()
    assert time.process_time() - t < 1.0


SYNTHETIC = """テスト総合ルール

迷子の行

1. 概要

1-1. 人数

1-1-1. 一行目。

1-1-3. 三行目。(1-1-9.参照)

1-1-3. 重複。
"""


def test_synthetic_book_reports_gap_duplicate_unresolved_and_unplaced(tmp_path):
    (tmp_path / "t.txt").write_text(SYNTHETIC, encoding="utf-8")
    (tmp_path / "manifest.yaml").write_text(
        "documents:\n  - {key: t, file: t.txt, title: T, version: v1, date: '2024-01-01', numbering: hyphen, base: null}\n",
        encoding="utf-8")
    d = report(load_corpus(tmp_path))["docs"][0]
    assert [g["missing"] for g in d["gaps"]] == ["1-1-2"]
    assert [x["number"] for x in d["duplicates"]] == ["1-1-3"]
    assert [(u["clause"], u["number"]) for u in d["references"]["unresolved"]] == [("t:1-1-3", "1-1-9")]
    # 「迷子の行」 comes before any clause: title block, not lost
    assert d["lines"]["by_role"]["title"] == 2 and d["lines"]["unplaced"] == []


def test_cli_check_json():
    out = subprocess.run([sys.executable, "-m", "judge_app", "corpus", "check", "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [d["key"] for d in data["docs"]] == ["kaiun", "kaiun-multi", "los", "thv", "opcg"]
    assert data["docs"][3]["clauses"] == 1276


def test_cli_check_unknown_doc_is_an_error():
    out = subprocess.run([sys.executable, "-m", "judge_app", "corpus", "check", "--doc", "nope"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "kaiun" in out.stderr
