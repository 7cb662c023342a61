"""The adjust and effect forms speak Japanese: every field's caption and every choice a judge picks from is in the
rulebook's words, never the engine's own names (`while_on_field`, `as_possible`, `face`…). A new parameter or value
without its words fails here."""
import re

import pytest

from judge_app.engine import get_ruleset
from judge_app.web.shared.adjust_form import card_condition_fields, effect_fields, fields_for, part_extras

GAMES = ("opcg", "kaiun", "kaiun-multi", "los", "thv")
# what the rulebooks themselves print in Latin letters, and ids/numbers
LATIN_OK = re.compile(r"-?\d+|p\d|true|false|ATK|DEF|DOWN")


def _english(fields, where):
    for f in fields:
        if not re.search(r"[^\x00-\x7f]", f.label):
            yield f"{where} {f.name}: caption {f.label!r}"
        for _, words in [*f.options, *[c for _, choices in f.groups for c in choices]]:
            if re.fullmatch(r"[\x00-\x7f]+", words) and not LATIN_OK.fullmatch(words):
                yield f"{where} {f.name}: choice {words!r}"
        yield from _english(f.children, where)


@pytest.mark.parametrize("game", GAMES)
def test_every_adjustment_field_and_choice_is_in_japanese(game):
    rs = get_ruleset(game)
    found = [line for a in rs.adjustments
             for line in _english(fields_for(a.to_json(), "", ["p1", "p2"], []), f"{game} {a.op}")]
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_every_effect_form_field_and_choice_is_in_japanese(game):
    rs = get_ruleset(game)
    fields = [*effect_fields(["p1", "p2"], [], rs), *part_extras(rs, "parts[0].", ["p1", "p2"], [], [("hand", "手札")]),
              *card_condition_fields(rs, "if.", [("p1", "p1")])]
    assert list(_english(fields, game)) == []


def test_thv_5_7_2_turn_over_offers_face_up_and_face_down_in_words():
    rs = get_ruleset("thv")
    op = next(a for a in rs.adjustments if a.op == "turn_over")
    face = next(f for f in fields_for(op.to_json(), "", ["p1", "p2"], []) if f.key == "face")
    assert face.label == "向き" and [w for _, w in face.options] == ["表向きにする", "裏向きにする"]
