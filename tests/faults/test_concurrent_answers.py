"""Issue 27 #6: concurrent writes to one session are a 409 (or a 4xx naming the stale decision), never a 500.

Under 960 concurrent requests 2 gave a 500 (`'NoneType' object has no attribute 'trace'` in session_core.act): a
request replayed the game, put it in the cache and took it back out, and another request had taken it in
between. Here 25 threads answer the same open decision at the same moment, 21 rounds (525 answers): each round
exactly one answer is stored and every other one is refused, then the answer is undone for the next round.

A session's read is held open a moment (the GIL let go) so that the threads read the same version before any of them
writes: with requests as cheap as they now are, the losers could otherwise all arrive after the winner's write and
be refused for the stale decision (a 400), leaving the version conflict (the 409 path) untried."""
from __future__ import annotations

import random
import sys
import threading
import time

from judge_app import PROJECT_ROOT, create_app
from judge_app.engine import rulesets
from judge_app.application import sessions as session_cache
from judge_app.store.database import Store

THREADS, ROUNDS = 25, 21


def test_525_concurrent_answers_to_one_session_are_a_409_never_a_500(tmp_path, monkeypatch):
    read = Store.get_session

    def slow_read(self, sid):
        record = read(self, sid)
        time.sleep(0.002)   # the race window, held open: every thread of a round reads before the first writes
        return record

    monkeypatch.setattr(Store, "get_session", slow_read)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"),
                      "INDEX_DIR": str(PROJECT_ROOT / "instance" / "index"), "SECRET_KEY": "race"})
    session_cache.cache_clear()
    client = app.test_client()
    board = rulesets()["kaiun"].new_game_board(random.Random(7))
    sid = client.post("/api/sessions", json={"game": "kaiun", "board": board, "seed": 7}).get_json()["id"]
    pending = client.post(f"/api/sessions/{sid}/step", json={"until": "decision"}).get_json()["pending"]
    assert pending and pending["options"]
    base_version = client.get(f"/api/sessions/{sid}").get_json()["version"]
    results: list[list[tuple[int, dict]]] = [[] for _ in range(ROUNDS)]
    lock = threading.Lock()
    go = threading.Barrier(THREADS)

    def worker(n: int) -> None:
        c = app.test_client()
        for r in range(ROUNDS):
            go.wait()
            value = pending["options"][(n + r) % len(pending["options"])]["value"]
            resp = c.post(f"/api/sessions/{sid}/answer", json={"decision": pending["id"], "value": value})
            with lock:
                results[r].append((resp.status_code, resp.get_json() or {}))
            go.wait()
            if n == 0:   # back to the same open decision for the next round
                assert c.post(f"/api/sessions/{sid}/undo", json={}).status_code == 200

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)    # threads change places every few bytecodes: a race window cannot hide
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    flat = [x for rnd in results for x in rnd]
    assert len(flat) == THREADS * ROUNDS >= 500
    codes: dict[int, int] = {}
    for status, _ in flat:
        codes[status] = codes.get(status, 0) + 1
    assert not any(status >= 500 for status, _ in flat), codes
    for rnd in results:
        assert sum(1 for s, _ in rnd if s == 200) == 1, [s for s, _ in rnd]    # exactly one stored per round
        for status, body in rnd:
            assert status in (200, 409) or (status == 400 and body.get("field") == "decision"), (status, body)
    assert codes.get(409, 0) > 0, codes
    final = client.get(f"/api/sessions/{sid}").get_json()
    assert final["version"] == base_version + 2 * ROUNDS and final["pending"]["id"] == pending["id"]
