"""Writes under SIGKILL: a real gunicorn, concurrent session and ruling writes, processes killed mid-write.

Every write the server acknowledged (2xx) is remembered with what it said was stored; after the last
restart each one is read back, and the database is checked (`PRAGMA integrity_check`, every row's JSON).
Used by tests/faults/test_kill_under_writes.py (short) and bench/faults.py (long).
"""
from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def proc_cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def descendants(pid: int) -> list[int]:
    """Every process under `pid`, from one read of /proc."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    out, todo = [], [pid]
    while todo:
        at = todo.pop()
        kids = [p for p, parent in parents.items() if parent == at]
        out += kids
        todo += kids
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class Server:
    """gunicorn from judge_app.gunicorn_conf on a loopback port, in its own process group; with serve=True,
    `judge-app serve` as deployed (every process it starts is in that group)."""

    def __init__(self, instance: Path, port: int, workers: int = 2, index_dir: str | None = None,
                 database_url: str | None = None, env: dict | None = None, serve: bool = False,
                 threads: int | None = None):
        self.instance, self.port, self.workers, self.serve, self.threads = instance, port, workers, serve, threads
        # The fault runs write far faster than any judge, from one address: no rate limit unless `env` sets one.
        self.env = {"JUDGE_APP_RATE_LIMIT_WRITES": "", **(env or {})}
        self.database_url = database_url   # None: the instance's SQLite file
        self.index_dir = index_dir or str(ROOT / "instance" / "index")
        self.proc: subprocess.Popen | None = None
        self.log = instance / "server.log"

    def start(self, timeout: float = 120) -> None:
        env = dict(os.environ, JUDGE_APP_INSTANCE=str(self.instance), JUDGE_APP_INDEX_DIR=self.index_dir,
                   JUDGE_APP_ACCESS_LOG="", JUDGE_APP_LOG_LEVEL="warning", PYTHONPATH=str(ROOT))
        env.update(self.env)
        env.pop("JUDGE_APP_DATABASE_URL", None)
        if self.database_url:
            env["JUDGE_APP_DATABASE_URL"] = self.database_url
        argv = [sys.executable, "-m", "gunicorn", "-c", "python:judge_app.gunicorn_conf",
                "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers), "--timeout", "20",
                "--graceful-timeout", "2"]
        if self.serve:
            env.update(JUDGE_APP_TIMEOUT="20", JUDGE_APP_GRACEFUL_TIMEOUT="2")
            argv = [sys.executable, "-m", "judge_app", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                    "--workers", str(self.workers), "--no-access-log"]
        if self.threads:
            argv += ["--threads", str(self.threads)]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited ({self.proc.returncode}): {self.log.read_text()[-2000:]}")
            c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            try:
                c.request("GET", "/healthz")
                if c.getresponse().status == 200 and len(self.worker_pids()) >= self.workers:
                    return
            except OSError:
                pass
            finally:
                c.close()
            time.sleep(0.1)
        raise RuntimeError("server did not come up")

    def worker_pids(self) -> list[int]:
        """Every process under the one started (gunicorn's workers; with serve=True, all that serve runs)."""
        return descendants(self.proc.pid) if self.proc else []

    def kill_worker(self) -> int:
        pid = random.choice(self.worker_pids())
        os.kill(pid, signal.SIGKILL)
        return pid

    def kill_master(self) -> None:
        """SIGKILL the master alone; its orphaned workers notice and exit. Wait until the port is free."""
        orphans = self.worker_pids()
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self._wait_gone(orphans)

    def kill_all(self) -> None:
        """SIGKILL the whole process group at once: the machine 'loses power' as far as processes go."""
        pids = self.worker_pids()
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self._wait_gone(pids)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            pids = self.worker_pids()
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
            self._wait_gone(pids)

    @staticmethod
    def _wait_gone(pids: list[int], timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while any(alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        for p in pids:   # still there: it would hold the listening socket; finish it
            if alive(p):
                try:
                    os.kill(p, signal.SIGKILL)
                except ProcessLookupError:
                    pass


class Ledger:
    """What the server acknowledged: session id -> answers it reported stored; slug -> answers saved."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sessions: dict[str, list] = {}
        self.rulings: dict[str, list] = {}
        self.attempts = 0
        self.failures = 0          # connection dropped or 5xx during a kill: not acknowledged, not counted lost
        self.rejections: list[str] = []   # 4xx: a bug in the driver or the server, reported


def request(port: int, method: str, path: str, body: dict | None = None, timeout: float = 20):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def writer(port_of, ledger: Ledger, boards: list[tuple[str, dict]], stop: threading.Event, seed: int) -> None:
    """Create sessions, step them, answer, save rulings; remember every acknowledged write."""
    rng = random.Random(seed)
    mine: list[dict] = []
    while not stop.is_set():
        port = port_of()
        try:
            choice = rng.random()
            kind = "create"
            if not mine or choice < 0.25:
                game, board = rng.choice(boards)
                status, raw = request(port, "POST", "/api/sessions", {"game": game, "board": board,
                                                                      "seed": rng.randrange(2**31)})
                kind = "create"
            elif choice < 0.8:
                s = rng.choice(mine)
                kind = "act"
                if s.get("stale"):   # an unacknowledged write may have been applied: ask what is stored
                    status, raw = request(port, "GET", f"/api/sessions/{s['id']}")
                    if status != 200:
                        continue
                    body = json.loads(raw)
                    s.update(pending=body.get("pending"), finished=body.get("finished"), stale=False)
                if s.get("finished"):
                    mine.remove(s)
                    continue
                if s.get("pending"):
                    d = s["pending"]
                    status, raw = request(port, "POST", f"/api/sessions/{s['id']}/answer",
                                          {"decision": d["id"], "value": d["options"][0]["value"]})
                else:
                    status, raw = request(port, "POST", f"/api/sessions/{s['id']}/step", {"until": "decision"})
                kind = "act"
            else:
                s = rng.choice(mine)
                kind = "ruling"
                status, raw = request(port, "POST", "/api/rulings", {"session": s["id"], "title": "障害試験"})
                kind = "ruling"
        except (OSError, http.client.HTTPException):
            with ledger.lock:
                ledger.attempts += 1
                ledger.failures += 1
            if kind == "act":
                s["stale"] = True
            time.sleep(0.05)
            continue
        with ledger.lock:
            ledger.attempts += 1
            if status >= 500:
                ledger.failures += 1
                if kind == "act":
                    s["stale"] = True
                continue
            if status >= 400:
                if status != 409:   # a conflict is a refused write, correctly not applied
                    ledger.rejections.append(f"{kind} {status} {raw[:200]!r}")
                if kind == "act":
                    mine.remove(s)   # resynchronise: forget it rather than guess
                continue
            body = json.loads(raw)
            if kind == "create":
                s = {"id": body["id"], "pending": body.get("pending"), "finished": body.get("finished")}
                mine.append(s)
                ledger.sessions[body["id"]] = list(body.get("answers") or [])
            elif kind == "act":
                s["pending"], s["finished"] = body.get("pending"), body.get("finished")
                ledger.sessions[s["id"]] = list(body["answers"]) if "answers" in body else \
                    ledger.sessions[s["id"]] + [None]
            else:
                ledger.rulings[body["slug"]] = ledger.sessions.get(s["id"])


def race_one_session(port: int, game: str, board: dict, threads: int = 8, each: int = 6) -> dict:
    """Many clients step the same session at once: every acknowledged step must be stored, once.
    (A write computed from a stale version must be refused with 409, never applied over another.)"""
    status, raw = request(port, "POST", "/api/sessions", {"game": game, "board": board, "seed": 7})
    sid = json.loads(raw)["id"]
    codes: list[int] = []
    lock = threading.Lock()
    go = threading.Barrier(threads)

    def client():
        go.wait()
        for _ in range(each):
            code, _ = request(port, "POST", f"/api/sessions/{sid}/step", {"until": "step"})
            with lock:
                codes.append(code)

    ts = [threading.Thread(target=client) for _ in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    stored = json.loads(request(port, "GET", f"/api/sessions/{sid}")[1])["answers"]
    return {"acknowledged": codes.count(200), "stored": len(stored),
            "codes": {c: codes.count(c) for c in sorted(set(codes))}}


def check_database(target: str | Path) -> tuple[str, list[str], dict]:
    """(integrity, corrupt rows, row counts). SQLite: PRAGMA integrity_check on the file; PostgreSQL: the server
    keeps its own integrity (WAL, checksummed pages are its business), so 'ok' once every row reads back whole."""
    from sqlalchemy import func, select

    from judge_app.store import Store, read_connection, rulings, sessions

    store = Store(target)
    corrupt: list[str] = []
    try:
        with read_connection(store) as conn:
            integrity = "ok"
            if store.dialect == "sqlite":
                integrity = conn.exec_driver_sql("PRAGMA integrity_check").scalar_one()
            for table, key in ((sessions, sessions.c.id), (rulings, rulings.c.slug)):
                for row in conn.execute(select(key, table.c.board, table.c.answers)):
                    for value in row[1:]:
                        try:
                            json.loads(value)
                        except (TypeError, ValueError):
                            corrupt.append(f"{table.name} {row[0]}")
            rows = {t.name: conn.execute(select(func.count()).select_from(t)).scalar_one() for t in (sessions, rulings)}
    finally:
        store.close()
    return integrity, corrupt, rows


def verify(port: int, ledger: Ledger, db: str | Path) -> dict:
    """Read back every acknowledged write; check the database."""
    lost, corrupt = [], []
    for sid, acked in ledger.sessions.items():
        status, raw = request(port, "GET", f"/api/sessions/{sid}")
        if status != 200:
            lost.append(f"session {sid}: {status}")
            continue
        stored = json.loads(raw)["answers"]
        if len(stored) < len(acked) or any(a is not None and a != b for a, b in zip(acked, stored)):
            lost.append(f"session {sid}: acknowledged {len(acked)} answers, stored {len(stored)}")
    for slug, acked in ledger.rulings.items():
        status, raw = request(port, "GET", f"/api/rulings/{slug}")
        if status != 200:
            lost.append(f"ruling {slug}: {status}")
            continue
        stored = json.loads(raw).get("answers")
        if acked is not None and stored is not None and stored[: len(acked)] != acked[: len(stored)]:
            lost.append(f"ruling {slug}: answers differ")
    integrity, bad, rows = check_database(db)
    corrupt += bad
    return {"acknowledged_sessions": len(ledger.sessions), "acknowledged_rulings": len(ledger.rulings),
            "acknowledged_answers": sum(len(a) for a in ledger.sessions.values()),
            "attempts": ledger.attempts, "unacknowledged": ledger.failures, "rejected": len(ledger.rejections),
            "rejections": ledger.rejections[:5], "lost": lost, "corrupt": corrupt, "integrity": integrity,
            "rows": rows}


def run(instance: Path, writers: int = 6, rounds: tuple[str, ...] = ("worker", "master", "all"),
        write_seconds: float = 1.0, workers: int = 2, seed: int = 0, database_url: str | None = None) -> dict:
    """Start, write, kill (one of: a worker, the master alone, every process) while writing, restart; repeat."""
    from judge_app.engine import rulesets

    boards = [(r.game, r.new_game_board(random.Random(i))) for r in rulesets().values() for i in range(2)]
    instance.mkdir(parents=True, exist_ok=True)
    server = Server(instance, free_port(), workers, database_url=database_url)
    ledger = Ledger()
    stop = threading.Event()
    current = {"port": server.port}
    kills = []
    hup_failures: list[int] = []
    server.start()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", "/")
    resp = conn.getresponse()
    resp.read()
    conn.close()
    served = {"status": resp.status, "headers": dict(resp.getheaders()), "workers": len(server.worker_pids()),
              "log": server.log.read_text()[-3000:]}
    race = race_one_session(server.port, *boards[0])
    threads = [threading.Thread(target=writer, args=(lambda: current["port"], ledger, boards, stop, seed + i),
                                daemon=True) for i in range(writers)]
    try:
        for t in threads:
            t.start()
        for what in rounds:
            time.sleep(write_seconds)
            if what == "hup":                        # graceful reload: no request may fail meanwhile
                old, failed = set(server.worker_pids()), ledger.failures
                os.kill(server.proc.pid, signal.SIGHUP)
                deadline = time.monotonic() + 30
                while (set(server.worker_pids()) & old or len(server.worker_pids()) < workers) \
                        and time.monotonic() < deadline:
                    time.sleep(0.05)
                time.sleep(write_seconds)
                kills.append("hup")
                hup_failures.append(ledger.failures - failed)
            elif what == "worker":
                kills.append(f"worker {server.kill_worker()}")
                time.sleep(write_seconds)          # the master forks a replacement; writes go on
            elif what == "master":
                server.kill_master()
                kills.append("master")
                server.start()
            elif what == "all":
                server.kill_all()
                kills.append("all")
                server.start()
        time.sleep(write_seconds)
        stop.set()
        for t in threads:
            t.join(timeout=30)
        result = verify(server.port, ledger, database_url or instance / "judge_app.sqlite3")
    finally:
        stop.set()
        server.stop()
    result["kills"] = kills
    result["served"] = served
    result["race"] = race
    result["hup_failures"] = hup_failures
    return result
