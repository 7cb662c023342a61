"""The parsed corpus kept on disk between starts, so a server does not parse five rulebooks each time it starts.

The file's name is a digest of everything the parse reads or runs: every file of the corpus directory (manifest,
rulebooks, kept editions), the corpus package's own source and the Python version. So an import, an edited
rulebook or a changed parser all miss the cache and parse again. A missing, truncated or unreadable file is parsed
again too: the cache can make a start faster, never change a clause.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Callable

PACKAGE = Path(__file__).resolve().parent
PREFIX = "corpus-"


def digest(directory: Path) -> str:
    h = hashlib.sha256(sys.version.encode())
    for root in (PACKAGE, Path(directory)):
        for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix != ".pyc"):
            h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def load_or_parse(directory: Path, cache_dir: Path, parse: Callable[[], object]):
    """The corpus of `directory` from `cache_dir` when a file for its digest is there, else `parse()` and keep it."""
    key = digest(directory)
    path = Path(cache_dir) / f"{PREFIX}{key}.pickle"
    try:
        corpus = pickle.loads(path.read_bytes())
        corpus.digest = key
        return corpus
    except FileNotFoundError:
        pass
    except Exception:   # truncated or garbled: parse again and write it anew
        pass
    corpus = parse()
    corpus.digest = key   # what the search index's start-up file is keyed by (search/index.py)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{PREFIX}", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            pickle.dump(corpus, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)   # readers see the old file or the whole new one
        for old in path.parent.glob(f"{PREFIX}*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass   # a read-only instance folder: serve from the parse, just slower next time
    return corpus
