"""judge_app: a rules reference and step-through ruling assistant for tournament judges.

Its packages stand in layers (docs/architecture.md, "Layers"; pyproject.toml holds the contracts), each importing
only those below it:
    web/ (pages and JSON API), cli/ (`judge-app`)        and the serving entry points above them
    application/   sessions and rulings: create, step, answer, adjust, undo, save, review (no Flask)
    search/, store/, scenarios.py
    engine/, corpus/
    resources.py, settings.py

The package root imports nothing heavy. The Flask app factory lives in `judge_app.web.app`; `create_app` here is
that factory, looked up on first use, so `flask --app judge_app` and `from judge_app import create_app` keep working.
"""
from __future__ import annotations

from judge_app.resources import SOURCE_ROOT as PROJECT_ROOT

__all__ = ["create_app", "PROJECT_ROOT"]


def __getattr__(name: str):
    if name == "create_app":
        from judge_app.web.app import create_app

        return create_app
    raise AttributeError(f"module 'judge_app' has no attribute {name!r}")
