"""The Whoosh index of every clause: schema, build, and the on-disk cache.

The cache lives in INDEX_DIR/<key>, where <key> hashes everything the index is made from (the
clauses as the corpus parsed them, the synonym files, the analyser and this module's format
number). A changed rulebook gives a new key, so a stale index is never opened. A directory is
built under a temporary name and renamed into place in one step (Whoosh allows one writer; a
rename is atomic), and it is only used when its meta.json matches and it opens and answers a
query; anything else is rebuilt, never served. Web workers open it read-only.

Working out <key> means building every entry and the glossary (about 0.1 s). A start whose inputs are
unchanged skips that: INDEX_DIR/start-<source key>.pickle keeps the key, the scope counts and the glossary,
where the source key hashes the inputs themselves (the corpus's own digest of its files and parser, this
package's source, the synonym and question files, the analyser). Any change to them misses this file and
takes the long way; an unreadable file does too.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import tempfile
import time
from pathlib import Path


from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.filedb.filestore import FileStorage
from whoosh.query import Every

from judge_app.search import analysis, bm25, glossary as glossary_mod, neighbours, postings, questions, readings
from judge_app.search import synonyms
from judge_app.search.documents import IndexEntry, entries

FORMAT = 19          # bump when the schema or what goes into a field changes (14: score tables, 15: readings, 16: abi/aw, 17: abi alone, 18: cbi, 19: neighbours.json)
META = "meta.json"
START = "start-"     # INDEX_DIR/start-<source key>.pickle: what a start with unchanged inputs reads
PACKAGE = Path(__file__).resolve().parent

# Weights of a clause's parts inside the `bi` (bigram) and `w` (word) fields: titles and breadcrumbs
# weigh more than the body, an untitled parent's lead-in less. Keyword units and defined terms have
# fields of their own, weighted at query time.
PARTS = ("title", "crumbs", "body", "context")
BI_WEIGHTS = {"title": 1.5, "crumbs": 1.2, "body": 1.0, "context": 0.5}
W_WEIGHTS = {"title": 1.5, "crumbs": 0.0, "body": 1.0, "context": 0.0}
# `qbi` and `qw` hold the questions each clause answers (questions.py): bigrams and words of the
# player's own wording, a field of their own so their weight is tuned apart from the rulebook's text.
# `abi` holds the arguing questions' bigrams (questions.py `argued`): searched only by a query that puts a
# player's claim to the judge (rerank.QueryForm.claim), so that they cannot move any other kind of question.
# (Their words, `aw`, fitted to weight 0 on 2026-11-28, were dropped.)
# `cbi` holds the card-text questions' bigrams (questions.py `card`): searched only by a query that quotes or
# paraphrases a card (card_wording.quotes_card). The beginners' questions (`told`) join `qbi`/`qw` (in fields of
# their own, `tbi`/`tw` read by every query and fitted, they did worse on newcomer: docs/figures.md).
# the beginners' questions (`told`) are a second part of `qbi`/`qw` with this weight (0.5 measured worse on
# newcomer, dispute and cardtext2, better on cases dev: docs/figures.md)
TOLD_WEIGHT = 1.0
BOOSTS = {"bi": 1.0, "w": 2.0, "keys": 2.0, "terms": 6.0, "qbi": 1.0, "qw": 2.0, "abi": 1.0, "cbi": 1.0}


def schema() -> Schema:
    bi = analysis.weighted_bigram_analyzer([BI_WEIGHTS[p] for p in PARTS])
    w = analysis.weighted_word_analyzer([W_WEIGHTS[p] for p in PARTS])
    k = analysis.key_analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        scope=ID(stored=True),
        info=STORED(),
        bi=TEXT(analyzer=bi, phrase=False),
        w=TEXT(analyzer=w, phrase=False),
        keys=TEXT(analyzer=k, phrase=False),
        terms=TEXT(analyzer=k, phrase=False),
        qbi=TEXT(analyzer=analysis.weighted_bigram_analyzer((1.0, TOLD_WEIGHT)), phrase=False),
        qw=TEXT(analyzer=analysis.weighted_word_analyzer((1.0, TOLD_WEIGHT)), phrase=False),
        abi=TEXT(analyzer=analysis.bigram_analyzer(), phrase=False),
        cbi=TEXT(analyzer=analysis.bigram_analyzer(), phrase=False),
    )


def _asked(e: IndexEntry) -> str:
    """The questions' fields: the table talk, then the beginners' questions weighing TOLD_WEIGHT."""
    return analysis.PART_SEP.join(["\n".join(e.questions), "\n".join(e.told)])


def _parts(e: IndexEntry, weights: dict) -> str:
    """The entry's parts joined for a weighted field; a part with weight 0 is left empty."""
    values = {"title": e.title, "crumbs": e.crumbs, "body": e.body, "context": e.context}
    return analysis.PART_SEP.join(values[p] if weights[p] else "" for p in PARTS)


