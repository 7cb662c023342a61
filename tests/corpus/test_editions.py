"""Editions: the manifest, `corpus import` (refusals, idempotence, atomic writes) and the clause diff, against the
visible fixture tests/fixtures/editions (opcg ver.1.1.7: the shipped ver.1.1.6 with the edits in edits.yaml)."""
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from judge_app.corpus import get_corpus, load_corpus, manifest
from judge_app.corpus.diff import diff_documents, edition_diff, lineage, UnknownEdition
from judge_app.corpus.importer import ImportRefused, import_edition
from judge_app.corpus import words

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "editions"
FIXTURE = FIXTURES / "opcg-ver.1.1.7.txt"
SPEC = yaml.safe_load((FIXTURES / "edits.yaml").read_text(encoding="utf-8"))


def snapshot(directory: Path) -> dict[str, str]:
    return {p.relative_to(directory).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(directory.rglob("*")) if p.is_file() and p.name != ".import.lock"}


@pytest.fixture
def corpus_copy(tmp_path):
    d = tmp_path / "corpus"
    shutil.copytree(ROOT / "rules_corpus", d)
    return d


@pytest.fixture
def imported(corpus_copy):
    import_edition(corpus_copy, "opcg", FIXTURE, SPEC["version"])
    return corpus_copy


# ---- the fixture and the manifest -------------------------------------------------------------------------
def test_fixture_is_exactly_the_recorded_edits_of_the_shipped_text():
    sys.path.insert(0, str(FIXTURES))
    try:
        import make_fixture
    finally:
        sys.path.pop(0)
    _, text = make_fixture.build()
    assert FIXTURE.read_text(encoding="utf-8") == text


def test_shipped_manifest_is_written_back_byte_for_byte():
    text = (ROOT / "rules_corpus" / "manifest.yaml").read_text(encoding="utf-8")
    assert manifest.render(manifest.read(ROOT / "rules_corpus"), text) == text


def test_every_shipped_document_has_one_current_edition():
    for meta in manifest.read(ROOT / "rules_corpus")["documents"]:
        assert [e["version"] for e in meta["editions"]] == [meta["current"]]
        assert manifest.current_edition(meta)["file"] == meta["file"]


def test_manifest_without_editions_reads_as_one_edition(tmp_path):
    (tmp_path / "manifest.yaml").write_text(
        "documents:\n  - {key: t, file: t.txt, title: T, version: null, date: null, numbering: hyphen, base: null}\n",
        encoding="utf-8")
    meta = manifest.read(tmp_path)["documents"][0]
    assert meta["current"] == manifest.UNNAMED_EDITION
    assert meta["editions"] == [{"version": manifest.UNNAMED_EDITION, "date": None, "file": "t.txt", "source": None}]


# ---- the diff against the fixture ---------------------------------------------------------------------------
def test_fixture_edits_are_all_found_and_classified(imported):
    d = edition_diff("opcg", SPEC["from"], SPEC["version"], imported)
    found = [(c.kind, c.old_number, c.new_number) for c in d.changes]
    expected = [(e["kind"], e["old"], e["new"]) for e in SPEC["expect"]]
    assert sorted(found, key=str) == sorted(expected, key=str)
    by_pair = {(c.old_number, c.new_number): c for c in d.changes}
    for e in SPEC["expect"]:
        c = by_pair[(e["old"], e["new"])]
        assert c.refs_only == e.get("refs_only", False), e
        if c.kind == "renumbered":
            assert c.text_changed == e.get("text_changed", False), e
        verbs = [h["verb"] for h in c.history]
        assert verbs == ([e["history"]] if "history" in e else []), e
        assert all(h["agrees"] for h in c.history)


def test_opcg_7_1_4_1_reworded_with_word_level_highlight(imported):
    c = edition_diff("opcg", "ver.1.1.6", "ver.1.1.7", imported).change_for_old("7-1-4-1")
    assert c.kind == "reworded" and not c.refs_only
    assert [w["text"] for w in c.words if w["op"] == "-"] == ["以上の"]
    assert [w["text"] for w in c.words if w["op"] == "+"] == ["と同じか、それより大きい", "アタックしているカードは"]
    assert "".join(w["text"] for w in c.words if w["op"] != "+") == c.old.text
    assert "".join(w["text"] for w in c.words if w["op"] != "-") == c.new.text


