"""Issue 39: jsonify's compact answers are written by orjson (web/shared/json_provider.py), and say what Flask's own
encoder said: the same text for strings, keys, integers, booleans and null; Flask's encoder for what orjson would
write otherwise or refuses."""
import dataclasses
import datetime
import json
import random

import pytest
from flask import jsonify
from flask.json.provider import DefaultJSONProvider

from judge_app.web.shared.json_provider import COMPACT, JSONProvider


def flask_text(app, value, **kwargs) -> str:
    return DefaultJSONProvider.dumps(app.json, value, **kwargs)


def test_the_app_writes_its_answers_with_it(app):
    assert isinstance(app.json, JSONProvider)


def test_same_text_as_flasks_encoder_for_random_objects(app):
    rng = random.Random(39)
    letters = [chr(i) for i in range(0x250)] + ["\u2028", "\ufeff", "\U0001F600", "あ", "漢", "\x7f", "\uffff"]

    def word():
        return "".join(rng.choice(letters) for _ in range(rng.randint(0, 6)))

    def value(depth=0):
        kind = rng.randrange(7 if depth < 4 else 4)
        if kind == 0:
            return word()
        if kind == 1:
            return rng.choice([rng.randint(-2**63, 2**64 - 1), rng.randint(-9, 9), True, False, None])
        if kind == 2:
            return rng.choice([0.5, 1.0, -0.0, 3000.25, 1e16])   # floats written alike by both
        if kind == 3:
            return ""
        if kind == 4:
            return [value(depth + 1) for _ in range(rng.randint(0, 4))]
        if kind == 5:
            return tuple(value(depth + 1) for _ in range(rng.randint(0, 3)))
        return {word(): value(depth + 1) for _ in range(rng.randint(0, 5))}

    with app.app_context():
        for _ in range(3000):
            v = value()
            assert app.json.dumps(v, separators=COMPACT) == flask_text(app, v, separators=COMPACT)
        sample = {"state": {"players": {"p2": {"ライフ": 4}, "p1": {"hand": ["</script>", "\n\t\"\\"]}}}, "seq": 7}
        assert jsonify(sample).get_data(as_text=True) == flask_text(app, sample, separators=COMPACT) + "\n"


@dataclasses.dataclass
class Point:
    x: int
    when: datetime.date


@pytest.mark.parametrize("value", [
    {"big": 2**64},                       # past 64 bits: orjson refuses
    {1: "a", "b": 2},                     # a key that is not a string (Flask's encoder raises for mixed keys)
    {"s": "\ud800"},                      # a lone surrogate
    {"when": datetime.datetime(2026, 12, 2, 7, 30, tzinfo=datetime.timezone.utc)},   # an HTTP date, as Flask writes
    {"p": Point(3, datetime.date(2026, 12, 2))},
])
def test_what_orjson_would_write_otherwise_is_flasks(app, value):
    with app.app_context():
        try:
            expected = flask_text(app, value, separators=COMPACT)
        except TypeError as e:
            with pytest.raises(TypeError, match=str(e)[:20]):
                app.json.dumps(value, separators=COMPACT)
            return
        assert app.json.dumps(value, separators=COMPACT) == expected


def test_ascii_indented_and_spaced_json_are_flasks(app):
    value = {"b": "ブロッカー", "a": [1, 2]}
    with app.app_context():
        assert app.json.dumps(value) == json.dumps(value, ensure_ascii=False, sort_keys=True)   # tojson's spacing
        assert app.json.dumps(value, indent=2) == json.dumps(value, ensure_ascii=False, sort_keys=True, indent=2)
        app.json.ensure_ascii = True
        assert app.json.dumps(value, separators=COMPACT) == '{"a":[1,2],"b":"\\u30d6\\u30ed\\u30c3\\u30ab\\u30fc"}'
