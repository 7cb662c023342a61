"""What the hostile tests share: the app as they attack it — a fresh SQLite file of its own, and the search index
the suite builds once (instance/index) — and a client on one such app for a whole module."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge_app import PROJECT_ROOT, create_app

SHARED_INDEX = str(PROJECT_ROOT / "instance" / "index")


def attacked_app(tmp: Path, secret: str, **config):
    """The app on `tmp`/db.sqlite3 (`config` adds to or overrides the test configuration)."""
    return create_app({"TESTING": True, "DATABASE": str(tmp / "db.sqlite3"), "INDEX_DIR": SHARED_INDEX,
                       "SECRET_KEY": secret, **config})


@pytest.fixture(scope="module")
def module_client(request, tmp_path_factory):
    """A client on an app of the module's own, its database shared by the module's tests."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    return attacked_app(tmp_path_factory.mktemp(name), name).test_client()