def test_opcg_10_1_5_section_renumbered_to_10_1_6_whole(imported):
    d = edition_diff("opcg", "ver.1.1.6", "ver.1.1.7", imported)
    assert d.old_to_new["10-1-5"] == "10-1-6" and d.old_to_new["10-1-5-1"] == "10-1-6-1"
    moved = d.change_for_old("10-1-5-2")
    assert moved.kind == "renumbered" and moved.text_changed and moved.new_number == "10-1-6-2"
    assert {w["text"] for w in moved.words if w["op"] == "-"} == {"は", "、"}


def test_opcg_10_1_5_added_where_the_old_number_was(imported):
    """The new 【ブロック不可】 takes the number 【トリガー】 had: paired by text, not by number."""
    d = edition_diff("opcg", "ver.1.1.6", "ver.1.1.7", imported)
    added = d.change_for_new("10-1-5")
    assert added.kind == "added" and added.old is None and added.new.title == "【ブロック不可】"
    assert "10-1-5" not in d.new_to_old


def test_opcg_7_1_5_4_removed_and_7_1_5_5_moves_up(imported):
    d = edition_diff("opcg", "ver.1.1.6", "ver.1.1.7", imported)
    assert d.change_for_old("7-1-5-4").kind == "removed"
    assert d.change_for_old("7-1-5-5").kind == "renumbered" and d.old_to_new["7-1-5-5"] == "7-1-5-4"
    assert d.change_for_old("7-1-5-3").kind == "reworded"


def test_changed_cross_references_follow_the_renumbering(imported):
    d = edition_diff("opcg", "ver.1.1.6", "ver.1.1.7", imported)
    for number in ("4-6-3", "7-1-4-1-1-2"):
        c = d.change_for_old(number)
        assert c.kind == "reworded" and c.refs_only
        assert c.old.refs_out == ["opcg:10-1-5"] and c.new.refs_out == ["opcg:10-1-6"]


def test_history_entries_matched_and_unannounced_listed(imported):
    d = edition_diff("opcg", "ver.1.1.6", "ver.1.1.7", imported)
    assert len(d.history) == 6 and all(h["agrees"] for h in d.history)
    deleted = next(h for h in d.history if h["verb"] == "削除")
    assert deleted["change"] == {"kind": "removed", "old": "7-1-5-4", "new": None}   # 「前 7-1-5-4」: the old number
    assert {(c.old_number, c.new_number) for c in d.unannounced()} == {
        ("4-6-3", "4-6-3"), ("7-1-4-1-1-2", "7-1-4-1-1-2"), ("7-1-5-5", "7-1-5-4"), ("10-1-5", "10-1-6"),
        ("10-1-5-1", "10-1-6-1")}


def test_counts_and_json_contract(imported):
    d = edition_diff("opcg", "ver.1.1.6", "ver.1.1.7", imported)
    assert d.counts() == {"reworded": 4, "renumbered": 4, "added": 2, "removed": 1,
                          "unchanged": len(get_corpus().docs["opcg"].clauses) - 9}   # old side: 4 + 4 + 1 changed
    j = d.to_json()
    assert (j["doc"], j["from"], j["to"]) == ("opcg", "ver.1.1.6", "ver.1.1.7")
    for c in j["changes"]:
        assert c["kind"] in ("reworded", "renumbered", "added", "removed")
        assert (c["old"] is None) == (c["kind"] == "added") and (c["new"] is None) == (c["kind"] == "removed")


@pytest.mark.parametrize("doc", ["kaiun", "kaiun-multi", "los", "thv", "opcg"])
def test_an_edition_diffed_with_itself_has_no_changes(doc):
    a, b = load_corpus(), load_corpus()       # parsed twice: equal text, not the same objects
    changes, o2n, _, unchanged = diff_documents(a, b, doc)
    assert changes == []
    assert unchanged == len(a.docs[doc].clauses) and all(k == v for k, v in o2n.items())


def test_edition_diff_of_the_current_edition_with_itself(imported):
    d = edition_diff("opcg", "ver.1.1.7", "ver.1.1.7", imported)
    assert d.changes == [] and d.history == []


def test_diff_names_an_unknown_edition(imported):
    with pytest.raises(UnknownEdition) as e:
        edition_diff("opcg", "ver.9", "ver.1.1.7", imported)
    assert "ver.9" in str(e.value) and "ver.1.1.6" in str(e.value) and e.value.field == "from"


