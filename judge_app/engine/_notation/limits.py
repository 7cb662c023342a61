"""What the board schema allows, known to the notation before it reads: each zone's most cards (the schema's
`maxItems`, its count's `maximum`), and the players' seats. A count is checked against its zone's limit before a
single card is made (issue 39 #6: `T999999999` once built the cards first)."""
from __future__ import annotations

from typing import Any

ZONE_MAX = 200   # a zone the schema leaves unbounded: no game's table holds more (bounds.MAX_NODES allows 20,000)


def node(schema: Any, root: dict) -> dict:
    """A schema node with its local `$ref` followed and the non-null branch of a nullable `oneOf`/`anyOf` taken."""
    for _ in range(20):
        ref = schema.get("$ref") if isinstance(schema, dict) else None
        if not (isinstance(ref, str) and ref.startswith("#/")):
            break
        schema = root
        for part in ref[2:].split("/"):
            schema = schema.get(part, {}) if isinstance(schema, dict) else {}
    if not isinstance(schema, dict):
        return {}
    for alt in schema.get("oneOf") or schema.get("anyOf") or ():
        if isinstance(alt, dict) and alt.get("type") != "null":
            return node(alt, root)
    return schema


def properties(schema: Any, root: dict) -> dict:
    props = node(schema, root).get("properties")
    return props if isinstance(props, dict) else {}


def seats(root: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(every seat the board may have, the seats it must have), from the schema's `players`."""
    players = node(properties(root, root).get("players"), root)
    return tuple(properties(players, root)), tuple(players.get("required") or ())


def bind(fields, schema: Any, root: dict) -> None:
    """Give every zone in `fields` (and in the cards it holds, e.g. thv's cards set on a card) its limits. A codec
    that holds cards has a `spec`; a zone (zones.Zone) also a `limit`."""
    props = properties(schema, root)
    for codec in fields.codecs:
        spec = getattr(codec, "spec", None)
        if spec is None:
            continue
        zone = node(props.get(codec.keys[0]), root)
        if hasattr(codec, "limit"):
            most = zone.get("maxItems")
            codec.limit = most if isinstance(most, int) else ZONE_MAX
            if codec.count:
                count_most = node(props.get(codec.count), root).get("maximum")
                codec.count_limit = count_most if isinstance(count_most, int) else ZONE_MAX
        bind(spec, zone.get("items") if zone.get("type") == "array" else zone, root)
