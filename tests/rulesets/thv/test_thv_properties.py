"""Properties over many small cases (hypothesis): payment and battle power."""
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_app.engine import Game, get_ruleset
from judge_app.engine.thv.cards import attack_of, battle_power_raw, toughness_of
from tests.rulesets.thv.helpers import board, hand

RS = get_ruleset("thv")
LAYERS = st.sampled_from(["set", "swap", "modify", "always"])
MOD = st.builds(lambda layer, a, t: {"layer": layer, "attack": a, "toughness": t}, LAYERS,
                st.one_of(st.none(), st.integers(-9, 9)), st.one_of(st.none(), st.integers(-9, 9)))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9), st.lists(MOD, max_size=6))
def test_thv_6_1_12_battle_power_never_below_zero(a, t, mods):
    c = {"id": "x", "name": "x", "attack": a, "toughness": t, "mods": mods}
    raw = battle_power_raw(c)
    assert attack_of(c) == max(0, raw[0]) and toughness_of(c) == max(0, raw[1])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 4), st.integers(0, 4), st.integers(1, 6))
def test_thv_1_8_7_payment_options_are_exactly_the_splits(active, sleeping, cost):
    """1.8.7.c/d/g: k actives slept + (cost-k) sleeping discarded, each node one cost, exactly cost in all."""
    nodes = [{"id": f"a{i}", "name": "n", "state": "active"} for i in range(active)] + \
            [{"id": f"s{i}", "name": "n", "state": "sleep"} for i in range(sleeping)]
    g = Game(RS, board(p1={"hand": [hand("h", cost=cost)], "nodes": nodes}), 1)
    g.run("decision")
    playable = "play:h" in [o.value for o in g.pending.options]
    assert playable == (cost <= active + sleeping)
    if not playable:
        return
    g.answer(g.pending.id, "play:h")
    g.run("decision")
    splits = [k for k in range(cost + 1) if k <= active and cost - k <= sleeping]
    if len(splits) > 1:
        assert g.pending.rule == "thv:1.8.7.c" and [o.value for o in g.pending.options] == splits
        g.answer(g.pending.id, splits[-1])
        g.run("decision")
    left = g.state.data["players"]["p1"]["nodes"]
    assert len(left) == active + sleeping - (cost - splits[-1])
    assert sum(1 for n in left if n["state"] == "active") == active - splits[-1]
