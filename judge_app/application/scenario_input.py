"""A scenario a judge hands in (YAML text or an object, from the builder, the API or an import): read and played,
its errors named under `scenario` (`scenario.answers[0]`) so a judge knows it is the file that is wrong."""
from __future__ import annotations

from typing import Any

from judge_app.engine import EngineError, Game, LoopLimit
from judge_app.scenarios import load_scenario, play_scenario


def _named(e: EngineError) -> EngineError:
    field = e.field if (e.field or "").startswith("scenario") else f"scenario.{e.field or ''}".rstrip(".")
    return EngineError(f"scenario: {e.message}", field)


def read(source: Any) -> dict:
    if not isinstance(source, (str, dict)):
        raise EngineError("scenario: YAML の文字列またはオブジェクトを指定してください", "scenario")
    try:
        return load_scenario(source)
    except LoopLimit:   # too many adjustments: the session's bound, already named
        raise
    except EngineError as e:
        raise _named(e) from None


def play(data: dict) -> Game:
    """Its script played; a loop the rules allow to run on stays a LoopLimit (the session's, not the file's)."""
    try:
        return play_scenario(data)
    except LoopLimit:
        raise
    except EngineError as e:
        raise _named(e) from None
