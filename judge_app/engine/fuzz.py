"""Whole games with the seeded random policy, checking the ruleset's invariants after every step."""
from __future__ import annotations

import random
import time
import traceback
from typing import Callable

from judge_app.engine.game import Game
from judge_app.engine.policies import SeededRandom
from judge_app.engine.citations import prose_only
from judge_app.engine.ruleset import Ruleset
from judge_app.engine.trace import LoopLimit


def fuzz(ruleset: Ruleset, games: int, seed: int, progress: Callable[[int], None] | None = None,
         keep_examples: int = 5) -> dict:
    started = time.perf_counter()
    master = random.Random(seed)
    finished = crashes = violations = prose = steps = 0
    examples: list[dict] = []
    cited: set[str] = set()
    for i in range(games):
        game_seed = master.randrange(2**63)
        game = None
        try:
            board = ruleset.new_game_board(random.Random(game_seed))
            game = Game(ruleset, board, game_seed)
            policy = SeededRandom(game_seed ^ 0x5DEECE66D)
            broken: list[str] = []
            while not game.finished and not broken:
                if not game.run("step", policy) and game.pending is None and not game.finished:
                    break
                broken = ruleset.invariants(game.state)
            steps += len(game.trace)
            cited.update(game.decision_clauses)
            for e in game.trace:
                cited.update(e.clauses)
                named_only = prose_only(e)
                if named_only:
                    prose += 1
                    if len(examples) < keep_examples:
                        examples.append({"game_seed": game_seed, "kind": "prose_only", "detail": named_only,
                                         "at": e.seq, "message": e.message})
            if broken:
                violations += 1
                if len(examples) < keep_examples:
                    examples.append({"game_seed": game_seed, "kind": "violation", "detail": broken[:5],
                                     "at": len(game.trace)})
            elif game.state.finished:
                finished += 1
            elif len(examples) < keep_examples:
                examples.append({"game_seed": game_seed, "kind": "unfinished", "detail": game.halted})
        except LoopLimit as e:
            if len(examples) < keep_examples:
                examples.append({"game_seed": game_seed, "kind": "limit", "detail": e.message})
        except Exception:  # a crash is a finding, counted and kept, not a stop
            crashes += 1
            if len(examples) < keep_examples:
                examples.append({"game_seed": game_seed, "kind": "crash",
                                 "detail": traceback.format_exc(limit=6).splitlines()[-6:]})
        if progress:
            progress(i + 1)
    return {"game": ruleset.game, "games": games, "finished": finished, "crashes": crashes,
            "violations": violations, "prose_only": prose, "seconds": round(time.perf_counter() - started, 3),
            "steps": steps, "examples": examples, "cited": sorted(cited)}
