"""Per-client limits on writes (issue 27), by Flask-Limiter.

Every write (POST, PUT, PATCH, DELETE) of one client counts against one shared limit, JUDGE_APP_RATE_LIMIT_WRITES
(default 120 a minute and 1,200 an hour: a judge stepping with the space bar writes about once a second); reads
are never limited; the builder's previews (`@stores_nothing`), which a judge sends at every edit, are not writes but
count against their own per-client limit, JUDGE_APP_RATE_LIMIT_PREVIEWS (600 a minute). A client is its IP address: the connection's,
or behind JUDGE_APP_PROXIES reverse proxies the one they forwarded (werkzeug's ProxyFix trusts exactly that many
X-Forwarded-For entries, so a client cannot name itself). The counters live in the app's own database by default
(store/ratelimit.py, `judge-app-db://`), so every worker of every server on one PostgreSQL counts together;
JUDGE_APP_RATE_LIMIT_STORAGE names any other `limits` storage (memory://, redis://…). Over the limit: 429 in
the one error shape (JSON on the API, a Japanese page elsewhere) with Retry-After.

An app made for tests (TESTING) has no limit unless its config sets RATE_LIMIT_IN_TESTS: the suite writes far
faster than any judge.
"""
from __future__ import annotations

from typing import Callable

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from werkzeug.middleware.proxy_fix import ProxyFix

from judge_app.store import ratelimit
from judge_app.web.shared.negotiation import error
from judge_app.web.shared.services import store_target

READS = ("GET", "HEAD", "OPTIONS")


def stores_nothing(view):
    """Marks a POST view that only computes an answer (a preview) and stores nothing: not counted as a write, but
    limited as a preview (JUDGE_APP_RATE_LIMIT_PREVIEWS: drawing a board is real work)."""
    view.stores_nothing = True
    return view


def stores_only_if(stores: Callable[[], bool]):
    """Marks a POST view that is a preview unless `stores()` says this request stores something (the notation's
    読み込んで開始): counted as a write only then."""
    def mark(view):
        view.stores_nothing = lambda: not stores()
        return view
    return mark


def _previews(view) -> bool:
    marked = getattr(view, "stores_nothing", False)
    return bool(marked() if callable(marked) else marked)


def _read() -> bool:
    return request.method in READS


def _exempt() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return request.method in READS or _previews(view)


def _not_preview() -> bool:
    return request.method in READS or not _previews(current_app.view_functions.get(request.endpoint or ""))


def client_address() -> str:
    return request.remote_addr or "unknown"


def install(app: Flask) -> Limiter | None:
    proxies = int(app.config.get("PROXIES") or 0)
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=0, x_prefix=0)
    writes = _limit_of(app, "RATE_LIMIT_WRITES")
    if not (writes or _limit_of(app, "RATE_LIMIT_PREVIEWS")) or (app.testing and not app.config.get("RATE_LIMIT_IN_TESTS")):
        return None
    uri = (app.config.get("RATE_LIMIT_STORAGE") or "").strip()
    options = {} if uri else {"target": store_target(app.config)}
    limiter = Limiter(
        client_address, app=app, application_limits=[writes] if writes else [],
        application_limits_exempt_when=_exempt,
        storage_uri=uri or f"{ratelimit.SCHEME}://", storage_options=options, strategy="fixed-window",
        headers_enabled=True, key_prefix="writes")
    # reads are never limited: said first, so a read skips the limiter's per-request working out of its limits
    limiter.request_filter(_read)
    app.register_error_handler(RateLimitExceeded, _too_many)
    app.extensions["judge_app.limiter"] = limiter
    return limiter


def _limit_of(app: Flask, name: str) -> str:
    value = (app.config.get(name) or "").strip()
    return "" if value.lower() == "off" else value


def limit_previews(app: Flask) -> None:
    """Every preview view (`stores_nothing`) shares one more per-client limit, JUDGE_APP_RATE_LIMIT_PREVIEWS, apart
    from the writes': a preview draws a whole board, and unlimited, 8 clients drawing boards slowed every other answer
    (issue 39). Run once the blueprints are registered."""
    limiter = app.extensions.get("judge_app.limiter")
    previews = _limit_of(app, "RATE_LIMIT_PREVIEWS")
    if limiter is None or not previews:
        return
    shared = limiter.shared_limit(previews, scope="previews", exempt_when=_not_preview)
    for endpoint, view in list(app.view_functions.items()):
        if getattr(view, "stores_nothing", False):   # the limit is checked by the wrapper, which keeps the mark
            app.view_functions[endpoint] = shared(view)


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
