"""The built artefact: a wheel installed into a fresh virtual environment runs from any directory (issue 16).

Builds the wheel from this checkout, installs it with the locked versions into a venv under a temp directory, and
runs `judge-app corpus check`, `judge-app search` and `judge-app serve` from a directory outside the clone.
"""
from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from judge_app import PROJECT_ROOT
from tests.faults.killer import free_port

pytestmark = pytest.mark.slow


def _run(argv, **kw) -> subprocess.CompletedProcess:
    out = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=600, **kw)
    assert out.returncode == 0, f"{argv}: {out.stdout[-2000:]}\n{out.stderr[-4000:]}"
    return out


def _clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_APP_") and k != "PYTHONPATH"}
    return env | extra


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", dist, PROJECT_ROOT])
    (found,) = dist.glob("judge_app-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> dict:
    tmp = tmp_path_factory.mktemp("installed")
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", venv])
    py = venv / "bin" / "python"
    _run([py, "-m", "pip", "install", "--quiet", "-r", PROJECT_ROOT / "requirements" / "serve.txt"])
    _run([py, "-m", "pip", "install", "--quiet", "--no-deps", wheel])
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return {"venv": venv, "cli": venv / "bin" / "judge-app", "py": py, "cwd": elsewhere,
            "env": _clean_env(JUDGE_APP_INSTANCE=str(tmp / "instance"))}


def test_the_wheel_carries_everything_the_app_reads(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("judge_app/_data/rules_corpus/manifest.yaml", "judge_app/_data/rules_corpus/opcg.txt",
                   "judge_app/_data/templates/base.html", "judge_app/_data/static/app.css",
                   "judge_app/_data/scenarios/opcg/01_equal_power_attacker_wins.yaml",
                   "judge_app/search/synonyms/opcg.yaml"):
        assert needed in names, needed
    assert not any(n.startswith(("tests/", "judge_app/_data/instance")) for n in names)


def test_installed_package_is_the_one_that_runs(installed):
    out = _run([installed["py"], "-c", "import judge_app.resources as r; print(r.data_dir('rules_corpus'))"],
               cwd=installed["cwd"], env=installed["env"])
    where = Path(out.stdout.strip())
    assert "site-packages" in where.parts and str(PROJECT_ROOT) not in str(where)


def test_corpus_check_and_search_run_outside_the_clone(installed):
    check = _run([installed["cli"], "corpus", "check"], cwd=installed["cwd"], env=installed["env"])
    assert "opcg" in check.stdout and "thv" in check.stdout
    found = _run([installed["cli"], "search", "ブロッカー", "--doc", "opcg", "--limit", "3"], cwd=installed["cwd"],
                 env=installed["env"])
    assert "opcg:10-1-4" in found.stdout


def test_serve_runs_outside_the_clone_and_serves_the_pages(installed):
    port = free_port()
    log = installed["cwd"] / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(installed["cli"]), "serve", "--port", str(port), "--workers", "1",
                                 "--no-access-log"], cwd=installed["cwd"], env=installed["env"], stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while True:
            assert proc.poll() is None, log.read_text()[-3000:]
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            try:
                c.request("GET", "/healthz")
                if c.getresponse().status == 200:
                    break
            except OSError:
                pass
            finally:
                c.close()
            assert time.monotonic() < deadline, "server did not come up"
            time.sleep(0.2)
        for path in ("/", "/rules/opcg/7-1-4", "/board/opcg", "/static/app.css", "/search?q=%E3%83%A9%E3%82%A4%E3%83%95",
                     "/glossary/thv", "/rulings", "/?format=json"):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            c.request("GET", path)
            resp = c.getresponse()
            body = resp.read().decode()
            c.close()
            assert resp.status == 200, (path, body[:500])
            if path == "/board/opcg":
                assert "裁定例から（" in body   # the scenarios were found inside the package
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
