"""Lasting prohibitions and invalidations (issue 38): 「〜できない」 (1-3-3), 「無効にする」 (8-2-1-1), and where each
duration ends (7-1-5-3/7-1-5-4, 6-6-1-2/6-6-1-3, 3-1-6)."""
import pytest

from judge_app.engine.trace import Refused
from tests.rulesets.opcg.helpers import board, char, options, play, rules


def _prohibit(**kw):
    return {"adjust": {"op": "prohibit", **kw}}


def test_opcg_1_3_3_prohibited_attack_is_withheld_naming_the_effect():
    """1-3-3 「同時にその行動を禁止する効果が発生している場合、常に禁止する効果が優先されます」"""
    g = play(board(p1={"characters": [char("a", 5000)]}),
             _prohibit(target="a", action="attack", duration="turn", label="このキャラはアタックできない"))
    assert "attack:a" not in options(g) and "attack:p1-L" in options(g)
    held = g.pending.withheld_of("attack:a")
    assert held.rule == "opcg:1-3-3" and "このキャラはアタックできない" in held.reason
    with pytest.raises(Refused) as e:
        g.answer(g.pending.id, "attack:a")
    assert e.value.rule == "opcg:1-3-3"


def test_opcg_1_3_3_prohibition_made_while_the_decision_waits_withholds_at_once():
    g = play(board())
    assert "attack:p1-L" in options(g)
    g.adjust({"op": "prohibit", "target": "p1", "action": "attack", "duration": "turn"})
    assert "attack:p1-L" not in options(g) and g.pending.withheld_of("attack:p1-L").rule == "opcg:1-3-3"


def test_opcg_1_3_3_prohibited_draw_is_refused_and_changes_nothing():
    g = play(board(), _prohibit(target="p2", action="draw", duration="turn", label="相手はカードを引けない"))
    hand = g.state.get("players.p2.hand")
    with pytest.raises(Refused) as e:
        g.adjust({"op": "draw", "target": "p2", "value": 1})
    assert e.value.rule == "opcg:1-3-3" and "相手はカードを引けない" in e.value.message
    assert g.state.get("players.p2.hand") == hand


def test_opcg_1_3_3_draw_both_only_the_allowed_player_draws():
    g = play(board(), _prohibit(target="相手:p1", action="draw", duration="turn"))
    n1, n2 = len(g.state.get("players.p1.hand")), len(g.state.get("players.p2.hand"))
    g.adjust({"op": "draw", "target": "both", "value": 1})
    assert len(g.state.get("players.p1.hand")) == n1 + 1 and len(g.state.get("players.p2.hand")) == n2
    assert any(e.rule == "opcg:1-3-3" and e.kind == "prohibited" and e.player == "p2" for e in g.trace)


def test_opcg_6_6_1_2_turn_prohibition_ends_at_the_end_phase():
    """6-6-1-2 「「このターン中」…を期限とするターンプレイヤーの効果が無効になります」"""
    g = play(board(), _prohibit(target="p1", action="attack", duration="turn"), "end")
    g.run("turn")
    assert not [e for e in g.state.get("effects") if e["kind"] == "prohibit"]
    assert any(e.rule == "opcg:6-6-1-2" and e.kind == "expire" and "アタック" in e.message for e in g.trace)


def test_opcg_6_3_1_draw_phase_draw_prohibited_until_the_opponents_next_turn_end():
    """1-3-3 over 6-3-1: the next turn's draw phase does not draw; the effect ends at that turn's end (6-6-1-3)."""
    g = play(board(), _prohibit(target="p2", action="draw", duration="next_turn_end"), "end")
    hand = len(g.state.get("players.p2.hand"))
    g.run("phase")
    while g.state.phase != "main" or g.state.data["turn_player"] != "p2":
        g.run("step")
    assert any(e.rule == "opcg:1-3-3" and e.kind == "prohibited" and e.phase == "draw" for e in g.trace)
    assert len(g.state.get("players.p2.hand")) == hand
    g.answer(g.pending.id, "end")
    g.run("turn")
    assert any(e.rule == "opcg:6-6-1-3" and e.kind == "expire" and "引く" in e.message for e in g.trace)
    assert not g.state.get("effects")


