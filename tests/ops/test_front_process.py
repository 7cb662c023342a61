"""`judge-app serve` runs nginx and gunicorn together (judge_app/front_process.py, issue 39): HUP gives gunicorn new
workers without refusing a request, TERM stops both and removes the run folder, and when one of the two dies the
other is stopped and the command exits non-zero (a supervisor then restarts the pair)."""
from __future__ import annotations

import http.client
import os
import signal
import time
from pathlib import Path

import pytest

from judge_app.cli.serve import nginx_binary
from tests.faults.killer import Server, alive, children, free_port, proc_cmdline as _proc_cmdline


@pytest.fixture
def served(tmp_path):
    if nginx_binary() is None:
        pytest.fail("!!! nginx is NOT installed: run .ci/ensure-nginx as root (apt-get install nginx-light)")
    srv = Server(tmp_path / "instance", free_port(), workers=2, serve=True)
    srv.instance.mkdir()
    srv.start()
    yield srv
    srv.stop()


def _healthz(port: int) -> int:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        c.request("GET", "/healthz")
        return c.getresponse().status
    except OSError:
        return 0
    finally:
        c.close()


def _named(srv: Server, word: str) -> list[int]:
    return [p for p in children(srv.proc.pid) if word in _proc_cmdline(p)]


def _run_dir(srv: Server) -> Path:
    nginx = _named(srv, "nginx")[0]
    argv = _proc_cmdline(nginx).split()
    return Path(argv[argv.index("-p") + 1])


def test_hup_replaces_gunicorn_workers_while_answering(served):
    master = _named(served, "gunicorn")[0]
    old = set(children(master))
    os.kill(served.proc.pid, signal.SIGHUP)
    answers = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (set(children(master)) & old or len(children(master)) < 2):
        answers.append(_healthz(served.port))
        time.sleep(0.05)
    answers.append(_healthz(served.port))
    assert not set(children(master)) & old and len(children(master)) == 2
    assert set(answers) == {200}, answers


def test_term_stops_both_and_removes_the_run_folder(served):
    run_dir = _run_dir(served)
    pids = served.worker_pids()
    assert run_dir.is_dir() and (run_dir / "nginx.conf").exists()
    os.kill(served.proc.pid, signal.SIGTERM)
    assert served.proc.wait(timeout=40) == 0
    Server._wait_gone(pids, timeout=10)
    assert not any(alive(p) for p in pids) and not run_dir.exists()


def test_when_gunicorn_dies_nginx_is_stopped_and_serve_exits_non_zero(served):
    pids = served.worker_pids()
    os.kill(_named(served, "gunicorn")[0], signal.SIGKILL)
    assert served.proc.wait(timeout=40) != 0
    Server._wait_gone(pids, timeout=10)
    assert not any(alive(p) for p in pids if "nginx" in _proc_cmdline(p))
