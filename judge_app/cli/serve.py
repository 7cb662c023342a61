"""`judge-app serve`: the production server (gunicorn, settings in judge_app/gunicorn_conf.py).

`flask --app judge_app run --debug` stays the development server.
"""
from __future__ import annotations

import os
import sys


def register(sub) -> None:
    p = sub.add_parser("serve", help="serve the app with gunicorn (production)")
    p.add_argument("--host", default=os.environ.get("JUDGE_APP_HOST", "127.0.0.1"))
    p.add_argument("--port", type=int, default=int(os.environ.get("JUDGE_APP_PORT", "8000")))
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: one per core, 2..8)")
    p.add_argument("--threads", type=int, default=None, help="threads per worker (default 4)")
    p.add_argument("--no-access-log", action="store_true")
    p.set_defaults(func=run)


def gunicorn_argv(args) -> list[str]:
    argv = [sys.executable, "-m", "gunicorn", "-c", "python:judge_app.gunicorn_conf",
            "--bind", f"{args.host}:{args.port}"]
    if args.workers:
        argv += ["--workers", str(args.workers)]
    if args.threads:
        argv += ["--threads", str(args.threads)]
    return argv


def run(args) -> int:
    # gunicorn preloads the app in its master (see gunicorn_conf.on_starting): the corpus and the search
    # index are built there once, before the workers fork. exec so signals (HUP = graceful reload,
    # TERM = graceful stop) reach gunicorn's master directly.
    if args.no_access_log:
        os.environ["JUDGE_APP_ACCESS_LOG"] = ""
    argv = gunicorn_argv(args)
    os.execv(argv[0], argv)
    return 0
