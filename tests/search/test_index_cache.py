"""The on-disk index: keyed by the corpus's content, reused when valid, rebuilt when not, read-only."""
import gc
import json
import warnings
from types import SimpleNamespace

import pytest
from whoosh.filedb.filestore import FileStorage

from judge_app.search import index


def tiny_corpus(text="「リフレッシュ」とは、トラッシュのカードをデッキに戻す行為です。"):
    c1 = SimpleNamespace(id="kaiun:9-3", doc="kaiun", number="9-3", title="リフレッシュ", text="",
                         parent=None, children=["kaiun:9-3-1"], inherits_from=None, placeholder=False)
    c2 = SimpleNamespace(id="kaiun:9-3-1", doc="kaiun", number="9-3-1", title=None, text=text,
                         parent="kaiun:9-3", children=[], inherits_from=None, placeholder=False)
    doc = SimpleNamespace(key="kaiun", base=None, numbering="hyphen", clauses={c.id: c for c in (c1, c2)})
    corpus = SimpleNamespace(docs={"kaiun": doc})
    corpus.clause = lambda cid: doc.clauses.get(cid)
    return corpus


def build(tmp_path, corpus):
    ix, stats, _glossary = index.open_or_build(tmp_path, corpus)
    return ix, stats


def test_second_start_loads_the_cache(tmp_path):
    _, first = build(tmp_path, tiny_corpus())
    _, second = build(tmp_path, tiny_corpus())
    assert not first["cached"] and second["cached"] and first["key"] == second["key"]


def test_changed_rulebook_gets_a_new_index_and_the_old_one_goes(tmp_path):
    _, a = build(tmp_path, tiny_corpus())
    _, b = build(tmp_path, tiny_corpus("「リフレッシュ」とは、別の文です。"))
    assert a["key"] != b["key"] and not b["cached"]
    dirs = [p.name for p in tmp_path.iterdir()]
    assert dirs == [b["key"][:24]]


@pytest.mark.parametrize("damage", ["meta", "segment", "count", "score table", "readings"])
def test_corrupt_cache_is_rebuilt_never_served(tmp_path, damage):
    _, a = build(tmp_path, tiny_corpus())
    d = tmp_path / a["key"][:24]
    if damage == "meta":
        (d / index.META).write_text("{not json")
    elif damage == "segment":
        for f in d.glob("*/*.seg"):
            f.write_bytes(b"garbage")
    elif damage == "score table":
        [table] = d.glob("*/scores.bin")
        table.write_bytes(table.read_bytes()[:-8] + b"\x00" * 8)
    elif damage == "readings":
        (d / "readings.json").write_text('{"words": {"ゆうせんけん": "敗北"}, "suru": []}', encoding="utf-8")
    else:
        meta = json.loads((d / index.META).read_text())
        meta["scopes"]["kaiun"] += 1
        (d / index.META).write_text(json.dumps(meta))
    ix, b = build(tmp_path, tiny_corpus())
    assert not b["cached"]
    with ix["kaiun"].searcher() as s:
        assert s.doc_count() == 2


def test_index_is_opened_read_only(tmp_path):
    ix, _ = build(tmp_path, tiny_corpus())
    assert isinstance(ix["kaiun"].storage, FileStorage) and ix["kaiun"].storage.readonly
    with warnings.catch_warnings():
        # Whoosh leaves its temporary segment file open when a writer is refused; that leak is Whoosh's,
        # inside this deliberate failure, so it is collected and silenced here rather than failing the suite.
        warnings.simplefilter("ignore", ResourceWarning)
        with pytest.raises(Exception):
            ix["kaiun"].writer()
        gc.collect()


def test_leftover_temporary_build_does_not_break_the_next_start(tmp_path):
    (tmp_path / ".build-deadbeef-x").mkdir()
    _, a = build(tmp_path, tiny_corpus())
    assert (tmp_path / a["key"][:24] / index.META).exists()


def test_workers_starting_together_end_on_one_index(tmp_path):
    """Several processes building at once: each writes privately, the first rename wins, all open it."""
    import concurrent.futures as cf

    with cf.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: build(tmp_path, tiny_corpus()), range(4)))
    keys = {stats["key"] for _ix, stats in results}
    assert len(keys) == 1
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".build-")] == [keys.pop()[:24]]
    for ix, _ in results:
        with ix["kaiun"].searcher() as s:
            assert s.doc_count() == 2


