"""The abuse run (issues 27 and 39): a real `judge-app serve` (2 workers) on
loopback, attacked as a hostile client would, each attack bounded in count and time. For each attack it reports
the load (what was sent), what held (answers, timings) and what was lost or stored by the attacker (nothing).

    python bench/abuse.py [--store sqlite|postgresql] [--slow 64] [--slow-seconds 10] [--json out.json]
    python bench/abuse.py --only slow_clients,alias_bomb

Before the attacks it stores a reference session (stepped to a decision) and a ruling; after each attack it
reads both back and compares them byte for byte, and every session a well-behaved client created meanwhile is
read back too: `lost` counts what differs or is gone. `stored` counts the rows the attacker's requests added.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.faults.killer import Server, free_port  # noqa: E402
from tests.hostile import wire  # noqa: E402

SEARCH = "/api/search?q=%E3%83%96%E3%83%AD%E3%83%83%E3%82%AB%E3%83%BC&limit=3"
LEADERS = "{players: {p1: {leader: {id: L1, name: A}}, p2: {leader: {id: L2, name: B}}}}"
# a whole opcg board mid-game, in as few bytes as the schema allows (the alias bombs ride on it)
SMALL = ("{players: {p1: {leader: {id: L1, name: A, life: 5}, deck_count: 40}, p2: {leader: {id: L2, name: B, "
         "life: 5}, deck_count: 40}}, phase: main, turn: 2, turn_player: p1}")


# ---- HTTP helpers -------------------------------------------------------------------------------------------------
def call(port: int, method: str, path: str, body=None, raw: bytes | None = None, headers: dict | None = None,
         timeout: float = 30, ip: str = "192.0.2.1") -> tuple[int, bytes, float, dict]:
    """One request as the client `ip` (the server trusts one proxy's X-Forwarded-For: JUDGE_APP_PROXIES=1)."""
    t0 = time.perf_counter()
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        h = {"Content-Type": "application/json"} if data is not None else {}
        h["X-Forwarded-For"] = ip
        h.update(headers or {})
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        out = r.read()
        return r.status, out, time.perf_counter() - t0, dict(r.getheaders())
    except OSError as e:
        return 0, str(e).encode(), time.perf_counter() - t0, {}
    finally:
        c.close()


def statuses(results) -> dict[str, int]:
    out: dict[str, int] = {}
    for status, *_ in results:
        out[str(status)] = out.get(str(status), 0) + 1
    return dict(sorted(out.items()))


class Env:
    """The server, its database, a reference session and ruling, and the sessions legit clients made."""

    def __init__(self, server: Server, database_url: str | None):
        self.server, self.port, self.database_url = server, server.port, database_url
        self.legit: dict[str, bytes] = {}
        board = self.new_board("opcg", 1)
        status, body, *_ = call(self.port, "POST", "/api/sessions", {"game": "opcg", "board": board, "seed": 1})
        assert status == 201, body[:300]
        self.ref = json.loads(body)["id"]
        call(self.port, "POST", f"/api/sessions/{self.ref}/step", {"until": "decision"})
        status, body, *_ = call(self.port, "POST", "/api/rulings", {"session": self.ref, "title": "基準の裁定"})
        assert status == 201, body[:300]
        self.slug = json.loads(body)["slug"]
        self.snapshot = self._reference()

    def new_board(self, game: str, seed: int) -> dict | None:
        status, body, *_ = call(self.port, "GET", f"/api/games/{game}/new-board?seed={seed}")
        return json.loads(body)["board"] if status == 200 else None

    def _reference(self) -> tuple[bytes | None, bytes | None]:
        """The reference session's and ruling's JSON (None for one that got no answer)."""
        out = []
        for path in (f"/api/sessions/{self.ref}", f"/api/rulings/{self.slug}"):
            status, body, *_ = call(self.port, "GET", path)
            out.append(body if status else None)
        return tuple(out)

    def rows(self) -> dict[str, int]:
        from judge_app.store import Store

        store = Store(self.database_url or str(self.server.instance / "judge_app.sqlite3"))
        try:
            return {t: store.count(t) for t in ("sessions", "rulings")}
        finally:
            store.close()

    def db_bytes(self) -> int:
        return sum(p.stat().st_size for p in self.server.instance.glob("judge_app.sqlite3*")) if not self.database_url else 0

    def legit_session(self) -> None:
        board = self.new_board("los", random.randrange(1000))
        if board is None:
            return
        status, body, *_ = call(self.port, "POST", "/api/sessions", {"game": "los", "board": board, "seed": 3},
                                ip="192.0.2.50")
        if status == 201:
            data = json.loads(body)
            self.legit[data["id"]] = json.dumps([data["board"], data["answers"]], sort_keys=True).encode()

    def lost(self) -> list[str]:
        out = []
        now = self._reference()
        if now != self.snapshot:
            out.append("reference session or ruling: no answer" if None in now else
                       "reference session or ruling changed")
        for sid, was in self.legit.items():
            status, body, *_ = call(self.port, "GET", f"/api/sessions/{sid}")
            data = json.loads(body) if status == 200 else {}
            if status != 200 or json.dumps([data["board"], data["answers"]], sort_keys=True).encode() != was:
                out.append(f"legit session {sid}: {status}")
        return out


def worker_rss_mb(server: Server) -> float:
    total = 0
    for pid in server.worker_pids():
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total = max(total, int(line.split()[1]))
        except OSError:
            pass
    return round(total / 1024, 1)


# ---- the attacks ------------------------------------------------------------------------------------------------
def bomb(levels: int) -> str:
    """A whole board whose unknown top-level key holds `levels` levels of aliases, each ten of the one before."""
    lols = '["lolololololololol","lolololololololol","lolololololololol"]'
    nested = [f"l0: &l0 {lols}"] + [f"l{i}: &l{i} [{','.join(f'*l{i - 1}' for _ in range(10))}]" for i in range(1, levels)]
    return f"game: opcg\ntitle: bomb\nboard: {SMALL[:-1]}, zzz: {{{', '.join(nested)}}}}}\n"


def alias_bomb(env: Env, args) -> dict:
    before, size = env.rows(), env.db_bytes()
    results = []
    for levels in args.levels:
        text = bomb(levels)
        for path in ("/api/rulings", "/api/sessions"):
            for _ in range(args.repeat):
                results.append(call(env.port, "POST", path, {"scenario": text}, ip="198.51.100.1"))
    self_ref = call(env.port, "POST", "/api/rulings", {"scenario": f"game: opcg\ntitle: t\nboard: {LEADERS}\nanswers: &a [*a]\n"})
    lists = [call(env.port, "GET", p)[2] for p in ("/rulings", f"/r/{env.slug}") for _ in range(3)]
    sizes = [len(bomb(n).encode()) for n in args.levels]
    return {"load": f"{len(results)} alias bombs of {min(sizes)}-{max(sizes)} bytes ({args.levels} levels: "
                    f"{0.725 * 10 ** (min(args.levels) - 5):g}-{0.725 * 10 ** (max(args.levels) - 5):g} MB as JSON) "
                    "to /api/rulings and /api/sessions, one self-referencing anchor",
            "answers": statuses(results), "self_reference": self_ref[0],
            "slowest_answer_s": round(max(r[2] for r in results), 3),
            "stored": sum(env.rows().values()) - sum(before.values()), "db_growth_bytes": env.db_bytes() - size,
            "after: /rulings and /r/<slug> slowest s": round(max(lists), 3)}


def slow_clients(env: Env, args) -> dict:
    body = json.dumps({"game": "opcg", "seed": 1, "board": {"players": {}}}).encode()
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 400 + b"\r\n\r\n"
    socks = []
    for i in range(args.slow):
        s = socket.create_connection(("127.0.0.1", env.port), timeout=5)
        if i % 2:
            s.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: %d\r\n\r\n" % len(body))
        socks.append([s, body if i % 2 else head, 0, True])
    stop = threading.Event()

    def drip():
        while not stop.is_set():
            for entry in socks:
                s, data, n, ok = entry
                if ok and n < len(data) - 1:
                    try:
                        s.sendall(data[n:n + 1])
                        entry[2] += 1
                    except OSError:
                        entry[3] = False
            stop.wait(args.drip)

    t = threading.Thread(target=drip, daemon=True)
    t.start()
    times: dict[str, list[float]] = {"healthz": [], "search": []}
    failures = 0
    deadline = time.monotonic() + args.slow_seconds
    time.sleep(1.0)
    while time.monotonic() < deadline:
        for name, path in (("healthz", "/healthz"), ("search", SEARCH)):
            status, _, took, _ = call(env.port, "GET", path, timeout=5)
            times[name].append(took)
            failures += status != 200
        env.legit_session()
        time.sleep(0.2)
    stop.set()
    t.join(5)
    held = sum(1 for e in socks if e[3])
    for e in socks:
        e[0].close()
    return {"load": f"{args.slow} connections sending headers or a body one byte every {args.drip:g} s for "
                    f"{args.slow_seconds:g} s, beside /healthz, a search and a session created every 0.2 s",
            "slow connections still open": held, "probe answers": sum(len(v) for v in times.values()),
            "probe failures": failures,
            "healthz max s": round(max(times["healthz"]), 3), "search max s": round(max(times["search"]), 3),
            "healthz p50 s": round(sorted(times["healthz"])[len(times["healthz"]) // 2], 3)}


def flood(env: Env, args) -> dict:
    """One client storing as fast as it can: sessions of about 1 MB, then rulings."""
    before, size = env.rows(), env.db_bytes()
    board = env.new_board("opcg", 5)
    board.update(turn=3, phase="main", turn_player="p1")
    board["players"]["p1"]["hand"] = [{"id": f"h{i}", "name": "カ" * 80, "category": "キャラ"} for i in range(1700)]
    body = json.dumps({"game": "opcg", "board": board, "seed": 1}).encode()
    t0 = time.perf_counter()
    sessions = [call(env.port, "POST", "/api/sessions", raw=body, ip="198.51.100.2") for _ in range(args.flood)]
    took = time.perf_counter() - t0
    small = env.new_board("opcg", 6)
    status, data, *_ = call(env.port, "POST", "/api/sessions", {"game": "opcg", "board": small, "seed": 1})
    sid = json.loads(data).get("id") if status == 201 else env.ref
    rulings = [call(env.port, "POST", "/api/rulings", {"session": sid, "title": f"flood {i}"}, ip="198.51.100.3")
               for i in range(args.flood)]
    listed = call(env.port, "GET", "/api/rulings")
    still_listed = env.slug in {r["slug"] for r in json.loads(listed[1]).get("rulings", [])} if listed[0] == 200 else None
    after = env.rows()
    return {"load": f"{args.flood} session creations of {len(body) / 1e6:.2f} MB each in {took:.1f} s, then "
                    f"{args.flood} ruling saves, from one client",
            "sessions answers": statuses(sessions), "rulings answers": statuses(rulings),
            "sessions stored": after["sessions"] - before["sessions"], "rulings stored": after["rulings"] - before["rulings"],
            "db_growth_bytes": env.db_bytes() - size, "reference ruling still listed": still_listed}


def concurrent_answers(env: Env, args) -> dict:
    """Rounds of `concurrency` clients answering the same open decision at once; the answer is undone between
    rounds, so every round races on one version of the session."""
    board = env.new_board("kaiun", 7)
    status, body, *_ = call(env.port, "POST", "/api/sessions", {"game": "kaiun", "board": board, "seed": 7})
    sid = json.loads(body)["id"]
    pending = json.loads(call(env.port, "POST", f"/api/sessions/{sid}/step", {"until": "decision"})[1])["pending"]
    go = threading.Barrier(args.concurrency)
    results: list = []
    lock = threading.Lock()
    rounds = -(-args.answers // args.concurrency)

    def client(n: int) -> None:
        for r in range(rounds):
            go.wait()
            value = pending["options"][(n + r) % len(pending["options"])]["value"]
            res = call(env.port, "POST", f"/api/sessions/{sid}/answer", {"decision": pending["id"], "value": value},
                       ip=f"198.18.0.{n + 1}")
            with lock:
                results.append(res)
            go.wait()
            if n == 0:
                call(env.port, "POST", f"/api/sessions/{sid}/undo", {}, ip="198.18.1.1")

    threads = [threading.Thread(target=client, args=(n,)) for n in range(args.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"load": f"{len(results)} answers to one open decision, {args.concurrency} clients at once, {rounds} rounds",
            "answers": statuses(results), "5xx": sum(1 for r in results if r[0] >= 500),
            "stored per round": round(sum(1 for r in results if r[0] == 200) / rounds, 2)}


def seeds(env: Env, args) -> dict:
    board = env.new_board("los", 1)
    out = {}
    for seed in (2**31 - 1, 2**31, 2**63 - 1, 2**63, -1):
        out[str(seed)] = call(env.port, "POST", "/api/sessions", {"game": "los", "board": board, "seed": seed},
                              ip="198.51.100.4")[0]
    out["new-board?seed=2^63-1"] = call(env.port, "GET", f"/api/games/los/new-board?seed={2**63 - 1}")[0]
    return {"load": "sessions with seeds 2^31-1, 2^31, 2^63-1 (kept), 2^63 and -1 (refused)", "answers": out}


def boards(env: Env, args) -> dict:
    before = env.rows()
    board = env.new_board("opcg", 3)
    board["options"] = {"x": 0}
    raw = json.dumps({"game": "opcg", "board": board, "seed": 1})
    out = {k: call(env.port, "POST", "/api/sessions", raw=raw.replace('"x": 0', f'"x": {k}').encode())[0]
           for k in ("NaN", "Infinity", "-Infinity")}
    deep = {}
    node = deep
    for _ in range(330):
        node["k"] = {}
        node = node["k"]
    out["330-level key"] = call(env.port, "POST", "/api/sessions", {"game": "opcg", "seed": 1, "board": dict(board, battle=deep, options={})})[0]
    out["unknown top-level key"] = call(env.port, "POST", "/api/sessions", {"game": "opcg", "seed": 1, "board": dict(board, zzz=1, options={})})[0]
    out["render 330-level"] = call(env.port, "POST", "/board/opcg/render", {"board": dict(board, battle=deep, options={})})[0]
    out["scenario.yaml of the reference"] = call(env.port, "GET", f"/r/{env.slug}/scenario.yaml")[0]
    return {"load": "boards with NaN, Infinity, -Infinity, a 330-level nested key, an unknown top-level key",
            "answers": out, "stored": sum(env.rows().values()) - sum(before.values())}


def board_cache(env: Env, args) -> dict:
    base = env.new_board("opcg", 4)
    rss0 = worker_rss_mb(env.server)
    t0 = time.perf_counter()
    for i in range(args.previews):
        board = json.loads(json.dumps(base))
        for j, card in enumerate(board["players"]["p1"]["deck"]):
            card["name"] = f"{i}-{j}" + "カ" * 70
        call(env.port, "POST", "/board/opcg/render", {"board": board}, ip=f"198.51.100.{10 + i // 50}")
    return {"load": f"{args.previews} previews of distinct boards to /board/opcg/render in {time.perf_counter() - t0:.0f} s",
            "largest worker RSS MB before / after": [rss0, worker_rss_mb(env.server)]}


def redirects(env: Env, args) -> dict:
    out = {}
    for path in ("/rules/OPCG?doc=x", "/rules/opcg/7.1.4?number=1", "/rules/opcg/?_method=DELETE",
                 "/rules/OPCG?_external=1"):
        status, _, _, headers = call(env.port, "GET", path, headers={"Host": "evil.example"})
        out[path] = f"{status} {headers.get('Location', '')}"
    return {"load": "redirects with unknown parameters and Host: evil.example", "answers": out,
            "absolute or foreign Location": sum("evil" in v or "://" in v for v in out.values())}


def secrets_check(env: Env, args) -> dict:
    key = env.server.instance / "secret_key"
    env_vars = dict(os.environ, JUDGE_APP_SECRET_KEY="bench-very-secret-key",
                    JUDGE_APP_DATABASE_URL="postgresql://judge:bench-password@db/judge")
    out = subprocess.run([sys.executable, "-m", "judge_app", "settings"], cwd=ROOT, env=env_vars,
                         capture_output=True, text=True).stdout
    return {"load": "the instance's key file, `judge-app settings` with a key and a database password set",
            "secret_key mode": oct(stat.S_IMODE(key.stat().st_mode)) if key.exists() else None,
            "secrets printed": int("bench-very-secret-key" in out) + int("bench-password" in out)}


def corpus_import(env: Env, args) -> dict:
    from judge_app.corpus.importer import ImportRefused, import_edition

    fixture = ROOT / "tests" / "fixtures" / "editions" / "opcg-ver.1.1.7.txt"
    out = {}
    with tempfile.TemporaryDirectory(prefix="judge-abuse-corpus-") as tmp:
        d = Path(tmp) / "corpus"
        shutil.copytree(ROOT / "rules_corpus", d)
        a = import_edition(d, "opcg", fixture, "ver.1.1.7（暫定）")
        text = fixture.read_text(encoding="utf-8").replace("それより大きい", "それを超える", 1)
        (Path(tmp) / "b.txt").write_text(text, encoding="utf-8")
        b = import_edition(d, "opcg", Path(tmp) / "b.txt", "ver.1.1.7（確定）")
        out["non-ASCII versions: files"] = "distinct" if a.file != b.file else "one file (overwritten)"
        out["modes (manifest, edition)"] = [oct(stat.S_IMODE((d / f).stat().st_mode)) for f in ("manifest.yaml", b.file)]
        big = Path(tmp) / "x400.txt"
        shipped = (ROOT / "rules_corpus" / "opcg.txt").read_text(encoding="utf-8")
        big.write_text(shipped.replace("ver.1.1.6", "ver.1.1.8", 1) + shipped * 399, encoding="utf-8")
        t0 = time.perf_counter()
        try:
            import_edition(d, "opcg", big, "ver.1.1.8")
            out["29 MB file"] = "imported"
        except ImportRefused:
            out["29 MB file"] = f"refused in {time.perf_counter() - t0:.2f} s"
        out["lock file left"] = (d / ".import.lock").exists()
    return {"load": "two versions differing only in non-ASCII, a 29 MB file (the rulebook ×400)", "answers": out}


def _on_the_wire(attack, **kwargs):
    """A wire attack of issue 39 with /healthz and the workers' memory watched throughout."""
    def run(env: Env, args) -> dict:
        with wire.Probe(env.port, env.server.worker_pids) as probe:
            result = attack(env.port, **{k: getattr(args, v) for k, v in kwargs.items()})
        return result | probe.report()
    return run


ATTACKS = {"alias_bomb": alias_bomb, "slow_clients": slow_clients, "flood": flood,
           "concurrent_answers": concurrent_answers, "seeds": seeds, "boards": boards, "board_cache": board_cache,
           "redirects": redirects, "secrets": secrets_check, "corpus_import": corpus_import,
           # issue 39: what the server in front of the app must refuse or time out
           "negative_chunk": _on_the_wire(wire.negative_chunk, requests="wire_requests"),
           "incomplete_framing": _on_the_wire(wire.incomplete_framing, connections="wire_connections",
                                              hold="wire_seconds"),
           "chunk_extensions": _on_the_wire(wire.chunk_extensions, seconds="wire_seconds"),
           "oversized_length": _on_the_wire(wire.oversized_length, seconds="wire_seconds"),
           "double_slash": _on_the_wire(wire.double_slash)}


# ---- issue 39, the app's half: sessions that cannot grow quadratic, bounds before work, files, rulings ---------
def _power_scenario(board: dict, n: int) -> str:
    target = board["players"]["p1"]["leader"]["id"]
    item = json.dumps({"adjust": {"op": "power", "target": target, "value": 1000, "duration": "permanent"}})
    return (f"game: opcg\ntitle: 調整 {n} 件\nseed: 1\nboard: {json.dumps(board, ensure_ascii=False)}\nanswers:\n"
            + f"- {item}\n" * n)


def lasting_adjustments(env: Env, args) -> dict:
    """#5: a session of 2,000 lasting power adjustments (refused), and one of 150 (stored small, read fast)."""
    before = env.rows()
    board = env.new_board("opcg", 1)
    big = _power_scenario(board, args.adjustments)
    out: dict = {"load": f"scenarios of {args.adjustments} and 150 opcg power adjustments "
                         f"({len(big.encode()) // 1024} KiB and less) to /api/sessions and /api/rulings"}
    for path in ("/api/sessions", "/api/rulings"):
        status, body, took, _ = call(env.port, "POST", path, {"scenario": big}, ip="198.51.100.39", timeout=120)
        out[f"{args.adjustments} to {path}"] = f"{status} in {took:.2f} s"
    out["stored"] = sum(env.rows().values()) - sum(before.values())
    status, body, took, _ = call(env.port, "POST", "/api/sessions", {"scenario": _power_scenario(board, 150)},
                                 ip="198.51.100.39", timeout=120)
    out["150: create"] = f"{status} in {took:.2f} s"
    if status == 201:
        sid = json.loads(body)["id"]
        status, body, took, _ = call(env.port, "GET", f"/api/sessions/{sid}")
        out["150: /api/sessions/<id>"] = f"{status}, {len(body) / 1024:.0f} KiB in {took:.2f} s"
        status, body, *_ = call(env.port, "POST", "/api/rulings", {"session": sid, "title": "調整 150 件"},
                                ip="198.51.100.39")
        if status == 201:
            slug = json.loads(body)["slug"]
            # each worker replays a ruling once, then serves it from its cache
            out["150: /r/<slug> 4 reads s"] = [round(call(env.port, "GET", f"/r/{slug}")[2], 3) for _ in range(4)]
    return out


def render_bounds(env: Env, args) -> dict:
    """/render: a 12,000-card board, a 500-deep value, then previews from one client until its limit."""
    board = env.new_board("opcg", 8)
    huge = json.loads(json.dumps(board))
    huge["players"]["p1"]["hand"] = [{"id": f"h{i}", "name": "カード"} for i in range(12000)]
    deep: dict = {}
    node = deep
    for _ in range(500):
        node["k"] = {}
        node = node["k"]
    out: dict = {"load": "a 12,000-card board and a 500-deep value to /board/opcg/render, then "
                         f"{args.render_burst} previews from one client"}
    status, body, took, _ = call(env.port, "POST", "/board/opcg/render", {"board": huge},
                                 headers={"Accept": "application/json"}, ip="198.51.100.40")
    out["12,000 cards"] = f"{status} in {took:.3f} s"
    out["500 deep"] = call(env.port, "POST", "/board/opcg/render", {"board": dict(board, battle=deep)},
                           ip="198.51.100.40")[0]
    burst = [call(env.port, "POST", "/board/opcg/render", {"board": board}, ip="198.51.100.41")
             for _ in range(args.render_burst)]
    out["burst answers"] = statuses(burst)
    out["burst s"] = round(sum(r[2] for r in burst), 1)   # the limit is per minute: a slow burst stays under it
    out["preview limit (headers of the last)"] = {k: v for k, v in burst[-1][3].items() if k.startswith("X-RateLimit")}
    return out


def yaml_guard(env: Env, args) -> dict:
    """A 785 KiB scenario and one of 470 KiB with 56,000 values: refused before (or while) they are parsed."""
    cards = "".join(f"        - {{id: h{i}, name: カード{i}, cost: 1, power: 1000}}\n" for i in range(12000))
    text = ("game: opcg\ntitle: 大きい\nboard:\n  players:\n    p1:\n      leader: {id: L1, name: A}\n"
            "      hand:\n" + cards + "    p2: {leader: {id: L2, name: B}}\n")
    smaller = text.encode()[: 470 * 1024].decode(errors="ignore").rsplit("\n", 1)[0] + "\n"
    out: dict = {"load": f"scenarios of {len(text.encode()) // 1024} KiB and {len(smaller.encode()) // 1024} KiB "
                         "to /api/rulings, 20 times each"}
    for name, t in (("785 KiB", text), ("470 KiB", smaller)):
        got = [call(env.port, "POST", "/api/rulings", {"scenario": t}, ip="198.51.100.42") for _ in range(20)]
        out[name] = {"answers": statuses(got), "slowest s": round(max(r[2] for r in got), 3)}
    return out


def lone_surrogates(env: Env, args) -> dict:
    board = env.new_board("opcg", 9)
    status, body, *_ = call(env.port, "POST", "/api/sessions", {"game": "opcg", "board": board, "seed": 1})
    sid = json.loads(body)["id"]
    before = env.rows()
    raw = {"session title": ("/api/sessions", json.dumps({"game": "opcg", "board": board, "seed": 1, "title": "\ud800"})),
           "ruling note": ("/api/rulings", json.dumps({"session": sid, "title": "t", "note": "\ud800"})),
           "adjust target": (f"/api/sessions/{sid}/adjust",
                             json.dumps({"op": "power", "target": "\ud800", "value": 1000, "duration": "turn"}))}
    out = {name: (lambda r: f"{r[0]} {json.loads(r[1]).get('field') if r[0] and r[1][:1] == b'{' else ''}")(
        call(env.port, "POST", path, raw=data.encode(), ip="198.51.100.43")) for name, (path, data) in raw.items()}
    return {"load": "\\ud800 in a title, a note and a target", "answers": out,
            "stored": sum(env.rows().values()) - sum(before.values())}


def file_modes(env: Env, args) -> dict:
    """The server's SQLite file, and editions/ folders made by an import under umask 077."""
    from judge_app.corpus.importer import import_edition

    out: dict = {"load": "the instance's database files; a corpus import under umask 077"}
    for p in sorted(env.server.instance.glob("judge_app.sqlite3*")):
        out[p.name] = oct(stat.S_IMODE(p.stat().st_mode))
    with tempfile.TemporaryDirectory(prefix="judge-abuse-modes-") as tmp:
        d = Path(tmp) / "corpus"
        shutil.copytree(ROOT / "rules_corpus", d)
        shutil.rmtree(d / "editions", ignore_errors=True)
        old = os.umask(0o077)
        try:
            import_edition(d, "opcg", ROOT / "tests" / "fixtures" / "editions" / "opcg-ver.1.1.7.txt", "ver.1.1.7")
        finally:
            os.umask(old)
        out["editions folders"] = sorted({oct(stat.S_IMODE(p.stat().st_mode))
                                          for p in [d / "editions", *(d / "editions").iterdir()] if p.is_dir()})
    return out


def notation_previews(env: Env, args) -> dict:
    """The notation preview is not a write: more of them than the write limit, from one client."""
    got = [call(env.port, "POST", "/board/opcg/notation", {"text": "L"}, ip="198.51.100.44")
           for _ in range(args.notation_previews)]
    return {"load": f"{args.notation_previews} notation previews from one client (writes: {args.rate_limit})",
            "answers": statuses(got)}


ATTACKS.update({"lasting_adjustments": lasting_adjustments, "render_bounds": render_bounds, "yaml_guard": yaml_guard,
                "lone_surrogates": lone_surrogates, "file_modes": file_modes, "notation_previews": notation_previews})


def run(instance: Path, args, database_url: str | None = None) -> dict:
    # the settings as deployed (rate limits on), behind one trusted proxy so that each attacker is its own client
    server = Server(instance, free_port(), workers=2, database_url=database_url, serve=True,
                    env={"JUDGE_APP_RATE_LIMIT_WRITES": args.rate_limit, "JUDGE_APP_PROXIES": "1"})
    instance.mkdir(parents=True, exist_ok=True)
    server.start()
    report = {}
    try:
        env = Env(server, database_url)
        for name, attack in ATTACKS.items():
            if args.only and name not in args.only:
                continue
            t0 = time.perf_counter()
            try:
                result = attack(env, args)
            except Exception as e:   # an attack that broke the bench is a finding, not a stop
                result = {"error": f"{type(e).__name__}: {e}"}
            result["lost"] = env.lost()
            result["seconds"] = round(time.perf_counter() - t0, 1)
            report[name] = result
            print(f"{name}: {json.dumps(result, ensure_ascii=False)}", flush=True)
        report["server log 5xx/tracebacks"] = server.log.read_text(errors="replace").count("Traceback")
    finally:
        server.stop()
    return report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    ap.add_argument("--only", type=lambda s: set(s.split(",")), default=None, help="comma-separated attack names")
    ap.add_argument("--slow", type=int, default=64, help="slow connections held")
    ap.add_argument("--slow-seconds", type=float, default=10.0)
    ap.add_argument("--drip", type=float, default=1.0, help="seconds between the slow clients' bytes")
    ap.add_argument("--flood", type=int, default=200, help="sessions and rulings one client tries to store")
    ap.add_argument("--answers", type=int, default=960)
    ap.add_argument("--concurrency", type=int, default=32)
    ap.add_argument("--previews", type=int, default=600)
    ap.add_argument("--repeat", type=int, default=3, help="each alias bomb sent this many times")
    ap.add_argument("--levels", type=lambda s: [int(x) for x in s.split(",")], default=[5, 6, 7],
                    help="alias bomb levels (each level ×10)")
    ap.add_argument("--rate-limit", default="60/minute;600/hour", help="JUDGE_APP_RATE_LIMIT_WRITES for the server")
    ap.add_argument("--wire-requests", type=int, default=16, help="negative_chunk: requests sent")
    ap.add_argument("--wire-connections", type=int, default=12, help="incomplete_framing: connections held")
    ap.add_argument("--wire-seconds", type=float, default=20.0, help="how long each wire attack lasts")
    ap.add_argument("--adjustments", type=int, default=2000, help="lasting adjustments in the refused session")
    ap.add_argument("--render-burst", type=int, default=700, help="previews one client sends to /render")
    ap.add_argument("--notation-previews", type=int, default=80)
    ap.add_argument("--json", metavar="PATH")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="judge-abuse-") as tmp:
        if args.store == "postgresql":
            from tests.pg_cluster import Cluster

            with Cluster(Path(tmp) / "postgresql") as pg:
                report = run(Path(tmp) / "instance", args, pg.create_database("judge_abuse"))
                report["store"] = f"postgresql {pg.version}"
        else:
            report = run(Path(tmp) / "instance", args)
            report["store"] = "sqlite"
    report["seconds"] = round(time.perf_counter() - t0, 1)
    lost = sum(len(v.get("lost", [])) for v in report.values() if isinstance(v, dict))
    print(f"store: {report['store']}  lost: {lost}  seconds: {report['seconds']}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, ensure_ascii=False, indent=1))
    return 0 if lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
