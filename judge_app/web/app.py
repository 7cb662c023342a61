"""The Flask app factory: configuration from defaults, then JUDGE_APP_* settings, then `config`; the app-wide
hooks; the blueprints; and the start-up work done once, before gunicorn forks its workers."""
from __future__ import annotations

from pathlib import Path

from flask import Flask

from judge_app import corpus
from judge_app.resources import data_dir, instance_dir
from judge_app.web import app_hooks, register_blueprints
from judge_app.web.flask_config import load_config
from judge_app.web.shared import rate_limits
from judge_app.web.shared.services import migrate_store, search_service


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
    corpus.keep_parsed_in(app.config["INDEX_DIR"])   # beside the search index: both are built from the rulebooks
    app_hooks.install(app)
    register_blueprints(app)
    rate_limits.limit_previews(app)   # by view, so once the views are there
    migrate_store(app)           # the database at the newest schema
    corpus.get_corpus()          # parsed once, so workers fork with it loaded
    search_service(app)          # the index built or loaded once per process
    return app
