"""gunicorn settings for `judge-app serve` (`gunicorn -c python:judge_app.gunicorn_conf`).

The app is loaded once in the master (preload): the corpus is parsed and the search index built or
checked there, before the workers fork and share those pages copy-on-write. File handles must not
cross a fork (a shared file offset garbles concurrent reads), so each worker drops the master's
handles in `post_fork` and opens the index read-only on first use. Every value can be overridden by
a JUDGE_APP_* environment variable or on the gunicorn command line.
"""
from __future__ import annotations

import os

from judge_app import settings


def _env(name: str, default=None):
    return settings.get(name, default)


def _default_workers() -> int:
    # One per core: the work is CPU-bound Python, and each worker keeps its own caches (replayed sessions,
    # search answers, validated boards), which more workers would only split. Measured with bench/load.py:
    # 2 workers did as well as or better than 4 on 2 cores.
    return max(2, min(8, os.cpu_count() or 1))


wsgi_app = "judge_app.wsgi:app"
bind = [f"{_env('HOST')}:{_env('PORT')}"]   # `judge-app serve` binds a Unix socket behind nginx instead
workers = _env("WORKERS", _default_workers())
# Threads let one worker keep idle keep-alive connections open without blocking; the work is
# CPU-bound Python, so few threads per worker (more only queue on the GIL).
# Stock gthread: nginx in front (judge_app/nginx_front.py) hands over only whole requests, one connection each,
# so a thread never waits on a client; the worker whose threads are free accepts the next connection.
worker_class = "gthread"
threads = _env("THREADS")
preload_app = True
timeout = _env("TIMEOUT")              # a worker silent this long is killed and replaced
graceful_timeout = _env("GRACEFUL_TIMEOUT")   # SIGTERM/SIGHUP: finish in-flight requests first
keepalive = _env("KEEPALIVE")
# Recycle workers now and then (a guard against slow leaks); forking from the preloaded master is cheap,
# but a new worker starts with cold caches, so not often. 0 turns it off.
max_requests = _env("MAX_REQUESTS")
max_requests_jitter = _env("MAX_REQUESTS_JITTER")
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
accesslog = _env("ACCESS_LOG") or None
errorlog = "-"
loglevel = _env("LOG_LEVEL")
proc_name = "judge_app"
# gunicorn's runtime control socket defaults to one path per user, which several servers on one host
# (tests, benchmarks) would fight over; `kill -HUP <master>` does what we need.
control_socket_disable = True


def on_starting(server):
    """In the master, after the app is preloaded: build everything start-up needs, once."""
    from judge_app.serving import warm

    import gc

    stats = warm(server.app.wsgi())
    # Everything built so far (corpus, index, dictionaries) lives as long as the process: move it out
    # of the garbage collector's sight. A full collection would otherwise walk millions of objects in
    # every worker (pauses of a few hundred ms) and touch their pages, undoing copy-on-write sharing.
    gc.collect()
    gc.freeze()
    server.log.info("judge_app warmed: %s; %d objects frozen", stats, gc.get_freeze_count())


def post_fork(server, worker):
    from judge_app.serving import after_fork

    after_fork(server.app.wsgi())
