"""Configuration: embedded defaults, overridden by JUDGE_APP_* environment variables."""
from __future__ import annotations

import os
from pathlib import Path

PREFIX = "JUDGE_APP_"


def load_config(instance_path: str) -> dict:
    inst = Path(instance_path)
    config = {
        "DATABASE": str(inst / "judge_app.sqlite3"),
        "INDEX_DIR": str(inst / "index"),
        "MAX_CONTENT_LENGTH": 1 * 1024 * 1024,
        "SECRET_KEY": None,
        "JSON_AS_ASCII": False,
    }
    for key in list(config):
        env = os.environ.get(PREFIX + key)
        if env is not None:
            config[key] = int(env) if isinstance(config[key], int) else env
    if not config["SECRET_KEY"]:
        config["SECRET_KEY"] = _instance_secret(inst)
    return config


def _instance_secret(inst: Path) -> str:
    """A per-installation secret kept in the instance folder, so restarts keep sessions valid."""
    inst.mkdir(parents=True, exist_ok=True)
    path = inst / "secret_key"
    if not path.exists():
        path.write_text(os.urandom(32).hex())
    return path.read_text().strip()
