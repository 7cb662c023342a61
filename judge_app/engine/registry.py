"""The rulesets: every module or package of judge_app.engine that defines RULESET (a Ruleset subclass instance)."""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from pathlib import Path

from judge_app.engine.ruleset import Ruleset
from judge_app.engine.trace import EngineError

# The rulesets sit beside this module; found by its folder, not by importing the package that imports this module.
ENGINE_PACKAGE, ENGINE_PATH = __name__.rpartition(".")[0], [str(Path(__file__).resolve().parent)]
CORE_MODULES = {"trace", "state", "ruleset", "game", "policies", "registry", "fuzz", "citations", "lasting"}


@lru_cache(maxsize=1)
def rulesets() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for info in sorted(pkgutil.iter_modules(ENGINE_PATH), key=lambda m: m.name):
        if info.name in CORE_MODULES or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{ENGINE_PACKAGE}.{info.name}")
        ruleset = getattr(module, "RULESET", None)
        if isinstance(ruleset, Ruleset):
            found[ruleset.game] = ruleset
    order = ["kaiun", "kaiun-multi", "opcg", "los", "thv"]
    return dict(sorted(found.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99))


def get_ruleset(game: object) -> Ruleset:
    known = rulesets()
    if not isinstance(game, str) or game not in known:
        raise EngineError(f"game: 「{game}」というゲームはありません（{', '.join(known)}）", "game")
    return known[game]
