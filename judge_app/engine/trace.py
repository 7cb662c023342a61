"""The records the engine produces: trace entries, decisions, and the errors it raises."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Change:
    path: str
    before: Any
    after: Any

    def to_json(self) -> dict:
        return {"path": self.path, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class TraceEntry:
    """One rule applied: `rule` is the clause whose condition decided the step (and caused every change in
    `changes`); `cites` are the other clauses the step relied on, in the order the reasoning uses them."""

    seq: int
    turn: int
    phase: str | None
    player: str | None
    rule: str
    kind: str
    message: str
    changes: tuple[Change, ...] = ()
    cites: tuple[str, ...] = ()

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause the entry names: `rule` first, then `cites`."""
        return (self.rule, *self.cites)

    def to_json(self) -> dict:
        return {
            "seq": self.seq, "turn": self.turn, "phase": self.phase, "player": self.player,
            "rule": self.rule, "cites": list(self.cites), "kind": self.kind, "message": self.message,
            "changes": [c.to_json() for c in self.changes],
        }


@dataclass(frozen=True)
class Option:
    value: Any
    label: str

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label}


@dataclass(frozen=True)
class Decision:
    """A choice the rules give a player; the engine waits until it is answered."""

    id: str
    player: str | None
    prompt: str
    options: tuple[Option, ...]
    rule: str
    kind: str = "choice"

    def to_json(self) -> dict:
        return {"id": self.id, "player": self.player, "prompt": self.prompt,
                "options": [o.to_json() for o in self.options], "rule": self.rule, "kind": self.kind}

    def option(self, value: Any) -> Option | None:
        for o in self.options:
            if o.value == value:
                return o
        return None


class EngineError(Exception):
    """Bad input to the engine. `field` names what is wrong (a JSON path or parameter name)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_json(self) -> dict:
        return {"error": self.message, "field": self.field}


class BoardError(EngineError):
    """A board that the ruleset's schema or invariants refuse."""


class NotationError(BoardError):
    """Board notation that cannot be read: `token` is the offending token as typed, `position` its character
    offset in the text (docs/notation.md)."""

    def __init__(self, message: str, token: str, position: int, field: str | None = "notation"):
        super().__init__(message, field)
        self.token = token
        self.position = position

    def to_json(self) -> dict:
        return {**super().to_json(), "token": self.token, "position": self.position}


class AnswerError(EngineError):
    """An answer that does not fit the pending decision."""


class AdjustmentError(EngineError):
    """A judge adjustment the ruleset does not know or cannot apply now."""


class LoopLimit(EngineError):
    """A session ran past its step bound: the rules allowed a loop the engine will not run forever."""


@dataclass
class Halt:
    """Why a run stopped."""

    reason: str  # "decision" | "finished" | "until" | "limit"
    message: str = ""
    extra: dict = field(default_factory=dict)
