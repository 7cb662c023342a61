"""Lasting prohibitions and invalidations in 東方VISION (issue 38): 「出来ない」 wins (1.3.2), an invalidated effect
does not occur (2.1.1.a), 「戦闘終了時まで」 ends at 6.2.4.i / 6.3.7.b, 「ターン終了時まで」 at 4.9.1.b."""
import pytest

from judge_app.engine import Refused
from tests.rulesets.thv.helpers import board, ch
from tests.rulesets.thv.test_thv_rules import run


def advance(g, done):
    while not done(g):
        if g.pending:
            values = [o.value for o in g.pending.options]
            g.answer(None, "pass" if "pass" in values else values[0])
        else:
            g.step("step")


def test_thv_6_3_3_c_a_character_that_may_not_attack_is_withheld_naming_the_effect():
    """6.3.3.c 攻撃を行わせることが出来るキャラクター: 「攻撃を行えない、という効果が適用されていない」"""
    g = run(board(p1={"field": [ch("a"), ch("b")]}),
            [{"op": "prohibit", "target": "a", "action": "attack", "duration": "turn", "label": "このキャラは攻撃出来ない"}])
    values = [o.value for o in g.pending.options]
    assert "attack:a" not in values and "attack:b" in values
    held = g.pending.withheld_of("attack:a")
    assert held.rule == "thv:6.3.3.c" and "攻撃出来ない" in held.reason


def test_thv_6_4_2_d_a_player_who_may_not_make_characters_defend_has_defence_withheld():
    """6.4.2.d 「キャラクターに防御を行わせることが出来ない、という効果が適用されていない」"""
    g = run(board(p1={"field": [ch("a")]}, p2={"field": [ch("d")]}), ["attack:a"])
    assert g.pending.option("defend:d")
    g.adjust({"op": "prohibit", "target": "p2", "action": "block", "duration": "battle"})
    assert not g.pending.option("defend:d") and g.pending.withheld_of("defend:d").rule == "thv:6.4.2.d"


def test_thv_6_4_3_d_a_character_that_may_not_defend_is_withheld():
    g = run(board(p1={"field": [ch("a")]}, p2={"field": [ch("d"), ch("e")]}), ["attack:a"])
    g.adjust({"op": "prohibit", "target": "d", "action": "block", "duration": "battle"})
    assert g.pending.option("defend:e") and g.pending.withheld_of("defend:d").rule == "thv:6.4.3.d"


def test_thv_6_3_2_e_a_player_who_may_not_make_characters_attack_has_attack_withheld():
    g = run(board(p1={"field": [ch("a")]}), [{"op": "prohibit", "target": "p1", "action": "attack", "duration": "turn"}])
    assert g.pending.withheld_of("attack:a").rule == "thv:6.3.2.e"


def test_thv_6_3_7_b_battle_prohibition_ends_with_the_battle():
    """6.3.7.b 「戦闘終了時までの効果の適用を終了する」"""
    g = run(board(p1={"field": [ch("a")]}, p2={"field": [ch("d")]}), ["attack:a"])
    g.adjust({"op": "prohibit", "target": "p2", "action": "block", "duration": "battle"})
    advance(g, lambda g: g.state.data.get("battle") is None)
    assert not g.state.get("effects")
    assert any(e.rule in ("thv:6.3.7.b", "thv:6.2.4.i") and "ブロック" in e.message for e in g.trace)


def test_thv_1_3_2_prohibited_draw_is_refused_and_both_leaves_the_other():
    g = run(board(), [])
    g.adjust({"op": "prohibit", "target": "p1", "action": "draw", "duration": "turn"})
    with pytest.raises(Refused) as e:
        g.adjust({"op": "draw", "target": "p1", "value": 1})
    assert e.value.rule == "thv:1.3.2"
    n1, n2 = len(g.state.get("players.p1.hand")), len(g.state.get("players.p2.hand"))
    g.adjust({"op": "draw", "target": "both", "value": 1})
    assert len(g.state.get("players.p1.hand")) == n1 and len(g.state.get("players.p2.hand")) == n2 + 1


