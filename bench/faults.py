"""Long fault run: SIGKILL a worker, the master alone, and every process, over and over, under writes.

    python bench/faults.py --cycles 5 --seconds 3 --writers 8 [--store postgresql] [--json out.json]

--store postgresql: the server stores in a throwaway PostgreSQL cluster (tests/pg_cluster.py, Debian's package)
instead of the instance's SQLite file; the kills are the same (the database server itself is not killed).

Prints acknowledged writes, what was lost (should be nothing), corrupt rows and PRAGMA integrity_check.
The short version runs in the test suite (tests/faults/test_kill_under_writes.py).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.faults.killer import run  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cycles", type=int, default=5, help="each cycle kills a worker, the master, then everything")
    ap.add_argument("--seconds", type=float, default=3.0, help="writing time before each kill")
    ap.add_argument("--writers", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    ap.add_argument("--json", metavar="PATH")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    rounds = ("hup", "worker", "master", "all") * args.cycles
    with tempfile.TemporaryDirectory(prefix="judge-faults-") as tmp:
        if args.store == "postgresql":
            from tests.pg_cluster import Cluster

            with Cluster(Path(tmp) / "postgresql") as pg:
                result = run(Path(tmp) / "instance", writers=args.writers, rounds=rounds, write_seconds=args.seconds,
                             workers=args.workers, database_url=pg.create_database("judge_faults"))
                result["store"] = f"postgresql {pg.version}"
        else:
            result = run(Path(tmp) / "instance", writers=args.writers, rounds=rounds, write_seconds=args.seconds,
                         workers=args.workers)
            result["store"] = "sqlite"
    result["seconds"] = round(time.perf_counter() - t0, 1)
    print(f"store: {result['store']}")
    print(f"kills: {len(result['kills'])} ({', '.join(k.split()[0] for k in result['kills'])})")
    print(f"acknowledged: {result['acknowledged_sessions']} sessions, {result['acknowledged_answers']} answers, "
          f"{result['acknowledged_rulings']} rulings; unacknowledged attempts {result['unacknowledged']} "
          f"of {result['attempts']}")
    print(f"graceful reloads (SIGHUP): {len(result['hup_failures'])}, requests failed during them: "
          f"{sum(result['hup_failures'])}")
    print(f"lost: {len(result['lost'])}  corrupt rows: {len(result['corrupt'])}  integrity_check: {result['integrity']}  "
          f"rows: {result['rows']}  seconds: {result['seconds']}")
    for line in result["lost"][:10] + result["corrupt"][:10] + result["rejections"][:5]:
        print("  ", line)
    if args.json:
        Path(args.json).write_text(json.dumps(result, ensure_ascii=False, indent=1))
    ok = not result["lost"] and not result["corrupt"] and result["integrity"] == "ok" and not any(result["hup_failures"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
