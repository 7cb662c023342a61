"""Lasting prohibitions and invalidations in Legend of Stars (issue 38): 「できない」 wins (9.2), an invalidated
keyword's effect is refused (9.1), 「このバトル中」 ends with the battle (5.5.1 VI), 「ターン終了時まで」 at the end
phase (5.6 2., 9.4)."""
import pytest

from judge_app.engine import Game, Refused
from tests.rulesets.los.boards import RULESET, board, char, play


def adjust(op, **kw):
    return {"adjust": {"op": op, **kw}}


def advance(g, done):
    """Step the rules, answering each decision with pass / end (else its first option), until done(g)."""
    while not done(g):
        if g.pending:
            values = [o.value for o in g.pending.options]
            g.answer(None, next((v for v in ("pass", "end") if v in values), values[0]))
        else:
            g.step("step")


def test_los_9_2_prohibited_attack_of_a_player_is_withheld():
    """9.2 「「できる」「できない」と相反する効果が同時に適用されている場合、「できない」を優先」"""
    b = board(p1_front=[char("a"), char("b"), None, None])
    g = play(b, [adjust("prohibit", target="p1", action="attack", duration="turn", label="このターン、アタックできない")])
    assert [o.value for o in g.pending.options] == ["end"]
    held = g.pending.withheld_of("attack:a")
    assert held.rule == "los:9.2" and "アタックできない" in held.reason
    with pytest.raises(Refused):
        g.answer(None, "attack:a")


def test_los_9_2_prohibited_draw_is_refused():
    g = Game(RULESET, board(phase="main"), 0)
    g.adjust({"op": "prohibit", "target": "p2", "action": "draw", "duration": "turn"})
    before = g.state.snapshot()
    with pytest.raises(Refused) as e:
        g.adjust({"op": "draw", "target": "p2", "value": 1})
    assert e.value.rule == "los:9.2" and g.state.data == before


def test_los_9_2_draw_for_both_only_the_allowed_player_draws():
    g = Game(RULESET, board(phase="main"), 0)
    g.adjust({"op": "prohibit", "target": "p2", "action": "draw", "duration": "turn"})
    g.adjust({"op": "draw", "target": "both", "value": 1})
    assert len(g.state.get("players.p1.hand")) == 1 and len(g.state.get("players.p2.hand")) == 0
    assert any(e.rule == "los:9.2" and e.kind == "prohibited" and e.player == "p2" for e in g.trace)


def test_los_5_6_s2_turn_prohibition_ends_at_the_end_phase():
    """5.6 2. 「ターン終了時まで発動している効果を終了させ」 (9.4)"""
    g = play(board(p1_front=[char("a"), None, None, None]),
             [adjust("prohibit", target="a", action="attack", duration="turn")])
    advance(g, lambda g: any(e.rule == "los:5.6.s2" for e in g.trace))
    end = next(e for e in g.trace if e.rule == "los:5.6.s2")
    assert "アタック" in end.message and "los:9.4" in end.cites and not g.state.get("effects")


def test_los_5_2_draw_phase_draw_prohibited_until_the_opponents_next_turn_end():
    g = play(board(p1_front=[char("a"), None, None, None]),
             [adjust("prohibit", target="p2", action="draw", duration="next_turn_end")])
    advance(g, lambda g: any(e.rule == "los:9.2" and e.kind == "prohibited" for e in g.trace))
    assert g.state.data["turn_player"] == "p2" and g.state.get("effects")   # still in force on p2's turn
    assert len(g.state.get("players.p2.hand")) == 0
    advance(g, lambda g: g.state.data["turn_player"] != "p2")
    assert not g.state.get("effects")


def test_los_5_5_1_vi_battle_prohibition_ends_with_the_battle():
    """「このバトル中」: the effect ends when the battle's processing ends (5.5.1 VI)."""
    b = board(p1_front=[char("a"), None, None, None], p2_front=[char("x"), None, None, None])
    g = play(b, ["attack:a"])
    g.adjust({"op": "prohibit", "target": "p2", "action": "draw", "duration": "battle"})
    advance(g, lambda g: g.state.data.get("battle") is None)
    assert not g.state.get("effects")
    assert any(e.rule == "los:5.5.1.VI" and "カードを引く" in e.message for e in g.trace)


def test_los_9_1_invalidated_keyword_effect_is_refused():
    g = Game(RULESET, board(phase="main", p1_front=[char("a"), None, None, None]), 0)
    g.adjust({"op": "invalidate", "target": "a", "keyword": "2回攻撃", "duration": "turn"})
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "a", "keyword": "2回攻撃", "parts": [{"op": "draw", "target": "p1", "value": 1}]})
    assert e.value.rule == "los:9.1"


def test_los_9_2_prohibited_move_is_withheld_in_the_lead_phase():
    """9.2: a character that may not move: its 5.4 moves are withheld, naming the effect."""
    g = Game(RULESET, board(phase="lead", p1_back=[char("a"), None, None, None]), 0)
    g.adjust({"op": "prohibit", "target": "a", "action": "move", "duration": "turn", "label": "このキャラは移動できない"})
    g.step("decision")
    moves = [w for w in g.pending.withheld if str(w.value).startswith("move:a:")]
    assert moves and all(w.rule == "los:9.2" and "移動できない" in w.reason for w in moves)
    assert not any(str(o.value).startswith("move:a:") for o in g.pending.options)


def test_los_5_6_s2_next_turn_end_atk_change_lasts_through_the_next_turn():
    """「次のターン終了時まで」: kept at this turn's end (5.6 2.), ended at the next turn's end."""
    g = play(board(p1_front=[char("a", atk=500), None, None, None]),
             [adjust("atk", target="a", value=200, duration="next_turn_end")])
    advance(g, lambda g: g.state.data["turn_player"] == "p2")
    assert g.state.get("players.p1.front.0.mods")[0]["value"] == 200
    advance(g, lambda g: g.state.data["turn_player"] == "p1")
    assert not g.state.get("players.p1.front.0.mods")
