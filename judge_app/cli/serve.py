"""`judge-app serve`: the production server, nginx in front of gunicorn (issue 39; judge_app/front_process.py runs
both). `flask --app judge_app run --debug` (`make dev`) stays the development server.
"""
from __future__ import annotations

import errno
import os
import shutil
import socket
import sys

from judge_app import settings

NGINX_MISSING = """judge-app: nginx が見つかりません。judge-app serve は nginx を前に置いて配信します（Debian の nginx-light）:
  apt-get install nginx-light
（PATH にない場合は JUDGE_APP_NGINX に nginx のパスを指定してください）"""


def register(sub) -> None:
    p = sub.add_parser("serve", help="nginx と gunicorn でアプリを配信する（本番用）")
    p.add_argument("--host", default=settings.get("HOST"), help="待ち受けるアドレス（既定: JUDGE_APP_HOST か 127.0.0.1）")
    p.add_argument("--port", type=int, default=settings.get("PORT"), help="ポート（既定: JUDGE_APP_PORT か 8000）")
    p.add_argument("--workers", type=int, default=None, help="ワーカー数（既定: コア数、2〜8）")
    p.add_argument("--threads", type=int, default=None, help="ワーカーあたりのスレッド数（既定 4）")
    p.add_argument("--no-access-log", action="store_true", help="アクセスログを出さない")
    p.set_defaults(func=run)


def nginx_binary() -> str | None:
    return settings.get("NGINX") or shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None)


def port_taken(host: str, port: int) -> bool:
    """True when another process already listens on host:port (nginx would fail to start, in English)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as e:
            return e.errno == errno.EADDRINUSE
    return False


def run(args) -> int:
    if not settings.get("BIND") and port_taken(args.host, args.port):
        other = args.port + 1
        print(f"judge-app: {args.host}:{args.port} はほかのプログラムが使っています。別のポートを選んでください:\n"
              f"  JUDGE_APP_PORT={other} make serve\n"
              f"  judge-app serve --port {other}", file=sys.stderr)
        return 2
    nginx = nginx_binary()
    if nginx is None:
        print(NGINX_MISSING, file=sys.stderr)
        return 2
    # exec, so that signals (TERM: stop, HUP: reload gunicorn's workers) reach the process that runs both
    argv = [sys.executable, "-m", "judge_app.front_process", "--nginx", nginx, "--host", args.host,
            "--port", str(args.port)]
    for flag, value in (("--workers", args.workers), ("--threads", args.threads)):
        if value:
            argv += [flag, str(value)]
    if args.no_access_log:
        argv.append("--no-access-log")
    os.execv(argv[0], argv)
    return 0
