"""Issue 27 #7: rate-limit counters in the store's database, so that several servers on one PostgreSQL (and every
worker of one server) count one client together. Driven through the `limits` library as Flask-Limiter drives it."""
from __future__ import annotations

import threading
import time

from limits import parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from judge_app.store import Store
from judge_app.store.ratelimit import SCHEME, DatabaseStorage
from judge_app.store.schema import rate_limits


def _store(url: str) -> Store:
    s = Store(url)
    s.init_schema()
    return s


def test_two_servers_count_one_client_together(store_url):
    a, b = _store(store_url), _store(store_url)          # two servers: two pools on one database
    try:
        limiter_a = FixedWindowRateLimiter(DatabaseStorage(store=a))
        limiter_b = FixedWindowRateLimiter(DatabaseStorage(store=b))
        five = parse("5/minute")
        hits = [(limiter_a if i % 2 else limiter_b).hit(five, "writes", "198.51.100.7") for i in range(7)]
        assert hits == [True] * 5 + [False] * 2
        assert limiter_a.hit(five, "writes", "198.51.100.8")               # another client has its own count
        stats = limiter_b.get_window_stats(five, "writes", "198.51.100.7")
        assert stats.remaining == 0 and time.time() < stats.reset_time <= time.time() + 61
    finally:
        a.close()
        b.close()


def test_a_window_that_is_over_starts_again_and_prune_forgets_it(store_url):
    store = _store(store_url)
    try:
        limiter = FixedWindowRateLimiter(DatabaseStorage(store=store))
        two = parse("2/second")
        assert [limiter.hit(two, "k") for _ in range(3)] == [True, True, False]
        time.sleep(1.1)
        assert limiter.hit(two, "k")
        time.sleep(1.1)
        assert store.prune() == 0                            # no session expiry set: counters only
        with store._read() as c:
            assert c.execute(rate_limits.select()).first() is None
    finally:
        store.close()


def test_concurrent_hits_are_all_counted(store_url):
    store = _store(store_url)
    try:
        storage = DatabaseStorage(store=store)
        go = threading.Barrier(8)

        def hit():
            go.wait()
            for _ in range(10):
                storage.incr("burst", 60)

        threads = [threading.Thread(target=hit) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert storage.get("burst") == 80
        storage.clear("burst")
        assert storage.get("burst") == 0 and storage.check()
    finally:
        store.close()


def test_the_scheme_is_registered_with_limits(tmp_path):
    storage = storage_from_string(f"{SCHEME}://", target=str(tmp_path / "db.sqlite3"))
    assert isinstance(storage, DatabaseStorage)
    storage.store.init_schema()
    assert storage.incr("x", 10) == 1 and storage.incr("x", 10) == 2 and storage.reset() == 1
