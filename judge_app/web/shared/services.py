"""The store and the search service of the app serving this request: the layers below take their settings as
arguments, and this is where the app's config (DATABASE_URL or DATABASE, INDEX_DIR) is handed to them."""
from __future__ import annotations

from flask import Flask, current_app

from judge_app import store as store_mod
from judge_app.corpus import get_corpus
from judge_app.search import SearchService, get_service

SEARCH_EXTENSION = "judge_app.search"   # app.extensions key; serving.after_fork resets its searchers


def store_target(config) -> str:
    """The app's database: DATABASE_URL when set, else the SQLite file DATABASE."""
    return store_mod.database_url(config.get("DATABASE_URL") or config["DATABASE"])


def get_store() -> store_mod.Store:
    config = current_app.config
    return store_mod.shared_store(store_target(config), **store_mod.limits(
        config.get("MAX_STORED_BYTES"), config.get("SESSION_IDLE_DAYS"), config.get("RULINGS_PER_CLIENT"),
        config.get("RULING_UNOPENED_DAYS")))


def migrate_store(app: Flask) -> None:
    """At start-up: the app's database brought to the newest schema."""
    store_mod.migrate(store_target(app.config))


def search_service(app: Flask | None = None) -> SearchService:
    """The app's SearchService (over its INDEX_DIR), kept on the app while the corpus stays the same object."""
    app = app or current_app
    svc = app.extensions.get(SEARCH_EXTENSION)
    if svc is None or svc.corpus is not get_corpus():
        svc = app.extensions[SEARCH_EXTENSION] = get_service(app.config["INDEX_DIR"])
    return svc
