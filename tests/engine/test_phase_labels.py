"""Every phase a ruleset enters reads as its rulebook names it (the pages show phase_label, not the code id)."""
import random

import pytest

from judge_app.engine import Game, rulesets
from judge_app.engine.policies import SeededRandom


@pytest.mark.parametrize("game", list(rulesets()))
def test_every_phase_entered_has_the_rulebooks_name(game):
    ruleset = rulesets()[game]
    seen = set()
    for seed in range(3):
        g = Game(ruleset, ruleset.new_game_board(random.Random(seed)), seed)
        while not g.finished:
            g.run("step", SeededRandom(seed))
            seen.add(g.state.phase)
    seen.discard(None)
    unnamed = sorted(p for p in seen if p not in ruleset.phase_labels)
    assert unnamed == []
    assert all("フェイズ" in ruleset.phase_label(p) or p in ("setup", "preparation", "turn_start", "turn_end")
               for p in seen)
