"""An invalidated keyword does not work in the Legend of Stars flow (issue 38): 9.1 (the effect wins over the
rules; the book has no clause of its own on 無効), and the step that would have used it says so."""
from tests.rulesets.los.boards import board, char, play

PASS2 = ["pass", "pass"]


def invalidate(target, keyword, duration="turn", **kw):
    return {"adjust": {"op": "invalidate", "target": target, "keyword": keyword, "duration": duration, **kw}}


def invalidated(g, word):
    return [e for e in g.trace if e.rule == "los:9.1" and e.kind == "invalidated" and word in e.message]


def next_attack_choice(g):
    """Pass the flash timing (5.5.3) until the next attack declaration is asked."""
    while not g.finished:
        if g.pending is None:
            g.step("decision")
        elif "attack:a" in [o.value for o in g.pending.options] or g.pending.withheld_of("attack:a"):
            break
        else:
            g.answer(None, "pass")
    return g.pending


def test_los_9_1_an_invalidated_sky_keyword_does_not_attack_directly():
    """8.13.1 上空 lets the attack go to the player; invalidated (9.1) the lane's character is attacked."""
    b = board(p1_front=[char("a", atk=300, keywords=["上空"]), None, None, None],
              p2_front=[None, None, None, char("t", atk=900)])
    g = play(b, [invalidate("a", "上空", label="上空を無効にする"), "attack:a"])
    assert g.pending.rule == "los:5.5.1.II"            # no 「直接アタックする」 choice
    [entry] = invalidated(g, "上空")
    assert "上空を無効にする" in entry.message and "los:8.13.1" in entry.cites
    g = play(b, [invalidate("a", "上空"), "attack:a", *PASS2])
    assert g.state.get("players.p2.life") == 3000      # battled t instead
    assert g.state.get("players.p1.front.0") is None


def test_los_9_1_an_invalidated_sky_in_the_lane_lets_the_attacker_go_direct():
    """The opponent's lane holds a 上空 whose keyword is invalidated: it no longer bars 8.13.1's direct attack."""
    b = board(p1_front=[char("a", atk=300, keywords=["上空"]), None, None, None],
              p2_front=[None, None, None, char("t", atk=900, keywords=["上空"])])
    g = play(b, [invalidate("p2", "上空"), "attack:a", "direct", *PASS2])
    assert g.state.get("players.p2.life") == 2700


def test_los_9_1_an_invalidated_double_attack_allows_one_attack():
    """8.13.4 2回攻撃 invalidated: the second attack is withheld citing 9.1 and the effect's words."""
    b = board(p1_front=[char("a", atk=400, keywords=["2回攻撃"]), char("b", atk=100), None, None])
    g = play(b, [invalidate("a", "2回攻撃", label="2回攻撃を失う"), "attack:a", *PASS2])
    pending = next_attack_choice(g)
    assert "attack:a" not in [o.value for o in pending.options]
    held = pending.withheld_of("attack:a")
    assert held.rule == "los:9.1" and "2回攻撃を失う" in held.reason
    assert g.state.get("players.p2.life") == 2600


def test_los_9_1_an_invalidated_poison_downs_nobody():
    """8.13.5 毒呪 invalidated (its card's text too: 9.1): the character that battled it stays."""
    for adjustment in (invalidate("t", "毒呪"),
                       {"adjust": {"op": "invalidate", "target": "t", "what": "text", "duration": "turn"}}):
        b = board(p1_front=[char("a", atk=900, down=300), None, None, None],
                  p2_front=[None, None, None, char("t", atk=100, down=100, keywords=["毒呪"])])
        g = play(b, [adjustment, "attack:a", *PASS2])
        assert g.state.get("players.p1.front.0")["id"] == "a"
        assert invalidated(g, "毒呪")


def test_los_5_5_1_vi_invalidated_double_attack_works_again_after_the_battle():
    """「このバトル中」 ends with the battle (5.5.1 VI): the second attack of 2回攻撃 is open again."""
    b = board(p1_front=[char("a", atk=400, keywords=["2回攻撃"]), None, None, None])
    g = play(b, ["attack:a"])
    g.adjust(invalidate("a", "2回攻撃", duration="battle")["adjust"])
    pending = next_attack_choice(g)
    assert not g.state.get("effects")
    assert any(e.rule == "los:5.5.1.VI" and "2回攻撃" in e.message for e in g.trace)
    assert "attack:a" in [o.value for o in pending.options]
