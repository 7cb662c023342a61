"""Search over every clause of the five rulebooks (see docs/architecture.md, Search). No Flask: the caller names
the index folder, or the settings do.

    from judge_app.search import get_service
    svc = get_service(index_dir)       # built or loaded once per process (the web: at app start-up)
    svc.search("7-1-4", doc="opcg", limit=10)
"""
from __future__ import annotations

import threading
from pathlib import Path

from judge_app import settings
from judge_app.resources import instance_dir
from judge_app.search.service import ANSWER_CACHE, MAX_LIMIT, MAX_QUERY, SearchService, UnknownDoc

_lock = threading.Lock()
_services: dict[str, SearchService] = {}


def configured_index_dir() -> str:
    """The index folder the settings name: JUDGE_APP_INDEX_DIR, else <instance>/index."""
    return settings.get("INDEX_DIR") or str(instance_dir() / "index")


def get_service(index_dir: str | Path | None = None) -> SearchService:
    """The process's SearchService for `index_dir` (default: `configured_index_dir()`), created on first use.

    One process serves one corpus: a service already built over the current corpus is shared, whatever folder
    it was built in (tests make many apps; the index is read-only)."""
    from judge_app.corpus import get_corpus

    index_dir = str(index_dir or configured_index_dir())
    corpus = get_corpus()   # a new edition made current (an import) gives a new corpus, and a new index
    with _lock:
        svc = _services.get(index_dir)
        if svc is None or svc.corpus is not corpus:
            svc = next((s for s in _services.values() if s.corpus is corpus), None)
            if svc is None:
                svc = SearchService(corpus, index_dir)
            _services[index_dir] = svc
    return svc


__all__ = ["get_service", "configured_index_dir", "SearchService", "UnknownDoc", "MAX_QUERY", "MAX_LIMIT", "ANSWER_CACHE"]
