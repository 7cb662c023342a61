"""The records the engine produces: trace entries, decisions, and the errors it raises."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


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
    group: int | None = None  # the seq of the `effect` entry this entry resolves a part of
    action: str | None = None  # a `refused` entry: what the judge tried, in the game's words

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause the entry names: `rule` first, then `cites`."""
        return (self.rule, *self.cites)

    def to_json(self) -> dict:
        return {
            "seq": self.seq, "turn": self.turn, "phase": self.phase, "player": self.player,
            "rule": self.rule, "cites": list(self.cites), "kind": self.kind, "message": self.message,
            "changes": [c.to_json() for c in self.changes],
            **({"group": self.group} if self.group is not None else {}),
            **({"action": self.action} if self.action is not None else {}),
        }


class Option(NamedTuple):
    """One answer a decision offers. A named tuple for the reason Withheld is one: every decision builds its options
    afresh, tens of thousands of times in a fuzzed game."""

    value: Any
    label: str

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label}


class Withheld(NamedTuple):
    """An action the player would ordinarily have at this point of the procedure but may not take now:
    `rule` is the clause that forbids it and `reason` says why in one line of Japanese. A named tuple (immutable like
    the dataclasses here, and a fraction of their cost to build: a decision may list a dozen every time it is asked)."""

    value: Any
    label: str
    rule: str
    reason: str

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label, "rule": self.rule, "reason": self.reason}


# A yes/no choice as the judge types it; anything else is left as typed and refused by name, never guessed.
YES_NO = {"yes": True, "no": False, "true": True, "false": False, "はい": True, "いいえ": False}


def yes_no(value: Any) -> Any:
    return YES_NO.get(value.strip().lower(), value) if isinstance(value, str) else value


@dataclass(frozen=True)
class Decision:
    """A choice the rules give a player; the engine waits until it is answered. `withheld` lists what the
    rules do not let the player choose here, each with its clause (answering one is refused)."""

    id: str
    player: str | None
    prompt: str
    options: tuple[Option, ...]
    rule: str
    kind: str = "choice"
    withheld: tuple[Withheld, ...] = ()
    # How the procedure that asked works out its options and withheld actions again, when a judge's adjustment
    # changes the state while the decision waits: () -> (options, withheld). None: the decision stands as asked.
    remake: Any = field(default=None, compare=False, repr=False)

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause the decision names: its `rule`, then each withheld action's."""
        return (self.rule, *dict.fromkeys(w.rule for w in self.withheld))

    def to_json(self) -> dict:
        return {"id": self.id, "player": self.player, "prompt": self.prompt,
                "options": [o.to_json() for o in self.options], "rule": self.rule, "kind": self.kind,
                "withheld": [w.to_json() for w in self.withheld]}

    def typed(self, value: Any) -> Any:
        """The value as the judge typed it, read as yes/no where this decision is a yes/no choice (its options
        or its withheld actions are), so that an option and a withheld action are read the same way."""
        yes_no_choice = any(type(c.value) is bool for c in (*self.options, *self.withheld))
        return yes_no(value) if yes_no_choice else value

    def option(self, value: Any) -> Option | None:
        value = self.typed(value)
        for o in self.options:
            if o.value == value:
                return o
        return None

    def withheld_of(self, value: Any) -> Withheld | None:
        value = self.typed(value)
        for w in self.withheld:
            if w.value == value:
                return w
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
    offset in the text (docs/notation.md). `fix`, where the notation sees what was likely meant: `{text, reading}`,
    the whole line corrected and what it says, as a question (「パワー5000 のリーダー？」)."""

    def __init__(self, message: str, token: str, position: int, field: str | None = "notation",
                 fix: dict | None = None):
        super().__init__(message, field)
        self.token = token
        self.position = position
        self.fix = fix

    def to_json(self) -> dict:
        out = {**super().to_json(), "token": self.token, "position": self.position}
        if self.fix:
            out["fix"] = self.fix
        return out


class AnswerError(EngineError):
    """An answer that does not fit the pending decision."""


class AdjustmentError(EngineError):
    """A judge adjustment the ruleset does not know or cannot apply now."""


class Refused(EngineError):
    """An action the rules do not allow now (a withheld answer, an unpayable cost, a keyword used beyond its
    limit, an adjustment to a finished game): `rule` is the clause that forbids it. Nothing was changed."""

    status = 422

    def __init__(self, message: str, rule: str, field: str | None = "value"):
        super().__init__(message, field)
        self.rule = rule

    def to_json(self) -> dict:
        return {**super().to_json(), "rule": self.rule}


class LoopLimit(EngineError):
    """A session ran past its step bound: the rules allowed a loop the engine will not run forever."""


class SessionLimit(LoopLimit):
    """An action past one of a session's bounds (JUDGE_APP_MAX_ADJUSTMENTS, JUDGE_APP_MAX_LASTING_EFFECTS): refused,
    nothing changed. Each bound keeps a session's state, trace and replay small (issue 39)."""


@dataclass
class Halt:
    """Why a run stopped."""

    reason: str  # "decision" | "finished" | "until" | "limit"
    message: str = ""
    extra: dict = field(default_factory=dict)
