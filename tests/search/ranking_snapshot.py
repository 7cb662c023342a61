"""Every bench query's uncached answer, reduced to what must not change when search is made faster.

    /work/venv/bin/python -m tests.search.ranking_snapshot > tests/search/fixtures/ranking_snapshot.json

Each bench query is answered with no document filter and, when the case names one, filtered by it.
Scores are kept to 6 places (the answer itself rounds to 4: `round` is swapped in the service module
while the snapshot is taken); snippet, marks, title and breadcrumb are kept as a digest.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "search" / "fixtures" / "ranking_snapshot.json"


def bench_queries() -> list[tuple[str, str | None]]:
    """(query, doc) pairs: every bench query unfiltered, and filtered by its case's doc when it has one."""
    cases = []
    for name in ("search_cases.yaml", "search_tabletalk.yaml"):   # the table-talk questions are the longest
        cases += yaml.safe_load((ROOT / "bench" / name).read_text(encoding="utf-8"))["cases"]
    out = []
    for c in cases:
        for doc in dict.fromkeys([None, c.get("doc")]):
            out.append((c["q"], doc))
    return list(dict.fromkeys(out))


def _digest(r: dict) -> str:
    blob = json.dumps([r["snippet"], r["marks"], r["title"], r["breadcrumb"], r["number"], r["doc"]],
                      ensure_ascii=False)
    return hashlib.sha1(blob.encode("utf-8")).hexdigest()[:16]


def snapshot(svc) -> list[dict]:
    """Uncached answers (the service's own `_search`, bypassing its answer cache): limit 10 for every
    pair, then limit 50 (150 candidates per scope) for every unfiltered query."""
    from judge_app.search import service as service_mod

    service_mod.round = lambda x, n=None: round(x, 6)  # keep 6 places while snapshotting
    try:
        out = []
        pairs = [(q, doc, 10) for q, doc in bench_queries()]
        pairs += [(q, None, 50) for q, doc in bench_queries() if doc is None]
        for q, doc, limit in pairs:
            ans = svc._search(q, doc, limit)
            row = {"q": q, "doc": doc} if limit == 10 else {"q": q, "doc": doc, "limit": limit}
            out.append({**row, "message": ans.get("message"),
                        "results": [[r["id"], r["score"], r["match"], r["inherited"], r["via"], _digest(r)]
                                    for r in ans["results"]]})
        return out
    finally:
        del service_mod.round


def main() -> None:
    import tempfile

    from judge_app.search import get_service

    svc = get_service(index_dir=tempfile.mkdtemp(prefix="snap-index-"))
    rows = snapshot(svc)
    sys.stdout.write("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]\n")


if __name__ == "__main__":
    main()
