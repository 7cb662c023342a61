"""The web layer: the pages and the JSON API of each resource, over the application layer.

One module per resource — `rules`, `search`, `editions`, `boards`, `sessions`, `rulings`, plus `home` and `health` —
holds its pages (`bp`) and, where it has one, its JSON API (`api`) side by side; no blueprint imports another.
What they share (answering as JSON or HTML, the one error shape, request bodies, CSRF, clause links, the board
drawing, the trace window, the app's store and search service) is in `shared/`, which imports no blueprint.
`app.py` is the factory, `app_hooks.py` what runs around every request, `flask_config.py` the configuration.
"""
from __future__ import annotations

import importlib

from flask import Flask

RESOURCES = ("home", "health", "rules", "search", "editions", "boards", "sessions", "rulings", "api_doc",
             "offline")


def register_blueprints(app: Flask) -> None:
    for name in RESOURCES:
        module = importlib.import_module(f"{__name__}.{name}")
        for bp in (getattr(module, "bp", None), getattr(module, "api", None)):
            if bp is not None:
                app.register_blueprint(bp)
