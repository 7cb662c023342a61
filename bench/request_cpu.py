"""CPU per request, in process: the app's own work for each kind of request bench/load.py sends.

    python bench/request_cpu.py [--requests 300] [--base DIR] [--json] [--profile KIND]

bench/load.py's clients (its Client class: the same sessions, boards, queries and ruling saves) drive the app
object itself instead of a socket: each request is a WSGI call with an environ made beforehand, its body read to
the end, timed with time.process_time(). What a gunicorn worker adds (reading the socket, parsing HTTP) is not
counted; everything the app does is. On a shared machine this is the steady figure: CPU time does not grow
when another job takes the core, wall time does.

The app is made as `judge-app serve` makes it for bench/load.py: not TESTING, no write rate limit, no per-client
cap on rulings, SQLite in a fresh instance folder. The search index is built once per checkout and kept under
the temp folder. Kinds: search_cached (GET /api/search with a query already asked: an answer-cache hit),
session_step, session_answer, builder_page (GET /board/<game>?seed=N, with bench/load.py's Accept: application/json:
the page's JSON twin), ruling_save (POST /api/rulings), session_create. The
clients take actions in bench/load.py's default mix weights until each of the first five kinds has `--requests`
samples; the other kinds of the mix are reported too (search_fresh: a query nobody asked, the answer cache missed;
search_page: the HTML results page; clause_api and clause_page), and so is the mix's mean CPU per request, weighted
as the clients sent them (bench/load.py's "server CPU per request" without the server's own HTTP work). The app is
warmed as gunicorn_conf.on_starting warms it before the workers fork (serving.warm, then gc.freeze).

`--base DIR` measures another checkout (e.g. `git archive main | tar -x -C DIR`) in the same run: each checkout
twice, alternately, each in a fresh interpreter of this venv; the lower mean of the two runs is reported (on a
shared machine the lower is the one less disturbed). `--profile KIND` writes a cProfile of that kind's requests
to request_cpu_KIND.prof in the temp folder.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import io
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the five kinds issue 39 names first; then the rest of bench/load.py's mix
KINDS = ("search_cached", "session_step", "session_answer", "builder_page", "ruling_save",
         "session_create", "search_fresh", "search_page", "clause_api", "clause_page")
WANTED = KINDS[:5]    # measured until each of these has --requests samples


def _app_root(argv: list[str]) -> Path:
    """--app-root DIR (set by --base for the child run): whose judge_app is imported."""
    return Path(argv[argv.index("--app-root") + 1]).resolve() if "--app-root" in argv else ROOT


def measure(app_root: Path, wanted: int, profile: str | None) -> dict:
    sys.path.insert(0, str(ROOT))   # bench.load and tests.* of this checkout ...
    sys.path.insert(0, str(app_root))   # ... unless the measured checkout has its own; its judge_app first
    scratch = Path(tempfile.mkdtemp(prefix="request-cpu-"))
    index = Path(tempfile.gettempdir()) / f"request-cpu-index-{hashlib.sha1(str(app_root).encode()).hexdigest()[:10]}"
    os.environ.update(JUDGE_APP_INSTANCE=str(scratch), JUDGE_APP_INDEX_DIR=str(index),
                      JUDGE_APP_RATE_LIMIT_WRITES="", JUDGE_APP_RULINGS_PER_CLIENT="0", JUDGE_APP_MAX_REQUESTS="0")
    os.environ.pop("JUDGE_APP_DATABASE_URL", None)
    from werkzeug.test import EnvironBuilder

    from bench.load import MIX_DEFAULT, SEARCH_QUERIES, Client, load_targets, parse_mix
    from judge_app import create_app

    app = create_app()
    try:   # as gunicorn_conf.on_starting does before the workers fork
        from judge_app.serving import warm
        warm(app)
    except ImportError:
        pass
    gc.collect()
    gc.freeze()
    targets = load_targets()
    samples: dict[str, list[float]] = {k: [] for k in KINDS}
    profiles: list = []   # --profile: one cProfile per request of that kind

    class InProcess(Client):
        """bench/load.py's judge, its requests a WSGI call each; the CPU of the last one in `cpu`."""

        cpu = 0.0

        def request(self, method, path, body=None):
            data = None if body is None else json.dumps(body).encode()
            headers = {"Accept": "application/json", "Host": "127.0.0.1"}
            builder = EnvironBuilder(path=path, method=method, data=data, headers=headers,
                                     content_type="application/json" if data is not None else None,
                                     environ_base={"REMOTE_ADDR": "127.0.0.1"})
            environ = builder.get_environ()
            environ["wsgi.input"] = io.BytesIO(data or b"")
            status = []
            self.profile = cProfile.Profile() if profile else None
            t0 = time.process_time()
            if self.profile:
                self.profile.enable()
            out = app(environ, lambda s, h, exc=None: status.append(s))
            payload = b"".join(out)
            if hasattr(out, "close"):
                out.close()
            if self.profile:
                self.profile.disable()
            self.cpu = time.process_time() - t0
            return int(status[0].split()[0]), payload

    clients = [InProcess("127.0.0.1", 0, 1000 + i, targets) for i in range(8)]
    for q in SEARCH_QUERIES:   # every query asked once: the measured searches are answer-cache hits
        clients[0].request("GET", f"/api/search?q={urllib.parse.quote(q)}&limit=10")
    for i, c in enumerate(clients):
        c.rng = random.Random(1000 + i)
    names, weights = zip(*parse_mix(MIX_DEFAULT))
    pick = random.Random(5)
    errors: dict[str, int] = {}
    started = time.process_time()
    while min(len(samples[k]) for k in WANTED) < wanted:
        client = pick.choice(clients)
        name = pick.choices(names, weights)[0]
        kind, status, _ = getattr(client, name)()
        kind = "search_cached" if kind == "search" else kind
        if status >= 300:
            errors[kind] = errors.get(kind, 0) + 1
        if kind in samples:
            samples[kind].append(client.cpu * 1000)
            if kind == profile:
                profiles.append(client.profile)
    total = time.process_time() - started
    if profiles:
        out = Path(tempfile.gettempdir()) / f"request_cpu_{profile}.prof"
        pstats.Stats(*profiles).dump_stats(out)
        print(f"profile of {len(profiles)} {profile} requests: {out}", file=sys.stderr)
    every = [ms for v in samples.values() for ms in v]
    return {"root": str(app_root), "total_cpu_s": round(total, 2), "errors": errors,
            "mix_mean": round(sum(every) / len(every), 3),
            "kinds": {k: summary(v) for k, v in samples.items() if v}}


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[max(0, min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1)))))]


