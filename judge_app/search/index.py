"""The Whoosh index of every clause: schema, build, and the on-disk cache.

The cache lives in INDEX_DIR/<key>, where <key> hashes everything the index is made from (the
clauses as the corpus parsed them, the synonym files, the analyser and this module's format
number). A changed rulebook gives a new key, so a stale index is never opened. A directory is
built under a temporary name and renamed into place in one step (Whoosh allows one writer; a
rename is atomic), and it is only used when its meta.json matches and it opens and answers a
query; anything else is rebuilt, never served. Web workers open it read-only.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path


from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.filedb.filestore import FileStorage
from whoosh.query import Every

from judge_app.search import analysis, synonyms
from judge_app.search.documents import IndexEntry, entries

FORMAT = 6          # bump when the schema or what goes into a field changes
META = "meta.json"

# Field weights, applied at query time (Whoosh's field_boost multiplies the term frequency, which
# BM25 then saturates, so it barely counts): titles and breadcrumbs weigh more than the body,
# keyword units most.
BOOSTS = {"title_bi": 1.5, "title_w": 1.5, "crumbs_bi": 1.2,
          "body_bi": 1.0, "body_w": 1.0, "ctx_bi": 0.5, "keys": 2.0, "terms": 6.0}


def schema() -> Schema:
    bi, w, k = analysis.bigram_analyzer(), analysis.word_analyzer(), analysis.key_analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        scope=ID(stored=True),
        info=STORED(),
        title_bi=TEXT(analyzer=bi, phrase=False),
        title_w=TEXT(analyzer=w, phrase=False),
        crumbs_bi=TEXT(analyzer=bi, phrase=False),
        body_bi=TEXT(analyzer=bi, phrase=False),
        body_w=TEXT(analyzer=w, phrase=False),
        ctx_bi=TEXT(analyzer=bi, phrase=False),
        keys=TEXT(analyzer=k, phrase=False),
        terms=TEXT(analyzer=k, phrase=False),
    )


def content_hash(items: list[IndexEntry]) -> str:
    h = hashlib.sha256()
    h.update(f"format={FORMAT};analyser={analysis.analyser_name()};".encode())
    h.update(synonyms.files_digest().encode())
    for e in items:
        h.update(json.dumps([e.key, e.scope, e.title, e.crumbs, e.body, e.context, e.keys, e.terms, e.info],
                            ensure_ascii=False, sort_keys=True).encode())
        h.update(b"\0")
    return h.hexdigest()


def _write(path: Path, items: list[IndexEntry], key: str) -> None:
    storage = FileStorage(str(path)).create()
    ix = storage.create_index(schema())
    writer = ix.writer()
    for e in items:
        writer.add_document(key=e.key, scope=e.scope, info=e.info,
                            title_bi=e.title, title_w=e.title, crumbs_bi=e.crumbs,
                            body_bi=e.body, body_w=e.body, ctx_bi=e.context, keys="\n".join(e.keys), terms="\n".join(e.terms))
    writer.commit()
    ix.close()
    (path / META).write_text(json.dumps({"key": key, "docs": len(items), "format": FORMAT,
                                         "analyser": analysis.analyser_name(), "built": time.time(),
                                         "files": _digests(path)}))


def _digests(path: Path) -> dict[str, str]:
    """sha256 of every index file: a garbled segment can still open and answer one query, so check bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.iterdir()) if p.is_file() and p.name != META and not p.name.endswith("WRITELOCK")}


def _usable(path: Path, key: str, count: int):
    """The opened read-only index when `path` holds a complete index for `key`, else None."""
    try:
        meta = json.loads((path / META).read_text())
        if meta.get("key") != key or meta.get("docs") != count:
            return None
        if not meta.get("files") or meta["files"] != _digests(path):
            return None
        ix = FileStorage(str(path), readonly=True).open_index()
        if ix.doc_count() != count:
            return None
        with ix.searcher() as s:
            s.search(Every(), limit=1)
        return ix
    except Exception:
        return None


def open_or_build(index_dir: str | os.PathLike, corpus, glossary) -> tuple[object, dict]:
    """Open the cached index for this corpus, or build it; returns (index, stats)."""
    t0 = time.perf_counter()
    items = entries(corpus, glossary)
    key = content_hash(items)
    root = Path(index_dir)
    root.mkdir(parents=True, exist_ok=True)
    target = root / key[:24]
    ix = _usable(target, key, len(items))
    if ix is not None:
        return ix, {"cached": True, "docs": len(items), "key": key, "seconds": time.perf_counter() - t0}
    tmp = Path(tempfile.mkdtemp(prefix=f".build-{key[:8]}-", dir=root))
    try:
        _write(tmp, items, key)
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
    ix = _usable(target, key, len(items))
    if ix is None:
        raise RuntimeError(f"search index in {target} could not be opened after building")
    return ix, {"cached": False, "docs": len(items), "key": key, "seconds": time.perf_counter() - t0}


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
