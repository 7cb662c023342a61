"""Engine speed for every registered ruleset: steps per second, whole games per second (seeded random policy),
and the cost of undo — replaying a 200-answer session without its last answer, as `Game.undo` does.

    /work/venv/bin/python bench/engine_speed.py [--games 200] [--seed 1] [--game kaiun ...] [--json]

A 200-answer session is built the way a judge builds one: press 「1手進む」 ({"step": "step"}) and answer each
decision (random policy) until 200 entries are recorded (a game that ends sooner is passed over for a longer one).
A second session presses 「次の決定まで」 ({"step": "decision"}) instead, so that its answers reach deeper into the
game (a whole two-player game is about 40 such answers): its undo replays the most steps per answer.
The aim (issue 4): undo of a 200-answer session under 50 ms.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge_app.engine import Game, rulesets  # noqa: E402
from judge_app.engine.policies import SeededRandom  # noqa: E402

UNDO_ANSWERS = 200
UNDO_AIM_MS = 50.0


def whole_games(ruleset, games: int, seed: int) -> dict:
    master = random.Random(seed)
    steps = 0
    started = time.perf_counter()
    for _ in range(games):
        game_seed = master.randrange(2**63)
        game = Game(ruleset, ruleset.new_game_board(random.Random(game_seed)), game_seed)
        game.run("end", SeededRandom(game_seed))
        steps += len(game.trace)
    seconds = time.perf_counter() - started
    return {"games": games, "steps": steps, "seconds": round(seconds, 3),
            "steps_per_second": round(steps / seconds), "games_per_second": round(games / seconds, 1)}


def judge_session(ruleset, seed: int, size: int, press: str = "step") -> tuple[dict, int, list]:
    """The longest of a few sessions built by pressing `press` and answering each decision (up to `size`)."""
    best: tuple[dict, int, list] | None = None
    for attempt in range(20):
        game_seed = seed + attempt
        board = ruleset.new_game_board(random.Random(game_seed))
        game = Game(ruleset, board, game_seed)
        policy = SeededRandom(game_seed)
        while len(game.answers) < size and not game.finished:
            if game.pending is not None:
                game.answer(game.pending.id, policy(game.pending, game))
            else:
                game.step(press)
        if best is None or len(game.answers) > len(best[2]):
            best = (board, game_seed, list(game.answers))
        if len(game.answers) >= size:
            break
    return best


def undo_cost(ruleset, seed: int, size: int = UNDO_ANSWERS, press: str = "step", repeats: int = 7) -> dict:
    board, game_seed, answers = judge_session(ruleset, seed, size, press)
    times = []
    trace_len = 0
    for _ in range(repeats):
        started = time.perf_counter()
        game = Game.replay(ruleset, board, game_seed, answers[:-1])
        times.append((time.perf_counter() - started) * 1000)
        trace_len = len(game.trace)
    ms = statistics.median(times)
    return {"answers": len(answers), "replayed_steps": trace_len, "undo_ms": round(ms, 2),
            "undo_ms_max": round(max(times), 2), "under_aim": ms < UNDO_AIM_MS}


def measure(ruleset, games: int, seed: int) -> dict:
    row: dict = {"game": ruleset.game}
    try:
        row.update(whole_games(ruleset, games, seed))
        row["undo"] = undo_cost(ruleset, seed, press="step")
        row["undo_to_decision"] = undo_cost(ruleset, seed, press="decision")
    except Exception as e:  # one broken ruleset must not hide the others' figures
        row["error"] = f"{type(e).__name__}: {e}"
    return row


def table(rows: list[dict]) -> str:
    head = ("game", "games", "steps", "steps/s", "games/s", "undo: answers/steps", "undo ms",
            f"< {UNDO_AIM_MS:.0f} ms", "to-decision: answers/steps", "ms")
    lines = [head]
    for r in rows:
        if "error" in r:
            lines.append((r["game"], "-", "-", "-", "-", "-", "-", "-", "-", r["error"][:60]))
            continue
        u, d = r["undo"], r["undo_to_decision"]
        lines.append((r["game"], str(r["games"]), str(r["steps"]), str(r["steps_per_second"]),
                      str(r["games_per_second"]), f"{u['answers']}/{u['replayed_steps']}", f"{u['undo_ms']:.2f}",
                      "yes" if u["under_aim"] else "NO", f"{d['answers']}/{d['replayed_steps']}", f"{d['undo_ms']:.2f}"))
    widths = [max(len(str(line[i])) for line in lines) for i in range(len(head))]
    out = []
    for n, line in enumerate(lines):
        out.append("  ".join(str(c).ljust(w) for c, w in zip(line, widths)).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="whole games per ruleset (random policy)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", help="only these rulesets (default: every registered one)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    known = rulesets()
    chosen = args.game or list(known)
    unknown = [g for g in chosen if g not in known]
    if unknown:
        print(f"error: unknown game(s): {', '.join(unknown)} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    rows = [measure(known[g], args.games, args.seed) for g in chosen]
    if args.json:
        print(json.dumps({"games": args.games, "seed": args.seed, "undo_aim_ms": UNDO_AIM_MS, "results": rows},
                         ensure_ascii=False, indent=1))
    else:
        print(table(rows))
    return 0 if all("error" not in r for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
