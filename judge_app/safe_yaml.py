"""YAML from people we do not trust: scenario text posted to the API or uploaded as a file.

PyYAML's safe loader builds only plain values, but it expands anchors and aliases: a few hundred bytes of
nested aliases become a structure of tens of megabytes (the "billion laughs"), and an anchor that contains
its own alias becomes a value that contains itself. So this loader refuses every anchor and alias where
it meets one, before anything is expanded, and counts the values and the nesting depth while it composes
them. After parsing, the result must be plain JSON (engine/bounds.py: string keys, finite numbers, no dates
or binary) and its compact JSON no larger than `max_bytes`, the size a stored session or ruling may have.
Every refusal is a `YamlRefused` whose Japanese message names the line or the field.
"""
from __future__ import annotations

import json
from typing import Any

import yaml

from judge_app.engine.bounds import MAX_DEPTH, MAX_NODES, ShapeError, check_shape

# What one stored session or ruling may hold (its board, seed and answers as JSON); JUDGE_APP_MAX_STORED_BYTES.
MAX_BYTES = 256 * 1024


class YamlRefused(ValueError):
    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.message, self.field = message, field


class _NoAliasLoader(yaml.SafeLoader):
    """The safe loader, refusing anchors and aliases and bounding depth and size while composing."""

    def __init__(self, stream, where: str, max_depth: int, max_nodes: int):
        super().__init__(stream)
        self.where, self.max_depth, self.max_nodes = where, max_depth, max_nodes
        self.depth = self.nodes = 0

    def _refuse(self, event, what: str) -> YamlRefused:
        return _refusal(event, self.where, what)

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise self._refuse(event, f"別名（*{event.anchor}）は使えません。値をそのまま書いてください")
        if getattr(event, "anchor", None) is not None:
            raise self._refuse(event, f"アンカー（&{event.anchor}）は使えません。値をそのまま書いてください")
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise self._refuse(event, f"値が多すぎます（{self.max_nodes:,} 個まで）")
        self.depth += 1
        if self.depth > self.max_depth + 1:
            raise self._refuse(event, f"入れ子が深すぎます（{self.max_depth} 段まで）")
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


# YAML text may be this many times its compact JSON (indentation, comments) before it is refused unread
TEXT_FACTOR = 2


def _prescan(text: str, where: str, max_bytes: int, max_depth: int, max_nodes: int) -> bool:
    """The bounds, before the full parse: the text's size, then (with libyaml, in C) its events — anchors and aliases,
    values and depth counted — so that a refused file costs a scan, not a parse (a 785 KiB file cost 1.2 s of CPU).
    True when libyaml read it all within the bounds: it may then build the values too."""
    if max_bytes:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > max_bytes * TEXT_FACTOR:
            raise YamlRefused(f"大きすぎます（{size:,} バイト。YAML は {max_bytes * TEXT_FACTOR:,} バイトまで）",
                              where)
    if not yaml.__with_libyaml__:
        return False
    nodes = depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.CSafeLoader):
            kind = type(event)
            if kind is yaml.AliasEvent:
                raise _refusal(event, where, f"別名（*{event.anchor}）は使えません。値をそのまま書いてください")
            if kind in (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent):
                if event.anchor is not None:
                    raise _refusal(event, where, f"アンカー（&{event.anchor}）は使えません。値をそのまま書いてください")
                nodes += 1
                if nodes > max_nodes:
                    raise _refusal(event, where, f"値が多すぎます（{max_nodes:,} 個まで）")
                if kind is not yaml.ScalarEvent:
                    depth += 1
                    if depth > max_depth + 1:
                        raise _refusal(event, where, f"入れ子が深すぎます（{max_depth} 段まで）")
            elif kind in (yaml.SequenceEndEvent, yaml.MappingEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return False   # the Python parser words the error, with its line
    return True


def _refusal(event, where: str, what: str) -> YamlRefused:
    line = event.start_mark.line + 1 if event.start_mark else "?"
    return YamlRefused(f"{line} 行目: {what}", where)


def load(text: str, where: str = "scenario", max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
         max_nodes: int = MAX_NODES) -> Any:
    """One YAML document, within the bounds before it is parsed (`_prescan`), without anchors or aliases, and
    checked by `check` after parsing."""
    clean = _prescan(text, where, max_bytes, max_depth, max_nodes)
    try:   # the reader refuses a character YAML does not allow (U+0090, say) as soon as it is made
        loader = (yaml.CSafeLoader(text) if clean   # no anchor or alias, within the bounds: C builds the same values
                  else _NoAliasLoader(text, where, max_depth, max_nodes))
    except yaml.YAMLError as e:
        raise YamlRefused(f"YAML として読めません: {e}", where) from None
    try:
        data = loader.get_single_data()
    except YamlRefused:
        raise
    except yaml.YAMLError as e:
        raise YamlRefused(f"YAML として読めません: {e}", where) from None
    except (ValueError, RecursionError, OverflowError) as e:   # a 5,000-digit integer, say
        raise YamlRefused(f"YAML として読めません: {type(e).__name__}", where) from None
    finally:
        loader.dispose()
    check(data, where, max_bytes, max_depth, max_nodes)
    return data


def check(data: Any, where: str = "scenario", max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
          max_nodes: int = MAX_NODES) -> int:
    """Plain JSON within the bounds, and at most `max_bytes` as compact JSON. Returns that size."""
    try:
        check_shape(data, where, max_depth, max_nodes)
    except ShapeError as e:
        raise YamlRefused(e.message, e.field) from None
    size = len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    if size > max_bytes:
        raise YamlRefused(f"{where}: 大きすぎます（JSON で {size:,} バイト。{max_bytes:,} バイトまで）", where)
    return size
