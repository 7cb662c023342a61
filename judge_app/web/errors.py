"""Errors the app raises or that Flask raises for it, answered through views.error (one shape)."""
from __future__ import annotations

from flask import Flask, abort, current_app, request
from werkzeug.exceptions import HTTPException

from judge_app.store import Refused
from judge_app.web.views import MESSAGES, error


def init_app(app: Flask) -> None:
    @app.before_request
    def _cap_body():
        cap = current_app.config.get("MAX_CONTENT_LENGTH")
        if cap and request.content_length and request.content_length > cap:
            abort(413)

    @app.errorhandler(Refused)
    def _refused(e: Refused):   # the store's bounds (size cap, seed range, NaN): a 4xx naming the field
        return error(e.status, e.message, e.field)

    @app.errorhandler(HTTPException)
    def _http(e: HTTPException):
        desc = MESSAGES.get(e.code or 500)
        return error(e.code or 500, desc)

    @app.errorhandler(Exception)
    def _unexpected(e: Exception):
        current_app.logger.exception("unhandled error")
        return error(500)
