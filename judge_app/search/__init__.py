"""Search over every clause of the five rulebooks (see docs/architecture.md, Search).

    from judge_app.search import get_service
    svc = get_service(app)             # built or loaded once per process, at app start-up
    svc.search("7-1-4", doc="opcg", limit=10)
"""
from __future__ import annotations

import threading

from judge_app.search.service import MAX_LIMIT, MAX_QUERY, SearchService, UnknownDoc

_lock = threading.Lock()
_services: dict[str, SearchService] = {}


def get_service(app=None, index_dir: str | None = None) -> SearchService:
    """The process's SearchService for `app` (its INDEX_DIR), created on first use.

    One process serves one corpus: a second app in the same process (tests make many) reuses the
    service already built for its INDEX_DIR, or for any INDEX_DIR when none is given."""
    if index_dir is None:
        if app is None:
            from flask import current_app

            app = current_app
        from judge_app.corpus import get_corpus

        ext = app.extensions.get("judge_app.search")
        if ext is not None and ext.corpus is get_corpus():
            return ext
        index_dir = app.config["INDEX_DIR"]
    from judge_app.corpus import get_corpus

    corpus = get_corpus()   # a new edition made current (an import) gives a new corpus, and a new index
    with _lock:
        svc = _services.get(str(index_dir))
        if svc is None or svc.corpus is not corpus:
            # same corpus object already indexed in this process: share it (the index is read-only)
            svc = next((s for s in _services.values() if s.corpus is corpus), None)
            if svc is None:
                svc = SearchService(corpus, index_dir)
            _services[str(index_dir)] = svc
    if app is not None:
        app.extensions["judge_app.search"] = svc
    return svc


__all__ = ["get_service", "SearchService", "UnknownDoc", "MAX_QUERY", "MAX_LIMIT"]
