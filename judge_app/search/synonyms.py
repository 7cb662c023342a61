"""Table-talk synonyms: the words players say at the table mapped to each rulebook's own term.

One reviewed YAML file per document in judge_app/search/synonyms/<doc>.yaml:

    doc: opcg
    entries:
      - talk: [殴る, 殴りに行く]        # what players say
        term: アタック                  # the rulebook's word, added to the query
        clause: opcg:7-1-1             # the clause that defines or governs it

A talk word may come in pieces joined by 「…」 (「ノード…置」: 「ノードを置く」「ノードは何回置ける」):
it occurs when every piece does, in that order.
A query containing a talk word (after folding) is expanded with the term, and the named clause
gets a bonus. Every clause id is checked against the corpus by tests/search/test_synonyms.py.
"""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge_app.search.normalize import fold

DIR = Path(__file__).with_name("synonyms")


@dataclass(frozen=True)
class Synonym:
    doc: str
    talk: tuple[str, ...]
    term: str
    clause: str


@functools.lru_cache(maxsize=1)
def load() -> tuple[Synonym, ...]:
    out = []
    for path in sorted(DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        doc = data.get("doc") or path.stem
        for e in data.get("entries") or []:
            talk = e["talk"] if isinstance(e["talk"], list) else [e["talk"]]
            out.append(Synonym(doc, tuple(str(t) for t in talk), str(e["term"]), str(e["clause"])))
    return tuple(out)


def files_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(DIR.glob("*.yaml")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def _folded() -> tuple[tuple[Synonym, tuple[str, ...]], ...]:
    return tuple((s, tuple(fold(t) for t in s.talk)) for s in load())


def matches(folded_query: str, doc: str | None = None) -> list[tuple[Synonym, str]]:
    """(synonym, talk word found) for each synonym whose talk occurs in the folded query.

    With a document filter, only that document's entries (and its base's, for kaiun-multi) apply;
    without one, every document's entries do."""
    docs = (None if doc is None else "kaiun" if doc == "kaiun-multi" else doc, doc)
    by_start, talks = _by_start(*docs), _talks(*docs)
    # only the talk words starting with a character of the query can occur in it (~1 in 10 of them)
    tried = sorted({k for ch in set(folded_query) for k in by_start.get(ch, ())})
    out, done = [], set()
    for k in tried:
        n, syn, t = talks[k]
        if n not in done and _occurs(t, folded_query):
            done.add(n)
            out.append((syn, t))
    return out


@functools.lru_cache(maxsize=16)
def _talks(*docs: str | None) -> tuple[tuple[int, Synonym, str], ...]:
    """(synonym's place, synonym, folded talk word) of the documents' entries (every document's for None), in
    the tables' order: the first talk word of a synonym found is the one reported."""
    every = None in docs
    return tuple((n, syn, t) for n, (syn, talks) in enumerate(_folded()) if every or syn.doc in docs
                 for t in talks if t)


@functools.lru_cache(maxsize=16)
def _by_start(*docs: str | None) -> dict[str, tuple[int, ...]]:
    """{first character: places in _talks(*docs)} of the talk words starting with it."""
    out: dict[str, list[int]] = {}
    for k, (_n, _syn, t) in enumerate(_talks(*docs)):
        out.setdefault(t[0], []).append(k)
    return {ch: tuple(ks) for ch, ks in out.items()}


GAP = "..."          # 「…」 as folding (NFKC) leaves it


def _occurs(talk: str, folded_query: str) -> bool:
    """A talk word in the query; a word in pieces (「のど…置」) when the pieces occur in order."""
    if GAP not in talk:
        return talk in folded_query
    at = 0
    for piece in talk.split(GAP):
        at = folded_query.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True
