"""The core's hold on what the rules forbid (issues 26, 28), on a toy ruleset: withheld answers are refused with
their clause and change nothing; an effect's cost is paid in full or not at all; what cannot be done in full is
done as far as possible; each player in order with rule processing between; keyword limits; finished games."""
import json

import pytest

from judge_app import scenarios
from judge_app.engine import Adjustment, AdjustmentError, Game, Refused
from tests.engine.toy import CoinRuleset

BOARD = {"players": {"p1": {"points": 0, "hand": 2}, "p2": {"points": 0, "hand": 1}}, "target": 3}


class CardToy(CoinRuleset):
    """The coin game with a hand of cards: discarding, a win checked at once, a once-per-turn keyword."""

    game = "cardtoy"
    effect_rule, cost_rule, as_much_as_possible_rule = "toy:6", "toy:6-1", "toy:6-2"
    each_player_rule, game_over_rule = "toy:6-3", "toy:4"
    board_schema = {"type": "object"}
    adjustments = (
        *CoinRuleset.adjustments,
        Adjustment("discard", "手札を捨てる", "toy:7", {"target": {"type": "string"}, "value": {"type": "integer"}},
                   ("target", "value")),
    )

    def setup(self, board, seed):
        g = super().setup(board, seed)
        g.data["used"] = []
        g.data["turn_player"] = "p1"
        return g

    def game_flow(self, g):
        g.set("turn", 1)
        yield g.log("toy:1", "turn", "p1 のターン", "p1")
        yield g.ask("p1", "表か裏か", [("heads", "表"), ("tails", "裏")], "toy:2",
                    withheld=[("edge", "縦", "toy:2-1", "コインは縦に立てられません")])
        yield g.log("toy:3", "toss", "…", "p1")

    def rule_processing(self, g):
        for p, v in g.data["players"].items():
            if not g.finished and v["points"] >= g.data["target"]:
                g.end_game(p)
                yield g.log("toy:4", "win", f"{p} の勝利", p)

    def adjust_discard(self, g, spec, target, value):
        n = self.as_far_as_possible(g, value, g.data["players"][target]["hand"], "手札")
        g.add(f"players.{target}.hand", -n)
        return g.log(spec.rule, "adjust", f"{target} 手札を{n}枚捨てる", target)

    def use_keyword(self, g, keyword, source, player):
        if (keyword, source) in [tuple(u) for u in g.data["used"]]:
            raise Refused(f"keyword: {keyword} はこのターンすでに使いました", "toy:10", "keyword")
        g.set("used", [*g.data["used"], [keyword, source]])
        return ["toy:10"]


RULES = CardToy()


def dump(g):
    return json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True)


def at_decision():
    g = Game(RULES, BOARD, 1)
    g.step("decision")
    return g


def test_a_decision_lists_what_it_withholds_with_the_clause():
    d = at_decision().pending.to_json()
    assert d["withheld"] == [{"value": "edge", "label": "縦", "rule": "toy:2-1", "reason": "コインは縦に立てられません"}]
    assert [o["value"] for o in d["options"]] == ["heads", "tails"]


def test_answering_a_withheld_value_is_refused_with_its_clause_and_changes_nothing():
    g = at_decision()
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.answer(None, "edge")
    assert e.value.rule == "toy:2-1" and e.value.field == "value" and "toy:2-1" in e.value.message
    assert e.value.to_json()["rule"] == "toy:2-1"
    assert dump(g) == before and g.pending is not None


def test_an_offered_value_is_never_also_withheld():
    g = Game(RULES, BOARD, 1).state
    d = g.ask("p1", "?", [("a", "A")], "toy:2", withheld=[("a", "A", "toy:2-1", "…"), ("b", "B", "toy:2-1", "…")])
    assert [w.value for w in d.withheld] == ["b"]


def test_a_cost_that_cannot_be_paid_in_full_refuses_the_effect_and_changes_nothing():
    g = at_decision()
    before = dump(g)
    body = {"op": "effect", "label": "手札を2枚捨てたなら…", "cost": [{"op": "discard", "target": "p2", "value": 2}],
            "parts": [{"op": "points", "target": "p2", "value": 1}]}
    with pytest.raises(Refused) as e:
        g.adjust(body)
    assert e.value.rule == "toy:6-1"
    assert dump(g) == before


def test_a_cost_paid_in_full_then_the_parts_as_one_group():
    g = at_decision()
    n = len(g.trace)
    g.adjust({"op": "effect", "source": "c1", "label": "1枚捨てて1点", "cost": [{"op": "discard", "target": "p2", "value": 1}],
              "parts": [{"op": "points", "target": "p2", "value": 1}]})
    new = g.trace[n:]
    assert [e.rule for e in new] == ["toy:6", "toy:7", "toy:5"]
    assert {e.group for e in new} == {new[0].seq} and "toy:6-1" in new[0].cites
    assert new[0].to_json()["group"] == new[0].seq and "group" not in g.trace[0].to_json()
    assert g.state.get("players.p2.hand") == 0 and g.state.get("players.p2.points") == 1


