"""The session page's effect form offers issue 37's ops as pickers: a card that looks at the top of a barrier and puts
it back is entered without writing JSON, and the body it makes is the one the engine takes."""
from werkzeug.datastructures import MultiDict

from judge_app.engine import get_ruleset
from judge_app.engine.hidden import seen_by
from judge_app.web.shared.adjust_form import fields_for, parse_adjust_form, spec_of
from tests.rulesets.kaiun.boards import card, game, player


def test_effect_form_makes_a_look_and_put_back_the_engine_takes():
    rs = get_ruleset("kaiun")
    g = game({"p1": player(card("a1")), "p2": player(card("b1"))}, phase="open", turn=5)
    form = MultiDict([("op", "effect"), ("label", "相手のバリアの上から1枚を見る"), ("source", "a1"),
                      ("parts[0].op", "look"), ("parts[0].target", "相手:p1"), ("parts[0].zone", '"barrier"'),
                      ("parts[0].value", "1"),
                      ("parts[1].op", "put_back"), ("parts[1].target", "p2"), ("parts[1].zone", '"barrier"')])
    body = parse_adjust_form(rs, form, ["p1", "p2"], [])
    assert body["parts"] == [{"op": "look", "target": "相手:p1", "zone": "barrier", "value": 1},
                             {"op": "put_back", "target": "p2", "zone": "barrier"}]
    g.adjust(body)
    assert seen_by(g.state, "p2-barrier-x3") == ["p1"] and [e.rule for e in g.trace[-2:]] == ["kaiun:11-2-1", "kaiun:11-2-3"]


def test_look_form_offers_a_number_a_card_list_and_the_card_text_checkbox():
    kinds = {f.key: f.kind for f in fields_for(spec_of(get_ruleset("thv"), "look"), "", ["p1", "p2"], [])}
    assert kinds["value"] == "number" and kinds["cards"] == "multi" and kinds["by_card"] == "checkbox"
    assert kinds["zone"] == "select" and kinds["target"] == "picker"
