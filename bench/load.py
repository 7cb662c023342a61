"""Load test: the real server (gunicorn on loopback) driven by concurrent keep-alive clients from other processes.

    python bench/load.py                       # 50 clients, 60 s mix, plus 10 s ceiling and 10 s search probes
    python bench/load.py --duration 10 --probe 5 --json out.json
    python bench/load.py --stores --duration 30  # SQLite 1 server, PostgreSQL 2 servers, PostgreSQL + SIGKILL

Three phases against one server, each bounded in time and in requests:
  ceiling  GET /healthz only: the most this server, this client and this machine can do
  search   GET /api/search only, the queries judges type (a fixed list, so mostly answered from the
           per-process answer cache after the first asks): compared with the ceiling
  fresh    GET /api/search with queries nobody asked before (random stretches of clause text): the
           cost of a search that misses the answer cache
  mix      searches, clause pages, session steps (create, step to a decision, answer the first option)
           and ruling saves, in the weights of --mix
For each kind of request: count, throughput, p50/p95/p99/max latency and errors (non-2xx or failed).
The client is Python (threads over http.client keep-alive, in several processes so the GIL of one does
not cap the rate); its own CPU use is reported, since on a small machine it competes with the server.
"""
from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import random
import socket
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.faults.killer import Server, proc_cmdline  # noqa: E402

SEARCH_QUERIES = [
    "ブロッカー", "アタック", "ライフ", "デッキ", "ドン!!", "手札", "バトル", "勝利", "敗北", "リフレッシュ",
    "決死", "ターン", "コスト", "トラッシュ", "キャラ", "7-1-4", "６－２", "5.5.1", "6.2.4.b", "先攻",
    "マリガン", "ダメージ", "山札が0枚", "同時に", "起動メイン", "カウンター", "スタック", "召喚", "ルール処理",
]
MIX_DEFAULT = "search=3,search_fresh=1,search_page=1,clause=3,session=3,ruling=1,builder=1"


# ---------------------------------------------------------------- server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_server(port: int, workers: int, threads: int, instance: str | Path, database_url: str | None = None,
                front: str = "serve") -> Server:
    """`judge-app serve` (nginx in front of gunicorn), or with front="gunicorn" gunicorn alone on the port: the
    fault runs' server (tests/faults/killer.py), with no rate limit, no per-client cap on saved rulings (every client
    here is one loopback address; bench/abuse.py measures the cap) and no worker recycling mid-measurement."""
    return Server(Path(instance), port, workers, index_dir=str(ROOT / "instance" / "index"),
                  database_url=database_url, env={"JUDGE_APP_MAX_REQUESTS": "0", "JUDGE_APP_RULINGS_PER_CLIENT": "0"}, serve=front == "serve",
                  threads=threads)


def _proc_table() -> dict[int, tuple[int, list[str]]]:
    """pid -> (parent pid, stat fields after the command name), for every process."""
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            out[int(entry.name)] = (int(fields[1]), fields)
    return out


def tree_cpu_seconds(pid: int | None) -> float | None:
    """utime+stime of a process and everything under it (serve, nginx, the gunicorn master and its workers, and
    the children they reaped), from /proc."""
    if pid is None:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    table = _proc_table()
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        if p in table:
            f = table[p][1]
            total += (int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])) / tick
        todo += [c for c, (parent, _) in table.items() if parent == p]
    return total


def worker_cpu_seconds(pid: int | None) -> dict[int, float]:
    """CPU seconds of each gunicorn worker under `pid` (the processes that run the app)."""
    if pid is None:
        return {}
    tick = os.sysconf("SC_CLK_TCK")
    table = _proc_table()
    under, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, (parent, _) in table.items() if parent == p]
        under += kids
        todo += kids
    masters = {table[p][0] for p in under if "gunicorn" in proc_cmdline(p)}
    return {p: (int(table[p][1][11]) + int(table[p][1][12])) / tick for p in under
            if p not in masters and "gunicorn" in proc_cmdline(p)}


