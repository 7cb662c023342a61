"""An invalidated keyword does not work in the 東方VISION battle flow (issue 38): 2.1.1.a 「効果が無効になる場合、
その…効果は発生しなくなる」, and the step that would have used it says so with the effect's words."""
from tests.rulesets.thv.helpers import board, ch
from tests.rulesets.thv.test_thv_rules import run


def invalidate(target, keyword, duration="turn", label="無効化"):
    return {"op": "invalidate", "target": target, "keyword": keyword, "duration": duration, "label": label}


def defended_battle(keyword, adjustments=(), atk=3, race="人間"):
    """a (攻撃力3, with `keyword`) attacks, d (2/2) defends, everyone passes until the battle is over."""
    g = run(board(p1={"field": [ch("a", keywords=[keyword], atk=atk)]}, p2={"field": [ch("d", race=[race])]}),
            [*adjustments, "attack:a", "defend:d"])
    while g.state.data.get("battle") is not None:
        if g.pending is None:
            g.run("decision")
            continue
        values = [o.value for o in g.pending.options]
        g.answer(None, "pass" if "pass" in values else values[0])
    return g


def invalidated(g, word):
    return [e for e in g.trace if e.rule == "thv:2.1.1.a" and e.kind == "invalidated" and word in e.message]


def field(g, p):
    return [c["id"] for c in g.state.get(f"players.{p}.field")]


def test_thv_2_1_1_a_an_invalidated_first_strike_deals_damage_at_the_normal_timing():
    """10.4.2.a 先制 invalidated: both characters deal battle damage at 6.2.4.e, so the attacker is destroyed too."""
    assert field(defended_battle("先制"), "p1") == ["a"]
    g = defended_battle("先制", [invalidate("a", "先制", label="先制を無効にする")])
    assert field(g, "p1") == [] and field(g, "p2") == []
    [entry] = invalidated(g, "先制")
    assert "先制を無効にする" in entry.message and "thv:10.4.2.a" in entry.cites
    assert not any(e.rule == "thv:6.2.4.d" for e in g.trace)


def test_thv_2_1_1_a_an_invalidated_pierce_deals_no_damage_to_the_player():
    """10.5.2.a 貫通 invalidated: the damage beyond the defender's 耐久力 does not reach the player."""
    assert defended_battle("貫通").state.get("players.p2.life") == 24
    g = defended_battle("貫通", [invalidate("p1", "貫通")])
    assert g.state.get("players.p2.life") == 25 and invalidated(g, "貫通")


def test_thv_2_1_1_a_an_invalidated_deathblow_leaves_the_character():
    """10.8.2.a 即死 invalidated: 1 damage on a 耐久力2 character does not make it 決死."""
    assert field(defended_battle("即死", atk=1), "p2") == []
    g = defended_battle("即死", [invalidate("a", "即死")], atk=1)
    assert field(g, "p2") == ["d"] and invalidated(g, "即死")


def test_thv_2_1_1_a_an_invalidated_stealth_keeps_the_defence():
    """10.6.2.a 隠密 invalidated: a defender of another race still defends."""
    assert defended_battle("隠密", race="妖怪").state.get("players.p2.life") == 22
    g = defended_battle("隠密", [invalidate("a", "隠密")], race="妖怪")
    assert g.state.get("players.p2.life") == 25 and field(g, "p2") == [] and invalidated(g, "隠密")


def test_thv_2_1_1_a_an_invalidated_resistance_takes_the_battle_damage():
    """10.11.2.a 耐性(人間) invalidated: the defender takes the human attacker's battle damage."""
    def battle(adjustments=()):
        g = run(board(p1={"field": [ch("a", atk=3)]}, p2={"field": [ch("d", keywords=["耐性(人間)"])]}),
                [*adjustments, "attack:a", "defend:d"])
        while g.state.data.get("battle") is not None:
            if g.pending is None:
                g.run("decision")
                continue
            values = [o.value for o in g.pending.options]
            g.answer(None, "pass" if "pass" in values else values[0])
        return g
    assert field(battle(), "p2") == ["d"]
    g = battle([invalidate("d", "耐性")])
    assert field(g, "p2") == [] and invalidated(g, "耐性")


