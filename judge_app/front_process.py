"""What `judge-app serve` runs (issue 39): nginx in front of gunicorn, started, watched and stopped together.

    python -m judge_app.front_process --nginx /usr/sbin/nginx --host 127.0.0.1 --port 8000 [--workers N]

nginx (Debian's package) listens on host:port and owns the wire: request parsing, slow clients, timeouts, header
and body limits, chunked framing (judge_app/nginx_front.py writes its configuration). gunicorn, stock gthread
workers with the settings in judge_app/gunicorn_conf.py, runs the app behind it on a Unix socket in a private run
folder. This process passes signals on (TERM/INT: stop both, HUP: gunicorn reloads its workers) and stops the other
when one of them ends, with a non-zero exit.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from judge_app import nginx_front, settings


def gunicorn_argv(args, app_socket: Path) -> list[str]:
    # Behind nginx every connection carries one request, so a worker takes no more connections than it has
    # threads (and keeps none alive): the rest wait in the socket's backlog for whichever worker frees a thread
    # first, rather than queueing inside a busy worker while the other idles.
    threads = args.threads or settings.get("THREADS")
    argv = [sys.executable, "-m", "gunicorn", "-c", "python:judge_app.gunicorn_conf", "--bind", f"unix:{app_socket}",
            "--threads", str(threads), "--worker-connections", str(threads), "--keep-alive", "0"]
    if args.workers:
        argv += ["--workers", str(args.workers)]
    return argv


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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m judge_app.front_process")
    ap.add_argument("--nginx", required=True)
    ap.add_argument("--host", default=settings.get("HOST"))
    ap.add_argument("--port", type=int, default=settings.get("PORT"))
    ap.add_argument("--workers", type=int)
    ap.add_argument("--threads", type=int)
    ap.add_argument("--no-access-log", action="store_true")
    return run(ap.parse_args(argv))


def run(args) -> int:
    nginx = args.nginx
    run_dir = Path(tempfile.mkdtemp(prefix="judge-app-serve-"))
    run_dir.chmod(0o755)                 # nginx's workers (user nobody when started as root) read the error pages
    app_socket = run_dir / "app.sock"
    access_log = None if args.no_access_log else settings.get("ACCESS_LOG") or None
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


if __name__ == "__main__":
    sys.exit(main())
