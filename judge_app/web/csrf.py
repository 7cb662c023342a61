"""CSRF protection for HTML forms that change stored data, and the JSON-twin negotiation of pages.

A random token lives in Flask's signed session cookie (SameSite=Lax); every such form carries it in a
hidden `csrf` field and the blueprint checks it on POST. The JSON API takes JSON bodies only, which a
cross-site form cannot send, so it needs no token.
"""
from __future__ import annotations

import hmac
import secrets

from flask import render_template, request, session

FIELD = "csrf"


def csrf_token() -> str:
    token = session.get(FIELD)
    if not isinstance(token, str) or len(token) < 20:
        token = session[FIELD] = secrets.token_urlsafe(24)
    return token


def check():
    """before_request hook for blueprints with state-changing forms."""
    if request.method != "POST" or request.mimetype == "application/json":
        return None  # JSON bodies cannot come from a cross-site form (CORS preflight)
    sent = request.form.get(FIELD, "")
    token = session.get(FIELD)
    if not isinstance(token, str) or not sent or not hmac.compare_digest(sent, token):
        return error_page(400, "フォームの有効期限が切れたか、別のサイトから送られました。"
                               "ページを読み込み直してから、もう一度送ってください。", FIELD)
    return None


def wants_json() -> bool:
    """A page's JSON twin: ?format=json, or an Accept header that prefers JSON to HTML."""
    fmt = request.args.get("format")
    if fmt:
        return fmt == "json"
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and request.accept_mimetypes["application/json"] > request.accept_mimetypes["text/html"]


def init_app(app) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"


def error_page(status: int, message: str, field: str | None = None):
    """An HTML error with the same `{error, field}` content the JSON twin would give."""
    if wants_json():
        from flask import jsonify

        return jsonify({"error": message, "field": field}), status
    return render_template("sessions/error.html", status=status, message=message, field=field), status
