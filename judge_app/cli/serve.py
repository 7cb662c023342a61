"""`judge-app serve`: the production server (gunicorn, settings in judge_app/gunicorn_conf.py).

`flask --app judge_app run --debug` (`make dev`) stays the development server.
"""
from __future__ import annotations

import errno
import os
import socket
import sys

from judge_app import settings


def register(sub) -> None:
    p = sub.add_parser("serve", help="gunicorn でアプリを配信する（本番用）")
    p.add_argument("--host", default=settings.get("HOST"), help="待ち受けるアドレス（既定: JUDGE_APP_HOST か 127.0.0.1）")
    p.add_argument("--port", type=int, default=settings.get("PORT"), help="ポート（既定: JUDGE_APP_PORT か 8000）")
    p.add_argument("--workers", type=int, default=None, help="ワーカー数（既定: コア数、2〜8）")
    p.add_argument("--threads", type=int, default=None, help="ワーカーあたりのスレッド数（既定 4）")
    p.add_argument("--no-access-log", action="store_true", help="アクセスログを出さない")
    p.set_defaults(func=run)


def gunicorn_argv(args) -> list[str]:
    argv = [sys.executable, "-m", "gunicorn", "-c", "python:judge_app.gunicorn_conf",
            "--bind", f"{args.host}:{args.port}"]
    if args.workers:
        argv += ["--workers", str(args.workers)]
    if args.threads:
        argv += ["--threads", str(args.threads)]
    return argv


def port_taken(host: str, port: int) -> bool:
    """True when another process already listens on host:port (gunicorn would retry, then fail in English)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as e:
            return e.errno == errno.EADDRINUSE
    return False


def run(args) -> int:
    if port_taken(args.host, args.port):
        other = args.port + 1
        print(f"judge-app: {args.host}:{args.port} はほかのプログラムが使っています。別のポートを選んでください:\n"
              f"  JUDGE_APP_PORT={other} make serve\n"
              f"  judge-app serve --port {other}", file=sys.stderr)
        return 2
    # gunicorn preloads the app in its master (see gunicorn_conf.on_starting): the corpus and the search
    # index are built there once, before the workers fork. exec so signals (HUP = graceful reload,
    # TERM = graceful stop) reach gunicorn's master directly.
    if args.no_access_log:
        os.environ["JUDGE_APP_ACCESS_LOG"] = ""
    argv = gunicorn_argv(args)
    os.execv(argv[0], argv)
    return 0
