"""Where the shipped data lives: the rulebooks, templates, static files and scenarios.

In a source checkout they are the top-level folders (`rules_corpus/`, `templates/`, `static/`, `scenarios/`).
A wheel maps those folders into the package at build time (`judge_app/_data/<name>`, see pyproject.toml),
and they are found through importlib.resources. A JUDGE_APP_* setting can point at another folder.
Imports nothing of ours but the settings table.
"""
from __future__ import annotations

import functools
import sys
from importlib import resources
from pathlib import Path

from judge_app import settings

SOURCE_ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("rules_corpus", "templates", "static", "scenarios")
_OVERRIDE = {"rules_corpus": ("CORPUS", "CORPUS_DIR"), "scenarios": ("SCENARIOS_DIR",)}   # first set wins


@functools.lru_cache(maxsize=None)
def _packaged(name: str) -> Path | None:
    folder = resources.files("judge_app") / "_data" / name
    return Path(str(folder)) if folder.is_dir() else None


def data_dir(name: str) -> Path:
    """The folder holding shipped data `name`: the setting if one is given, else the package's, else the source's."""
    if name not in SHIPPED:
        raise KeyError(name)
    for setting in _OVERRIDE.get(name, ()):
        chosen = settings.get(setting)
        if chosen:
            return Path(chosen)
    return _packaged(name) or SOURCE_ROOT / name


def from_source_checkout() -> bool:
    """True when running from a clone (the package sits beside pyproject.toml), not from an installed wheel."""
    return (SOURCE_ROOT / "pyproject.toml").is_file() and _packaged("rules_corpus") is None


def default_instance() -> Path:
    """`instance/` in a clone; beside the interpreter's prefix for an installed package, as Flask does."""
    if from_source_checkout():
        return SOURCE_ROOT / "instance"
    return Path(sys.prefix) / "var" / "judge_app-instance"


def instance_dir() -> Path:
    return Path(settings.get("INSTANCE") or default_instance())
