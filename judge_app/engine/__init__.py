"""The reference engine: one game-agnostic core (state, steps, decisions, trace, replay) and one ruleset per game."""
from judge_app.engine.game import Game, UNTIL
from judge_app.engine.registry import get_ruleset, rulesets
from judge_app.engine.ruleset import Adjustment, RuleOption, Ruleset
from judge_app.engine.state import GameState
from judge_app.engine.trace import (AdjustmentError, AnswerError, BoardError, Change, Decision, EngineError,
                                    LoopLimit, NotationError, Option, Refused, SessionLimit, TraceEntry,
                                    Withheld)

__all__ = ["Game", "UNTIL", "get_ruleset", "rulesets", "Adjustment", "RuleOption", "Ruleset", "GameState",
           "AdjustmentError", "AnswerError", "BoardError", "Change", "Decision", "EngineError", "LoopLimit",
           "NotationError", "Option", "Refused", "SessionLimit", "TraceEntry", "Withheld"]