def test_the_cache_key_changes_with_the_analysers_package_versions(monkeypatch):
    """An upgraded SudachiPy or dictionary must never reuse an index built with the old one."""
    from importlib import metadata

    from judge_app.search import analysis

    monkeypatch.setenv("JUDGE_APP_ANALYSER", "sudachi")
    before = index.content_hash([])
    assert f"sudachidict-core=={metadata.version('sudachidict-core')}" in analysis.analyser_version()
    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda p: "99.0" if p == "sudachidict-core" else real(p))
    assert "sudachidict-core==99.0" in analysis.analyser_version()
    assert index.content_hash([]) != before


def test_changed_question_file_gets_a_new_index_with_the_new_questions(tmp_path, monkeypatch):
    from judge_app.search import questions
    qdir = tmp_path / "questions"
    qdir.mkdir()
    monkeypatch.setattr(questions, "DIR", qdir)
    (qdir / "kaiun.yaml").write_text('doc: kaiun\nquestions:\n  "kaiun:9-3-1": [山がなくなったらどうする？]\n',
                                     encoding="utf-8")
    ix, a = build(tmp_path / "ix", tiny_corpus())
    with ix["kaiun"].searcher() as s:
        assert s.doc_frequency("qw", "なくなる") == 1 or s.doc_frequency("qbi", "なく") == 1
    _, same = build(tmp_path / "ix", tiny_corpus())
    assert same["cached"] and same["key"] == a["key"]
    (qdir / "kaiun.yaml").write_text('doc: kaiun\nquestions:\n  "kaiun:9-3-1": [捨て札を戻すのっていつ？]\n',
                                     encoding="utf-8")
    ix, b = build(tmp_path / "ix", tiny_corpus())
    assert b["key"] != a["key"] and not b["cached"]
    with ix["kaiun"].searcher() as s:
        assert s.doc_frequency("qbi", "なく") == 0 and s.doc_frequency("qbi", "捨て") == 1


def test_an_extra_question_file_is_indexed_card_apart_and_its_change_gets_a_new_index(tmp_path, monkeypatch):
    """questions/extra/<writer>.yaml: `card` in a field of its own (cbi), `told` with the table talk (qbi, qw)."""
    from judge_app.search import questions
    qdir = tmp_path / "questions"
    (qdir / questions.EXTRA).mkdir(parents=True)
    monkeypatch.setattr(questions, "DIR", qdir)
    extra = qdir / questions.EXTRA / "writer.yaml"
    extra.write_text('doc: kaiun\ncard:\n  "kaiun:9-3-1": [「カードを3枚引く。」で山が尽きたら？]\n'
                     'told:\n  "kaiun:9-3-1": [捨て札を混ぜ直すのっていつ？]\n', encoding="utf-8")
    ix, a = build(tmp_path / "ix", tiny_corpus())
    with ix["kaiun"].searcher() as s:
        assert s.doc_frequency("cbi", "尽き") == 1 and s.doc_frequency("qbi", "尽き") == 0
        assert s.doc_frequency("qbi", "混ぜ") == 1 and s.doc_frequency("cbi", "混ぜ") == 0
    extra.write_text('doc: kaiun\ncard:\n  "kaiun:9-3-1": [「カードを3枚引く。」で山が空なら？]\n', encoding="utf-8")
    ix, b = build(tmp_path / "ix", tiny_corpus())
    assert b["key"] != a["key"] and not b["cached"]
    with ix["kaiun"].searcher() as s:
        assert s.doc_frequency("cbi", "尽き") == 0 and s.doc_frequency("qbi", "混ぜ") == 0


def test_a_cached_start_never_parses_the_question_files(tmp_path, monkeypatch):
    from judge_app.search import questions
    build(tmp_path, tiny_corpus())
    monkeypatch.setattr(questions, "load", lambda: pytest.fail("questions parsed on a cached start"))
    _, again = build(tmp_path, tiny_corpus())
    assert again["cached"]


# The start-up file (index.START): a start whose inputs are unchanged reads the index key and the glossary
# back instead of building every entry. Anything it is keyed by must send a start the long way.
def _digested(text=None, digest="corpus-digest-1"):
    corpus = tiny_corpus(text) if text else tiny_corpus()
    corpus.digest = digest
    return corpus


