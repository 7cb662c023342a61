"""Lasting prohibitions and invalidations in 開運 (issue 38): 「〜できない」 (1-3-3), 「無効にする」 (8-2-1-1), and where
「このバトル中」 (7-1-5-5) and 「このターン中」 (6-6-6) end; kaiun-multi's own clauses (7-3-6-5, 6-6-6, 11-4-2)."""
import pytest

from judge_app.engine import AdjustmentError, Refused
from tests.rulesets.kaiun.boards import card, game, player


def multi(players, phase="battle", parent="p1", **top):
    return game(players, phase=phase, game_key="kaiun-multi", parent=parent, **top)


def step_until(g, rule):
    while not any(e.rule == rule for e in g.trace):
        g.step("step")
    return g


def prohibit(**kw):
    return {"op": "prohibit", **kw}


def invalidate(**kw):
    return {"op": "invalidate", **kw}


def test_kaiun_1_3_3_prohibited_draw_is_refused_and_changes_nothing():
    """1-3-3 「…同時にその行動を禁止する効果が発生している場合、常に禁止する効果が優先されます」"""
    g = game({"p1": player(card("a")), "p2": player(card("b"))})
    g.adjust(prohibit(target="相手:p1", action="draw", duration="turn", label="このターン中、相手はカードを引けない"))
    before = g.state.snapshot()
    with pytest.raises(Refused) as e:
        g.adjust({"op": "draw", "target": "p2", "value": 1})
    assert e.value.rule == "kaiun:1-3-3" and "相手はカードを引けない" in e.value.message
    assert g.state.data == before


def test_kaiun_1_3_3_draw_for_both_only_the_allowed_player_draws():
    g = game({"p1": player(card("a")), "p2": player(card("b"))})
    g.adjust(prohibit(target="p2", action="draw", duration="turn"))
    g.adjust({"op": "draw", "target": "both", "value": 1})
    players = g.state.data["players"]
    assert len(players["p1"]["hand"]) == 1 and len(players["p2"]["hand"]) == 0
    assert any(e.rule == "kaiun:1-3-3" and e.kind == "prohibited" and e.player == "p2" for e in g.trace)


def test_kaiun_6_6_6_turn_prohibition_ends_when_the_turn_ends():
    """「このターン中」: the turn ends at 6-6-6; the entry names the effect that ended."""
    g = game({"p1": player(card("a", "パー")), "p2": player(card("b", "グー"))})
    g.adjust(prohibit(target="p2", action="draw", duration="turn"))
    step_until(g, "kaiun:6-6-6")
    end = next(e for e in g.trace if e.rule == "kaiun:6-6-6")
    assert "カードを引く" in end.message and not g.state.data.get("effects")
    g.adjust({"op": "draw", "target": "p2", "value": 1})   # the next turn: allowed again


def test_kaiun_6_2_1_draw_phase_draw_prohibited_permanently():
    """1-3-3 (and 1-3-1 over the rules' own step): the draw phase does not draw for a prohibited player."""
    g = game({"p1": player(card("a")), "p2": player(card("b"))}, phase="draw")
    g.adjust(prohibit(target="p1", action="draw", duration="permanent"))
    step_until(g, "kaiun:6-2-1")
    assert any(e.rule == "kaiun:1-3-3" and e.kind == "prohibited" and e.player == "p1" for e in g.trace)
    assert len(g.state.data["players"]["p1"]["hand"]) == 0 and len(g.state.data["players"]["p2"]["hand"]) == 1


def test_kaiun_8_2_1_1_battle_win_invalidated_for_this_battle_does_not_activate():
    """8-2-1-1 「このバトル中、【バトル勝利時】を無効にする」: the winner's keyword does not activate, the trace says why;
    entered anyway it is refused; the effect ends with the battle (7-1-5-5)."""
    g = game({"p1": player(card("a", "パー")), "p2": player(card("b", "グー"))})
    g.adjust(invalidate(target="a", keyword="バトル勝利時", duration="battle", owner="p2",
                        label="このバトル中、相手の【バトル勝利時】を無効にする"))
    step_until(g, "kaiun:7-1-4")
    stopped = [e for e in g.trace if e.rule == "kaiun:8-2-1-1" and e.kind == "timing"]
    assert stopped and "【バトル勝利時】は発動しません" in stopped[0].message and "kaiun:7-1-3" in stopped[0].cites
    assert not any(e.rule == "kaiun:7-1-3" for e in g.trace)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "a", "keyword": "バトル勝利時", "parts": [{"op": "draw", "target": "p1"}]})
    assert e.value.rule == "kaiun:8-2-1-1"
    step_until(g, "kaiun:7-1-5-5")
    assert "バトル勝利時" in next(e for e in g.trace if e.rule == "kaiun:7-1-5-5").message
    assert not g.state.data.get("effects")


def test_kaiun_10_2_2_2_this_battle_said_by_an_open_phase_effect_lasts_through_the_turns_battle():
    """A 【開運時】 (6-4-2) 「このバトル中、相手の【バトル勝利時】を無効にする」 is made in the open phase, before the turn's
    one battle (10-2-2-2): accepted there, it stops the keyword in that battle (8-2-1-1) and ends with it (7-1-5-5)."""
    g = game({"p1": player(card("a", "パー")), "p2": player(card("b", "グー"))}, phase="open")
    g.adjust(invalidate(target="a", keyword="バトル勝利時", duration="battle", owner="p2", source="b"))
    step_until(g, "kaiun:7-1-4")
    assert any(e.rule == "kaiun:8-2-1-1" and e.kind == "timing" for e in g.trace)
    step_until(g, "kaiun:7-1-5-5")
    assert not g.state.data.get("effects")