def test_thv_2_1_1_a_an_invalidated_vigilance_stays_asleep():
    """10.7.2.a 警戒 invalidated: the sleeping character is not made active at the opponent's active phase."""
    b = board(p1={"field": [ch("w", keywords=["警戒"], state="sleep")]})
    def after_p2s_active_phase(adjustments):
        g = run(b, adjustments)
        while not any(e.rule == "thv:4.4.1.a" and e.player == "p2" for e in g.trace) and not g.finished:
            if g.pending is None:
                g.run("decision")
                continue
            values = [o.value for o in g.pending.options]
            g.answer(None, next((v for v in ("pass", "end") if v in values), values[0]))
        return g
    g = after_p2s_active_phase([])
    assert any(e.rule == "thv:10.7.2.a" for e in g.trace)
    g = after_p2s_active_phase([invalidate("w", "警戒", duration="next_turn_end")])
    assert not any(e.rule == "thv:10.7.2.a" for e in g.trace) and invalidated(g, "警戒")
    assert g.state.get("players.p1.field")[0]["state"] == "sleep"


def test_thv_2_1_1_a_an_invalidated_doll_may_attack():
    """10.9.2.a 人形 「攻撃を行うことができない」 invalidated: the attack is open again."""
    b = board(p1={"field": [ch("a"), ch("n", keywords=["人形"])]})
    assert run(b, []).pending.withheld_of("attack:n").rule == "thv:10.9.2.a"
    assert run(b, [invalidate("n", "人形")]).pending.option("attack:n")


def test_thv_2_13_3_invalidated_text_keeps_the_bracketed_keyword():
    """2.13.3 「テキストが無効になった場合、【 】に囲まれた記述を除き…」: 先制 still works; its effects invalidated, not."""
    g = defended_battle("先制", [{"op": "invalidate", "target": "a", "what": "text", "duration": "turn"}])
    assert field(g, "p1") == ["a"] and not invalidated(g, "先制")
    g = defended_battle("先制", [{"op": "invalidate", "target": "a", "what": "effects", "duration": "turn"}])
    assert field(g, "p1") == [] and invalidated(g, "先制")


def to_p2_main(g):
    while not (g.state.data["turn_player"] == "p2" and g.state.data["phase"] == "main" and g.pending):
        if g.pending is None:
            g.run("decision")
            continue
        values = [o.value for o in g.pending.options]
        g.answer(None, next((v for v in ("pass", "end") if v in values), values[0]))
    return g.pending


def test_thv_2_1_1_a_an_effect_makes_an_invalidated_doll_attack():
    """The `attack` op (「攻撃を行う」) on a 人形: 1.3.2 lets 人形 win, unless 人形 is invalidated (2.1.1.a)."""
    b = board(p1={"field": [ch("a"), ch("n", keywords=["人形"])]})
    g = run(b, [{"op": "attack", "target": "n"}])
    assert not any(e.rule == "thv:6.3.5.c" for e in g.trace) and any(e.rule == "thv:1.3.2" for e in g.trace)
    g = run(b, [invalidate("n", "人形"), {"op": "attack", "target": "n"}])
    assert any(e.rule == "thv:6.3.5.c" for e in g.trace)


def test_thv_4_9_1_b_an_invalidated_doll_is_a_doll_again_after_turn_end():
    """「ターン終了時まで」 ends at 4.9.1.b: on the next turn the 人形 may not attack again; 「次の相手のターン終了時
    まで」 still holds then, and the doll may attack."""
    b = board(p2={"field": [ch("e"), ch("n", keywords=["人形"])]})
    g = run(b, [invalidate("n", "人形")])
    pending = to_p2_main(g)
    assert not g.state.get("effects")
    assert any(e.rule == "thv:4.9.1.b" and "人形" in e.message for e in g.trace)
    assert pending.withheld_of("attack:n").rule == "thv:10.9.2.a"
    g = run(b, [invalidate("n", "人形", duration="next_turn_end")])
    assert to_p2_main(g).option("attack:n")
