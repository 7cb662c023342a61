import pytest

from judge_app import create_app


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"),
                       "INDEX_DIR": str(tmp_path / "index"), "SECRET_KEY": "test"})


@pytest.fixture
def client(app):
    return app.test_client()
