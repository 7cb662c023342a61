"""Issue 39: the builder's data encodes its deploy-time part once (web/shared/fixed_json.py); the text must stay
what the app's own encoder writes for the whole object, in the JSON twin and inside the page."""
import pytest
from flask import jsonify, render_template_string

from judge_app.web.shared.fixed_json import fixed_json

FIXED = {"board_schema": {"type": "object", "properties": {"b": {"title": "<盤面> & 'x'"}, "a": [1, 2.5, None]}},
         "labels": {"z": "ゼット", "a": "エー"}}
OWN = {"board": {"players": {"p2": {}, "p1": {"hand": ["</script>"]}}}, "seed": 7, "problem": None}


@pytest.mark.parametrize("debug", [False, True])
def test_the_joined_text_is_what_jsonify_and_tojson_write(app, debug):
    app.debug = debug
    with app.test_request_context("/"):
        part = fixed_json(("test", debug), lambda: FIXED)
        whole = part.merged(OWN)
        assert part.json(OWN) + "\n" == jsonify(whole).get_data(as_text=True)
        assert str(part.html_json(OWN)) == render_template_string("{{ whole|tojson }}", whole=whole)


def test_it_is_made_once_per_key_and_a_key_in_both_parts_is_refused(app):
    made = []
    with app.test_request_context("/"):
        for _ in range(3):
            part = fixed_json("once", lambda: made.append(1) or FIXED)
        assert made == [1]
        with pytest.raises(ValueError, match="labels"):
            part.json({"labels": {}})
