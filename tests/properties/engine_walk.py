"""Drive a ruleset from a generated board with a list of answer choices, recording every step."""
from __future__ import annotations

import json
import random

from judge_app.engine import Game, LoopLimit, Ruleset

MAX_STEPS = 250   # per example: enough to cross several turns, small enough for the suite's share


def new_game(ruleset: Ruleset, seed: int) -> Game:
    board = ruleset.new_game_board(random.Random(seed))
    return Game(ruleset, board, seed)


def walk(ruleset: Ruleset, seed: int, choices: list[int], check=None) -> Game:
    """Step one rule at a time; answer each decision with options[choice % n] (choices cycle).
    `check(game)` runs after every step and every answer."""
    game = new_game(ruleset, seed)
    i = 0
    while not game.finished and len(game.answers) < MAX_STEPS:
        if game.pending is not None:
            options = game.pending.options
            pick = choices[i % len(choices)] if choices else 0
            i += 1
            game.answer(game.pending.id, options[pick % len(options)].value)
        else:
            try:
                game.step("step")
            except LoopLimit:
                break
        if check:
            check(game)
    return game


def trace_json(game: Game) -> str:
    return json.dumps([e.to_json() for e in game.trace], ensure_ascii=False, sort_keys=True)


def state_json(game: Game) -> str:
    return json.dumps(game.to_json(), ensure_ascii=False, sort_keys=True, default=str)
