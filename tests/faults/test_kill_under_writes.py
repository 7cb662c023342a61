"""Saved rulings and sessions survive SIGKILL in the middle of writes (issue 9, Faults).

A real gunicorn (2 workers) takes concurrent session and ruling writes while it is gracefully reloaded
(SIGHUP: no request may fail), then a worker, then the master alone is killed with SIGKILL and the server restarted (bench/faults.py also kills every process
at once, over many cycles). Every write it
acknowledged must read back afterwards, and the database must pass PRAGMA integrity_check with every
row's JSON intact. Runs on SQLite and on a real PostgreSQL server (tests/pg_cluster.py).
The longer version is bench/faults.py (`--store postgresql`).
"""
from __future__ import annotations

import pytest

from tests.faults.killer import run


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request):
    """None: the instance's SQLite file; else a fresh database on the session's PostgreSQL server."""
    return None if request.param == "sqlite" else request.getfixturevalue("pg_database")


def test_no_acknowledged_write_is_lost_when_workers_and_master_are_killed(tmp_path, database_url):
    result = run(tmp_path / "instance", writers=6, rounds=("hup", "worker", "master"), write_seconds=0.5,
                 database_url=database_url)
    assert result["kills"][0] == "hup" and result["kills"][1].startswith("worker") and result["kills"][2:] == ["master"]
    assert result["hup_failures"] == [0], "a request failed during the graceful reload (SIGHUP)"
    assert result["acknowledged_sessions"] >= 10 and result["acknowledged_answers"] >= 10, result
    assert result["acknowledged_rulings"] >= 3, result
    assert result["lost"] == [], result
    assert result["corrupt"] == [] and result["integrity"] == "ok", result
    assert result["rejections"] == [], result
    served = result["served"]   # the production server itself: preloaded, its workers, its headers
    assert served["status"] == 200 and served["workers"] == 2
    assert served["headers"]["Server"].startswith("gunicorn")
    assert "script-src 'self'" in served["headers"]["Content-Security-Policy"]
    assert served["headers"]["X-Frame-Options"] == "DENY"
    assert served["headers"]["X-Content-Type-Options"] == "nosniff"
    race = result["race"]          # one session stepped by 8 clients at once
    assert race["acknowledged"] == race["stored"] and race["acknowledged"] >= 1, race
    assert set(race["codes"]) <= {200, 400, 409}, race
