"""The rules corpus: the five rulebooks as a tree of clauses with cross-references. Imports nothing else of ours.

    from judge_app.corpus import get_corpus
    corpus = get_corpus()                 # parsed once per process
    corpus.clause("opcg:7-1-4")           # Clause | None
    corpus.find("opcg", "７－１－４．")    # number typed any way
"""
from __future__ import annotations

import functools
from pathlib import Path

import yaml

from judge_app.corpus.build import attach_history, build_document, link_inheritance, link_references
from judge_app.corpus.model import Clause, Corpus, Document, Ref, TocEntry
from judge_app.corpus.toc import compare as compare_toc
from judge_app.resources import data_dir

__all__ = ["Clause", "Corpus", "Document", "Ref", "TocEntry", "get_corpus", "load_corpus", "CORPUS_DIR"]

CORPUS_DIR = data_dir("rules_corpus")   # JUDGE_APP_CORPUS_DIR, else the shipped rulebooks


def load_corpus(directory: Path | str = CORPUS_DIR) -> Corpus:
    directory = Path(directory)
    manifest = yaml.safe_load((directory / "manifest.yaml").read_text(encoding="utf-8"))
    docs = {}
    for meta in manifest["documents"]:
        text = (directory / meta["file"]).read_text(encoding="utf-8")
        doc, res = build_document(meta, text)
        attach_history(doc, res)
        doc.lint["roles"] = res.roles
        doc.lint["lines_total"] = len(res.roles)
        doc.lint["unplaced"] = res.unplaced
        docs[doc.key] = doc
    corpus = Corpus(docs=docs)
    link_inheritance(corpus)
    link_references(corpus)
    for doc in corpus.docs.values():
        doc.lint["toc_mismatches"] = compare_toc(doc)
    return corpus


@functools.lru_cache(maxsize=1)
def get_corpus() -> Corpus:
    return load_corpus()
