"""How every page answers: as JSON or as HTML (negotiated), and the one error shape.

Every GET view builds its data, then calls `render(data, template, **context)`: the JSON twin is `data`, the HTML
page is the template drawn from `data` plus whatever objects only the page needs (`context`). Every error is
`error(status, message, field, **extra)`: `{error, field, status, …extra}` as JSON, `error.html` as a page.
"""
from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from flask import Response, current_app, jsonify, make_response, render_template, request

MESSAGES = {
    400: "リクエストが正しくありません",
    403: "この操作は許可されていません",
    404: "ページが見つかりません",
    405: "このURLではその方法は使えません",
    409: "ほかの操作と重なりました。読み込み直してください",
    413: "送信されたデータが大きすぎます",
    415: "JSON で送信してください",
    422: "内容を受け付けられません",
    429: "リクエストが多すぎます",
    500: "サーバーで問題が起きました",
    503: "サーバーの保存領域がいっぱいです。何も保存していません。しばらくしてからもう一度試してください",
}


def wants_json() -> bool:
    """`?format=json` (or `?format=html`) decides; else /api/ paths, else an Accept header preferring JSON."""
    fmt = request.args.get("format")
    if fmt in ("json", "html"):
        return fmt == "json"
    if request.path.startswith("/api/"):
        return True
    accept = request.accept_mimetypes
    best = accept.best_match(["text/html", "application/json"])
    return best == "application/json" and accept["application/json"] > accept["text/html"]


def json_url() -> str:
    """This page's JSON twin: the same path and query with format=json (percent-encoded, for a header)."""
    args = [(k, v) for k, vs in request.args.lists() if k != "format" for v in vs] + [("format", "json")]
    return quote(request.path) + "?" + urlencode(args)


def render(data: Any, template: str, status: int = 200, headers: dict | None = None, json_text: str | None = None,
           **context) -> Response:
    """`json_text`: `data` already encoded (web/shared/fixed_json.py), for the JSON twin."""
    if wants_json():
        resp = make_response(jsonify(data) if json_text is None else
                             Response(json_text + "\n", mimetype=current_app.json.mimetype), status)
    else:
        resp = make_response(render_template(template, data=data, **context), status)
        resp.headers["Link"] = f'<{json_url()}>; rel="alternate"; type="application/json"'
    resp.vary.add("Accept")
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def error(status: int, message: str | None = None, field: str | None = None, **extra) -> Response:
    """The one error: `{error, field, status}` plus any `extra` (code, suggestions, valid_docs …)."""
    message = message or MESSAGES.get(status, "エラー")
    body = {"error": message, "field": field, "status": status} | extra
    if wants_json():
        resp = make_response(jsonify(body), status)
    else:
        resp = make_response(render_template("error.html", status=status, message=message, field=field,
                                             extra=extra), status)
    resp.vary.add("Accept")
    return resp
