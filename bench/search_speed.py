"""Search speed: per-query latency in process and over HTTP, beside a linear scan; cold start.

    /work/venv/bin/python bench/search_speed.py [--repeat 5] [--json] [--no-http]

- in process: SearchService._search() (the answer cache bypassed: what a question nobody asked before costs)
  for every query of bench/search_cases.yaml, `repeat` rounds
  (the first round warms the caches and is not counted), wall time and the process's CPU time
  (on a machine shared with other jobs the CPU time is what the search itself costs);
- linear scan: the same queries as substring look-ups over every clause text (the baseline);
- HTTP: the app under gunicorn (1 worker) on a free loopback port, started and stopped by this
  script (bounded: 60 s to come up), GET /api/search for every query;
- cold start: a fresh interpreter imports the app and returns from create_app(), with an empty
  INDEX_DIR (index built) and again with the cache in place (index loaded). Wall time and the
  child's CPU time (user+sys) are both reported: on a shared machine the CPU time is the steadier.
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


def queries() -> list[tuple[str, str | None]]:
    cases = yaml.safe_load((ROOT / "bench" / "search_cases.yaml").read_text(encoding="utf-8"))["cases"]
    return [(c["q"], c.get("doc")) for c in cases]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1)))))
    return xs[k]


def summary(ms: list[float]) -> dict:
    return {"n": len(ms), "p50_ms": round(pct(ms, 50), 3), "p95_ms": round(pct(ms, 95), 3),
            "max_ms": round(max(ms), 3), "mean_ms": round(statistics.fmean(ms), 3)}


def in_process(qs, repeat, index_dir):
    from judge_app.corpus import get_corpus
    from judge_app.search import SearchService
    from judge_app.search.normalize import nfkc

    corpus = get_corpus()
    svc = SearchService(corpus, index_dir)
    clauses = [c for d in corpus.docs.values() for c in d.clauses.values()]
    texts = [(c.id, c.doc, nfkc((c.title or "") + " " + (c.text or "")).lower()) for c in clauses]
    prod, prod_cpu, scan = [], [], []
    for r in range(repeat):
        for q, doc in qs:
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
                prod_cpu.append(dc)
                scan.append(ds)
    return summary(prod), summary(prod_cpu), summary(scan)


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


COLD = ("import time; t=time.perf_counter(); from judge_app import create_app; "
        "app=create_app({'TESTING': True, 'SECRET_KEY': 'x', 'INDEX_DIR': %r}); "
        "print(time.perf_counter()-t)")


def cold_start(index_dir) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run([PY, "-c", COLD % str(index_dir)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
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
    args = ap.parse_args(argv)
    qs = queries()
    out = {"queries": len(qs), "load_average": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as tmp:
        inst = Path(tmp) / "instance"
        inst.mkdir()
        index_dir = inst / "index"
        out["cold_start_no_cache"] = cold_start(index_dir)
        out["cold_start_cached"] = cold_start(index_dir)
        out["in_process"], out["in_process_cpu"], out["linear_scan"] = in_process(qs, args.repeat, str(index_dir))
        if not args.no_http:
            out["http_gunicorn"] = over_http(qs, str(inst))
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return
    print(f"{out['queries']} queries; load average {out['load_average']:.1f} (2 cores, shared)")
    for k in ("in_process", "in_process_cpu", "linear_scan", "http_gunicorn"):
        if k in out:
            s = out[k]
            print(f"{k:14} p50 {s['p50_ms']:7.2f} ms   p95 {s['p95_ms']:7.2f} ms   max {s['max_ms']:7.2f} ms   (n={s['n']})")
    for k in ("cold_start_no_cache", "cold_start_cached"):
        s = out[k]
        print(f"{k:20} wall {s['wall_s']:.2f} s   cpu {s['cpu_s']:.2f} s   create_app {s['in_process_s']:.2f} s")


if __name__ == "__main__":
    main()
