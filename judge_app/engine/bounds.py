"""Bounds on the JSON-like input the engine and the store accept: nesting depth, number of values, finite
numbers, JSON's own types and string keys.

`check_shape` looks at each value once and stops at the first problem, so it costs at most `max_nodes` steps
whatever it is given: it runs before anything serialises, copies or validates the input. Its errors are
Japanese and name the field as the schema's errors do (`board.battle.x`, `answers[3]`).
"""
from __future__ import annotations

import math
from typing import Any

MAX_DEPTH = 32          # a board or state nests 7 deep at most (los: players.p1.front[0].mods[0].stat)
MAX_NODES = 50_000      # a board with 200 cards in every zone of both players has about 20,000 values
# A session's seed, on both stores (a BIGINT column on PostgreSQL since migration 0003): 0 ≤ seed ≤ SEED_MAX.
SEED_MAX = 2**63 - 1


# JSON's \ud800 escapes read as a lone surrogate: no UTF-8 can carry it, so neither database could store it
SURROGATE = "対になっていないサロゲート（\\ud800 など）は使えません"


def lone_surrogate(text: str) -> bool:
    """Whether `text` holds a surrogate code point without its pair (JSON "\ud800"): not encodable as UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def first_lone_surrogate(value: Any, where: str = "") -> str | None:
    """The JSON path of the first string (or key) in `value` holding a lone surrogate, or None."""
    stack: list[tuple[Any, tuple | None]] = [(value, (None, where) if where else None)]
    while stack:
        item, chain = stack.pop()
        if type(item) is str:
            if not item.isascii() and lone_surrogate(item):
                return _path(chain)
        elif type(item) is dict:
            for k, v in item.items():
                if type(k) is str and not k.isascii() and lone_surrogate(k):
                    return _path((chain, k))
                stack.append((v, (chain, k)))
        elif type(item) is list:
            stack.extend((v, (chain, i)) for i, v in enumerate(item))
    return None


class ShapeError(ValueError):
    """Input outside the bounds; `field` is its JSON path."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.message, self.field = message, field


def _path(chain: tuple | None) -> str:
    parts: list = []
    while chain is not None:
        chain, key = chain
        parts.append(key)
    out = ""
    for key in reversed(parts):
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else key)
    return out


def check_shape(value: Any, where: str = "board", max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES) -> int:
    """Raise ShapeError unless `value` is JSON (dict with str keys, list, str, int, finite float, bool, None)
    nested at most `max_depth` deep with at most `max_nodes` values. Returns the number of values."""
    nodes = 0
    stack: list[tuple[Any, tuple | None, int]] = [(value, (None, where), 0)]
    pop, push = stack.pop, stack.append
    while stack:
        item, chain, depth = pop()
        nodes += 1
        if nodes > max_nodes:
            raise ShapeError(f"{where}: 値が多すぎます（{max_nodes:,} 個まで）", where)
        kind = type(item)
        if kind is str:
            if not item.isascii() and lone_surrogate(item):
                path = _path(chain)
                raise ShapeError(f"{path}: {SURROGATE}", path)
            continue
        if kind is int or kind is bool or item is None:
            continue
        if kind is float:
            if not math.isfinite(item):
                path = _path(chain)
                raise ShapeError(f"{path}: 数値は有限である必要があります（NaN や Infinity は使えません）", path)
            continue
        if kind is dict or kind is list:
            if depth >= max_depth and item:
                path = _path(chain)
                raise ShapeError(f"{path}: 入れ子が深すぎます（{max_depth} 段まで）", path)
            if kind is dict:
                for k, v in item.items():
                    if type(k) is not str:
                        path = _path(chain)
                        raise ShapeError(f"{path}: キー {k!r} は文字列である必要があります", path)
                    if not k.isascii() and lone_surrogate(k):
                        path = _path((chain, k))
                        raise ShapeError(f"{path}: キーに{SURROGATE}", path)
                    push((v, (chain, k), depth + 1))
            else:
                for i, v in enumerate(item):
                    push((v, (chain, i), depth + 1))
            continue
        path = _path(chain)
        raise ShapeError(f"{path}: JSON で表せない値です（{type(item).__name__}）", path)
    return nodes


def check_list_limits(schema: Any, value: Any, where: str = "board", floor: int = 0) -> None:
    """Raise ShapeError at the first list longer than its schema's `maxItems` (a zone's 200 cards) and than `floor`,
    looking only at lengths: run before anything tidies, copies or draws the value, it costs one look at each value the
    schema describes, where the full validation of a 12,000-card zone costs seconds. With a `floor`, a short list
    just over its bound (6 characters in a row of 5) is left to the validation, which words it for the judge."""
    stack: list[tuple[Any, Any, str]] = [(schema, value, where)]
    while stack:
        node, item, path = stack.pop()
        if not isinstance(node, dict):
            continue
        for alternative in (*node.get("anyOf", ()), *node.get("oneOf", ())):
            stack.append((alternative, item, path))
        if type(item) is list:
            limit = node.get("maxItems")
            if limit is not None and len(item) > limit and len(item) > floor:
                raise ShapeError(f"{path}: {limit} 個までです（{len(item)} 個あります）", path)
            inner = node.get("items")
            if isinstance(inner, dict):
                stack.extend((inner, x, f"{path}[{i}]") for i, x in enumerate(item) if type(x) in (list, dict))
        elif type(item) is dict:
            props = node.get("properties") or {}
            extra = node.get("additionalProperties")
            for key, x in item.items():
                sub = props.get(key, extra)
                if isinstance(sub, dict) and type(x) in (list, dict):
                    stack.append((sub, x, f"{path}.{key}"))
