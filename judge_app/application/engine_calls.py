"""Every call into the engine on a judge's behalf, guarded: an engine error names its field, and a crash inside a
ruleset becomes a RulesetFailure (logged for the ruleset's author) rather than an unhandled error."""
from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Any, Iterator

from judge_app.engine import EngineError, Game, LoopLimit
from judge_app.engine.ruleset import Ruleset
from judge_app.store import StoreError

log = logging.getLogger("judge_app")   # the Flask app's logger too (it is named after the app)


class RulesetFailure(EngineError):
    """A ruleset raised something other than its own errors on this input: a bug to report, not the judge's."""


@contextmanager
def engine_call(where: str) -> Iterator[None]:
    """Engine errors leave with a field (`where` when the engine named none; `until` for a loop limit)."""
    try:
        yield
    except (RulesetFailure, StoreError):
        raise
    except LoopLimit as e:
        e.field = e.field or "until"
        raise
    except EngineError as e:
        e.field = e.field or where
        raise
    except Exception as e:
        log.exception("engine failure at %s", where)
        raise RulesetFailure(f"ルールエンジンがこの入力を処理できませんでした（{type(e).__name__}）。"
                             "盤面を確認してください", where) from None


def replay(ruleset: Ruleset, board: Any, seed: Any, answers: Any, where: str = "board",
           game_class: type[Game] = Game) -> Game:
    with engine_call(where):
        return game_class.replay(ruleset, board, seed, answers)
