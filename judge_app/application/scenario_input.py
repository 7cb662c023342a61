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


def play(data: dict, carry_on: str = "end") -> Game:
    """Its script played; a loop the rules allow to run on stays a LoopLimit (the session's, not the file's).
    `carry_on`: how far the rules run on after the script ("end": to the next decision, as a session made from the
    file does; "turn" for a ruling made from it: to the end of the turn the script ends in, never into the next)."""
    try:
        return play_scenario(data, carry_on)
    except LoopLimit:
        raise
    except EngineError as e:
        raise _named(e) from None
