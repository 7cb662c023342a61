"""The Flask configuration: the app's settings from the JUDGE_APP_* table, with defaults under the instance."""
from __future__ import annotations

import os
from pathlib import Path

from judge_app import settings


def load_config(instance_path: str) -> dict:
    inst = Path(instance_path)
    config = {
        "DATABASE": settings.get("DATABASE") or str(inst / "judge_app.sqlite3"),
        "DATABASE_URL": settings.get("DATABASE_URL"),   # None: the SQLite file DATABASE
        "INDEX_DIR": settings.get("INDEX_DIR") or str(inst / "index"),
        "MAX_CONTENT_LENGTH": settings.get("MAX_CONTENT_LENGTH"),
        "SECRET_KEY": settings.get("SECRET_KEY") or _instance_secret(inst),
        "JSON_AS_ASCII": settings.get("JSON_AS_ASCII"),
        "MAX_STORED_BYTES": settings.get("MAX_STORED_BYTES"),
        "SESSION_IDLE_DAYS": settings.get("SESSION_IDLE_DAYS"),
        "RULINGS_PER_CLIENT": settings.get("RULINGS_PER_CLIENT"),
        "RULING_UNOPENED_DAYS": settings.get("RULING_UNOPENED_DAYS"),
        # Served over HTTPS (JUDGE_APP_HTTPS): the signed session cookie (the CSRF token) is sent over TLS only.
        "SESSION_COOKIE_SECURE": settings.get("HTTPS"),
        "PREFERRED_URL_SCHEME": "https" if settings.get("HTTPS") else "http",
        "RATE_LIMIT_WRITES": settings.get("RATE_LIMIT_WRITES"),
        "RATE_LIMIT_STORAGE": settings.get("RATE_LIMIT_STORAGE"),
        "RATE_LIMIT_PREVIEWS": settings.get("RATE_LIMIT_PREVIEWS"),
        "PROXIES": settings.get("PROXIES"),
    }
    return config


def _instance_secret(inst: Path) -> str:
    """A per-installation secret kept in the instance folder (mode 0600), so restarts keep sessions valid.

    Created with O_EXCL and mode 0600 in one call, so it is never readable by others, not even for a moment; a
    key file left readable by an older version is narrowed to 0600 when its owner starts the app."""
    inst.mkdir(parents=True, exist_ok=True)
    path = inst / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        _narrow(path)
    else:
        with os.fdopen(fd, "w") as f:
            f.write(os.urandom(32).hex())
    return path.read_text().strip()


def _narrow(path: Path) -> None:
    try:
        st = path.stat()
        if st.st_mode & 0o077 and st.st_uid == os.geteuid():
            os.chmod(path, 0o600)
    except OSError:   # another user's file, or a read-only folder: read it as it is
        pass
