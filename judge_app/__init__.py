"""judge_app: a rules reference and step-through ruling assistant for tournament judges."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict | None = None) -> Flask:
    """The Flask app factory: configuration from defaults, then JUDGE_APP_* environment, then `config`."""
    app = Flask(
        __name__,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
        instance_path=os.environ.get("JUDGE_APP_INSTANCE", str(PROJECT_ROOT / "instance")),
    )
    from judge_app.config import load_config

    app.config.update(load_config(app.instance_path))
    if config:
        app.config.update(config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    from judge_app.web import register_blueprints

    register_blueprints(app)
    return app
