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
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"),
                       "INDEX_DIR": str(tmp_path / "index"), "SECRET_KEY": "test"})


@pytest.fixture
def client(app):
    return app.test_client()
