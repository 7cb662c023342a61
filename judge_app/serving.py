"""What the production server does around forking: warm the master once, reset handles in each worker."""
from __future__ import annotations

import importlib
import time

from flask import Flask


def _optional(module: str):
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def warm(app: Flask) -> dict:
    """Parse the corpus and build (or verify) the search index in this process, before workers fork."""
    stats: dict = {}
    t0 = time.perf_counter()
    corpus = _optional("judge_app.corpus")
    if corpus is not None and hasattr(corpus, "get_corpus"):
        stats["clauses"] = sum(len(d.clauses) for d in corpus.get_corpus().docs.values())
    services = _optional("judge_app.web.shared.services")
    if services is not None and hasattr(services, "search_service"):
        svc = services.search_service(app)   # opens the cached index, or builds it (atomically) when missing or bad
        svc.search("ルール", limit=1)     # loads the analysers' dictionaries here, shared copy-on-write
        stats["index"] = {k: svc.stats.get(k) for k in ("cached", "docs")}
    games = _optional("judge_app.application.games")
    if games is not None and hasattr(games, "scenario_list"):   # the builder's shelf, read once for every worker
        stats["scenarios"] = sum(len(games.scenario_list(r.game)) for r in games.rulesets().values())
    stats["seconds"] = round(time.perf_counter() - t0, 3)
    return stats


def after_fork(app: Flask) -> None:
    """In a new worker: drop file handles inherited from the master (they share its file offsets)."""
    import threading

    svc = app.extensions.get("judge_app.search")
    if svc is not None and hasattr(svc, "_local"):
        svc._local = threading.local()   # searchers are opened again, read-only, by this worker's threads
