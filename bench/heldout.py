"""Held-out rulings: scenario files written from the rulebooks alone by writers who never read the engine.

    python bench/heldout.py check bench/heldout/why_not            # format and board only; plays nothing
    python bench/heldout.py run bench/heldout/why_not [--json] [--out FILE]

`check` is what a writer may run: it parses each file, checks the scenario schema, the answer items' shape
and the board against its game's published schema, and never plays the rules, so a writer learns nothing of
the engine's outcome. `run` plays every file and reports, per game, how many meet their `expect` in full and
how many reach the expected winner/finished/state (the outcome) but miss a clause.
Cases are never edited after a `run` has been seen.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge_app.engine import EngineError, get_ruleset  # noqa: E402
from judge_app.scenarios import load_scenario, run_scenario  # noqa: E402

ITEM_KEYS = ({"step"}, {"adjust"}, {"value"}, {"decision", "value"}, {"try", "refused"})


def files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.yaml")) if root.is_dir() else [root]


def check_file(path: Path) -> list[str]:
    problems = []
    try:
        data = load_scenario(path)
        get_ruleset(data["game"]).validate_board(data["board"])
    except EngineError as e:
        return [e.message]
    for i, item in enumerate(data.get("answers") or []):
        if isinstance(item, dict) and set(item) not in ITEM_KEYS:
            problems.append(f"answers[{i}]: keys {sorted(item)} are not one of {[sorted(k) for k in ITEM_KEYS]}")
        if isinstance(item, dict) and "adjust" in item and not isinstance(item["adjust"], dict):
            problems.append(f"answers[{i}].adjust: must be an object")
        if isinstance(item, dict) and "try" in item and not isinstance(item["refused"], str):
            problems.append(f"answers[{i}].refused: must be a clause id")
    return problems


OUTCOME = ("winner:", "finished:", "state.", "pending", "withheld")


def run_files(paths: list[Path]) -> dict:
    per_game: dict = defaultdict(lambda: {"cases": 0, "ok": 0, "outcome_ok": 0, "errors": 0, "failures": {}})
    for path in paths:
        game = path.parent.name
        g = per_game[game]
        g["cases"] += 1
        try:
            result = run_scenario(path)
        except EngineError as e:
            g["errors"] += 1
            g["failures"][path.name] = [f"error: {e.message}"]
            continue
        fails = result["expect_failures"]
        g["ok"] += not fails
        g["outcome_ok"] += not any(f.startswith(OUTCOME) for f in fails)
        if fails:
            g["failures"][path.name] = fails
    total = {k: sum(g[k] for g in per_game.values()) for k in ("cases", "ok", "outcome_ok", "errors")}
    return {"games": dict(per_game), "total": total}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=["check", "run"])
    ap.add_argument("path", type=Path)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    paths = files(args.path)
    if args.command == "check":
        bad = 0
        for p in paths:
            for problem in check_file(p):
                bad += 1
                print(f"{p}: {problem}")
        print(f"{len(paths)} files, {bad} problems")
        return 1 if bad else 0
    report = run_files(paths)
    if args.out:
        args.out.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return 0
    print(f"{'game':12} {'cases':>5} {'all ok':>7} {'outcome':>8} {'errors':>7}")
    for game, g in sorted(report["games"].items()):
        print(f"{game:12} {g['cases']:5d} {g['ok']:7d} {g['outcome_ok']:8d} {g['errors']:7d}")
    t = report["total"]
    print(f"{'total':12} {t['cases']:5d} {t['ok']:7d} {t['outcome_ok']:8d} {t['errors']:7d}")
    for game, g in sorted(report["games"].items()):
        for name, fails in g["failures"].items():
            print(f"  {game}/{name}: " + "; ".join(fails))
    return 0


if __name__ == "__main__":
    sys.exit(main())
