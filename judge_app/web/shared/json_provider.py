"""The app's JSON provider: Flask's own, with the compact JSON of every `jsonify` answer written by orjson (issue 39).

A session step's answer is the whole state and its new trace entries (20 to 80 KB): the standard library's encoder
spent a third of the step's CPU on it; orjson takes a tenth of that. Strings, keys, integers, booleans and null come
out the same, byte for byte (keys sorted as Flask sorts them, UTF-8 as written, no spaces). Floats are the same
numbers, though a few are written otherwise (2.5e-7 for Python's 2.5e-07); NaN and ±Infinity, which are not JSON,
are written null. Flask's encoder still writes, as before:
- ASCII-only output (JSON_AS_ASCII), indented output (debug) and the spaced separators of the `tojson` filter;
- what orjson refuses: integers past 64 bits, keys that are not strings, lone surrogates, nesting past 254.
Dates, times and dataclasses are handed to Flask's `default` (an HTTP date, `asdict`), as its encoder does. Reading
JSON stays Flask's (json.loads: the API's own checks word what a body may not hold)."""
from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

COMPACT = (",", ":")   # what jsonify asks for outside debug mode
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


class JSONProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs.get("separators") == COMPACT and kwargs.keys() <= {"separators", "indent"} \
                and kwargs.get("indent") is None and not self.ensure_ascii:
            try:
                return orjson.dumps(obj, default=self.default,
                                    option=_OPTIONS | (orjson.OPT_SORT_KEYS if self.sort_keys else 0)).decode()
            except orjson.JSONEncodeError:
                pass   # Flask's encoder writes it, or raises as it always did
        return super().dumps(obj, **kwargs)