def test_opcg_7_1_5_4_battle_prohibition_of_blocking_ends_with_the_battle():
    """1-3-3 withholds the 【ブロッカー】; 7-1-5-4 ends the non-turn player's 「このバトル中」 effect."""
    b = board(p2={"characters": [char("b", 6000, keywords=["ブロッカー"])]})
    g = play(b, "attack:p1-L", "p2-L")
    assert g.pending.rule == "opcg:7-1-2-1" and "b" in options(g)
    g.adjust({"op": "prohibit", "target": "b", "action": "block", "duration": "battle", "owner": "p2"})
    assert "b" not in options(g) and g.pending.withheld_of("b").rule == "opcg:1-3-3"
    g.answer(g.pending.id, "none")
    g.run("decision")
    assert any(e.rule == "opcg:7-1-5-4" and e.kind == "expire" for e in g.trace) and not g.state.get("effects")


def test_opcg_8_2_1_1_invalidated_blocker_does_not_activate():
    """8-2-1-1 「無効であると表記されている場合、その効果を発生することはありません」: the block step says why."""
    b = board(p2={"characters": [char("b", 6000, keywords=["ブロッカー"]), char("b2", 6000, keywords=["ブロッカー"])]})
    g = play(b, "attack:p1-L")
    g.adjust({"op": "invalidate", "target": "b", "keyword": "ブロッカー", "duration": "battle"})
    g.answer(g.pending.id, "p2-L")
    g.run("decision")
    assert g.pending.rule == "opcg:7-1-2-1" and options(g) == ["none", "b2"]
    assert g.pending.withheld_of("b").rule == "opcg:8-2-1-1"
    g.adjust({"op": "invalidate", "target": "b2", "what": "effects", "duration": "battle"})
    g.answer(g.pending.id, "none")   # re-asked: nothing left but 「発動しない」


def test_opcg_8_2_1_1_only_invalidated_blocker_the_step_says_why():
    b = board(p2={"characters": [char("b", 6000, keywords=["ブロッカー"])]})
    g = play(b, "attack:p1-L")
    g.adjust({"op": "invalidate", "target": "b", "keyword": "ブロッカー", "duration": "battle"})
    g.answer(g.pending.id, "p2-L")
    g.run("decision")
    step = next(e for e in g.trace if e.rule == "opcg:7-1-2-1")
    assert "opcg:8-2-1-1" in step.cites and "無効" in step.message


def test_opcg_8_2_1_1_invalidated_rush_cannot_attack_the_turn_it_is_played():
    """10-1-1 【速攻】 invalidated: a character played this turn may not attack (3-7-4)."""
    g = play(board(p1={"characters": [char("r", 5000, keywords=["速攻"], played_this_turn=True)]}))
    assert "attack:r" in options(g)
    g.adjust({"op": "invalidate", "target": "r", "keyword": "速攻", "duration": "turn"})
    assert "attack:r" not in options(g) and g.pending.withheld_of("attack:r").rule == "opcg:3-7-4"


def test_opcg_8_2_1_1_invalidated_on_opponents_attack_effect_is_refused():
    """An invalidated card's 【相手のアタック時】 does not activate: the effect is refused, the clause cited."""
    b = board(p2={"characters": [char("c", 3000)]})
    g = play(b, {"adjust": {"op": "invalidate", "target": "c", "what": "effects", "duration": "turn",
                            "label": "このターン中、相手のキャラの効果を無効にする"}}, "attack:p1-L")
    before = g.state.snapshot()
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "c", "keyword": "相手のアタック時", "parts": [{"op": "draw", "target": "p2", "value": 1}]})
    assert e.value.rule == "opcg:8-2-1-1" and g.state.data == before


def test_opcg_3_1_6_while_on_field_ends_when_its_source_leaves():
    """3-1-6: the source card leaves the field; its 「場にある間」 prohibition ends with it."""
    g = play(board(p2={"characters": [char("s", 3000)]}),
             _prohibit(target="p1", action="attack", duration="while_on_field", source="s"))
    assert "attack:p1-L" not in options(g)
    g.adjust({"op": "ko", "target": "s"})
    assert "attack:p1-L" in options(g) and not g.state.get("effects")


def test_opcg_1_3_3_prohibit_needs_a_battle_for_battle_duration():
    g = play(board())
    with pytest.raises(Exception) as e:
        g.adjust({"op": "prohibit", "target": "p1", "action": "attack", "duration": "battle"})
    assert "duration" in str(e.value)


def test_opcg_1_3_3_opponent_target_is_the_effects_players_opponent():
    """「相手は…できない」 entered as target: opponent: the opponent of the effect's player (the source's owner)."""
    g = play(board(p1={"characters": [char("a", 5000)]}))
    e = g.adjust({"op": "prohibit", "target": "opponent", "action": "draw", "duration": "turn", "source": "a"})
    assert g.state.get("effects")[-1]["target"] == "相手:p1" and e.rule == "opcg:1-3-3"
    with pytest.raises(Refused):
        g.adjust({"op": "draw", "target": "p2", "value": 1})
