"""`GET /healthz`: the cheapest answer the server can give (liveness probe, and the load test's ceiling)."""
from __future__ import annotations

from flask import Blueprint, jsonify, redirect, url_for

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    return jsonify(ok=True)


@bp.get("/favicon.ico")
def favicon():
    """Clients that ask for /favicon.ico without reading the page's <link rel=icon> get the same icon."""
    return redirect(url_for("static", filename="favicon.svg"), 301)
