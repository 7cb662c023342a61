"""Searches from many threads at once (gunicorn's gthread workers do this): no shared analyser state."""
from __future__ import annotations

import threading

from judge_app import PROJECT_ROOT
from judge_app.corpus import get_corpus
from judge_app.search import analysis
from judge_app.search.service import SearchService


def test_concurrent_fresh_searches_all_answer():
    svc = SearchService(get_corpus(), PROJECT_ROOT / "instance" / "index")
    texts = [c.text for d in get_corpus().docs.values() for c in list(d.clauses.values())[:60] if len(c.text) > 20]
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def work(i):
        start.wait()
        try:
            for k in range(10):
                text = texts[(i * 10 + k) % len(texts)]
                analysis.content_words.cache_clear() if k % 5 == 0 else None
                svc._search(text[k % 10: k % 10 + 12] + f" {i}{k}", None, 5)
        except BaseException as e:   # collected: the assertion below reports it
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, repr(errors[:3])