def summary(ms: list[float]) -> dict:
    return {"n": len(ms), "mean": round(sum(ms) / len(ms), 3), "p50": round(pct(ms, 50), 3),
            "p95": round(pct(ms, 95), 3)}


def child(root: Path, args) -> dict:
    argv = [sys.executable, str(Path(__file__).resolve()), "--json", "--requests", str(args.requests),
            "--app-root", str(root)]
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=1800)
    if out.returncode:
        raise SystemExit(f"{root}: exit {out.returncode}\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(base: Path, args) -> None:
    runs = {"base": [], "this": []}
    for name, root in (("base", base), ("this", ROOT), ("base", base), ("this", ROOT)):
        runs[name].append(child(root, args))
    kinds = [k for k in KINDS if all(k in r["kinds"] for rs in runs.values() for r in rs)]
    best = {name: {k: min((r["kinds"][k] for r in rs), key=lambda s: s["mean"]) for k in kinds}
            for name, rs in runs.items()}
    mix = {name: min(r["mix_mean"] for r in rs) for name, rs in runs.items()}
    if args.json:
        print(json.dumps({"base": str(base), "best": best, "mix_mean": mix, "runs": runs}, ensure_ascii=False))
        return
    print(f"CPU ms per request, in process; base {base}; {args.requests}+ requests a kind; "
          f"lower mean of two runs each; load average {os.getloadavg()[0]:.1f}")
    print("| kind | base mean | this mean | this / base | base p95 | this p95 |\n|---|---|---|---|---|---|")
    for k in kinds:
        b, t = best["base"][k], best["this"][k]
        print(f"| {k} | {b['mean']:.2f} | {t['mean']:.2f} | {t['mean'] / b['mean']:.2f} | {b['p95']:.2f} | "
              f"{t['p95']:.2f} |")
    print(f"| the mix, weighted as sent | {mix['base']:.2f} | {mix['this']:.2f} | {mix['this'] / mix['base']:.2f} | | |")
    errors = {name: [r["errors"] for r in rs] for name, rs in runs.items()}
    print(f"non-2xx answers per run: {errors}")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=300, help="at least this many requests of every kind")
    ap.add_argument("--base", help="another checkout to measure the same way in the same run (e.g. main)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", choices=KINDS)
    ap.add_argument("--app-root", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.base:
        compare(Path(args.base).resolve(), args)
        return 0
    result = measure(_app_root(argv), args.requests, args.profile)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    print(f"CPU ms per request, in process ({result['root']}); errors {result['errors']}")
    print("| kind | n | mean | p50 | p95 |\n|---|---|---|---|---|")
    for k, s in result["kinds"].items():
        print(f"| {k} | {s['n']} | {s['mean']:.2f} | {s['p50']:.2f} | {s['p95']:.2f} |")
    print(f"| the mix, weighted as sent | {sum(s['n'] for s in result['kinds'].values())} | {result['mix_mean']:.2f} | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
