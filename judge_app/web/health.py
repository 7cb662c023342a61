"""`GET /healthz`: the cheapest answer the server can give (liveness probe, and the load test's ceiling)."""
from __future__ import annotations

from flask import Blueprint, jsonify

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    return jsonify(ok=True)
