"""Search speed: per-query latency in process and over HTTP, beside a linear scan; cold start.

    .venv/bin/python bench/search_speed.py [--repeat 5] [--json] [--no-http] [--base DIR [--pairs N]]

- `--base DIR`: the same measurements (in process, cold start, memory) of another checkout (e.g. main in
  a second worktree), in the same run, one after the other in fresh interpreters of the same venv, and
  the ratios of this checkout's figures to it; `--pairs N` runs each N times, alternating (base, this, base,
  this …), and each figure is the best of its checkout's runs: on a shared machine the speed drifts within
  minutes, and more alternations leave less of it in the ratio;
- queries: every case of bench/search_cases.yaml and every question of bench/search_tabletalk.yaml
  (long table-talk questions cost the most);
- memory: the peak resident set (ru_maxrss) of a fresh interpreter that ran create_app() with the
  index cached and then answered every query once: one worker's memory;

- in process: SearchService._search() (the answer cache bypassed: what a question nobody asked before costs)
  for every query, `repeat` rounds (the first round warms the caches and is not counted), wall time and
  the process's CPU time (on a machine shared with other jobs the CPU time is what the search itself costs);
- in process, each query's median: the p50/p95 over the queries of each query's median time over the counted
  rounds: what a query costs with the machine's other work (a spike in one round) left out; the samples' p95
  above counts every spike;
- in process, never asked: the same, with the analyser's per-text caches (morphemes, content words) emptied
  before each query, so every query is tokenized as if it had never been seen; the per-clause and per-token
  caches stay warm, as they are in a worker that has served for a while;
- linear scan: the same queries as substring look-ups over every clause text (the baseline);
- HTTP: the app under gunicorn (1 worker) on a free loopback port, started and stopped by this
  script (bounded: 60 s to come up), GET /api/search for every query;
- cold start: a fresh interpreter imports the app and returns from create_app(), with an empty
  INDEX_DIR (index built) and again with the cache in place (index loaded; the median of five starts);
  the wall time runs from launching the interpreter until the app is made (the child then leaves at once).
  Wall time and the child's CPU time (user+sys) are both reported: on a shared machine the CPU time
  is the steadier. Bytecode is written and read as in a deployment (child_env).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PY = sys.executable


BENCH = Path(__file__).resolve().parent


def queries() -> list[tuple[str, str | None]]:
    out = []
    for name in ("search_cases.yaml", "search_tabletalk.yaml"):
        cases = yaml.safe_load((BENCH / name).read_text(encoding="utf-8"))["cases"]
        out += [(c["q"], c.get("doc")) for c in cases]
    return out


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1)))))
    return xs[k]


def summary(ms: list[float]) -> dict:
    return {"n": len(ms), "p50_ms": round(pct(ms, 50), 3), "p95_ms": round(pct(ms, 95), 3),
            "max_ms": round(max(ms), 3), "mean_ms": round(statistics.fmean(ms), 3)}


def forget_query_analysis():
    """Empty the analyser's per-text caches (whichever this checkout has): the next query is tokenized anew."""
    from judge_app.search import analysis

    for name in ("sudachi_morphemes", "content_words"):
        cache_clear = getattr(getattr(analysis, name, None), "cache_clear", None)
        if cache_clear:
            cache_clear()


