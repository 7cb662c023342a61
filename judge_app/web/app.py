"""The Flask app factory: configuration from defaults, then JUDGE_APP_* settings, then `config`."""
from __future__ import annotations

from pathlib import Path

from flask import Flask

from judge_app.config import load_config
from judge_app.resources import data_dir, instance_dir


def create_app(config: dict | None = None) -> Flask:
    app = Flask(
        "judge_app",
        template_folder=str(data_dir("templates")),
        static_folder=str(data_dir("static")),
        instance_path=str(instance_dir()),
    )
    app.config.update(load_config(app.instance_path))
    if config:
        app.config.update(config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    from judge_app import corpus

    corpus.keep_parsed_in(app.config["INDEX_DIR"])   # beside the search index: both are built from the rulebooks

    from judge_app.web import register_blueprints

    register_blueprints(app)
    return app
