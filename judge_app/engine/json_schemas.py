"""The published JSON Schemas of what the engine emits: a trace entry and a decision (docs/architecture.md).
The API serves them; tests hold every scenario's trace and open decision to them. `Validator` is how every input
schema is checked (boards, adjustments, scenarios)."""
from __future__ import annotations

import jsonschema


def _written_integer(checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# JSON Schema counts 3.0 as an integer; the rules count with Python ints (range, list indexes), so an integer field
# takes an integer as written (3), and 3.0 is refused naming the field (found by the schemathesis run, issue 40).
Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _written_integer))

CLAUSE_ID = {"type": "string", "pattern": r"^[a-z-]+:[0-9A-Za-z.-]+$"}

TRACE_ENTRY = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "judge_app trace entry",
    "type": "object",
    "required": ["seq", "turn", "phase", "player", "rule", "cites", "kind", "message", "changes"],
    "additionalProperties": False,
    "properties": {
        "seq": {"type": "integer", "minimum": 1},
        "turn": {"type": "integer", "minimum": 0},
        "phase": {"type": ["string", "null"]},
        "player": {"type": ["string", "null"]},
        "rule": CLAUSE_ID,
        "cites": {"type": "array", "items": CLAUSE_ID},
        "kind": {"type": "string"},
        "message": {"type": "string", "minLength": 1},
        "changes": {"type": "array", "items": {"type": "object", "required": ["path", "before", "after"],
                                               "additionalProperties": False,
                                               "properties": {"path": {"type": "string"}, "before": {}, "after": {}}}},
        "group": {"type": "integer", "minimum": 1, "description": "the seq of the effect entry this one belongs to"},
        "action": {"type": "string", "minLength": 1,
                   "description": "a refused entry (kind refused): what the judge tried, in the game's words"},
    },
}

DECISION = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "judge_app decision",
    "type": "object",
    "required": ["id", "player", "prompt", "options", "rule", "kind", "withheld"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": "^d[0-9]+$"},
        "player": {"type": ["string", "null"]},
        "prompt": {"type": "string", "minLength": 1},
        "options": {"type": "array", "minItems": 1,
                    "items": {"type": "object", "required": ["value", "label"], "additionalProperties": False,
                              "properties": {"value": {}, "label": {"type": "string"}}}},
        "rule": CLAUSE_ID,
        "kind": {"type": "string"},
        "withheld": {"type": "array",
                     "items": {"type": "object", "required": ["value", "label", "rule", "reason"],
                               "additionalProperties": False,
                               "properties": {"value": {}, "label": {"type": "string"}, "rule": CLAUSE_ID,
                                              "reason": {"type": "string", "minLength": 1}}}},
    },
}
