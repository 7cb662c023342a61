"""The parsed corpus kept beside the search index (judge_app/corpus/cache.py): a start reads it back instead of
parsing, and anything the parse depends on — a rulebook's text above all — makes a new one."""
import shutil

from judge_app.corpus import cache, load_corpus, manifest


def _parse_counter(directory):
    calls = []

    def parse():
        calls.append(1)
        return load_corpus(directory)
    return parse, calls


def test_a_second_start_reads_the_kept_corpus_and_it_is_the_same(tmp_path):
    src = manifest.corpus_dir()
    parse, calls = _parse_counter(src)
    first = cache.load_or_parse(src, tmp_path, parse)
    second = cache.load_or_parse(src, tmp_path, parse)
    assert calls == [1]
    assert list(second.docs) == list(first.docs)
    for key, doc in first.docs.items():
        assert [(c.id, c.text) for c in doc.clauses.values()] == \
               [(c.id, c.text) for c in second.docs[key].clauses.values()]
    assert second.clause("opcg:7-1-4-1-2").text == first.clause("opcg:7-1-4-1-2").text


def test_a_garbled_file_is_parsed_again_and_replaced(tmp_path):
    src = manifest.corpus_dir()
    parse, calls = _parse_counter(src)
    cache.load_or_parse(src, tmp_path, parse)
    [kept] = tmp_path.glob("corpus-*.pickle")
    kept.write_bytes(kept.read_bytes()[:1000])
    again = cache.load_or_parse(src, tmp_path, parse)
    assert calls == [1, 1] and again.clause("opcg:7-1-4") is not None
    assert cache.load_or_parse(src, tmp_path, parse) is not None and calls == [1, 1]


def test_an_edited_rulebook_misses_the_cache_and_the_old_file_goes(tmp_path):
    src = tmp_path / "corpus"
    shutil.copytree(manifest.corpus_dir(), src)
    kept = tmp_path / "kept"
    parse, calls = _parse_counter(src)
    cache.load_or_parse(src, kept, parse)
    before = {p.name for p in kept.glob("corpus-*.pickle")}
    text = (src / "opcg.txt").read_text(encoding="utf-8")
    (src / "opcg.txt").write_text(text.replace("アタック", "アタック ", 1), encoding="utf-8")
    cache.load_or_parse(src, kept, parse)
    after = {p.name for p in kept.glob("corpus-*.pickle")}
    assert calls == [1, 1] and len(after) == 1 and after != before
