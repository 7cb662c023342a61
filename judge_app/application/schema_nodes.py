"""Walking a board's JSON Schema: a node with its local `$ref`s followed, and the node of one key or index below
it (the builder names a problem's place in words from them; the board form reads the schema with them)."""
from __future__ import annotations

from typing import Any


def follow_ref(schema: Any, root: dict) -> Any:
    """A JSON Schema node with its local `$ref`s followed (at most 20)."""
    for _ in range(20):
        ref = schema.get("$ref") if isinstance(schema, dict) else None
        if not isinstance(ref, str) or not ref.startswith("#/"):
            break
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        schema = node
    return schema


def schema_child(schema: dict, key: Any, root: dict) -> dict:
    """The node of `key` (a property name, or an index into `items`) below `schema`; {} when there is none."""
    schema = follow_ref(schema, root)
    if not isinstance(schema, dict):
        return {}
    for alt in schema.get("anyOf") or schema.get("oneOf") or ():
        if isinstance(alt, dict) and alt.get("type") != "null":
            schema = {**alt, **{k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}}
            break
    if isinstance(key, int):
        return schema.get("items") if isinstance(schema.get("items"), dict) else {}
    props = schema.get("properties") or {}
    return props.get(key) if isinstance(props.get(key), dict) else {}
