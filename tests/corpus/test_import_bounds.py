"""Issue 27 #3 and #4: `corpus import` never loses an edition, keeps file modes, refuses a file many times the
current edition's size, and leaves no lock file behind, whether it imports or refuses."""
from __future__ import annotations

import os
import shutil
import stat
import threading
import time
from pathlib import Path

import pytest

from judge_app.corpus import manifest
from judge_app.corpus.diff import edition_diff
from judge_app.corpus.importer import LOCK_NAME, MAX_GROWTH, ImportRefused, _locked, file_name, import_edition

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "editions" / "opcg-ver.1.1.7.txt"
PROVISIONAL, FINAL = "ver.1.1.7（暫定）", "ver.1.1.7（確定）"


@pytest.fixture
def corpus_copy(tmp_path):
    d = tmp_path / "corpus"
    shutil.copytree(ROOT / "rules_corpus", d)
    return d


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _final_text(tmp_path: Path) -> Path:
    """The fixture with one clause reworded: the 「確定」 edition."""
    text = FIXTURE.read_text(encoding="utf-8")
    assert "それより大きい" in text
    out = tmp_path / "final.txt"
    out.write_text(text.replace("それより大きい", "それを超える", 1), encoding="utf-8")
    return out


def test_versions_differing_only_in_non_ascii_get_their_own_files(corpus_copy, tmp_path):
    assert file_name("opcg", PROVISIONAL, "2024-09-01") != file_name("opcg", FINAL, "2024-09-01")
    assert file_name("opcg", "ver.1.1.7", "2024-09-01") == "editions/opcg/ver.1.1.7_2024-09-01.txt"  # ASCII: as before
    first = import_edition(corpus_copy, "opcg", FIXTURE, PROVISIONAL)
    second = import_edition(corpus_copy, "opcg", _final_text(tmp_path), FINAL)
    assert first.file != second.file
    # the first edition's text is still the fixture: nothing was overwritten
    assert (corpus_copy / first.file).read_text(encoding="utf-8") == FIXTURE.read_text(encoding="utf-8")
    meta = next(m for m in manifest.read(corpus_copy)["documents"] if m["key"] == "opcg")
    assert [e["version"] for e in meta["editions"]] == ["ver.1.1.6", PROVISIONAL, FINAL]
    diff = edition_diff("opcg", PROVISIONAL, FINAL, corpus_copy)
    assert diff.counts()["reworded"] == 1, diff.counts()


def test_a_file_name_clash_is_refused_and_nothing_changes(corpus_copy, tmp_path):
    import_edition(corpus_copy, "opcg", FIXTURE, PROVISIONAL)
    taken = corpus_copy / file_name("opcg", FINAL, "2024-09-01")
    taken.write_text("someone else's file", encoding="utf-8")   # a file already at the new edition's name
    before = sorted(p.name for p in corpus_copy.rglob("*"))
    with pytest.raises(ImportRefused) as e:
        import_edition(corpus_copy, "opcg", _final_text(tmp_path), FINAL)
    assert any("重なります" in p for p in e.value.problems)
    assert taken.read_text(encoding="utf-8") == "someone else's file"
    assert sorted(p.name for p in corpus_copy.rglob("*")) == before


def test_files_keep_the_mode_they_had_and_new_ones_are_0644(corpus_copy):
    os.chmod(corpus_copy / "manifest.yaml", 0o640)
    res = import_edition(corpus_copy, "opcg", FIXTURE, "ver.1.1.7")
    assert _mode(corpus_copy / "manifest.yaml") == 0o640
    assert _mode(corpus_copy / res.file) == 0o644
    os.chmod(corpus_copy / "manifest.yaml", 0o644)
    import_edition(corpus_copy, "opcg", ROOT / "rules_corpus" / "opcg.txt", "ver.1.1.6")   # current again
    assert _mode(corpus_copy / "manifest.yaml") == 0o644


def test_a_file_many_times_the_current_edition_is_refused_before_parsing(corpus_copy, tmp_path):
    big = tmp_path / "opcg-x400.txt"
    text = (ROOT / "rules_corpus" / "opcg.txt").read_text(encoding="utf-8")
    big.write_text(text.replace("ver.1.1.6", "ver.1.1.7", 1) + "\n" + text * 399, encoding="utf-8")  # 29 MB
    assert big.stat().st_size > 25_000_000
    before = sorted((p.name, p.stat().st_mtime_ns) for p in corpus_copy.rglob("*"))
    t0 = time.process_time()      # CPU time: refused before parsing however busy the machine is
    with pytest.raises(ImportRefused) as e:
        import_edition(corpus_copy, "opcg", big, "ver.1.1.7")
    assert time.process_time() - t0 < 2.0
    assert any(f"{MAX_GROWTH:g} 倍" in p for p in e.value.problems), e.value.problems
    assert sorted((p.name, p.stat().st_mtime_ns) for p in corpus_copy.rglob("*")) == before


@pytest.mark.parametrize("how", ["refused early", "refused after parsing", "imported"])
def test_the_lock_file_is_removed_whatever_happens(corpus_copy, tmp_path, how):
    if how == "refused early":
        with pytest.raises(ImportRefused):
            import_edition(corpus_copy, "mtg", FIXTURE, "ver.1.1.7")
    elif how == "refused after parsing":
        bad = tmp_path / "dangling.txt"
        bad.write_text(FIXTURE.read_text(encoding="utf-8").replace("(10-1-6.参照)", "(10-9-9.参照)"), encoding="utf-8")
        with pytest.raises(ImportRefused):
            import_edition(corpus_copy, "opcg", bad, "ver.1.1.7")
    else:
        import_edition(corpus_copy, "opcg", FIXTURE, "ver.1.1.7")
    assert not (corpus_copy / LOCK_NAME).exists()


def test_the_lock_still_lets_one_importer_in_at_a_time(tmp_path):
    inside, most, lock = [0], [0], threading.Lock()

    def one():
        for _ in range(20):
            with _locked(tmp_path):
                with lock:
                    inside[0] += 1
                    most[0] = max(most[0], inside[0])
                time.sleep(0.001)
                with lock:
                    inside[0] -= 1

    threads = [threading.Thread(target=one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most[0] == 1 and not (tmp_path / LOCK_NAME).exists()
