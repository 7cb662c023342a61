"""A page's JSON whose larger part only changes with a deploy (issue 39): that part's values are encoded once per
app, and each request encodes only its own keys' values, then writes the object around them. The text is the
same, byte for byte, as the app's encoder writes for the merged object (`jsonify`, or the `tojson` filter).

The builder's data is the case: a game's board schema, its adjustments, its scenario shelf and labels are most of
its JSON twin and of the page's embedded data, and were encoded again on every request."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

from flask import current_app
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

COMPACT = (",", ":")    # what jsonify writes outside debug mode (DefaultJSONProvider.response)
SPACED = (", ", ": ")   # json.dumps' own, which the tojson filter uses


@dataclass(frozen=True)
class FixedJSON:
    data: dict
    compact: dict[str, str]   # each value as jsonify writes it
    safe: dict[str, str]      # each value as the tojson filter writes it (safe inside <script>)

    def merged(self, own: dict) -> dict:
        return {**self.data, **self._own(own)}

    def json(self, own: dict) -> str:
        """jsonify's body (without its last newline) for the merged object."""
        provider = current_app.json
        if getattr(provider, "compact", None) is False or (provider.compact is None and current_app.debug):
            return provider.dumps(self.merged(own), indent=2)   # indented: written whole
        values = {**self.compact, **{k: provider.dumps(v, separators=COMPACT) for k, v in self._own(own).items()}}
        return _written(values, COMPACT, provider.dumps)

    def html_json(self, own: dict) -> Markup:
        """`merged(own)|tojson`."""
        safe = _safe_dumps()
        values = {**self.safe, **{k: safe(v) for k, v in self._own(own).items()}}
        return Markup(_written(values, SPACED, safe))

    def _own(self, own: dict) -> dict:
        both = self.data.keys() & own.keys()
        if both:
            raise ValueError(f"keys in both parts: {sorted(both)}")
        return own


def _safe_dumps() -> Callable[..., str]:
    dumps = current_app.json.dumps
    return lambda obj: str(htmlsafe_json_dumps(obj, dumps=dumps))


def _written(values: dict[str, str], separators: tuple[str, str], dumps: Callable[..., str]) -> str:
    """An object from its values' texts, as json.dumps writes one (keys sorted when the app sorts them)."""
    keys = sorted(values) if getattr(current_app.json, "sort_keys", False) else list(values)
    item, key = separators
    return "{" + item.join(f"{dumps(k)}{key}{values[k]}" for k in keys) + "}"


def fixed_json(key: Hashable, make: Callable[[], dict]) -> FixedJSON:
    """`make()` encoded once for this app under `key` (the key names everything the part depends on)."""
    cache: dict[Hashable, FixedJSON] = current_app.extensions.setdefault("fixed_json", {})
    if key not in cache:
        data, dumps, safe = make(), current_app.json.dumps, _safe_dumps()
        cache[key] = FixedJSON(data, {k: dumps(v, separators=COMPACT) for k, v in data.items()},
                               {k: safe(v) for k, v in data.items()})
    return cache[key]