def current_editions(corpus) -> list[tuple[str, str | None]]:
    """Which edition of each rulebook is indexed (search follows the current edition)."""
    return sorted((k, getattr(d, "edition", None)) for k, d in corpus.docs.items())


def content_hash(items: list[IndexEntry], editions: list | tuple = ()) -> str:
    h = hashlib.sha256()
    h.update(f"format={FORMAT};analyser={analysis.analyser_version()};{BI_WEIGHTS};{W_WEIGHTS};"
             f"bm25={bm25.B},{bm25.K1};told={TOLD_WEIGHT}".encode())
    h.update(json.dumps(list(editions), ensure_ascii=False).encode())
    h.update(synonyms.files_digest().encode())
    h.update(questions.files_digest().encode())
    for e in items:
        h.update(json.dumps([e.key, e.scope, e.title, e.crumbs, e.body, e.context, e.keys, e.terms, e.info],
                            ensure_ascii=False, sort_keys=True).encode())
        h.update(b"\0")
    return h.hexdigest()


def _write(path: Path, items: list[IndexEntry], key: str) -> None:
    """One Whoosh index per scope (a document, with kaiun-multi's inherited copies in its own): a
    search filtered by document reads only that document's postings. The questions each clause
    answers are read here, only when an index is built."""
    asked, argued, card, told = (questions.load(part) for part in questions.PARTS)
    for e in items:
        cid = e.info["id"]
        e.questions = list(asked.get(cid, []))
        e.told = list(told.get(cid, []))
        e.argued = list(argued.get(cid, []))
        e.card = list(card.get(cid, []))
    counts: dict[str, int] = {}
    by_scope: dict[str, list[IndexEntry]] = {}
    for e in items:
        by_scope.setdefault(e.scope, []).append(e)
    for scope, group in by_scope.items():
        storage = FileStorage(str(path / scope)).create()
        ix = storage.create_index(schema())
        writer = ix.writer()
        for e in group:
            writer.add_document(key=e.key, scope=e.scope, info=e.info, bi=_parts(e, BI_WEIGHTS),
                                w=_parts(e, W_WEIGHTS), keys="\n".join(e.keys), terms="\n".join(e.terms),
                                qbi=_asked(e), qw=_asked(e),
                                abi="\n".join(e.argued), cbi="\n".join(e.card))
        writer.commit()
        postings.write_table(ix, bm25.weighting(), path / scope)   # every token scored once, here
        ix.close()
        counts[scope] = len(group)
    readings.write(path, readings.build([t for e in items if not e.info["inherited"] for t in (e.title, e.body)]))
    asked_all = {cid: asked.get(cid, []) + told.get(cid, []) for cid in {*asked, *told}}
    neighbours.write(path, {"asked": asked_all, "card": card, "argued": argued})
    (path / META).write_text(json.dumps({"key": key, "docs": len(items), "scopes": counts, "format": FORMAT,
                                         "analyser": analysis.analyser_version(), "built": time.time(),
                                         "files": _digests(path)}))


def _digests(path: Path) -> dict[str, str]:
    """sha256 of every index file: a garbled segment can still open and answer one query, so check bytes."""
    return {p.relative_to(path).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.rglob("*")) if p.is_file() and p.name != META and not p.name.endswith("WRITELOCK")}