def test_thv_4_9_1_b_turn_prohibition_ends_at_turn_end():
    """4.9.1.b 「ターン終了時までの効果の適用を終了する」"""
    g = run(board(p1={"field": [ch("a")]}), [{"op": "prohibit", "target": "p1", "action": "attack", "duration": "turn"}])
    advance(g, lambda g: any(e.rule == "thv:4.9.1.b" for e in g.trace))
    assert "アタック" in next(e for e in g.trace if e.rule == "thv:4.9.1.b").message and not g.state.get("effects")


def test_thv_4_6_1_a_draw_phase_draw_prohibited_until_the_opponents_next_turn_end():
    g = run(board(p1={"field": [ch("a")]}), [{"op": "prohibit", "target": "p2", "action": "draw", "duration": "next_turn_end"}])
    advance(g, lambda g: any(e.rule == "thv:1.3.2" and e.kind == "prohibited" for e in g.trace))
    assert g.state.data["turn_player"] == "p2" and g.state.get("effects")
    advance(g, lambda g: g.state.data["turn_player"] != "p2")
    assert not g.state.get("effects")


def test_thv_2_1_1_a_invalidated_effect_is_refused():
    """2.1.1.a 「テキスト、または、効果が無効になる場合、そのテキスト、または、効果は発生しなくなる」"""
    g = run(board(p1={"field": [ch("a")]}), [{"op": "invalidate", "target": "a", "what": "effects", "duration": "turn"}])
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "a", "keyword": "起動", "parts": [{"op": "life", "target": "p1", "value": 1}]})
    assert e.value.rule == "thv:2.1.1.a"


def test_thv_7_3_3_b_an_activated_effect_of_a_card_whose_text_is_invalidated_is_refused():
    """7.3.3.b 「その起動効果を持つカードが自分の場に存在しており、そのテキストが有効である」"""
    g = run(board(p1={"field": [ch("a")]}, p2={"field": [ch("b")]}),
            [{"op": "invalidate", "target": "b", "what": "text", "duration": "turn"}])
    before = g.state.snapshot()
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "b", "player": "p2", "kind": "起動効果",
                  "parts": [{"op": "draw", "target": "p2", "value": 1}]})
    assert e.value.rule == "thv:7.3.3.b" and "テキストは無効" in e.value.message
    assert g.state.data == before


def test_thv_2_1_1_a_an_effect_of_a_card_whose_text_is_invalidated_does_not_happen():
    g = run(board(p1={"field": [ch("a")]}), [{"op": "invalidate", "target": "a", "what": "text", "duration": "turn"}])
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "a", "parts": [{"op": "draw", "target": "p1", "value": 1}]})
    assert e.value.rule == "thv:2.1.1.a"


def test_thv_2_1_1_a_a_keyword_invalidated_leaves_the_cards_other_effects():
    g = run(board(p1={"field": [ch("a")]}), [{"op": "invalidate", "target": "a", "keyword": "先制", "duration": "turn"}])
    g.adjust({"op": "effect", "source": "a", "parts": [{"op": "draw", "target": "p1", "value": 1}]})
    assert g.trace[-1].kind != "refused"


def test_thv_1_3_2_invalidate_needs_keyword_or_what():
    g = run(board(p1={"field": [ch("a")]}), [])
    with pytest.raises(Exception) as e:
        g.adjust({"op": "invalidate", "target": "a", "duration": "turn"})
    assert "keyword" in str(e.value)


def test_thv_4_9_1_b_next_turn_end_power_lasts_through_the_next_turn():
    """「次のターン終了時まで」: kept at this turn's 4.9.1.b, ended at the next turn's."""
    g = run(board(p1={"field": [ch("a")]}), [{"op": "power", "target": "a", "attack": 3, "layer": "modify",
                                              "duration": "next_turn_end"}])
    advance(g, lambda g: g.state.data["turn_player"] == "p2")
    assert g.state.get("players.p1.field.0.mods")
    advance(g, lambda g: g.state.data["turn_player"] == "p1")
    assert not g.state.get("players.p1.field.0.mods")
