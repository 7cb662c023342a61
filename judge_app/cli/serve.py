"""`judge-app serve`: the production server, nginx in front of gunicorn (issue 39).

nginx (Debian's package) listens on host:port and owns the wire: request parsing, slow clients, timeouts, header
and body limits, chunked framing (judge_app/nginx_front.py writes its configuration). gunicorn, stock gthread
workers with the settings in judge_app/gunicorn_conf.py, runs the app behind it on a Unix socket. This process
starts both, passes signals on (TERM/INT: stop, HUP: gunicorn reloads its workers), and stops the other when one
of them ends. `flask --app judge_app run --debug` (`make dev`) stays the development server.
"""
from __future__ import annotations

import errno
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from judge_app import nginx_front, settings

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


def gunicorn_argv(args, app_socket: Path) -> list[str]:
    argv = [sys.executable, "-m", "gunicorn", "-c", "python:judge_app.gunicorn_conf", "--bind", f"unix:{app_socket}"]
    if args.workers:
        argv += ["--workers", str(args.workers)]
    if args.threads:
        argv += ["--threads", str(args.threads)]
    return argv


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


def _listen(args) -> str:
    bind = settings.get("BIND")
    if bind:
        return bind
    return f"[{args.host}]:{args.port}" if ":" in args.host else f"{args.host}:{args.port}"


def _wait_for_socket(path: Path, proc: subprocess.Popen) -> bool:
    """Until gunicorn listens (it warms the corpus and the index first: seconds, or minutes on a first build)."""
    while not path.exists():
        if proc.poll() is not None:
            return False
        time.sleep(0.05)
    return True


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
    run_dir = Path(tempfile.mkdtemp(prefix="judge-app-serve-"))
    run_dir.chmod(0o755)                 # nginx's workers (user nobody when started as root) read the error pages
    app_socket = run_dir / "app.sock"
    access_log = not args.no_access_log and bool(settings.get("ACCESS_LOG"))
    conf = nginx_front.write(
        run_dir, listen=_listen(args), socket=app_socket, request_timeout=settings.get("REQUEST_TIMEOUT"),
        keepalive=settings.get("KEEPALIVE"), max_body=settings.get("MAX_CONTENT_LENGTH"),
        app_timeout=settings.get("TIMEOUT"), access_log=access_log)
    # behind nginx, the app trusts one more hop of X-Forwarded-For (nginx's, which names the real client);
    # nginx writes the access log, which knows the client's address
    env = dict(os.environ, JUDGE_APP_PROXIES=str(settings.get("PROXIES") + 1), JUDGE_APP_ACCESS_LOG="")
    procs: dict[str, subprocess.Popen] = {}
    stopping = []

    def on_signal(signum, _frame):
        if signum == signal.SIGHUP:
            if "gunicorn" in procs:
                procs["gunicorn"].send_signal(signal.SIGHUP)     # new workers, same socket: no request refused
            return
        stopping.append(signum)

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, on_signal)
    try:
        procs["gunicorn"] = subprocess.Popen(gunicorn_argv(args, app_socket), env=env)
        if _wait_for_socket(app_socket, procs["gunicorn"]) and not stopping:
            procs["nginx"] = subprocess.Popen([nginx, "-e", "stderr", "-p", str(run_dir), "-c", str(conf),
                                               "-g", "daemon off;"])
        while not stopping and procs and all(p.poll() is None for p in procs.values()):
            time.sleep(0.2)
        ended = [name for name, p in procs.items() if p.poll() is not None]
        if ended and not stopping:
            print(f"judge-app: {ended[0]} が終了したため停止します", file=sys.stderr)
        return _stop(procs) if stopping else (_stop(procs) or 1)
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)


def _stop(procs: dict[str, subprocess.Popen]) -> int:
    """nginx first (QUIT: finish what it is sending), then gunicorn (TERM: graceful); 0 when both stopped cleanly."""
    for name, sig in (("nginx", signal.SIGQUIT), ("gunicorn", signal.SIGTERM)):
        p = procs.get(name)
        if p is not None and p.poll() is None:
            p.send_signal(sig)
    code = 0
    for p in procs.values():
        try:
            code |= p.wait(timeout=settings.get("GRACEFUL_TIMEOUT") + 10) not in (0, -signal.SIGTERM)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            code = 1
    return code
