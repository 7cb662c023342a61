"""The published JSON Schemas of what the engine emits: a trace entry and a decision (docs/architecture.md).
The API serves them; tests hold every scenario's trace and open decision to them. `Validator` is how every input
schema is checked (boards, adjustments, scenarios)."""
from __future__ import annotations

from typing import Any

import jsonschema
import jsonschema_rs


def _written_integer(checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# JSON Schema counts 3.0 as an integer; the rules count with Python ints (range, list indexes), so an integer field
# takes an integer as written (3), and 3.0 is refused naming the field (found by the schemathesis run, issue 40).
Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _written_integer))

# jsonschema-rs checks a board a hundred times faster than `Validator` (0.05 ms against 5-15 ms): asked first, its
# "valid" is taken only where the two cannot differ. It reads 3.0 as an integer and compares numbers as doubles, so
# a value holding a float or an integer past 2^53 always goes to `Validator`; so does anything it calls invalid
# (Validator alone words the error, and may accept it: Python's `$` matches before a final newline).
_QUICK: dict[int, tuple[dict, Any]] = {}
_EXACT = 2 ** 53


def _exact_numbers(value: Any) -> bool:
    """Whether every number in `value` is an integer that a double holds exactly (no floats)."""
    stack = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict:
            extend(item.values())
        elif kind is list:
            extend(item)
        elif kind is float or (kind is int and not -_EXACT < item < _EXACT):
            return False
    return True


def quick_valid(schema: dict, value: Any) -> bool:
    """True when `value` is surely valid for `schema` (as `Validator` reads it); False: ask `Validator`."""
    held = _QUICK.get(id(schema))
    if held is None or held[0] is not schema:
        try:
            held = _QUICK[id(schema)] = (schema, jsonschema_rs.validator_for(schema))
        except Exception:   # a schema it cannot compile: Validator alone
            held = _QUICK[id(schema)] = (schema, None)
    if held[1] is None or not _exact_numbers(value):
        return False
    try:
        return held[1].is_valid(value)
    except Exception:   # a value it cannot read (a lone surrogate, a key that is not a string)
        return False


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
        "kind": {"type": "string", "description": "choice, priority, target, …; `simultaneous`: which of the effects held "
                 "together (`at_once`, the state's `at_once`) resolves next, each option `effect:<n>` (issue 38)"},
        "withheld": {"type": "array",
                     "items": {"type": "object", "required": ["value", "label", "rule", "reason"],
                               "additionalProperties": False,
                               "properties": {"value": {}, "label": {"type": "string"}, "rule": CLAUSE_ID,
                                              "reason": {"type": "string", "minLength": 1}}}},
    },
}


def verdict_schema(clause: dict, shown: bool = False) -> dict:
    """A ruling's verdict (engine/verdict.py), each clause written as `clause`: a clause id as the engine emits
    it, or (`shown`) `{rule, rule_edition?}` as a ruling shows it in its own editions, where an item's own `rule`
    has its `rule_edition` beside it."""
    rule = {"rule": CLAUSE_ID, **({"rule_edition": {"type": "string"}} if shown else {})}
    nullable_rule = {**rule, "rule": {"type": ["string", "null"], "pattern": CLAUSE_ID["pattern"]}}
    count = {"type": "integer", "minimum": 0}
    cited = {"seq": {"type": "integer", "minimum": 1}, **rule, "cites": {"type": "array", "items": clause}}

    def closed(props: dict, *optional: str) -> dict:
        return {"type": "object", "additionalProperties": False, "properties": props,
                "required": [k for k in props if k not in optional and k != "rule_edition"]}

    player = {"type": ["string", "null"]}
    return {
        "title": "judge_app verdict",
        "type": "object", "additionalProperties": False,
        "required": ["answer", "headline", "window", "changes", "more_changes", "refused", "result", "clauses", "next"],
        "properties": {
            "answer": {"enum": ["はい", "いいえ", "結果"]},
            "headline": {"type": "string", "minLength": 1},
            "window": closed({"end": count, "default_end": count, "last": count,
                              "action_from": {"type": "integer", "minimum": 1}}),
            "changes": {"type": "array", "items": closed({"text": {"type": "string"}, **cited})},
            "more_changes": count,
            "refused": {"type": "array", "items": closed({"player": player, "message": {"type": "string"}, **cited,
                                                          "action": {"type": "string", "minLength": 1}})},
            "result": {"oneOf": [{"type": "null"}, closed({"winner": player, "text": {"type": "string"}, **cited})]},
            "clauses": {"type": "array", "items": clause},
            "next": {"oneOf": [{"type": "null"}, closed({"player": player, "prompt": {"type": "string"},
                                                         **nullable_rule, "text": {"type": "string"}})]},
        },
    }


VERDICT = {"$schema": "https://json-schema.org/draft/2020-12/schema", **verdict_schema(CLAUSE_ID)}
