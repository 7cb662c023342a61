"""Every error a request can meet, answered in the one error shape (`negotiation.error`): the web's own (a body
that is not JSON, a form field that is not a number) and the application layer's, which are the engine's and the
store's exceptions. Each carries a Japanese message and the field it concerns; here they get their status."""
from __future__ import annotations

from flask import Blueprint, Response
from werkzeug.exceptions import HTTPException

from judge_app.application.engine_calls import RulesetFailure
from judge_app.engine import EngineError, LoopLimit, NotationError, Refused
from judge_app.store import Conflict, NotFound, StoreError, Unstorable
from judge_app.web.shared.negotiation import MESSAGES, error


class RequestError(Exception):
    """A request the web cannot read: wrong content type, too large, malformed JSON or form field."""

    def __init__(self, status: int, message: str, field: str | None = None):
        super().__init__(message)
        self.status, self.message, self.field = status, message, field


Failure = (RequestError, EngineError, StoreError)   # what `except Failure` catches, and `status_of` knows

# First match wins: the engine's errors are bad input (400) but for what the rules forbid (422, naming the clause),
# a loop it would not run on and a ruleset's own failure (422); the store's are a missing thing (404) or what is
# stored no longer fitting (409).
STATUSES: tuple[tuple[type, int], ...] = ((Refused, 422), (LoopLimit, 422), (RulesetFailure, 422), (EngineError, 400),
                                          (NotFound, 404), (Conflict, 409))


def status_of(e: Exception) -> int:
    if isinstance(e, (RequestError, Unstorable)):   # the store's bounds say theirs: 413 for size, else 400
        return e.status
    return next(status for kind, status in STATUSES if isinstance(e, kind))


def _extra(e: Exception) -> dict:
    """A refusal also names the clause that forbids the action; a notation error its token and position."""
    if isinstance(e, Refused):
        return {"rule": e.rule}
    if isinstance(e, NotationError):
        return {"token": e.token, "position": e.position}
    return {}


def error_body(e: Exception) -> dict:
    return {"error": e.message, "field": e.field, "status": status_of(e), **_extra(e)}


def error_of(e: Exception) -> Response:
    return error(status_of(e), e.message, e.field, **_extra(e))


def answer_errors_as_json(bp: Blueprint) -> Blueprint:
    """An API blueprint's errors, its own and HTTP ones raised inside it, as the error shape (413 naming `body`)."""
    for kind in Failure:
        bp.register_error_handler(kind, error_of)

    def http_error(e: HTTPException) -> Response:
        return error(e.code, MESSAGES.get(e.code, e.name), "body" if e.code == 413 else None)

    bp.register_error_handler(HTTPException, http_error)
    return bp