def _start_files(root):
    return sorted(p.name for p in root.glob(f"{index.START}*.pickle"))


def test_an_unchanged_start_reads_the_start_file_and_builds_no_entry(tmp_path, monkeypatch):
    from judge_app.search import glossary

    ix, first, built = index.open_or_build(tmp_path, _digested())
    assert not first["start_file"] and len(_start_files(tmp_path)) == 1
    monkeypatch.setattr(index, "entries", lambda *a, **k: pytest.fail("entries built on an unchanged start"))
    monkeypatch.setattr(glossary, "build", lambda *a, **k: pytest.fail("glossary built on an unchanged start"))
    ix, again, kept = index.open_or_build(tmp_path, _digested())
    assert again["cached"] and again["start_file"] and again["key"] == first["key"]
    assert kept == built and [t.term for t in kept["kaiun"]] == ["リフレッシュ"]
    with ix["kaiun"].searcher() as s:
        assert s.doc_count() == 2


@pytest.mark.parametrize("change", ["corpus digest", "question file", "synonym file", "search code", "analyser"])
def test_a_changed_input_misses_the_start_file(tmp_path, monkeypatch, change):
    from judge_app.search import analysis, questions, synonyms

    _, first, _ = index.open_or_build(tmp_path / "ix", _digested())
    corpus = _digested()
    if change == "corpus digest":
        corpus = _digested("「リフレッシュ」とは、別の文です。", digest="corpus-digest-2")
    elif change == "question file":
        monkeypatch.setattr(questions, "files_digest", lambda: "other questions")
    elif change == "synonym file":
        monkeypatch.setattr(synonyms, "files_digest", lambda: "other synonyms")
    elif change == "search code":
        code = tmp_path / "code"
        code.mkdir()
        for p in index.PACKAGE.glob("*.py"):
            (code / p.name).write_bytes(p.read_bytes())
        (code / "analysis.py").write_text((code / "analysis.py").read_text() + "\n# changed\n")
        monkeypatch.setattr(index, "PACKAGE", code)
    else:
        monkeypatch.setattr(analysis, "analyser_version", lambda name=None: "sudachi;sudachipy==99")
    _, second, _ = index.open_or_build(tmp_path / "ix", corpus)
    assert not second["start_file"]
    assert len(_start_files(tmp_path / "ix")) == 1          # the old start file is gone
    if change == "corpus digest":
        assert second["key"] != first["key"] and not second["cached"]


@pytest.mark.parametrize("damage", ["garbled", "truncated", "index gone"])
def test_a_damaged_start_file_or_a_missing_index_takes_the_long_way(tmp_path, damage):
    import shutil

    _, first, _ = index.open_or_build(tmp_path, _digested())
    [start] = tmp_path.glob(f"{index.START}*.pickle")
    if damage == "garbled":
        start.write_bytes(b"not a pickle")
    elif damage == "truncated":
        start.write_bytes(start.read_bytes()[:40])
    else:
        shutil.rmtree(tmp_path / first["key"][:24])
    ix, again, kept = index.open_or_build(tmp_path, _digested())
    assert not again["start_file"] and again["key"] == first["key"]
    assert [t.term for t in kept["kaiun"]] == ["リフレッシュ"]
    with ix["kaiun"].searcher() as s:
        assert s.doc_count() == 2
    _, third, _ = index.open_or_build(tmp_path, _digested())    # written anew
    assert third["start_file"]


def test_a_corpus_built_in_memory_has_no_start_file(tmp_path):
    index.open_or_build(tmp_path, tiny_corpus())
    assert _start_files(tmp_path) == []


def test_the_real_corpus_glossary_read_back_equals_a_fresh_build(tmp_path):
    from judge_app.corpus import cache, load_corpus, manifest
    from judge_app.search import glossary

    corpus = cache.load_or_parse(manifest.corpus_dir(), tmp_path / "kept", lambda: load_corpus())
    assert corpus.digest
    _, first, built = index.open_or_build(tmp_path / "ix", corpus)
    _, again, kept = index.open_or_build(tmp_path / "ix", corpus)
    assert again["start_file"] and again["docs"] == first["docs"]
    assert kept == built == glossary.build(corpus)
