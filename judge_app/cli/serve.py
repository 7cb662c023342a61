"""`judge-app serve`: the production server (gunicorn) with the index built first."""
from __future__ import annotations

import os


def register(sub) -> None:
    p = sub.add_parser("serve", help="serve the app with gunicorn")
    p.add_argument("--host", default=os.environ.get("JUDGE_APP_HOST", "127.0.0.1"))
    p.add_argument("--port", type=int, default=int(os.environ.get("JUDGE_APP_PORT", "8000")))
    p.add_argument("--workers", type=int, default=int(os.environ.get("JUDGE_APP_WORKERS", "4")))
    p.set_defaults(func=run)


def run(args) -> int:
    from judge_app import create_app

    create_app()  # builds what start-up needs (index, database) once, before workers fork
    argv = ["gunicorn", "--bind", f"{args.host}:{args.port}", "--workers", str(args.workers),
            "--access-logfile", "-", "judge_app.wsgi:app"]
    os.execvp(argv[0], argv)
