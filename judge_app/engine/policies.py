"""Answer sources for machines: the judge answers in the UI, a scenario from its script, fuzzing from these."""
from __future__ import annotations

import random
from typing import Any

from judge_app.engine.trace import Decision


def first_option(decision: Decision, game: Any = None) -> Any:
    return decision.options[0].value


class SeededRandom:
    """Uniform over the options, from its own seed (apart from the game's seed, so the board's chance is unchanged)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def __call__(self, decision: Decision, game: Any = None) -> Any:
        return self.rng.choice(decision.options).value