def test_lineage_follows_a_clause_through_the_editions(imported):
    assert lineage("opcg", "10-1-6-2", directory=imported) == [
        {"version": "ver.1.1.6", "date": "2024-04-19", "current": False, "number": "10-1-5-2", "kind": None},
        {"version": "ver.1.1.7", "date": "2024-09-01", "current": True, "number": "10-1-6-2", "kind": "renumbered"}]
    assert [x["number"] for x in lineage("opcg", "7-1-5-4", "ver.1.1.6", imported)] == ["7-1-5-4", None]
    assert [x["kind"] for x in lineage("opcg", "10-1-5", directory=imported)] == [None, "added"]


def test_word_diff_keeps_clause_numbers_whole():
    w = words.diff("(10-1-5.参照)", "(10-1-6.参照)")
    assert [x for x in w if x["op"] != "="] == [{"op": "-", "text": "10-1-5"}, {"op": "+", "text": "10-1-6"}]


# ---- import ------------------------------------------------------------------------------------------------
def test_import_makes_the_edition_current(corpus_copy, monkeypatch):
    before = snapshot(corpus_copy)
    res = import_edition(corpus_copy, "opcg", FIXTURE, "ver.1.1.7")
    assert res.changed and res.previous == "ver.1.1.6" and res.date == "2024-09-01"   # date from the title block
    assert res.file == "editions/opcg/ver.1.1.7_2024-09-01.txt"
    after = snapshot(corpus_copy)
    assert {k for k in after if k not in before} == {res.file}
    assert all(before[k] == after[k] for k in before if k != "manifest.yaml")
    monkeypatch.setenv("JUDGE_APP_CORPUS", str(corpus_copy))
    doc = get_corpus().docs["opcg"]
    assert doc.version == "ver.1.1.7" and doc.edition == "ver.1.1.7"
    assert doc.summary_json()["editions"] == [{"version": "ver.1.1.6", "date": "2024-04-19", "current": False},
                                              {"version": "ver.1.1.7", "date": "2024-09-01", "current": True}]
    assert get_corpus().clause("opcg:10-1-6-2") is not None and get_corpus().clause("opcg:7-1-5-5") is None


def test_old_alias_names_the_corpus_directory_too(corpus_copy, monkeypatch):
    import_edition(corpus_copy, "opcg", FIXTURE, "ver.1.1.7")
    monkeypatch.delenv("JUDGE_APP_CORPUS", raising=False)
    monkeypatch.setenv("JUDGE_APP_CORPUS_DIR", str(corpus_copy))
    assert get_corpus().docs["opcg"].version == "ver.1.1.7"


def test_reimporting_the_fixture_changes_nothing(imported):
    before = snapshot(imported)
    res = import_edition(imported, "opcg", FIXTURE, "ver.1.1.7")
    assert not res.changed and snapshot(imported) == before


@pytest.mark.parametrize("doc", ["kaiun", "kaiun-multi", "los", "thv", "opcg"])
def test_import_of_every_current_rulebook_is_idempotent(corpus_copy, doc):
    meta = next(m for m in manifest.read(corpus_copy)["documents"] if m["key"] == doc)
    before = snapshot(corpus_copy)
    res = import_edition(corpus_copy, doc, ROOT / "rules_corpus" / meta["file"], meta["current"])
    assert not res.changed, res.message
    assert snapshot(corpus_copy) == before


def refused(corpus_copy, source, version="ver.1.1.7", doc="opcg", date=None) -> list[str]:
    before = snapshot(corpus_copy)
    with pytest.raises(ImportRefused) as e:
        import_edition(corpus_copy, doc, source, version, date)
    assert snapshot(corpus_copy) == before, "a refused import changed the corpus directory"
    return e.value.problems


def test_refuses_a_file_that_is_not_utf8(corpus_copy, tmp_path):
    bad = tmp_path / "sjis.txt"
    bad.write_bytes(FIXTURE.read_text(encoding="utf-8").encode("shift_jis", errors="replace"))
    assert any("UTF-8" in p for p in refused(corpus_copy, bad))


def test_refuses_mojibake(corpus_copy, tmp_path):
    bad = tmp_path / "mojibake.txt"
    bad.write_text(FIXTURE.read_bytes().decode("latin-1"), encoding="utf-8")   # UTF-8 read as Latin-1
    problems = refused(corpus_copy, bad)
    assert any("文字化け" in p for p in problems)