def test_an_effect_part_done_only_in_part_cites_as_much_as_possible():
    g = at_decision()
    g.adjust({"op": "effect", "parts": [{"op": "discard", "target": "p2", "value": 3}]})
    assert g.state.get("players.p2.hand") == 0
    assert g.trace[-1].rule == "toy:7" and "toy:6-2" in g.trace[-1].cites


def test_each_player_in_order_with_rule_processing_between():
    board = {"players": {"p1": {"points": 2, "hand": 0}, "p2": {"points": 2, "hand": 0}}, "target": 3}
    g = Game(RULES, board, 1)
    g.step("decision")
    g.adjust({"op": "effect", "parts": [{"op": "points", "target": "both", "value": 1},
                                        {"op": "discard", "target": "p1", "value": 1}]})
    assert g.state.winner == "p1" and g.state.get("players.p2.points") == 2
    assert [e.rule for e in g.trace[-3:]] == ["toy:5", "toy:4", "toy:4"]
    assert "toy:6-3" in g.trace[-3].cites and "残り" in g.trace[-1].message


def test_rule_processing_runs_right_after_a_plain_adjustment():
    g = at_decision()
    g.adjust({"op": "points", "target": "p2", "value": 3})
    assert g.state.winner == "p2" and g.trace[-1].rule == "toy:4"


class EndedByToy(CardToy):   # game_over_clause: the clause of the step that ended the game
    def game_over_clause(self, g):
        return next(e.rule for e in reversed(g.trace) if any(c.path == "finished" for c in e.changes))


def test_a_ruleset_names_the_clause_that_ended_its_game_for_refusals_and_the_rest_of_an_effect():
    g = Game(EndedByToy(), BOARD, 1)
    g.step("decision")
    g.adjust({"op": "effect", "parts": [{"op": "discard", "target": "p1", "value": 1},
                                        {"op": "points", "target": "p1", "value": 9}, {"op": "points", "target": "p2", "value": 1}]})
    assert g.state.winner == "p1" and g.trace[-1].rule == "toy:4" and "残り（1つ）" in g.trace[-1].message
    with pytest.raises(Refused) as e:
        g.adjust({"op": "concede", "target": "p2"})
    assert e.value.rule == "toy:4"
    general = type("GeneralEnd", (EndedByToy,), {"game_over_rule": "toy:1"})()   # the game ends by another clause
    cut = Game(general, BOARD, 1)
    cut.step("decision")
    cut.adjust({"op": "effect", "parts": [{"op": "points", "target": "p1", "value": 9}, {"op": "points", "target": "p2", "value": 1}]})
    assert (cut.trace[-1].rule, cut.trace[-1].cites) == ("toy:4", ("toy:1",))   # the rest: the ending clause, then game_over_rule
    conceded = Game(EndedByToy(), BOARD, 1)
    conceded.adjust({"op": "concede", "target": "p2"})
    with pytest.raises(Refused) as e:
        conceded.adjust({"op": "points", "target": "p1", "value": 1})
    assert e.value.rule == "toy:9"


def test_an_adjustment_to_a_finished_game_is_refused_citing_the_end():
    g = at_decision()
    g.adjust({"op": "points", "target": "p2", "value": 3})
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "points", "target": "p1", "value": 1})
    assert e.value.rule == "toy:4" and dump(g) == before


def test_a_keyword_used_beyond_its_limit_is_refused_and_changes_nothing():
    g = at_decision()
    body = {"op": "effect", "source": "c9", "keyword": "ターン1回", "parts": [{"op": "points", "target": "p1", "value": 1}]}
    g.adjust(body)
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust(body)
    assert e.value.rule == "toy:10" and dump(g) == before


def test_a_bad_part_names_its_field_and_changes_nothing():
    g = at_decision()
    before = dump(g)
    for body, field in (({"op": "effect", "parts": [{"op": "nope"}]}, "parts[0].op"),
                        ({"op": "effect", "parts": [{"op": "points", "target": "p1"}]}, "parts[0].value"),
                        ({"op": "effect", "parts": [{"op": "effect", "parts": []}]}, "parts[0].op"),
                        ({"op": "effect", "parts": []}, "parts")):
        with pytest.raises(AdjustmentError) as e:
            g.adjust(body)
        assert e.value.field == field, body
    assert dump(g) == before


def test_an_effect_replays_byte_for_byte():
    g = at_decision()
    g.adjust({"op": "effect", "cost": [{"op": "discard", "target": "p1", "value": 1}],
              "parts": [{"op": "points", "target": "both", "value": 1}]})
    again = Game.replay(RULES, BOARD, 1, g.answers)
    assert dump(again) == dump(g)


