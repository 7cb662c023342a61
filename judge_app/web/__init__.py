"""Blueprints: one module per kind of page. Each module that defines `bp` is registered."""
from __future__ import annotations

import importlib
import pkgutil

from flask import Flask


def register_blueprints(app: Flask) -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        bp = getattr(module, "bp", None)
        if bp is not None:
            app.register_blueprint(bp)
        init = getattr(module, "init_app", None)
        if init is not None:
            init(app)