def test_kaiun_7_1_5_5_this_battle_is_refused_after_the_battle():
    g = game({"p1": player(card("a", "パー")), "p2": player(card("b", "グー"))}, phase="cost")
    with pytest.raises(AdjustmentError, match="「このバトル中」"):
        g.adjust(invalidate(target="a", keyword="バトル勝利時", duration="battle", owner="p2"))


def test_kaiun_multi_7_3_1_this_battle_is_not_said_in_the_open_phase():
    """kaiun-multi's 【開運時】 comes at each battle's start (7-3-1), not in the open phase."""
    g = multi({"p1": player(card("a", "パー")), "p2": player(card("b", "グー")), "p3": player(card("c", "グー"))},
              phase="open")
    with pytest.raises(AdjustmentError, match="「このバトル中」"):
        g.adjust(prohibit(target="p2", action="draw", duration="battle"))


def test_kaiun_1_3_3_prohibited_keyword_effect_is_refused():
    g = game({"p1": player(card("a", "パー")), "p2": player(card("b", "グー"))}, phase="open")
    g.adjust(prohibit(target="p1", action="keyword", keyword="開運時", duration="turn"))
    step_until(g, "kaiun:6-4-2")
    assert any(e.rule == "kaiun:1-3-3" and e.kind == "timing" and "【開運時】は発動しません" in e.message for e in g.trace)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "a", "keyword": "開運時", "parts": [{"op": "draw", "target": "p1"}]})
    assert e.value.rule == "kaiun:1-3-3"


def test_kaiun_1_3_3_prohibit_keyword_needs_the_keyword():
    g = game({"p1": player(card("a")), "p2": player(card("b"))})
    with pytest.raises(Exception) as e:
        g.adjust(prohibit(target="p1", action="keyword", duration="turn"))
    assert "keyword" in str(e.value)


def test_kaiun_1_3_1_barrier_to_hand_prohibited_stops_the_losers_barrier_step():
    """7-1-5-4 is the rules' own step: a card's 「バリアを手札に加えられない」 wins (1-3-1; 1-3-3 decides)."""
    g = game({"p1": player(card("a", "パー")), "p2": player(card("b", "グー"), barrier=3)})
    g.adjust(prohibit(target="p2", action="barrier_to_hand", duration="turn"))
    step_until(g, "kaiun:7-1-5-5")
    p2 = g.state.data["players"]["p2"]
    assert len(p2["barrier"]) == 3 and not p2["hand"]
    assert any(e.rule == "kaiun:1-3-3" and "kaiun:1-3-1" in e.cites for e in g.trace)


def test_kaiun_multi_11_4_2_childs_continuous_effect_stops_the_parents_battle_win_in_every_battle():
    """11-4-2: a 子's 「相手」 is the 親; the 子's 「場にある間」 invalidation holds in each of the 親's battles."""
    g = multi({"p1": player(card("a", "パー", kachi=5)), "p2": player(card("b", "グー")),
               "p3": player(card("c", "グー"))}, options={"battle_keyword_timing": "every_battle"})
    e = g.adjust(invalidate(target="相手:p2", keyword="バトル勝利時", duration="while_on_field", source="b",
                            label="相手の【バトル勝利時】を無効にする"))
    assert "kaiun-multi:11-4-2" in e.cites
    step_until(g, "kaiun-multi:7-4")
    stopped = [x for x in g.trace if x.rule == "kaiun:8-2-1-1" and x.player == "p1"]
    assert len(stopped) == 2   # both battles
    assert not any(x.rule == "kaiun-multi:7-3-4" and x.player == "p1" for x in g.trace)
    with pytest.raises(Refused) as r:
        g.adjust({"op": "effect", "source": "a", "keyword": "バトル勝利時", "parts": [{"op": "barrier_to_hand", "target": "p1"}]})
    assert r.value.rule == "kaiun:8-2-1-1"


def test_kaiun_multi_11_4_2_relative_target_of_a_child_is_the_parent():
    g = multi({"p1": player(card("a")), "p2": player(card("b")), "p3": player(card("c"))})
    g.adjust(prohibit(target="相手:p3", action="draw", duration="turn"))
    with pytest.raises(Refused) as e:
        g.adjust({"op": "draw", "target": "p1"})
    assert e.value.rule == "kaiun:1-3-3"
    g.adjust({"op": "draw", "target": "p2"})   # another 子 is not the 子's 「相手」


def test_kaiun_multi_7_3_6_5_battle_effect_ends_after_each_battle():
    """7-3-6-5 「「このバトル中」と表記される効果の適用が終了します」"""
    g = multi({"p1": player(card("a", "パー")), "p2": player(card("b", "グー")), "p3": player(card("c", "グー"))})
    g.adjust(prohibit(target="p2", action="draw", duration="battle"))
    step_until(g, "kaiun-multi:7-3-6-5")
    assert "カードを引く" in next(e for e in g.trace if e.rule == "kaiun-multi:7-3-6-5").message
    assert not g.state.data.get("effects")


def test_kaiun_multi_6_6_6_turn_effect_ends_at_the_turns_end():
    """6-6-6 「「このターン中」と表記される効果の適応が終了します」"""
    g = multi({"p1": player(card("a", "パー")), "p2": player(card("b", "グー")), "p3": player(card("c", "グー"))})
    g.adjust(prohibit(target="p3", action="draw", duration="turn"))
    step_until(g, "kaiun-multi:6-6-6")
    assert "カードを引く" in next(e for e in g.trace if e.rule == "kaiun-multi:6-6-6").message
    assert not g.state.data.get("effects")
