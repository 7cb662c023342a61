"""Issue 27 #11: the secret key file is 0600, `judge-app settings` never prints a secret, and the session cookie
is Secure when the deployment says it is served over HTTPS (JUDGE_APP_HTTPS)."""
from __future__ import annotations

import os
import stat

import pytest

from judge_app import create_app
from judge_app.cli import main
from judge_app.cli.settings import mask_url
from judge_app.web.flask_config import _instance_secret


def test_the_secret_key_file_is_created_0600_whatever_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        key = _instance_secret(tmp_path)
    finally:
        os.umask(old)
    path = tmp_path / "secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(key) == 64
    assert _instance_secret(tmp_path) == key          # kept across starts


def test_a_key_file_left_0644_by_an_older_version_is_narrowed(tmp_path):
    path = tmp_path / "secret_key"
    path.write_text("ab" * 32)
    os.chmod(path, 0o644)
    assert _instance_secret(tmp_path) == "ab" * 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_settings_masks_the_secret_key_and_the_database_password(monkeypatch, capsys):
    monkeypatch.setenv("JUDGE_APP_SECRET_KEY", "0123456789abcdef-very-secret")
    monkeypatch.setenv("JUDGE_APP_DATABASE_URL", "postgresql://judge:s3cr%40t-pw@db.example:5433/judge")
    assert main(["settings"]) == 0
    out = capsys.readouterr().out
    assert "very-secret" not in out and "s3cr" not in out
    assert "postgresql://judge:***@db.example:5433/judge" in out
    assert "JUDGE_APP_SECRET_KEY" in out and "表示しません" in out


@pytest.mark.parametrize("url, shown", [
    ("postgresql://judge@db/judge", "postgresql://judge@db/judge"),
    ("postgresql://judge:pw@db/judge", "postgresql://judge:***@db/judge"),
    ("postgresql://judge:pw@[::1]:5432/judge?sslmode=require", "postgresql://judge:***@[::1]:5432/judge?sslmode=require"),
    ("sqlite:////srv/judge.sqlite3", "sqlite:////srv/judge.sqlite3"),
])
def test_mask_url(url, shown):
    assert mask_url(url) == shown


def _cookie(monkeypatch, tmp_path, https: str | None) -> str:
    if https is None:
        monkeypatch.delenv("JUDGE_APP_HTTPS", raising=False)
    else:
        monkeypatch.setenv("JUDGE_APP_HTTPS", https)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"),
                      "INDEX_DIR": str(tmp_path / "index"), "SECRET_KEY": "k"})
    resp = app.test_client().get("/board/opcg")   # a page with a form: the CSRF token goes into the cookie
    assert resp.status_code == 200
    return resp.headers.get("Set-Cookie", "")


def test_the_session_cookie_is_secure_when_served_over_https(monkeypatch, tmp_path):
    secure = _cookie(monkeypatch, tmp_path, "true")
    assert secure.startswith("session=") and "Secure" in secure and "HttpOnly" in secure
    plain = _cookie(monkeypatch, tmp_path, None)
    assert plain.startswith("session=") and "Secure" not in plain
