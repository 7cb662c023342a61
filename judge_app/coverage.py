"""Clause coverage: which clauses of a rulebook's procedural sections the engine ever names.

A clause is named when a trace entry has it as `rule` or in `cites`, when a decision asks under it, or when a
decision withholds an action by it. The game's scenarios and a seeded fuzz share are played; every clause under
the game's procedural sections that none of them names must have a reviewed reason in the ruleset's
`coverage.yaml` (a definition with no step of its own, a rule about printed card text, not modelled and why…),
and a clause with a reason must stay unnamed, so the file stays true (tests/engine/test_coverage.py).
"""
from __future__ import annotations

import random
from importlib import import_module
from pathlib import Path

import yaml

from judge_app.corpus import get_corpus
from judge_app.engine import Game, LoopLimit, get_ruleset
from judge_app.engine.policies import SeededRandom
from judge_app.resources import data_dir
from judge_app.scenarios import load_scenario, play_script, scenario_files

# The kinds of reason a reviewed file may give, as the first words of the reason.
REASONS = ("definition", "card text", "not modelled", "deck building", "tournament", "heading", "other")
FUZZ_GAMES, FUZZ_SEED = 150, 26


def reviewed_path(game: str) -> Path:
    package = import_module(type(get_ruleset(game)).__module__).__name__.rsplit(".", 1)[0]
    return Path(import_module(package).__file__).parent / "coverage.yaml"


def load_reviewed(game: str) -> dict:
    """{sections: [clause id], uncited: {clause id: reason}} from the ruleset's coverage.yaml."""
    path = reviewed_path(game)
    if not path.exists():
        return {"sections": [], "uncited": {}}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {"sections": list(data.get("sections") or []), "uncited": dict(data.get("uncited") or {})}


def procedural_clauses(sections: list[str]) -> list[str]:
    """Every rule-stating clause under the sections: bare headings (a title and nothing else), 「省略」
    placeholders and sections that only refer to another book (they are counted where that book's clause is) are
    left out. A heading that prints rules under its title (every los section: title + paragraphs) is counted."""
    corpus = get_corpus()
    out: list[str] = []

    def walk(cid: str) -> None:
        c = corpus.clause(cid)
        if c is None:
            raise KeyError(f"coverage: no clause {cid}")
        if not c.placeholder and not c.inherits_from and (c.text or "").strip():
            out.append(c.id)
        for child in c.children:
            walk(child)

    for section in sections:
        walk(section)
    return list(dict.fromkeys(out))


def named_by_play(game: str, fuzz_games: int = FUZZ_GAMES, seed: int = FUZZ_SEED,
                  scenarios_root: Path | None = None) -> set[str]:
    """The clauses named when the game's scenarios and `fuzz_games` seeded random games are played."""
    ruleset = get_ruleset(game)
    named: set[str] = set()
    for path in scenario_files(scenarios_root or data_dir("scenarios"), game):
        g, _ = play_script(load_scenario(path))
        named |= g.decision_clauses | {c for e in g.trace for c in e.clauses}
    master = random.Random(seed)
    for _ in range(fuzz_games):
        game_seed = master.randrange(2**63)
        g = Game(ruleset, ruleset.new_game_board(random.Random(game_seed)), game_seed)
        try:
            g.run("end", SeededRandom(game_seed ^ 0x5DEECE66D))
        except LoopLimit:
            pass
        named |= g.decision_clauses | {c for e in g.trace for c in e.clauses}
    return named


def report(game: str, fuzz_games: int = FUZZ_GAMES, seed: int = FUZZ_SEED) -> dict:
    reviewed = load_reviewed(game)
    procedural = procedural_clauses(reviewed["sections"])
    named = named_by_play(game, fuzz_games, seed)
    uncited = [c for c in procedural if c not in named]
    reasons = reviewed["uncited"]
    return {
        "game": game, "sections": reviewed["sections"], "fuzz_games": fuzz_games, "seed": seed,
        "procedural": len(procedural), "cited": len(procedural) - len(uncited),
        "uncited": [{"id": c, "reason": reasons.get(c)} for c in uncited],
        "unreviewed": [c for c in uncited if not reasons.get(c)],
        "now_cited": [c for c in reasons if c in named],
        "unknown": [c for c in reasons if c not in procedural and c not in named],
        "bad_reasons": [c for c, r in reasons.items() if not str(r).startswith(REASONS)],
    }