def test_effect_is_offered_once_the_ruleset_names_its_clause():
    assert [a.op for a in RULES.offered_adjustments()][-1] == "effect"
    assert RULES.offered_adjustments()[-1].rule == "toy:6"
    assert "effect" not in [a.op for a in CoinRuleset().offered_adjustments()]


def script(answers, expect=None):
    return {"game": "cardtoy", "title": "t", "board": BOARD, "seed": 1, "answers": answers, "expect": expect or {}}


@pytest.fixture()
def toy_registered(monkeypatch):
    monkeypatch.setattr(scenarios, "get_ruleset", lambda game: RULES)


def test_scenario_try_refused_passes_and_goes_on(toy_registered):
    r = scenarios.run_scenario(script([{"try": "edge", "refused": "toy:2-1"}, "heads"], {"rules": ["toy:3"]}))
    assert r["expect_ok"], r["expect_failures"]


def test_scenario_try_with_the_wrong_clause_or_accepted_fails(toy_registered):
    r = scenarios.run_scenario(script([{"try": "edge", "refused": "toy:9"}]))
    assert r["expect_failures"] == ["answers[0]: 'edge' was refused by toy:2-1, not toy:9"]
    r = scenarios.run_scenario(script([{"try": "heads", "refused": "toy:2-1"}]))
    assert r["expect_failures"] == ["answers[0]: 'heads' was accepted; expected it refused by toy:2-1"]


def test_scenario_try_adjust_refused(toy_registered):
    body = {"op": "effect", "cost": [{"op": "discard", "target": "p2", "value": 2}],
            "parts": [{"op": "points", "target": "p2", "value": 1}]}
    r = scenarios.run_scenario(script([{"step": "decision"}, {"try": {"adjust": body}, "refused": "toy:6-1"}],
                                      {"state": {"players.p2.hand": 1}}))
    assert r["expect_ok"], r["expect_failures"]


def test_expect_withheld_and_rules_read_the_open_decision(toy_registered):
    ok = scenarios.run_scenario(script([], {"withheld": [{"value": "edge", "rule": "toy:2-1"}], "rules": ["toy:2-1", "toy:2"]}))
    assert ok["expect_ok"], ok["expect_failures"]
    bad = scenarios.run_scenario(script([], {"withheld": [{"value": "edge", "rule": "toy:9"}, {"value": "x", "rule": "toy:2"}]}))
    assert bad["expect_failures"] == ["withheld: 'edge' is withheld by toy:2-1, not toy:9",
                                      "withheld: 'x' is not withheld by the open decision"]


def test_withheld_values_are_deduplicated_in_one_pass_and_stay_immutable():
    """A repeated value keeps its first place and its last entry; an offered one is dropped (state.ask's one pass)."""
    g = Game(RULES, BOARD, 1).state
    d = g.ask("p1", "?", [("a", "A")], "toy:2", withheld=[("b", "B", "toy:2-1", "1"), ("a", "A", "toy:2-1", "…"),
                                                         ("c", "C", "toy:2-1", "…"), ("b", "B", "toy:2-2", "2")])
    assert [(w.value, w.rule) for w in d.withheld] == [("b", "toy:2-2"), ("c", "toy:2-1")]
    with pytest.raises(AttributeError):
        d.withheld[0].rule = "toy:9"
    assert d.to_json()["withheld"][0] == {"value": "b", "label": "B", "rule": "toy:2-2", "reason": "2"}


def test_an_entry_cites_each_clause_once_in_order_without_its_rule():
    g = Game(RULES, BOARD, 1).state
    g.cite_next("toy:6-2", "toy:1")
    e = g.log("toy:1", "k", "m", cites=("toy:3", "toy:1", "toy:3", "toy:5"))
    assert e.cites == ("toy:3", "toy:5", "toy:6-2")
    assert g.log("toy:1", "k", "m").cites == () and g.log("toy:1", "k", "m", cites=["toy:2"]).cites == ("toy:2",)


def test_a_ruleset_may_name_the_clause_that_ended_the_game_for_the_refusal():
    """Ruleset.game_over_clause(g): the default is game_over_rule; a ruleset may cite the clause that ended it."""
    class Ended(CardToy):
        def game_over_clause(self, g):
            return next(e.rule for e in reversed(g.trace) if any(c.path == "finished" for c in e.changes))

    g = Game(Ended(), {**BOARD, "target": 1}, 1)
    g.step("decision")
    g.adjust({"op": "points", "target": "p2", "value": 1})
    assert g.state.finished and g.trace[-1].rule == "toy:4"
    with pytest.raises(Refused) as e:
        g.adjust({"op": "points", "target": "p1", "value": 1})
    assert e.value.rule == "toy:4"
