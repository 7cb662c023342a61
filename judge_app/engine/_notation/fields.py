"""The codecs of one kind of object (the head, a player, a card) in the order they are written, and the fields the
rules fill in when the text leaves them out. Writing checks that the tokens read back to the object; when a codec
would say a value wrong, the object is written field by field `key=value` instead, so a round trip is exact."""
from __future__ import annotations

import copy
import json
from typing import Callable

from judge_app.engine._notation import values
from judge_app.engine._notation.codecs import GENERIC, At, Codec, Reading, generic
from judge_app.engine._notation.lex import Item, read as read_items


class Fields:
    def __init__(self, what: str, codecs: list[Codec], defaults: Callable[[At], dict] | None = None,
                 always: tuple[str, ...] = ()):
        self.what, self.codecs, self.always = what, [*codecs, GENERIC], frozenset(always)
        self.defaults = defaults or (lambda at: {})
        self._checks: dict[tuple, bool] = {}   # decks repeat a card under other ids: each is checked once

    def read(self, items: list[Item], obj: dict, at: At, r: Reading) -> dict:
        for item in items:
            for c in self.codecs:
                if c.read(item, obj, at, r):
                    break
            else:
                known = "、".join(c.hint for c in self.codecs if c.hint)
                raise item.error(f"{self.what.format(p=at.player)}では読めません（書けるもの: {known}、キー=値）")
        for k, v in self.defaults(at).items():
            obj.setdefault(k, copy.deepcopy(v))
        return obj

    def write(self, obj: dict, at: At, skip: tuple[str, ...] = ()) -> list[str]:
        """Tokens for every field of `obj` but those in `skip` (said elsewhere) and those at their default."""
        defaults = self.defaults(at)
        left = {k: v for k, v in obj.items() if k not in skip and not (
            k in defaults and k not in self.always and values.same(v, defaults[k]))}
        tokens: list[str] = []
        unchecked: list[str] = []
        settled = list(skip)
        for codec in self.codecs[:-1]:
            if any(k in left for k in codec.keys):
                said = codec.write(obj, at)
                if said is not None:
                    tokens += said
                    (settled.extend(codec.keys) if codec.checked else unchecked.extend(said))
                    for k in codec.keys:
                        left.pop(k, None)
        rest = [generic(k, v) for k, v in left.items()]
        if not self._reads_back(unchecked + rest, obj, at, tuple(settled), defaults):
            return [generic(k, v) for k, v in obj.items() if k not in skip and not (
                k in defaults and values.same(v, defaults[k]))]
        return tokens + rest

    def say(self, obj: dict, at: At, skip: tuple[str, ...] = ()) -> list[str]:
        """The fields `write` would write, in words (the read-back beside the line); what no codec can say in words
        is said as written."""
        defaults = self.defaults(at)
        left = [k for k, v in obj.items() if k not in skip and not (
            k in defaults and k not in self.always and values.same(v, defaults[k]))]
        words: list[str] = []
        for codec in self.codecs[:-1]:
            if any(k in left for k in codec.keys):
                said = codec.say(obj, at)
                said = said if said is not None else codec.write(obj, at)
                if said is not None:
                    words += said
                    left = [k for k in left if k not in codec.keys]
        return words + [generic(k, obj[k]) for k in left]

    def _reads_back(self, tokens: list[str], obj: dict, at: At, settled: tuple[str, ...], defaults: dict) -> bool:
        seed = {k: obj[k] for k in settled if k in obj}
        try:
            key = (tuple(tokens), tuple(sorted(seed)), json.dumps([{k: v for k, v in obj.items() if k not in seed},
                                              {k: v for k, v in defaults.items() if k not in seed}],
                                             sort_keys=True, ensure_ascii=False))
        except (TypeError, ValueError):
            key = None
        if key in self._checks:
            return self._checks[key]
        try:
            back = self.read(read_items(" ".join(tokens)), dict(seed), at, Reading())
            ok = values.same(back, obj)
        except Exception:  # a token another codec claims, or reads as something else: say it field by field
            ok = False
        if key is not None:
            if len(self._checks) > 4096:
                self._checks.clear()
            self._checks[key] = ok
        return ok