def in_process(qs, repeat, index_dir):
    from judge_app.corpus import get_corpus
    from judge_app.search import SearchService
    from judge_app.search.normalize import nfkc

    corpus = get_corpus()
    svc = SearchService(corpus, index_dir)
    clauses = [c for d in corpus.docs.values() for c in d.clauses.values()]
    texts = [(c.id, c.doc, nfkc((c.title or "") + " " + (c.text or "")).lower()) for c in clauses]
    prod, prod_cpu, scan = [], [], []
    per_query: list[list[float]] = [[] for _ in qs]
    for r in range(repeat):
        for n, (q, doc) in enumerate(qs):
            c = time.process_time()
            t = time.perf_counter()
            svc._search(q, doc, 10)
            dt = (time.perf_counter() - t) * 1000
            dc = (time.process_time() - c) * 1000
            pieces = [p for p in re.split(r"[\s、。?？!！「」【】《》()（）]+", nfkc(q).lower()) if p]
            t = time.perf_counter()
            hits = [(sum(p in text for p in pieces), cid) for cid, d, text in texts if doc is None or d == doc]
            sorted(h for h in hits if h[0])[:10]
            ds = (time.perf_counter() - t) * 1000
            if r:                                  # round 0 warms up
                prod.append(dt)
                per_query[n].append(dt)
                prod_cpu.append(dc)
                scan.append(ds)
    novel = []
    for r in range(max(1, repeat - 1)):
        for q, doc in qs:
            forget_query_analysis()
            t = time.perf_counter()
            svc._search(q, doc, 10)
            novel.append((time.perf_counter() - t) * 1000)
    medians = summary([statistics.median(ts) for ts in per_query]) if repeat > 1 else summary(prod)
    return summary(prod), summary(prod_cpu), summary(scan), summary(novel), medians


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def over_http(qs, instance):
    port = free_port()
    env = dict(os.environ, JUDGE_APP_INSTANCE=instance, PYTHONPATH=str(ROOT))
    gunicorn = str(Path(PY).with_name("gunicorn"))
    proc = subprocess.Popen([gunicorn, "--bind", f"127.0.0.1:{port}", "--workers", "1", "--log-level", "warning",
                             "judge_app.wsgi:app"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/api/search?q=x", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("server did not come up: " + (proc.stderr.read().decode()[-500:] if proc.poll() is not None else "timeout"))
                time.sleep(0.2)
        ms = []
        for r in range(2):
            for q, doc in qs:
                url = base + "/api/search?" + urllib.parse.urlencode({"q": q, "doc": doc or "", "limit": 10})
                t = time.perf_counter()
                with urllib.request.urlopen(url, timeout=10) as resp:
                    assert resp.status == 200
                    resp.read()
                if r:
                    ms.append((time.perf_counter() - t) * 1000)
        return summary(ms)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# The child leaves with os._exit once the app is made: a server's start ends when it can answer, and tearing
# down every module and object at exit (longer with more loaded) is not part of it.
COLD = ("import os, sys, time; t=time.perf_counter(); from judge_app import create_app; "
        "app=create_app({'TESTING': True, 'SECRET_KEY': 'x', 'INDEX_DIR': %r}); "
        "print(time.perf_counter()-t); sys.stdout.flush(); os._exit(0)")

WORKER = ("import json, resource, sys; from judge_app import create_app; from judge_app.web.shared.services import search_service as get_service; "
          "app=create_app({'TESTING': True, 'SECRET_KEY': 'x', 'INDEX_DIR': %r}); "
          "svc=get_service(app); start=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; "
          "[svc.search(q, doc=d, limit=10) for q, d in json.load(sys.stdin)]; "
          "print(start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")


def worker_memory(index_dir, qs, root=ROOT) -> dict:
    """Peak RSS (MB) of a fresh worker: after create_app() with the index cached, and after every query."""
    out = subprocess.run([PY, "-c", WORKER % str(index_dir)], cwd=root, capture_output=True, text=True, timeout=300,
                         input=json.dumps(qs), env=child_env(root))
    if out.returncode:
        raise RuntimeError(out.stderr[-800:])
    start, end = (int(x) for x in out.stdout.split()[-2:])
    return {"after_start_mb": round(start / 1024, 1), "after_queries_mb": round(end / 1024, 1)}


def child_env(root) -> dict:
    """The checkout first on the path, and bytecode written and read as in a deployment (pip compiles an
    installed wheel): the first start compiles, later ones read __pycache__, for both checkouts alike."""
    env = dict(os.environ, PYTHONPATH=str(root))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def cold_start(index_dir, root=ROOT, runs: int = 1) -> dict:
    """A fresh interpreter's create_app(); with runs > 1, the run of median wall time."""
    if runs > 1:
        return sorted((cold_start(index_dir, root) for _ in range(runs)), key=lambda r: r["wall_s"])[runs // 2]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run([PY, "-c", COLD % str(index_dir)], cwd=root, capture_output=True, text=True, timeout=120,
                         env=child_env(root))
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode:
        raise RuntimeError(out.stderr[-800:])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "in_process_s": round(float(out.stdout.split()[-1]), 3)}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=4)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-http", action="store_true")
    ap.add_argument("--base", help="another checkout to measure the same way in the same run (e.g. main)")
    ap.add_argument("--pairs", type=int, default=2, help="with --base: runs of each checkout, alternating (default 2)")
    ap.add_argument("--measure", help=argparse.SUPPRESS)   # internal: measure the checkout at this path
    args = ap.parse_args(argv)
    qs = queries()
    if args.measure:
        sys.path.insert(0, str(Path(args.measure).resolve()))   # that checkout's judge_app, not this one's
        print(json.dumps(measure(Path(args.measure), qs, args.repeat)))
        return
    if args.base:
        return compare(Path(args.base).resolve(), args)
    out = {"queries": len(qs), "load_average": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as tmp:
        inst = Path(tmp) / "instance"
        inst.mkdir()
        index_dir = inst / "index"
        out["cold_start_no_cache"] = cold_start(index_dir)
        out["cold_start_cached"] = cold_start(index_dir, runs=5)
        (out["in_process"], out["in_process_cpu"], out["linear_scan"],
         out["in_process_never_asked"], out["in_process_median"]) = in_process(qs, args.repeat, str(index_dir))
        out["worker_memory"] = worker_memory(index_dir, qs)
        if not args.no_http:
            out["http_gunicorn"] = over_http(qs, str(inst))
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return
    print(f"{out['queries']} queries; load average {out['load_average']:.1f} (2 cores, shared)")
    for k in ("in_process", "in_process_median", "in_process_cpu", "in_process_never_asked", "linear_scan",
              "http_gunicorn"):
        if k in out:
            s = out[k]
            print(f"{k:22} p50 {s['p50_ms']:7.2f} ms   p95 {s['p95_ms']:7.2f} ms   max {s['max_ms']:7.2f} ms   (n={s['n']})")
    for k in ("cold_start_no_cache", "cold_start_cached"):
        s = out[k]
        print(f"{k:20} wall {s['wall_s']:.2f} s   cpu {s['cpu_s']:.2f} s   create_app {s['in_process_s']:.2f} s")
    m = out["worker_memory"]
    print(f"worker memory        peak RSS after start {m['after_start_mb']:.1f} MB, after every query {m['after_queries_mb']:.1f} MB")


def measure(root: Path, qs, repeat) -> dict:
    """In a fresh interpreter whose judge_app is `root`'s: cold starts, in-process latency, worker memory."""
    with tempfile.TemporaryDirectory() as tmp:
        index_dir = Path(tmp) / "index"
        out = {"root": str(root), "cold_start_no_cache": cold_start(index_dir, root),
               "cold_start_cached": cold_start(index_dir, root, runs=5)}
        (out["in_process"], out["in_process_cpu"], _scan, out["in_process_never_asked"],
         out["in_process_median"]) = in_process(qs, repeat, str(index_dir))
        out["worker_memory"] = worker_memory(index_dir, qs, root)
    return out


def compare(base: Path, args) -> None:
    """This checkout and `base`, measured the same way, alternately, in the same run."""
    runs: dict[str, list[dict]] = {"base": [], "this": []}
    for _ in range(args.pairs):
        for name, root in (("base", base), ("this", ROOT)):
            p = subprocess.run([PY, str(Path(__file__).resolve()), "--measure", str(root), "--repeat", str(args.repeat)],
                               cwd=root, capture_output=True, text=True, timeout=1200,
                               env=dict(os.environ, PYTHONPATH=str(root)))
            if p.returncode:
                raise RuntimeError(p.stderr[-800:])
            runs[name].append(json.loads(p.stdout.splitlines()[-1]))

    def best(name, path):           # the best of the runs of one checkout (a shared machine is noisy)
        vals = []
        for got in runs[name]:
            for k in path:
                got = got[k]
            vals.append(got)
        return min(vals)

    rows = [("in process p50 ms", ("in_process", "p50_ms")), ("in process p95 ms", ("in_process", "p95_ms")),
            ("in process CPU p95 ms", ("in_process_cpu", "p95_ms")),
            ("in process, each query's median, p50 ms", ("in_process_median", "p50_ms")),
            ("in process, each query's median, p95 ms", ("in_process_median", "p95_ms")),
            ("in process, never asked, p50 ms", ("in_process_never_asked", "p50_ms")),
            ("in process, never asked, p95 ms", ("in_process_never_asked", "p95_ms")),
            ("cold start, cached index, s", ("cold_start_cached", "wall_s")),
            ("cold start, no index, s", ("cold_start_no_cache", "wall_s")),
            ("worker RSS after start, MB", ("worker_memory", "after_start_mb")),
            ("worker RSS after every query, MB", ("worker_memory", "after_queries_mb"))]
    table = {label: {"base": best("base", path), "this": best("this", path)} for label, path in rows}
    for v in table.values():
        v["ratio"] = round(v["this"] / v["base"], 2) if v["base"] else None
    if args.json:
        print(json.dumps({"queries": len(queries()), "base": str(base), "table": table, "runs": runs},
                         ensure_ascii=False, indent=1))
        return
    print(f"{len(queries())} queries; base {base}; load average {os.getloadavg()[0]:.1f}; best of {args.pairs} runs each, "
          "the two checkouts alternating")
    print("| measure | base | this | this / base |\n|---|---|---|---|")
    for label, v in table.items():
        print(f"| {label} | {v['base']} | {v['this']} | {v['ratio']} |")


if __name__ == "__main__":
    main()
