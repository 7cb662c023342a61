"""Per-client limits on writes (issue 27), by Flask-Limiter.

Every write (POST, PUT, PATCH, DELETE) of one client counts against one shared limit, JUDGE_APP_RATE_LIMIT_WRITES
(default 120 a minute and 1,200 an hour: a judge stepping with the space bar writes about once a second); reads
are never limited, nor the builder's previews (`@stores_nothing`), which a judge sends at every edit. A client is its IP address: the connection's,
or behind JUDGE_APP_PROXIES reverse proxies the one they forwarded (werkzeug's ProxyFix trusts exactly that many
X-Forwarded-For entries, so a client cannot name itself). The counters live in the app's own database by default
(store/ratelimit.py, `judge-app-db://`), so every worker of every server on one PostgreSQL counts together;
JUDGE_APP_RATE_LIMIT_STORAGE names any other `limits` storage (memory://, redis://…). Over the limit: 429 in
the one error shape (JSON on the API, a Japanese page elsewhere) with Retry-After.

An app made for tests (TESTING) has no limit unless its config sets RATE_LIMIT_IN_TESTS: the suite writes far
faster than any judge.
"""
from __future__ import annotations

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from werkzeug.middleware.proxy_fix import ProxyFix

from judge_app.store import ratelimit
from judge_app.web.shared.negotiation import error
from judge_app.web.shared.services import store_target

READS = ("GET", "HEAD", "OPTIONS")


def stores_nothing(view):
    """Marks a POST view that only computes an answer (a preview) and stores nothing: not counted as a write."""
    view.stores_nothing = True
    return view


def _exempt() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return request.method in READS or getattr(view, "stores_nothing", False)


def client_address() -> str:
    return request.remote_addr or "unknown"


def install(app: Flask) -> Limiter | None:
    proxies = int(app.config.get("PROXIES") or 0)
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=0, x_prefix=0)
    writes = (app.config.get("RATE_LIMIT_WRITES") or "").strip()
    if not writes or writes.lower() == "off" or (app.testing and not app.config.get("RATE_LIMIT_IN_TESTS")):
        return None
    uri = (app.config.get("RATE_LIMIT_STORAGE") or "").strip()
    options = {} if uri else {"target": store_target(app.config)}
    limiter = Limiter(
        client_address, app=app, application_limits=[writes],
        application_limits_exempt_when=_exempt,
        storage_uri=uri or f"{ratelimit.SCHEME}://", storage_options=options, strategy="fixed-window",
        headers_enabled=True, key_prefix="writes")
    app.register_error_handler(RateLimitExceeded, _too_many)
    app.extensions["judge_app.limiter"] = limiter
    return limiter


def _too_many(e: RateLimitExceeded):
    limit = getattr(e, "limit", None)
    what = str(limit.limit) if limit is not None else ""
    retry = ""
    try:
        window = limit.limit.get_expiry() if limit is not None else None
        retry = f"。{window} 秒以内にもう一度試してください" if window else ""
    except Exception:
        pass
    resp = error(429, f"書き込みが多すぎます（{what}まで）{retry}", "rate_limit", limit=what)
    return resp
