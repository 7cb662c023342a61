"""CSRF protection for HTML forms that change stored data.

A random token lives in Flask's signed session cookie (SameSite=Lax); every such form carries it in a
hidden `csrf` field and each page blueprint checks it on POST (`bp.before_request(check)`). The JSON API takes JSON bodies only, which a
cross-site form cannot send, so it needs no token.
"""
from __future__ import annotations

import hmac
import secrets

from flask import request, session

from judge_app.web.shared.negotiation import error

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
        return error(400, "フォームの有効期限が切れたか、別のサイトから送られました。"
                               "ページを読み込み直してから、もう一度送ってください。", FIELD)
    return None


def install(app) -> None:
    """The token for templates, and the session cookie SameSite=Lax unless configured otherwise."""
    app.jinja_env.globals["csrf_token"] = csrf_token
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
