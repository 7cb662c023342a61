import os as _os
import shutil as _shutil
import tempfile as _tempfile
from pathlib import Path as _Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from judge_app import create_app


class BufferedClient(FlaskClient):
    """Reads each answer whole and closes it, so a static file's handle is not left open (ResourceWarning)."""

    def open(self, *args, buffered=True, **kwargs):
        return super().open(*args, buffered=buffered, **kwargs)


Flask.test_client_class = BufferedClient   # every app the tests make, whichever fixture makes it


@pytest.fixture
def app(request, tmp_path):
    """The app on a fresh SQLite file; with JUDGE_APP_TEST_STORE=postgresql on a fresh PostgreSQL database of the
    session's throwaway cluster, so every page and API test also runs against the shared store (make test-postgresql)."""
    config = {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"),
              "INDEX_DIR": str(tmp_path / "index"), "SECRET_KEY": "test"}
    if _os.environ.get("JUDGE_APP_TEST_STORE") == "postgresql":
        config["DATABASE_URL"] = request.getfixturevalue("pg_database")
    return create_app(config)


def pytest_collection_modifyitems(config, items):
    # every test that builds the app through the fixture runs again on PostgreSQL (make test's second pass)
    for item in items:
        if "app" in getattr(item, "fixturenames", ()):
            item.add_marker("store_pages")


@pytest.fixture
def client(app):
    return app.test_client()


# ---- PostgreSQL: a real throwaway cluster (tests/pg_cluster.py), started once per test session ------------------
import sys as _sys   # noqa: E402

from tests import pg_cluster as _pg   # noqa: E402

_PG_STATE: dict = {}


def _postgres_wanted() -> bool:
    return _os.environ.get(_pg.SKIP_ENV, "").strip().lower() != "skip"


def _loud(message: str) -> None:
    bar = "!" * 100
    print(f"\n{bar}\n!!! PostgreSQL: {message}\n!!! The [postgresql] tests FAIL. Install it: sh .ci/ensure-postgres "
          f"(as root), or skip them on purpose: {_pg.SKIP_ENV}=skip\n{bar}\n", file=_sys.stderr, flush=True)


def _postgres_version() -> str:
    """'15.18 (Debian 15.18-0+deb12u1)' from the server binary itself, without starting it; '' if none."""
    import subprocess

    try:
        out = subprocess.run([str(_pg.bin_dir() / "postgres"), "--version"], capture_output=True, text=True,
                             timeout=20).stdout
    except (_pg.Unavailable, OSError, subprocess.TimeoutExpired):
        return ""
    return out.split("(PostgreSQL)", 1)[-1].strip() or out.strip()


def pytest_report_header(config):
    if not _postgres_wanted():
        return f"postgresql: SKIPPED on purpose ({_pg.SKIP_ENV}=skip)"
    version = _postgres_version()
    if not version:
        _loud("Debian's postgresql package is not installed")
        return "postgresql: NOT INSTALLED - the [postgresql] tests will fail"
    return f"postgresql: PostgreSQL {version}, a throwaway cluster per test session (tests/pg_cluster.py)"


@pytest.fixture(scope="session")
def pg_cluster():
    """The session's PostgreSQL server. Fails loudly when it cannot be had, unless skipping was asked for."""
    if not _postgres_wanted():
        pytest.skip(f"PostgreSQL tests skipped on purpose ({_pg.SKIP_ENV}=skip)")
    if "error" in _PG_STATE:
        pytest.fail(_PG_STATE["error"], pytrace=False)
    if "cluster" not in _PG_STATE:
        try:
            # not under pytest's basetemp: another pytest run on the machine prunes old basetemps, data dir included
            root = _Path(_tempfile.mkdtemp(prefix="judge-app-postgresql-"))
            _PG_STATE["root"] = root
            cluster = _pg.start_or_explain(root)
        except _pg.Unavailable as e:
            _shutil.rmtree(_PG_STATE.pop("root"), ignore_errors=True)
            _PG_STATE["error"] = f"PostgreSQL could not be started: {e}"
            _loud(_PG_STATE["error"])
            pytest.fail(_PG_STATE["error"], pytrace=False)
        _PG_STATE["cluster"] = cluster
        _PG_STATE["n"] = 0
        print(f"\npostgresql {cluster.version} started on 127.0.0.1:{cluster.port} ({cluster.root})",
              file=_sys.stderr)
    yield _PG_STATE["cluster"]
    _PG_STATE.pop("cluster").stop()
    _shutil.rmtree(_PG_STATE.pop("root"), ignore_errors=True)


@pytest.fixture
def pg_database(pg_cluster):
    """A fresh, empty database on the session's PostgreSQL server; its URL."""
    _PG_STATE["n"] += 1
    return pg_cluster.create_database(f"judge_{_PG_STATE['n']}")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The store's database, once as a SQLite file and once as a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "db.sqlite3")
    return request.getfixturevalue("pg_database")
