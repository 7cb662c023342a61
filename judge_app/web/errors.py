"""Errors: Japanese pages for people, `{error, field}` JSON for /api/ and for clients that ask for JSON."""
from __future__ import annotations

from flask import Flask, abort, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

MESSAGES = {
    400: "リクエストが正しくありません",
    403: "この操作は許可されていません",
    404: "ページが見つかりません",
    405: "このURLではその方法は使えません",
    413: "送信されたデータが大きすぎます",
    415: "JSON で送信してください",
    429: "リクエストが多すぎます",
    500: "サーバーで問題が起きました",
}


def wants_json() -> bool:
    if request.path.startswith("/api/") or request.args.get("format") == "json":
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and request.accept_mimetypes[best] > request.accept_mimetypes["text/html"]


def error_response(status: int, message: str | None = None, field: str | None = None, **extra):
    message = message or MESSAGES.get(status, "エラー")
    if wants_json():
        body = {"error": message, "field": field, "status": status} | extra
        return jsonify(body), status
    return render_template("error.html", status=status, message=message, field=field, extra=extra), status


def init_app(app: Flask) -> None:
    @app.before_request
    def _cap_body():
        cap = current_app.config.get("MAX_CONTENT_LENGTH")
        if cap and request.content_length and request.content_length > cap:
            abort(413)

    @app.errorhandler(HTTPException)
    def _http(e: HTTPException):
        desc = MESSAGES.get(e.code or 500)
        return error_response(e.code or 500, desc)

    @app.errorhandler(Exception)
    def _unexpected(e: Exception):
        current_app.logger.exception("unhandled error")
        return error_response(500)
