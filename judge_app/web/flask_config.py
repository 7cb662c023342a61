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
    }
    return config


def _instance_secret(inst: Path) -> str:
    """A per-installation secret kept in the instance folder, so restarts keep sessions valid."""
    inst.mkdir(parents=True, exist_ok=True)
    path = inst / "secret_key"
    if not path.exists():
        path.write_text(os.urandom(32).hex())
    return path.read_text().strip()
