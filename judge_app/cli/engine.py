"""`judge-app run FILE [--json]` and `judge-app fuzz --game G --games N --seed S [--json]`."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("run", help="シナリオを実行してトレースを表示する")
    p.add_argument("file", type=Path)
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(func=run)
    f = sub.add_parser("fuzz", help="ランダム方針でゲームを最後まで行い、不変条件を確認する")
    f.add_argument("--game", required=True)
    f.add_argument("--games", type=int, default=100)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--json", action="store_true")
    f.set_defaults(func=fuzz_cmd)


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=1)


def run(args) -> int:
    from judge_app.engine import EngineError
    from judge_app.scenarios import run_scenario

    try:
        result = run_scenario(args.file)
    except FileNotFoundError:
        print(f"error: {args.file}: ファイルがありません", file=sys.stderr)
        return 2
    except EngineError as e:
        print(f"error: {args.file}: {e.message}", file=sys.stderr)
        return 2
    if args.json:
        result = {k: result[k] for k in ("game", "title", "trace", "state", "winner", "pending",
                                         "expect_ok", "expect_failures")}
        print(_dump(result))
    else:
        print(f"# {result['title']} ({result['game']})")
        for e in result["trace"]:
            who = f" {e['player']}" if e["player"] else ""
            print(f"{e['seq']:>4}  T{e['turn']} {e['phase'] or '-'}{who}  [{e['rule']}] {e['message']}")
            for c in e["changes"]:
                print(f"        {c['path']}: {c['before']!r} -> {c['after']!r}")
        if result["pending"]:
            p = result["pending"]
            print(f"待機中の決定 {p['id']} ({p['player']}, {p['rule']}): {p['prompt']}")
            for o in p["options"]:
                print(f"   - {o['value']!r}: {o['label']}")
        print(f"勝者: {result['winner']}")
        print("expect: OK" if result["expect_ok"] else "expect: NG\n  " + "\n  ".join(result["expect_failures"]))
    return 0 if result["expect_ok"] else 1


def _progress(total: int):
    width = 30
    tty = sys.stderr.isatty()
    step = max(1, total // 100)

    def show(done: int) -> None:
        if done % step and done != total:
            return
        filled = width * done // total
        line = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
        if tty:
            print("\r" + line, end="\n" if done == total else "", file=sys.stderr, flush=True)
        elif done == total or done % max(1, total // 10) == 0:
            print(line, file=sys.stderr, flush=True)
    return show


def fuzz_cmd(args) -> int:
    from judge_app.engine import EngineError, get_ruleset
    from judge_app.engine.fuzz import fuzz

    try:
        ruleset = get_ruleset(args.game)
    except EngineError as e:
        print(f"error: {e.message}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("error: --games は 1 以上", file=sys.stderr)
        return 2
    result = fuzz(ruleset, args.games, args.seed, progress=_progress(args.games))
    if args.json:
        print(_dump({k: result[k] for k in ("game", "games", "finished", "crashes", "violations", "seconds")}
                    | {"steps": result["steps"], "examples": result["examples"]}))
    else:
        print(f"{result['game']}: {result['games']} games, finished {result['finished']}, "
              f"crashes {result['crashes']}, violations {result['violations']}, "
              f"{result['steps']} steps in {result['seconds']} s")
        for ex in result["examples"]:
            print(f"  {ex}")
    ok = result["crashes"] == 0 and result["violations"] == 0 and result["finished"] == result["games"]
    return 0 if ok else 1
