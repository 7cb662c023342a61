"""Engine speed against an earlier commit: steps per CPU second of this tree and of REV, measured in turns.

    python bench/engine_compare.py --base f5f8c9b [--game los ...] [--games 20] [--rounds 9] [--json]

Each round runs one fresh process per tree (this checkout, and REV unpacked by `git archive` into a temporary
folder), in alternation, so that whatever else the machine is doing weighs on both alike; the figure is the
median over the rounds. Two figures per tree: `stepping` counts only `Game.run` (the rules, what issue 26 bounds
at 10 %), `whole` also counts building the board and the Game (validation, bounds). CPU time
(`time.process_time`), not wall time: a busy second core does not count against either tree.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = r'''
import json, random, sys, time
sys.path.insert(0, ".")
from judge_app.engine import Game, rulesets
from judge_app.engine.policies import SeededRandom
rs = rulesets()[sys.argv[1]]
master = random.Random(1)
steps, stepping, whole = 0, 0.0, 0.0
for _ in range(int(sys.argv[2])):
    seed = master.randrange(2**63)
    t0 = time.process_time()
    game = Game(rs, rs.new_game_board(random.Random(seed)), seed)
    t1 = time.process_time()
    game.run("end", SeededRandom(seed))
    t2 = time.process_time()
    steps += len(game.trace); stepping += t2 - t1; whole += t2 - t0
print(json.dumps({"steps": steps, "stepping": steps / stepping, "whole": steps / whole}))
'''


def probe(tree: Path, game: str, games: int) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, game, str(games)], cwd=tree, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{tree}: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout)


def compare(base: Path, game: str, games: int, rounds: int) -> dict:
    runs: dict[str, list[dict]] = {"base": [], "this": []}
    for _ in range(rounds):
        runs["base"].append(probe(base, game, games))
        runs["this"].append(probe(ROOT, game, games))
    if runs["base"][0]["steps"] != runs["this"][0]["steps"]:
        print(f"{game}: the trees play different games ({runs['base'][0]['steps']} and "
              f"{runs['this'][0]['steps']} steps); the figures compare unlike work", file=sys.stderr)
    row: dict = {"game": game, "games": games, "rounds": rounds, "steps": runs["this"][0]["steps"]}
    for measure in ("stepping", "whole"):
        b = statistics.median(r[measure] for r in runs["base"])
        t = statistics.median(r[measure] for r in runs["this"])
        row[measure] = {"base": round(b), "this": round(t), "ratio": round(t / b, 3)}
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="the commit to compare with (any git revision)")
    ap.add_argument("--game", action="append", help="only these rulesets (default: all five)")
    ap.add_argument("--games", type=int, default=20, help="whole games per process")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    chosen = args.game or ["opcg", "kaiun", "kaiun-multi", "los", "thv"]
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", args.base], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        rows = [compare(Path(tmp), g, args.games, args.rounds) for g in chosen]
    if args.json:
        print(json.dumps({"base": args.base, "rows": rows}, ensure_ascii=False, indent=1))
        return 0
    print(f"steps per CPU second, median of {args.rounds} alternating rounds; base {args.base}")
    for r in rows:
        s, w = r["stepping"], r["whole"]
        print(f"{r['game']:12} stepping {s['base']:>7} → {s['this']:>7} ({s['ratio']:.3f})   "
              f"whole {w['base']:>7} → {w['this']:>7} ({w['ratio']:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