def test_refuses_a_file_with_no_clauses(corpus_copy, tmp_path):
    bad = tmp_path / "garbled.txt"
    bad.write_text("ONE PIECE CARD GAME 総合ルール\n\nver.1.1.7\n\nこれは総合ルールの本文ではありません。\n", encoding="utf-8")
    assert any("条文を一つも読み取れません" in p for p in refused(corpus_copy, bad))


def test_refuses_a_truncated_file(corpus_copy, tmp_path):
    bad = tmp_path / "half.txt"
    lines = FIXTURE.read_text(encoding="utf-8").split("\n")
    bad.write_text("\n".join(lines[:300]), encoding="utf-8")
    now = get_corpus().docs["opcg"].numbered_count
    assert any("条文が 148 しか" in p and f"現行版は {now}" in p for p in refused(corpus_copy, bad))


def test_refuses_more_unresolved_references_than_the_current_edition(corpus_copy, tmp_path):
    bad = tmp_path / "dangling.txt"
    bad.write_text(FIXTURE.read_text(encoding="utf-8").replace("(10-1-6.参照)", "(10-9-9.参照)"), encoding="utf-8")
    problems = refused(corpus_copy, bad)
    assert any("解決できない参照が 2 件" in p and "opcg:4-6-3" in p and "10-9-9" in p for p in problems)


def test_refuses_another_books_text(corpus_copy):
    problems = refused(corpus_copy, ROOT / "rules_corpus" / "kaiun.txt", version="ver.1")
    assert any("表題" in p for p in problems)


def test_refuses_a_version_the_file_does_not_print(corpus_copy):
    assert any("ver.1.1.7 と印刷" in p for p in refused(corpus_copy, FIXTURE, version="ver.1.2"))


def test_refuses_a_date_the_file_does_not_print(corpus_copy):
    assert any("最終更新日は 2024-09-01" in p for p in refused(corpus_copy, FIXTURE, date="2024-10-01"))


def test_refuses_bad_arguments_naming_each(corpus_copy, tmp_path):
    problems = refused(corpus_copy, tmp_path / "missing.txt", version=" ", doc="mtg", date="2024-13-01")
    assert any(p.startswith("--doc") for p in problems) and any(p.startswith("--version") for p in problems)
    assert any(p.startswith("--date") for p in problems) and any(p.startswith("FILE") for p in problems)


def test_refuses_a_kept_version_with_other_text(imported, tmp_path):
    other = tmp_path / "other.txt"
    other.write_text(FIXTURE.read_text(encoding="utf-8").replace("それより大きい", "それを超える"), encoding="utf-8")
    assert any("別の本文で取り込み済み" in p for p in refused(imported, other))


def test_refuses_the_same_text_under_another_version(corpus_copy):
    problems = refused(corpus_copy, ROOT / "rules_corpus" / "opcg.txt", version="ver.1.1.6-bis")
    assert any("ver.1.1.6 として取り込み済み" in p or "印刷" in p for p in problems)


def test_reimporting_an_older_edition_makes_it_current_again(imported):
    res = import_edition(imported, "opcg", ROOT / "rules_corpus" / "opcg.txt", "ver.1.1.6")
    assert res.changed and res.previous == "ver.1.1.7"
    meta = next(m for m in manifest.read(imported)["documents"] if m["key"] == "opcg")
    assert meta["current"] == "ver.1.1.6" and meta["file"] == "opcg.txt" and len(meta["editions"]) == 2


def test_cli_import_refusal_exits_1_and_names_the_problem(corpus_copy, tmp_path):
    bad = tmp_path / "dangling.txt"
    bad.write_text(FIXTURE.read_text(encoding="utf-8").replace("(10-1-6.参照)", "(10-9-9.参照)"), encoding="utf-8")
    env = {"JUDGE_APP_CORPUS": str(corpus_copy), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "judge_app", "corpus", "import", str(bad), "--doc", "opcg",
                          "--version", "ver.1.1.7"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 1 and "解決できない参照" in out.stderr and "変わっていません" in out.stderr
    ok = subprocess.run([sys.executable, "-m", "judge_app", "corpus", "import", str(FIXTURE), "--doc", "opcg",
                         "--version", "ver.1.1.7"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert "reworded 4, renumbered 4, added 2, removed 1" in ok.stdout
