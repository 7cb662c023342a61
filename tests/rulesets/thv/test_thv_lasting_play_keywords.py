"""An invalidated keyword does not work where a card is played in 東方VISION (issue 38): 2.1.1.a 「効果が無効になる
場合、その…効果は発生しなくなる」 for the play-timing keywords (奇襲 10.3.2.a, 速攻 10.2.2.a, ラストスペル 10.30.2.a,
封術 10.31.2.a) and the protections (加護 10.29.2.a, 抵抗 10.26.2.a); the decision or step says so with the effect's words."""
from judge_app.engine import Game
from tests.rulesets.thv.helpers import board, ch, hand
from tests.rulesets.thv.test_thv_rules import RS
from tests.rulesets.thv.test_thv_lasting_keywords import invalidate, invalidated
from tests.rulesets.thv.test_thv_withheld import at_decision, held, spell

NODE = {"id": "n1", "name": "n", "state": "active"}


def values(g):
    return [o.value for o in g.pending.options]


def test_thv_2_1_1_a_an_invalidated_ambush_is_played_at_its_own_timing_only():
    """10.3.2.a 奇襲 (command timing) invalidated: in the opponent's attack the character card is withheld."""
    b = board(p1={"field": [ch("a1")]}, p2={"hand": [hand("h1", keywords=["奇襲", "速攻"])]})
    assert "play:h1" in values(at_decision(b, ["attack:a1"]))
    g = at_decision(b, [])
    g.adjust(invalidate("p2", "奇襲", label="相手は奇襲を使えない"))
    g.answer(g.pending.id, "attack:a1")
    g.run("decision")
    assert "play:h1" not in values(g) and "play_defend:h1" not in values(g)
    assert held(g)["play:h1"] == "thv:2.1.1.a" and held(g)["play_defend:h1"] == "thv:2.1.1.a"
    reason = g.pending.withheld_of("play:h1").reason
    assert "奇襲は無効" in reason and "相手は奇襲を使えない" in reason


def test_thv_2_1_1_a_an_invalidated_haste_leaves_the_character_sleeping():
    """10.2.2.a 速攻 invalidated: the character enters sleeping (5.4.2) and the step says why."""
    b = board(p1={"hand": [hand("h1", keywords=["速攻"])]})
    g = at_decision(b, ["play:h1", "pass", "pass"])
    assert g.state.get("players.p1.field.0.state") == "active"
    g = at_decision(b, [])
    g.adjust(invalidate("h1", "速攻", label="速攻を失う"))
    for a in ("play:h1", "pass", "pass"):
        g.answer(g.pending.id, a)
        g.run("decision")
    assert g.state.get("players.p1.field.0.state") == "sleep"
    [entry] = invalidated(g, "速攻")
    assert "速攻を失う" in entry.message and "thv:10.2.2.a" in entry.cites


def test_thv_2_1_1_a_an_invalidated_blessing_asks_nothing_and_the_play_resolves():
    """10.29.2.a 加護(1) invalidated: no payment is asked, the command is not negated and deals its damage."""
    cmd = {"id": "k1", "name": "弾幕", "type": "command", "cost": 0,
           "effect": {"op": "damage", "value": 3, "target": "opponent_character"}}
    b = board(p1={"hand": [cmd], "nodes": [NODE]}, p2={"field": [ch("d1", keywords=["加護(1)"])]})
    g = at_decision(b, ["play:k1", "d1"])
    assert g.pending.kind == "cost"   # 加護 asks p1 to pay
    g = at_decision(b, [])
    g.adjust(invalidate("d1", "加護", label="加護を無効にする"))
    g.answer(g.pending.id, "play:k1")
    g.run("decision")
    g.answer(g.pending.id, "d1")
    g.run("decision")
    assert g.pending.kind != "cost" and not any(e.kind == "negate" for e in g.trace)
    [entry] = invalidated(g, "加護")
    assert "加護を無効にする" in entry.message and "thv:10.29.2.a" in entry.cites
    while g.pending is not None and "pass" in values(g):
        g.answer(g.pending.id, "pass")
        g.run("decision")
    assert g.state.get("players.p2.field") == []


def test_thv_2_1_1_a_an_invalidated_resistance_asks_nothing():
    """10.26.2.a 抵抗(1) on a card being played, targeted by the opponent's card: invalidated, no payment is asked."""
    negate = {"id": "k2", "name": "封印", "type": "command", "cost": 0, "effect": {"op": "negate"}}
    b = board(p1={"hand": [hand("c1", keywords=["抵抗(1)"])]}, p2={"hand": [negate], "nodes": [NODE]})
    g = at_decision(b, ["play:c1", "play:k2", "c1"])
    assert g.pending.kind == "cost"
    g = at_decision(b, [])
    g.adjust(invalidate("c1", "抵抗"))
    for a in ("play:c1", "play:k2", "c1"):
        g.answer(g.pending.id, a)
        g.run("decision")
    assert g.pending.kind != "cost"
    [entry] = invalidated(g, "抵抗")
    assert "thv:10.26.2.a" in entry.cites


def test_thv_2_1_1_a_an_invalidated_last_spell_keeps_the_spell_timing():
    """10.30.2.a ラストスペル with its 術者 present: command timing; invalidated, the spell waits for its own timing."""
    last = spell("s1", keywords=["ラストスペル"], caster="霊夢")
    b = board(p1={"field": [ch("a1")]}, p2={"hand": [last], "field": [ch("r", name="博麗霊夢")]})
    assert "play:s1" in values(at_decision(b, ["attack:a1"]))
    g = at_decision(b, [])
    g.adjust(invalidate("s1", "ラストスペル"))
    g.answer(g.pending.id, "attack:a1")
    g.run("decision")
    assert held(g)["play:s1"] == "thv:2.1.1.a" and "ラストスペルは無効" in g.pending.withheld_of("play:s1").reason


def test_thv_2_1_1_a_an_invalidated_sealed_art_no_longer_bars_the_caster():
    """10.31.2.a 封術: the character is not a 術者 (under 6 nodes); invalidated, it is, and ラストスペル works."""
    last = spell("s1", keywords=["ラストスペル"], caster="霊夢")
    b = board(p1={"field": [ch("a1")]}, p2={"hand": [last], "field": [ch("r", name="博麗霊夢", keywords=["封術"])]})
    assert "play:s1" not in values(at_decision(b, ["attack:a1"]))
    g = at_decision(b, [])
    g.adjust(invalidate("r", "封術"))
    g.answer(g.pending.id, "attack:a1")
    g.run("decision")
    assert "play:s1" in values(g)


def test_thv_2_1_1_a_an_invalidated_last_word_no_longer_needs_its_caster():
    """10.32.2.a ラストワード: played only with its 術者 on the field; invalidated, that restriction does not occur."""
    b = board(p1={"hand": [spell("s1", keywords=["ラストワード"], caster="霊夢")]})
    assert held(at_decision(b))["play:s1"] == "thv:10.32.2.a"
    g = Game(RS, b, 1)   # made before the decision is asked (an open thv priority is rechecked after the choice)
    g.adjust(invalidate("p1", "ラストワード"))
    g.run("decision")
    assert "play:s1" in values(g)