# ---------------------------------------------------------------- client
class Client:
    """One simulated judge: one keep-alive connection, its own session, its own random stream."""

    def __init__(self, host: str, port, seed: int, targets: dict):
        # `port`: one port, or a list (several servers): each client starts on one of them and moves to the next
        # when its server stops answering, as a load balancer would send it elsewhere
        self.ports = list(port) if isinstance(port, (list, tuple)) else [port]
        self.host, self.port = host, self.ports[seed % len(self.ports)]
        self.rng = random.Random(seed)
        self.targets = targets
        self.conn: http.client.HTTPConnection | None = None
        self.sess: dict | None = None
        self.session_steps = 0
        self.acked: dict[str, int] = {}      # session id -> updates the server acknowledged
        self.rulings: list[str] = []         # slugs the server acknowledged

    def fail_over(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if len(self.ports) > 1:
            self.port = self.ports[(self.ports.index(self.port) + 1) % len(self.ports)]
        if self.sess is not None:
            self.sess["stale"] = True    # an unacknowledged step may or may not be stored: read it back first

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        for attempt in (0, 1):  # a keep-alive connection the server closed is reopened once
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                payload = resp.read()
                if resp.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return resp.status, payload
            except ConnectionRefusedError:
                # nothing reached a server: safe to send elsewhere, as a load balancer would (several servers only)
                self.conn.close()
                self.conn = None
                if attempt or len(self.ports) == 1:
                    raise
                self.fail_over()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    # each action returns (kind, status, body)
    def health(self):
        return ("health",) + self.request("GET", "/healthz")

    def search(self):
        q = urllib.parse.quote(self.rng.choice(SEARCH_QUERIES))
        return ("search",) + self.request("GET", f"/api/search?q={q}&limit=10")

    def search_fresh(self):
        """A query nobody asked before (a random stretch of some clause's text): the answer cache misses."""
        text = self.rng.choice(self.targets["texts"])
        n = self.rng.randint(2, 6)
        i = self.rng.randrange(max(1, len(text) - n))
        q = urllib.parse.quote(text[i:i + n] + " " + self.rng.choice(SEARCH_QUERIES))
        return ("search_fresh",) + self.request("GET", f"/api/search?q={q}&limit=10")

    def search_page(self):
        q = urllib.parse.quote(self.rng.choice(SEARCH_QUERIES))
        return ("search_page",) + self.request("GET", f"/search?q={q}")

    def clause(self):
        doc, number = self.rng.choice(self.targets["clauses"])
        if self.rng.random() < 0.5:
            return ("clause_api",) + self.request("GET", f"/api/clauses/{doc}/{number}")
        return ("clause_page",) + self.request("GET", self.targets["clause_page"].format(doc=doc, number=number))

    def builder(self):
        game = self.rng.choice(list(self.targets["boards"]))
        return ("builder_page",) + self.request("GET", f"/board/{game}?seed={self.rng.randrange(1000)}")

    def session(self):
        s = self.sess
        if s is None or s.get("finished") or self.session_steps >= 40:
            game = self.rng.choice(list(self.targets["boards"]))
            board = self.rng.choice(self.targets["boards"][game])
            status, body = self.request("POST", "/api/sessions",
                                        {"game": game, "board": board, "seed": self.rng.randrange(2**31)})
            if status < 300:
                self.sess = json.loads(body)
                self.session_steps = 0
            if status < 300:
                self.acked[self.sess["id"]] = 0
            return "session_create", status, body
        self.session_steps += 1
        sid = s["id"]
        if s.get("stale"):
            status, body = self.request("GET", f"/api/sessions/{sid}")
            if status < 300:
                answer = json.loads(body)
                s.update(pending=answer.get("pending"), finished=answer.get("finished"), stale=False)
            else:
                self.sess = None
            return "session_read", status, body
        if s.get("pending"):
            d = s["pending"]
            status, body = self.request("POST", f"/api/sessions/{sid}/answer",
                                        {"decision": d["id"], "value": d["options"][0]["value"]})
            kind = "session_answer"
        else:
            status, body = self.request("POST", f"/api/sessions/{sid}/step", {"until": "decision"})
            kind = "session_step"
        if status < 300:
            answer = json.loads(body)
            s["pending"] = answer.get("pending")
            s["finished"] = answer.get("finished")
            self.acked[sid] = self.acked.get(sid, 0) + 1
        else:
            self.sess = None
        return kind, status, body

    def ruling(self):
        if self.sess is None:
            return self.session()
        status, body = self.request("POST", "/api/rulings", {"session": self.sess["id"], "title": "負荷試験の裁定"})
        if status < 300:
            self.rulings.append(json.loads(body)["slug"])
        return "ruling_save", status, body


def client_process(host, port, threads, seed, mix, deadline, max_requests, targets, out_q, think=0.0,
                   record_from=0.0):
    """One process of `threads` clients; sends {kind: {"lat": [...], "errors": n, "samples": [...]}}."""
    stats: dict[str, dict] = {}
    ledger = {"sessions": {}, "rulings": []}
    lock = threading.Lock()
    budget = [max_requests]
    kinds, weights = zip(*mix)

    def run(i):
        client = Client(host, port, seed * 1000 + i, targets)
        local: dict[str, dict] = {}
        while time.time() < deadline:
            with lock:
                if budget[0] <= 0:
                    break
                budget[0] -= 1
            action = getattr(client, client.rng.choices(kinds, weights)[0])
            started = time.time()
            t0 = time.perf_counter()
            try:
                kind, status, body = action()
                ok = 200 <= status < 300
                detail = f"{status} {body[:160]!r}"
            except Exception as e:  # a failed request is counted, never a stop
                kind, ok, detail = action.__name__, False, repr(e)[:200]
                if isinstance(e, (OSError, http.client.HTTPException)):
                    client.fail_over()
            ms = (time.perf_counter() - t0) * 1000
            if started < record_from:   # warm-up: connections opening, each thread's first search
                continue
            k = local.setdefault(kind, {"lat": [], "errors": 0, "samples": [], "dropped": 0})
            k["lat"].append(ms)
            if not ok and detail.startswith(("ConnectionRefused", "ConnectionReset", "RemoteDisconnected",
                                             "IncompleteRead", "BrokenPipe")):
                k["dropped"] += 1   # the connection was cut (a server killed): no answer, so no acknowledged write
            if not ok:
                k["errors"] += 1
                if len(k["samples"]) < 3:
                    k["samples"].append(detail)
            if think:   # a judge reads the answer before the next tap (exponential, mean `think` s)
                time.sleep(min(client.rng.expovariate(1 / think), 10 * think))
        with lock:
            ledger["sessions"].update(client.acked)
            ledger["rulings"] += client.rulings
            for kind, k in local.items():
                agg = stats.setdefault(kind, {"lat": [], "errors": 0, "samples": [], "dropped": 0})
                agg["lat"] += k["lat"]
                agg["errors"] += k["errors"]
                agg["dropped"] += k["dropped"]
                agg["samples"] = (agg["samples"] + k["samples"])[:3]

    workers = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join(timeout=max(1.0, deadline - time.time() + 60))
    cpu = time.process_time()
    out_q.put((stats, cpu, ledger))


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, int(round(p / 100 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[i]


def run_phase(name, host, port, clients, procs, mix, seconds, max_requests, targets, server_pid=None,
              think=0.0, warmup=2.0, during=None) -> dict:
    """`port`: one port or a list (clients spread over them). `during(start, end)`: run in a thread meanwhile."""
    ctx = mp.get_context("fork")
    q = ctx.Queue()
    per = [clients // procs + (1 if i < clients % procs else 0) for i in range(procs)]
    start = time.time()
    deadline = start + warmup + seconds
    record_from = start + warmup
    ps = [ctx.Process(target=client_process,
                      args=(host, port, n, hash((name, i)) & 0xFFFF, mix, deadline, max_requests // procs, targets, q,
                            think, record_from))
          for i, n in enumerate(per) if n]
    for p in ps:
        p.start()
    time.sleep(max(0.0, record_from - time.time()))
    cpu_before = tree_cpu_seconds(server_pid)
    workers_before = worker_cpu_seconds(server_pid)
    side = None
    if during is not None:
        side = threading.Thread(target=during, args=(record_from, deadline), daemon=True)
        side.start()
    merged: dict[str, dict] = {}
    ledger = {"sessions": {}, "rulings": []}
    client_cpu = 0.0
    for _ in ps:
        stats, cpu, part = q.get(timeout=seconds + 300)
        client_cpu += cpu
        ledger["sessions"].update(part["sessions"])
        ledger["rulings"] += part["rulings"]
        for kind, k in stats.items():
            agg = merged.setdefault(kind, {"lat": [], "errors": 0, "samples": [], "dropped": 0})
            agg["lat"] += k["lat"]
            agg["errors"] += k["errors"]
            agg["dropped"] += k["dropped"]
            agg["samples"] = (agg["samples"] + k["samples"])[:3]
    for p in ps:
        p.join(timeout=10)
    if side is not None:
        side.join(timeout=300)
    elapsed = time.time() - record_from
    kinds = {}
    for kind, k in sorted(merged.items()):
        lat = sorted(k["lat"])
        kinds[kind] = {"requests": len(lat), "errors": k["errors"], "rps": round(len(lat) / elapsed, 1),
                       "p50_ms": round(percentile(lat, 50), 2), "p95_ms": round(percentile(lat, 95), 2),
                       "p99_ms": round(percentile(lat, 99), 2), "max_ms": round(lat[-1], 2) if lat else 0,
                       "error_samples": k["samples"]}
    everything = sorted(x for k in merged.values() for x in k["lat"])
    total = {"requests": len(everything), "errors": sum(k["errors"] for k in merged.values()),
             "dropped": sum(k["dropped"] for k in merged.values()),
             "rps": round(len(everything) / elapsed, 1), "p50_ms": round(percentile(everything, 50), 2),
             "p95_ms": round(percentile(everything, 95), 2), "p99_ms": round(percentile(everything, 99), 2),
             "max_ms": round(everything[-1], 2) if everything else 0}
    server_cpu = None if cpu_before is None else tree_cpu_seconds(server_pid) - cpu_before
    # each worker's share of the CPU the workers spent in the phase: 1/workers each when the load is spread
    spent = {p: c - workers_before.get(p, 0.0) for p, c in worker_cpu_seconds(server_pid).items()}
    shares = sorted((round(c / sum(spent.values()), 3) for c in spent.values()), reverse=True) \
        if sum(spent.values()) > 0 else []
    if server_cpu is not None:
        # CPU the server spent per request: the figure that does not depend on what else the machine runs
        total["server_cpu_ms_per_request"] = round(server_cpu * 1000 / max(1, len(everything)), 2)
    return {"phase": name, "seconds": round(elapsed, 2), "clients": clients, "think_s": think,
            "client_processes": len(ps),
            "client_cpu_seconds": round(client_cpu, 1),
            "server_cpu_seconds": None if server_cpu is None else round(server_cpu, 1),
            "worker_cpu_shares": shares, "kinds": kinds, "total": total,
            "ledger": ledger}


# ---------------------------------------------------------------- targets
def load_targets(clause_sample: int = 400) -> dict:
    """What clients ask for: real clause numbers and fresh boards of every registered ruleset."""
    from judge_app.engine import rulesets

    rng = random.Random(7)
    clauses: list[tuple[str, str]] = []
    texts: list[str] = []
    from judge_app.corpus import get_corpus

    for doc in get_corpus().docs.values():
        for c in doc.clauses.values():
            clauses.append((c.doc, c.number))
            if len(c.text) >= 8:
                texts.append(c.text.replace("\n", ""))
    clauses = rng.sample(clauses, min(clause_sample, len(clauses))) or [("opcg", "7-1-4")]
    boards = {r.game: [r.new_game_board(random.Random(i)) for i in range(4)] for r in rulesets().values()}
    return {"clauses": clauses, "boards": boards, "clause_page": "/rules/{doc}/{number}", "texts": texts}


def parse_mix(text: str) -> list[tuple[str, float]]:
    mix = []
    for part in text.split(","):
        name, _, w = part.partition("=")
        if name not in ("health", "search", "search_fresh", "search_page", "clause", "session", "ruling", "builder"):
            raise SystemExit(f"--mix: unknown kind {name!r}")
        mix.append((name, float(w or 1)))
    return mix


# ---------------------------------------------------------------- report
def table(phases: list[dict]) -> str:
    lines = [f"{'phase':8} {'kind':15} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7}"]
    for ph in phases:
        rows = list(ph["kinds"].items()) + [("(all)", ph["total"])]
        for kind, k in rows:
            lines.append(f"{ph['phase']:8} {kind:15} {k['requests']:9d} {k['rps']:8.1f} {k['p50_ms']:8.1f} "
                         f"{k['p95_ms']:8.1f} {k['p99_ms']:8.1f} {k['max_ms']:8.1f} {k['errors']:7d}")
    return "\n".join(lines)


# ---------------------------------------------------------------- --stores: SQLite, then PostgreSQL with two servers
def lost_writes(ledger: dict, database: str) -> dict:
    """Every acknowledged write read back from the database itself: a session's version counts its stored updates
    (an acknowledged update is never missing: version >= acknowledged), an acknowledged ruling's slug exists."""
    from sqlalchemy import select

    from judge_app.store import Store, read_connection, rulings, sessions

    store = Store(database)
    try:
        with read_connection(store) as c:
            versions = dict(c.execute(select(sessions.c.id, sessions.c.version)).all())
            slugs = set(c.execute(select(rulings.c.slug)).scalars())
    finally:
        store.close()
    lost = [f"session {sid}: acknowledged {n} updates, stored {versions.get(sid)}"
            for sid, n in ledger["sessions"].items() if versions.get(sid, -1) < n]
    lost += [f"ruling {slug}" for slug in ledger["rulings"] if slug not in slugs]
    return {"acknowledged_sessions": len(ledger["sessions"]),
            "acknowledged_updates": sum(ledger["sessions"].values()),
            "acknowledged_rulings": len(ledger["rulings"]), "lost": len(lost), "lost_samples": lost[:5]}


def killpg_and_restart(servers: list[dict], which: int, at: float, log: list) -> callable:
    """A `during` for run_phase: `at` of the way through, SIGKILL every process of one server, then restart it."""

    def during(start: float, end: float) -> None:
        time.sleep(max(0.0, start + (end - start) * at - time.time()))
        srv = servers[which]
        t0 = time.time()
        srv.kill_all()   # every process of the server at once; waits until they are gone and the port is free
        srv.start(timeout=180)
        log.append({"server": which, "killed_at_s": round(t0 - start, 1), "back_after_s": round(time.time() - t0, 1)})

    return during


def stores_mode(args, targets, mix) -> int:
    """The same mix on SQLite (one server) and on PostgreSQL (two servers sharing one database, clients spread over
    both), then PostgreSQL again with one server SIGKILLed mid-write and restarted."""
    from judge_app.gunicorn_conf import workers as default_workers
    from tests.pg_cluster import Cluster

    workers = args.workers or default_workers
    pg_workers = max(1, workers // 2)     # the same number of workers in all, on the same cores
    tmp = Path(tempfile.mkdtemp(prefix="judge-stores-"))
    runs = []

    def serve(name: str, count: int, each: int, database_url: str | None) -> list[Server]:
        servers = []
        for i in range(count):
            inst = tmp / f"{name}-{i}"
            inst.mkdir(parents=True, exist_ok=True)
            servers.append(make_server(free_port(), each, args.threads, inst, database_url))
            servers[-1].start(timeout=180)
        return servers

    def measure(name, servers, database, during=None, kills=None) -> dict:
        ports = [s.port for s in servers]
        try:
            ph = run_phase(name, "127.0.0.1", ports, args.clients, args.procs, mix, args.duration,
                           args.max_requests, targets, None, think=args.think, warmup=args.warmup, during=during)
        finally:
            for srv in servers:
                srv.stop()
        ph["servers"] = len(servers)
        ph["workers_per_server"] = pg_workers if len(servers) > 1 else workers
        ph["writes"] = lost_writes(ph.pop("ledger"), database)
        if kills is not None:
            ph["kills"] = kills
        return ph

    sqlite_db = str(tmp / "sqlite-0" / "judge_app.sqlite3")
    runs.append(measure("sqlite", serve("sqlite", 1, workers, None), sqlite_db))
    with Cluster(tmp / "postgresql") as pg:
        url = pg.create_database("judge_two")
        runs.append(measure("pg-2srv", serve("pg", 2, pg_workers, url), url))
        url = pg.create_database("judge_kill")
        servers = serve("pgkill", 2, pg_workers, url)
        kills: list = []
        runs.append(measure("pg-kill", servers, url, killpg_and_restart(servers, 1, 0.4, kills), kills))
        version = pg.version
    lines = [f"{'run':8} {'servers':>7} {'workers':>7} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} "
             f"{'p99 ms':>8} {'errors':>7} {'cut':>4} {'acked writes':>12} {'lost':>5}"]
    for r in runs:
        t, w = r["total"], r["writes"]
        lines.append(f"{r['phase']:8} {r['servers']:7d} {r['workers_per_server']:7d} {t['requests']:9d} {t['rps']:8.1f} "
                     f"{t['p50_ms']:8.1f} {t['p95_ms']:8.1f} {t['p99_ms']:8.1f} {t['errors'] - t['dropped']:7d} "
                     f"{t['dropped']:4d} "
                     f"{w['acknowledged_updates'] + w['acknowledged_sessions'] + w['acknowledged_rulings']:12d} "
                     f"{w['lost']:5d}")
    by = {r["phase"]: r for r in runs}
    ratio = round(by["pg-2srv"]["total"]["rps"] / by["sqlite"]["total"]["rps"], 3) if by["sqlite"]["total"]["rps"] else None
    print(table(runs))
    print()
    print("\n".join(lines))
    print("errors: answers other than 2xx, and failures not caused by a kill; cut: requests whose connection the "
          "SIGKILL cut (no answer, so nothing acknowledged; refused connections go to the other server)")
    print(f"postgresql {version}; clients={args.clients} think={args.think}s duration={args.duration}s "
          f"cpus={os.cpu_count()}; PG(2 servers)/SQLite(1 server) throughput = {ratio}")
    for r in runs:
        for k in r.get("kills", []):
            print(f"{r['phase']}: server {k['server']} SIGKILLed at {k['killed_at_s']} s, answering again after "
                  f"{k['back_after_s']} s")
        for line in r["writes"]["lost_samples"]:
            print(f"  LOST {r['phase']}: {line}")
        for kind, k in r["kinds"].items():
            for smp in k["error_samples"]:
                print(f"  error {r['phase']}/{kind}: {smp}")
    if args.json:
        text = json.dumps({"postgresql": version, "runs": runs, "pg_vs_sqlite_rps": ratio}, ensure_ascii=False, indent=1)
        print(text) if args.json == "-" else Path(args.json).write_text(text)
    return 0 if all(r["writes"]["lost"] == 0 for r in runs) else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duration", type=float, default=60, help="seconds of the mixed phase")
    ap.add_argument("--probe", type=float, default=10, help="seconds of each of the ceiling and search phases")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--procs", type=int, default=2, help="client processes the clients are spread over")
    ap.add_argument("--max-requests", type=int, default=2_000_000, help="per phase, a hard bound")
    ap.add_argument("--mix", default=MIX_DEFAULT)
    ap.add_argument("--warmup", type=float, default=2.0,
                    help="seconds at the start of each phase not recorded (connections opening, cold threads)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds each client waits between requests in the mix (0: as fast as answered)")
    ap.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: gunicorn_conf's)")
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--front", choices=("serve", "gunicorn"), default="serve",
                    help="serve: `judge-app serve` (nginx in front of gunicorn); gunicorn: gunicorn alone on the port")
    ap.add_argument("--port", type=int, default=0, help="0: a free loopback port")
    ap.add_argument("--url", help="drive an already running server (host:port) instead of starting one")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON ('-' for stdout)")
    ap.add_argument("--stores", action="store_true",
                    help="the mix on SQLite (1 server), on PostgreSQL (2 servers, 1 database), then PostgreSQL with "
                         "one server SIGKILLed mid-write: throughput, latency, errors, lost writes, PG/SQLite ratio")
    args = ap.parse_args(argv)
    if args.stores:
        return stores_mode(args, load_targets(), parse_mix(args.mix))

    from judge_app.gunicorn_conf import workers as default_workers

    workers = args.workers or default_workers
    mix = parse_mix(args.mix)
    targets = load_targets()
    server = None
    if args.url:
        host, _, port = args.url.rpartition(":")
        port = int(port)
    else:
        host, port = "127.0.0.1", args.port or free_port()
        server = make_server(port, workers, args.threads, tempfile.mkdtemp(prefix="judge-load-"), front=args.front)
    try:
        if server:
            server.start(timeout=180)
        pid = server.proc.pid if server else None
        phases = []
        if args.probe > 0:
            phases.append(run_phase("ceiling", host, port, args.clients, args.procs, [("health", 1)],
                                    args.probe, args.max_requests, targets, pid, warmup=args.warmup))
            phases.append(run_phase("search", host, port, args.clients, args.procs, [("search", 1)],
                                    args.probe, args.max_requests, targets, pid, warmup=args.warmup))
            phases.append(run_phase("fresh", host, port, args.clients, args.procs, [("search_fresh", 1)],
                                    args.probe, args.max_requests, targets, pid, warmup=args.warmup))
        phases.append(run_phase("mix", host, port, args.clients, args.procs, mix, args.duration,
                                args.max_requests, targets, pid, think=args.think, warmup=args.warmup))
    finally:
        if server:
            server.stop()
    result = {"server": {"workers": workers, "threads": args.threads, "url": f"{host}:{port}",
                         "cpus": os.cpu_count(), "loadavg_after": os.getloadavg()},
              "mix": dict(mix), "phases": phases}
    by = {p["phase"]: p for p in phases}
    if "ceiling" in by and "search" in by:
        ceiling = by["ceiling"]["total"]["rps"]
        result["search_vs_ceiling"] = round(by["search"]["total"]["rps"] / ceiling, 3) if ceiling else None
        result["fresh_search_vs_ceiling"] = round(by["fresh"]["total"]["rps"] / ceiling, 3) if ceiling else None
    mixed = by["mix"]["total"]
    result["aims"] = {"zero_errors": sum(p["total"]["errors"] for p in phases) == 0,
                      "p99_under_100ms": mixed["p99_ms"] < 100,
                      "search_at_least_half_ceiling": (result.get("search_vs_ceiling") or 0) >= 0.5}
    for ph in phases:
        ph.pop("ledger", None)
    print(table(phases))
    print(f"workers={workers} threads={args.threads} clients={args.clients} client_procs={args.procs} "
          f"cpus={os.cpu_count()} loadavg={os.getloadavg()[0]:.1f} search/ceiling={result.get('search_vs_ceiling')} "
          f"fresh-search/ceiling={result.get('fresh_search_vs_ceiling')} aims={result['aims']}")
    for ph in phases:
        print(f"{ph['phase']}: {ph['seconds']} s, server CPU {ph['server_cpu_seconds']} s "
              f"({ph['total'].get('server_cpu_ms_per_request')} ms/request), client CPU {ph['client_cpu_seconds']} s, "
              f"workers' shares of their CPU {ph['worker_cpu_shares']}")
    for ph in phases:
        for kind, k in ph["kinds"].items():
            for s in k["error_samples"]:
                print(f"  error {ph['phase']}/{kind}: {s}")
    if args.json:
        text = json.dumps(result, ensure_ascii=False, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
