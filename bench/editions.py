"""Editions: how long an import and a clause diff take, and what the diff finds in the opcg fixture edition.

    .venv/bin/python bench/editions.py [--repeat 5] [--json]

In a temporary copy of rules_corpus/ (nothing of the project is touched):
- import: `import_edition` of tests/fixtures/editions/opcg-ver.1.1.7.txt (parse and lint before and after, write);
- diff, cold: `edition_diff` ver.1.1.6 → ver.1.1.7 with nothing cached (both editions parsed, then paired);
- diff, pairing only: `diff_documents` over two corpora already parsed (pairing, classification, word diffs);
- the same pairing of every current rulebook with a second parse of itself (must find no change);
- counts of each kind found in the fixture, and how many printed history entries were matched;
- /rulings?review=1: every opcg scenario saved three times as a ruling under ver.1.1.6, the fixture imported,
  then the list filtered to the rulings that need review, cold (each ruling replayed once) and warm.
Median and max of `repeat` runs (the first run also counts: nothing here is warmed on purpose).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge_app.corpus import load_corpus, load_edition  # noqa: E402
from judge_app.corpus import diff as diff_mod  # noqa: E402
from judge_app.corpus.importer import import_edition  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "editions" / "opcg-ver.1.1.7.txt"


def timed(fn, repeat: int) -> tuple[dict, object]:
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return {"median_ms": round(statistics.median(times), 1), "max_ms": round(max(times), 1)}, result


def review_list(repeat: int) -> dict:
    import os

    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(ROOT / "rules_corpus", Path(tmp) / "c")
        before = os.environ.get("JUDGE_APP_CORPUS")
        os.environ["JUDGE_APP_CORPUS"] = str(Path(tmp) / "c")
        try:
            from judge_app import create_app

            app = create_app({"TESTING": True, "DATABASE": f"{tmp}/db.sqlite3", "INDEX_DIR": f"{tmp}/index",
                              "SECRET_KEY": "bench"})
            client = app.test_client()
            saved = 0
            for _ in range(3):
                for f in sorted((ROOT / "scenarios" / "opcg").glob("*.yaml")):
                    r = client.post("/api/rulings", json={"scenario": f.read_text(encoding="utf-8")})
                    saved += r.status_code == 201
            import_edition(Path(tmp) / "c", "opcg", FIXTURE, "ver.1.1.7")
            t0 = time.perf_counter()
            flagged = len(client.get("/rulings?review=1&format=json").get_json()["rulings"])
            cold = (time.perf_counter() - t0) * 1000
            warm, _ = timed(lambda: client.get("/rulings?review=1&format=json"), repeat)
        finally:
            if before is None:
                os.environ.pop("JUDGE_APP_CORPUS", None)
            else:
                os.environ["JUDGE_APP_CORPUS"] = before
    return {"rulings": saved, "need_review": flagged, "cold_ms": round(cold, 1), "warm": warm}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        def fresh_import():
            d = Path(tempfile.mkdtemp(dir=tmp))
            shutil.copytree(ROOT / "rules_corpus", d / "c")
            t0 = time.perf_counter()
            import_edition(d / "c", "opcg", FIXTURE, "ver.1.1.7")
            return d / "c", (time.perf_counter() - t0) * 1000

        runs = [fresh_import() for _ in range(args.repeat)]
        ms = [r[1] for r in runs]
        out["import"] = {"median_ms": round(statistics.median(ms), 1), "max_ms": round(max(ms), 1)}
        corpus_dir = runs[0][0]

        def cold():
            diff_mod._cached.cache_clear()
            from judge_app import corpus as corpus_mod
            corpus_mod._load_edition.cache_clear()
            corpus_mod._load.cache_clear()
            return diff_mod.edition_diff("opcg", "ver.1.1.6", "ver.1.1.7", corpus_dir)

        out["diff_cold"], d = timed(cold, args.repeat)
        old, new = load_edition("opcg", "ver.1.1.6", corpus_dir), load_edition("opcg", "ver.1.1.7", corpus_dir)
        out["diff_pairing"], _ = timed(lambda: diff_mod.diff_documents(old, new, "opcg"), args.repeat)
        out["counts"] = d.counts()
        out["history"] = {"entries": len(d.history), "matched": sum(1 for h in d.history if h["change"]),
                          "agree": sum(1 for h in d.history if h["agrees"]),
                          "unannounced": len(d.unannounced())}
    out["review_list"] = review_list(args.repeat)
    a, b = load_corpus(ROOT / "rules_corpus"), load_corpus(ROOT / "rules_corpus")
    out["self"] = {}
    for key in a.docs:
        t, (changes, _, _, unchanged) = timed(lambda: diff_mod.diff_documents(a, b, key), args.repeat)
        out["self"][key] = dict(t, clauses=unchanged, changes=len(changes))
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(f"import opcg ver.1.1.7 (parse + lint before/after + write): median {out['import']['median_ms']} ms, "
          f"max {out['import']['max_ms']} ms")
    print(f"diff ver.1.1.6 → ver.1.1.7, cold (both editions parsed): median {out['diff_cold']['median_ms']} ms, "
          f"max {out['diff_cold']['max_ms']} ms")
    print(f"diff, pairing only: median {out['diff_pairing']['median_ms']} ms, max {out['diff_pairing']['max_ms']} ms")
    print("found: " + ", ".join(f"{k} {v}" for k, v in out["counts"].items()))
    h = out["history"]
    print(f"history entries new in ver.1.1.7: {h['entries']}, matched {h['matched']}, agreeing {h['agree']}; "
          f"changes no entry announces: {h['unannounced']}")
    r = out["review_list"]
    print(f"/rulings?review=1: {r['rulings']} opcg rulings saved under ver.1.1.6, {r['need_review']} need review; "
          f"cold {r['cold_ms']} ms, warm median {r['warm']['median_ms']} ms")
    for key, s in out["self"].items():
        print(f"self-diff {key:<11} {s['clauses']:>4} clauses: {s['changes']} changes, median {s['median_ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
