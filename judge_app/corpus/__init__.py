"""The rules corpus: the five rulebooks as a tree of clauses with cross-references. Imports nothing else of ours.

    from judge_app.corpus import get_corpus
    corpus = get_corpus()                 # parsed once per process
    corpus.clause("opcg:7-1-4")           # Clause | None
    corpus.find("opcg", "７－１－４．")    # number typed any way
    load_edition("opcg", "ver.1.1.6")     # a corpus holding an older edition of one rulebook

The corpus directory is JUDGE_APP_CORPUS (alias JUDGE_APP_CORPUS_DIR), default rules_corpus/.
"""
from __future__ import annotations

import functools
from contextvars import ContextVar, Token
from pathlib import Path

from judge_app.corpus import manifest
from judge_app.corpus.build import attach_history, build_document, link_inheritance, link_references
from judge_app.corpus.model import Clause, Corpus, Document, Ref, TocEntry
from judge_app.corpus.manifest import corpus_dir
from judge_app.corpus.toc import compare as compare_toc

__all__ = ["Clause", "Corpus", "Document", "Ref", "TocEntry", "get_corpus", "load_corpus", "build_corpus",
           "load_edition", "corpus_dir", "keep_parsed_in", "CORPUS_DIR", "current", "pin", "unpin"]

CORPUS_DIR = corpus_dir()   # at import time; get_corpus() reads JUDGE_APP_CORPUS on every call


def build_corpus(metas: list[dict], texts: dict[str, str]) -> Corpus:
    """Documents from manifest entries and their texts (by key), with inheritance and references linked."""
    docs = {}
    for meta in metas:
        doc, res = build_document(meta, texts[meta["key"]])
        attach_history(doc, res)
        doc.lint["roles"] = res.roles
        doc.lint["lines_total"] = len(res.roles)
        doc.lint["unplaced"] = res.unplaced
        doc.edition = meta.get("edition") or meta.get("current")   # which edition this text is
        doc.editions = [{"version": e["version"], "date": e.get("date"), "current": e["version"] == meta.get("current")}
                        for e in meta.get("editions", [])]
        docs[doc.key] = doc
    corpus = Corpus(docs=docs)
    link_inheritance(corpus)
    link_references(corpus)
    for doc in corpus.docs.values():
        doc.lint["toc_mismatches"] = compare_toc(doc)
    return corpus


def load_corpus(directory: Path | str | None = None, metas: list[dict] | None = None) -> Corpus:
    """The current edition of every rulebook in `directory` (or of the manifest entries `metas` given)."""
    directory = Path(directory) if directory is not None else corpus_dir()
    metas = metas if metas is not None else manifest.read(directory)["documents"]
    texts = {m["key"]: (directory / m["file"]).read_text(encoding="utf-8") for m in metas}
    return build_corpus(metas, texts)


_cache_dir: Path | None = None


def keep_parsed_in(directory: Path | str | None) -> None:
    """Keep the parsed corpus in `directory` between starts (the app's index cache folder; None: never)."""
    global _cache_dir
    _cache_dir = Path(directory) if directory is not None else None


@functools.lru_cache(maxsize=4)
def _load(directory: str, stamp: tuple[int, int]) -> Corpus:
    if _cache_dir is None:
        return load_corpus(directory)
    from judge_app.corpus.cache import load_or_parse

    return load_or_parse(Path(directory), _cache_dir, lambda: load_corpus(directory))


# What one web request reads: the manifest is looked at once, when the request starts (`pin`), and every
# get_corpus() inside it gives that corpus (a page read it 3 to 15 times, each a settings lookup and a stat). The
# request sees one corpus throughout, even if an import lands meanwhile; the next request sees the import.
_PINNED: ContextVar[tuple[str, tuple[int, int], Corpus] | None] = ContextVar("judge_app_corpus_pinned", default=None)


def current() -> tuple[str, tuple[int, int]]:
    """The corpus directory and its manifest's stamp now (the request's, inside `pin`)."""
    pinned = _PINNED.get()
    if pinned is not None:
        return pinned[0], pinned[1]
    directory = corpus_dir()
    return str(directory), manifest.stamp(directory)


def get_corpus() -> Corpus:
    """The current editions, parsed once per process and again only when the manifest changes (an import)."""
    pinned = _PINNED.get()
    return pinned[2] if pinned is not None else _load(*current())


def pin() -> Token:
    """From here until `unpin(token)`, in this thread's context, the corpus is the one current now."""
    directory, stamp = current()
    return _PINNED.set((directory, stamp, _load(directory, stamp)))


def unpin(token: Token) -> None:
    try:
        _PINNED.reset(token)
    except ValueError:   # ended from another context than the one that pinned (a test client kept the request)
        _PINNED.set(None)


get_corpus.cache_clear = _load.cache_clear   # type: ignore[attr-defined]


@functools.lru_cache(maxsize=16)
def _load_edition(directory: str, stamp: tuple[int, int], doc: str, version: str) -> Corpus | None:
    data = manifest.read(directory)
    metas = {m["key"]: m for m in data["documents"]}
    meta = metas.get(doc)
    if meta is None or manifest.edition(meta, version) is None:
        return None
    if version == meta["current"]:
        return get_corpus() if Path(directory) == corpus_dir() else load_corpus(directory)
    keep = [m for m in data["documents"] if m["key"] in (doc, meta.get("base"))]
    return load_corpus(directory, [manifest.as_current(m, version) if m["key"] == doc else m for m in keep])


def load_edition(doc: str, version: str, directory: Path | str | None = None) -> Corpus | None:
    """A corpus whose `doc` is the edition `version` (its base document, if any, stays current); None if unknown."""
    if directory is None:
        return _load_edition(*current(), doc, version)
    return _load_edition(str(directory), manifest.stamp(directory), doc, version)
