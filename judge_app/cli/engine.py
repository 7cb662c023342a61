"""`judge-app run FILE [--json]` and `judge-app fuzz --game G --games N --seed S [--json]`."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("run", help="シナリオを実行してトレースを表示する")
    p.add_argument("file", type=Path, help="シナリオの YAML ファイル（scenarios/<game>/…）")
    p.add_argument("--json", action="store_true", help="結果を JSON 1 個で出力する")
    p.set_defaults(func=run)
    f = sub.add_parser("fuzz", help="ランダム方針でゲームを最後まで行い、不変条件を確認する")
    f.add_argument("--game", required=True, help="ルールセット（kaiun, kaiun-multi, los, thv, opcg）")
    f.add_argument("--games", type=int, default=100, help="ゲーム数（既定 100）")
    f.add_argument("--seed", type=int, default=0, help="乱数の種（既定 0）")
    f.add_argument("--json", action="store_true", help="結果を JSON 1 個で出力する")
    f.set_defaults(func=fuzz_cmd)
    c = sub.add_parser("coverage", help="手順の条項のうち、トレース・決定・できない行動のどれにも出ない条項を一覧する")
    c.add_argument("--game", required=True, help="ルールセット（kaiun, kaiun-multi, los, thv, opcg）")
    c.add_argument("--games", type=int, default=None, help="ファズのゲーム数（既定 150）")
    c.add_argument("--seed", type=int, default=None, help="ファズの乱数の種")
    c.add_argument("--json", action="store_true", help="結果を JSON 1 個で出力する")
    c.set_defaults(func=coverage_cmd)


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
            print(f"{e['seq']:>4}  T{e['turn']} {e['phase'] or '-'}{who}  [{e['rule']}{''.join(' + ' + c for c in e.get('cites') or [])}] {e['message']}")
            for c in e["changes"]:
                for line in change_lines(c["path"], c["before"], c["after"]):
                    print(f"        {line}")
        if result["pending"]:
            p = result["pending"]
            print(f"待機中の決定 {p['id']} ({p['player']}, {p['rule']}): {p['prompt']}")
            for o in p["options"]:
                print(f"   - {o['value']!r}: {o['label']}")
            for w in p.get("withheld") or []:
                print(f"   × {w['value']!r}: {w['label']} — {w['reason']} [{w['rule']}]")
        print(outcome_line(result))
        print("expect: OK" if result["expect_ok"] else "expect: NG\n  " + "\n  ".join(result["expect_failures"]))
    return 0 if result["expect_ok"] else 1


def _short(value, limit: int = 60) -> str:
    """A value as one short line: a card by its name and id, a list of cards by count and ids."""
    if isinstance(value, dict) and "id" in value:
        return f"{value.get('name', '')}({value['id']})" if value.get("name") else str(value["id"])
    if isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value):
        ids = ", ".join(str(v["id"]) for v in value)
        return f"{len(value)}枚 [{ids if len(ids) <= limit else ids[:limit] + '…'}]"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + "…"


def change_lines(path: str, before, after) -> list[str]:
    """One line per value that changed: dicts are opened up to the keys that differ."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for key in list(dict.fromkeys([*before, *after])):
            if before.get(key) != after.get(key):
                out += change_lines(f"{path}.{key}", before.get(key), after.get(key))
        return out
    return [f"{path}: {_short(before)} → {_short(after)}"]


def outcome_line(result: dict) -> str:
    finished = result["state"].get("finished") if isinstance(result["state"], dict) else None
    if result["winner"]:
        return f"勝者: {result['winner']}"
    if finished:
        return "結果: 勝者なし（引き分け）"
    return "結果: ゲームはまだ続いています" + ("（決定待ち）" if result["pending"] else "")


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
        print(_dump({k: result[k] for k in ("game", "games", "finished", "crashes", "violations", "prose_only", "seconds")}
                    | {"steps": result["steps"], "examples": result["examples"]}))
    else:
        print(f"{result['game']}: {result['games']} games, finished {result['finished']}, "
              f"crashes {result['crashes']}, violations {result['violations']}, prose_only {result['prose_only']}, "
              f"{result['steps']} steps in {result['seconds']} s")
        for ex in result["examples"]:
            print(f"  {ex}")
    ok = (result["crashes"] == 0 and result["violations"] == 0 and result["prose_only"] == 0
          and result["finished"] == result["games"])
    return 0 if ok else 1


def coverage_cmd(args) -> int:
    from judge_app import coverage
    from judge_app.engine import EngineError

    try:
        kw = {k: v for k, v in (("fuzz_games", args.games), ("seed", args.seed)) if v is not None}
        result = coverage.report(args.game, **kw)
    except EngineError as e:
        print(f"error: {e.message}", file=sys.stderr)
        return 2
    if args.json:
        print(_dump(result))
    else:
        print(f"# {args.game}: 手順の条項 {result['cited']}/{result['procedural']} を引用"
              f"（シナリオとファズ {result['fuzz_games']} ゲーム）")
        for u in result["uncited"]:
            print(f"  {u['id']}: {u['reason'] or '（理由なし）'}")
        for key, label in (("now_cited", "理由があるのに引用された"), ("unknown", "手順の条項にない"),
                           ("bad_reasons", "理由の種類が不明")):
            for cid in result[key]:
                print(f"  ! {cid}: {label}")
    bad = result["unreviewed"] or result["now_cited"] or result["unknown"] or result["bad_reasons"]
    return 1 if bad else 0