def _scope_counts(items: list[IndexEntry]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in items:
        counts[e.scope] = counts.get(e.scope, 0) + 1
    return counts


def _usable(path: Path, key: str, counts: dict[str, int]) -> dict | None:
    """{scope: read-only index} when `path` holds a complete index for `key`, else None."""
    try:
        meta = json.loads((path / META).read_text())
        if meta.get("key") != key or meta.get("scopes") != counts:
            return None
        if not meta.get("files") or meta["files"] != _digests(path):
            return None
        out = {}
        for scope, n in counts.items():
            ix = FileStorage(str(path / scope), readonly=True).open_index()
            if ix.doc_count() != n:
                return None
            with ix.searcher() as s:
                s.search(Every(), limit=1)
            out[scope] = ix
        return out
    except Exception:
        return None


def source_key(corpus) -> str | None:
    """A digest of everything the index and the glossary are made from, known without making them; None for
    a corpus built in memory (it has no digest of the files it came from)."""
    digest = getattr(corpus, "digest", None)
    if not digest:
        return None
    h = hashlib.sha256(f"format={FORMAT};analyser={analysis.analyser_version()};corpus={digest};".encode())
    h.update(synonyms.files_digest().encode())
    h.update(questions.files_digest().encode())
    for path in sorted(PACKAGE.glob("*.py")):     # the code that makes entries, tokens and the glossary
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _read_start(root: Path, skey: str) -> dict | None:
    try:
        known = pickle.loads((root / f"{START}{skey[:32]}.pickle").read_bytes())
        return known if known.get("source") == skey else None
    except Exception:       # missing, truncated or from another version: take the long way
        return None


def _write_start(root: Path, skey: str, key: str, counts: dict[str, int], glossary: dict) -> None:
    path = root / f"{START}{skey[:32]}.pickle"
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{START}", dir=root)
        with os.fdopen(fd, "wb") as f:
            pickle.dump({"source": skey, "key": key, "counts": counts, "glossary": glossary}, f,
                        protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)   # readers see the old file or the whole new one
        for old in root.glob(f"{START}*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass                    # a read-only instance folder: the next start takes the long way again


def open_or_build(index_dir: str | os.PathLike, corpus) -> tuple[dict, dict, dict]:
    """Open the cached index for this corpus, or build it; returns ({scope: index}, stats, glossary)."""
    t0 = time.perf_counter()
    root = Path(index_dir)
    root.mkdir(parents=True, exist_ok=True)
    skey = source_key(corpus)
    known = _read_start(root, skey) if skey else None
    if known is not None:
        ix = _usable(root / known["key"][:24], known["key"], known["counts"])
        if ix is not None:
            glossary_mod.remember(corpus, known["glossary"])
            return ix, {"cached": True, "docs": sum(known["counts"].values()), "key": known["key"],
                        "seconds": time.perf_counter() - t0, "start_file": True,
                        "dir": str(root / known["key"][:24])}, known["glossary"]
    glossary = glossary_mod.of(corpus)
    ix, stats = _open_or_build(root, corpus, glossary, t0)
    if skey:
        _write_start(root, skey, stats["key"], stats["counts"], glossary)
    return ix, stats, glossary


def _open_or_build(root: Path, corpus, glossary, t0: float) -> tuple[dict, dict]:
    items = entries(corpus, glossary, with_questions=False)
    key = content_hash(items, current_editions(corpus))
    target = root / key[:24]
    counts = _scope_counts(items)

    def stats(cached: bool) -> dict:
        return {"cached": cached, "docs": len(items), "key": key, "counts": counts,
                "seconds": time.perf_counter() - t0, "start_file": False, "dir": str(target)}

    ix = _usable(target, key, counts)
    if ix is not None:
        return ix, stats(True)
    tmp = Path(tempfile.mkdtemp(prefix=f".build-{key[:8]}-", dir=root))
    try:
        _write(tmp, items, key)
        ix = _usable(target, key, counts)   # another worker may have finished first: use its index
        if ix is not None:
            shutil.rmtree(tmp, ignore_errors=True)
            return ix, stats(True)
        if target.exists():                 # corrupt or partial: move aside, never serve it
            shutil.rmtree(target.with_name(target.name + ".bad"), ignore_errors=True)
            try:
                target.rename(target.with_name(target.name + ".bad"))
            except OSError:
                pass
        try:
            tmp.rename(target)
        except OSError:                     # another process won the race with the same key
            shutil.rmtree(tmp, ignore_errors=True)
    except Exception:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _prune(root, keep=target.name)
    ix = _usable(target, key, counts)
    if ix is None:
        raise RuntimeError(f"search index in {target} could not be opened after building")
    return ix, stats(False)


def _prune(root: Path, keep: str) -> None:
    """Remove caches of other corpus versions and leftovers of crashed builds (best effort)."""
    for p in root.iterdir():
        if p.name == keep or not p.is_dir():
            continue
        if p.name.startswith(".build-") and time.time() - p.stat().st_mtime < 600:
            continue                        # maybe another worker building right now
        shutil.rmtree(p, ignore_errors=True)


def exists(index_dir) -> bool:
    return any(Path(index_dir).glob(f"*/{META}"))


__all__ = ["open_or_build", "schema", "content_hash", "BOOSTS"]
