"""What the store hands back (a session's and a saved ruling's rows) and the errors it raises; database.py
names them all again, where callers import them from."""
from __future__ import annotations

from dataclasses import dataclass, field


class StoreError(Exception):
    """`message` says what went wrong (in Japanese where a judge reads it); `field` names the input it concerns."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message, self.field = message, field


class NotFound(StoreError, LookupError):
    """No session, ruling (or, for the layers above, game or scenario) of that name."""


class Conflict(StoreError, RuntimeError):
    """What is stored no longer fits the request: another request changed the session after it was read, or a
    saved session or ruling no longer replays."""


class Unstorable(StoreError, ValueError):
    """A write the store does not take (too large, a seed out of range, a value JSON cannot hold); nothing was
    written. `message` is Japanese and names `field`; `status` is the HTTP status it answers (400 or 413)."""

    def __init__(self, message: str, field: str, status: int = 400):
        super().__init__(message, field)
        self.status = status


@dataclass
class SessionRecord:
    id: str
    game: str
    board: dict
    seed: int
    answers: list
    title: str
    version: int
    created: float
    updated: float


@dataclass
class RulingRecord:
    slug: str
    game: str
    board: dict
    seed: int
    answers: list
    title: str
    note: str
    created: float
    editions: dict = field(default_factory=dict)   # {doc key: edition version} it was made under
    hidden: bool = False
    client: str | None = None    # the client that saved it (None: the command line, or saved before 0004)
    opened: float | None = None  # when it was first read (None: never)
    question: str = ""                # the judge's question, in the judge's words
    window_end: int | None = None     # the seq where its window ends, when the judge moved it
    headline: str = ""                # its verdict's headline as saved ('' before migration 0005)
