"""What the app does around every request, whichever blueprint answers it: the response headers (a CSP the pages
satisfy with no inline script, no sniffing, no framing), the body size cap, the error pages and JSON for HTTP
errors and anything unexpected, the rulebooks' corpus read once per request (corpus.pin), JSON in UTF-8 as written,
what the templates share (the CSRF token, filters), static files under content-hashed names, and compression of
every answer the client can take compressed."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, abort, current_app, g, redirect, request
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from judge_app import corpus
from judge_app.store import is_disk_full
from judge_app.web.shared import compression, csrf, rate_limits, static_files, template_filters
from judge_app.web.shared.json_provider import JSONProvider
from judge_app.web.shared.negotiation import MESSAGES, error

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
SECURITY_HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
                    "Referrer-Policy": "same-origin"}


def install(app: Flask) -> None:
    app.json = JSONProvider(app)   # jsonify's answers written by orjson (json_provider.py)
    # Flask 3 reads app.json.ensure_ascii (config's JSON_AS_ASCII was Flask 2.2's): Japanese as written is half
    # the bytes on a venue's phone network.
    app.json.ensure_ascii = bool(app.config.get("JSON_AS_ASCII", False))
    # "//x" is not "/x": no redirect for it (werkzeug's would name an absolute URL made from the Host header)
    app.url_map.merge_slashes = False
    app.before_request(_pin_corpus)
    app.teardown_request(_unpin_corpus)
    csrf.install(app)
    template_filters.install(app)
    app.before_request(_relative_routing_redirect)
    app.before_request(_cap_body)
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(Exception, _unexpected)
    app.after_request(_headers)
    rate_limits.install(app)
    static_files.install(app, SECURITY_HEADERS)      # static answers never reach _headers
    compression.install(app)


def _pin_corpus():
    """One look at the rulebooks' manifest per request, and one corpus for all of it (corpus.pin)."""
    try:
        g.corpus_pin = corpus.pin()
    except Exception:   # noqa: BLE001 - a corpus that cannot be read: not pinned, so only the views that read it
        pass            # meet the error, as they did (/healthz still answers)


def _unpin_corpus(_exc):
    token = g.pop("corpus_pin", None)
    if token is not None:
        corpus.unpin(token)


def _cap_body():
    cap = current_app.config.get("MAX_CONTENT_LENGTH")
    if cap and request.content_length and request.content_length > cap:
        abort(413)


def _relative_routing_redirect():
    """werkzeug's routing redirects (a missing trailing slash) build an absolute URL from Host: send the path only,
    never one that a browser would read as another host ("//evil.example")."""
    exc = request.routing_exception
    if isinstance(exc, RequestRedirect):
        target = urlsplit(exc.new_url)
        return redirect("/" + target.path.lstrip("/") + (f"?{target.query}" if target.query else ""), exc.code)
    return None


def _http(e: HTTPException):
    return error(e.code or 500, MESSAGES.get(e.code or 500))


def _unexpected(e: Exception):
    if is_disk_full(e):   # nothing was written (every write is one transaction): say so, in the error shape
        current_app.logger.error("disk full: %s", e)
        resp = error(503, MESSAGES[503], "storage")
        resp.headers["Retry-After"] = "60"
        return resp
    current_app.logger.exception("unhandled error")
    return error(500)


def _headers(resp: Response) -> Response:
    for key, value in SECURITY_HEADERS.items():
        resp.headers.setdefault(key, value)
    return resp
