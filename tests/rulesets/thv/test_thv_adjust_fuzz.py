"""Random games with random judge adjustments thrown in at random moments: no crash, no broken invariant."""
import random

from judge_app.engine import AdjustmentError, Game, Refused, get_ruleset
from judge_app.engine.policies import SeededRandom
from judge_app.engine.thv.cards import PLAYERS

RS = get_ruleset("thv")


def random_adjustment(g, rng):
    ids = [c["id"] for p in PLAYERS for z in ("field", "hand", "nodes", "play_area") for c in g.data["players"][p][z]]
    chars = [c["id"] for p in PLAYERS for c in g.data["players"][p]["field"] if c.get("type") == "character"]
    who = rng.choice(PLAYERS)
    options = [
        {"op": "life", "target": who, "value": rng.randint(-6, 3)},
        {"op": "draw", "target": who, "value": 1},
        {"op": "add_node", "target": who, "value": rng.randint(1, 2)},
        {"op": "skip_phase", "target": rng.choice(["active", "maintenance", "draw", "main", "discard"])},
        {"op": "end_phase"},
        {"op": "cancel_attack"},
        {"op": "draw", "target": "both", "value": rng.randint(1, 2)},
        {"op": "damage", "target": "both", "value": rng.randint(1, 3)},
        {"op": "add_to_hand", "target": who, "from": rng.choice(["deck", "graveyard", "removed"]), "value": rng.randint(1, 2)},
        {"op": "destroy_top", "target": who, "value": rng.randint(1, 3), "as_possible": rng.random() < 0.5},
        {"op": "discard", "target": who, "value": 1},
        {"op": "discard_random", "target": rng.choice([*PLAYERS, "both"]), "value": rng.randint(1, 2)},
        {"op": "shuffle", "target": who},
        {"op": "effect", "player": who, "parts": [
            {"op": "look", "target": who, "zone": "deck", **({"value": rng.randint(1, 3)} if rng.random() < 0.7 else {})},
            {"op": "put_back", "target": who, "zone": "deck", "by_card": rng.random() < 0.5,
             "position": rng.choice(["top", "bottom"])}]},
        {"op": "effect", "player": who, "parts": [{"op": "reveal", "target": rng.choice(PLAYERS), "zone": "hand"}]},
        {"op": "effect", "cost": [{"op": "pay_cost", "target": who, "value": rng.randint(0, 3)}],
         "parts": [{"op": "damage", "target": "all_characters", "value": 1}, {"op": "life", "target": "both", "value": -1}]},
    ]
    if ids:
        options += [{"op": "destroy", "target": rng.choice(ids)}, {"op": "exile", "target": rng.choice(ids)},
                    {"op": "move", "target": rng.choice(ids), "to": rng.choice(["deck", "hand", "nodes", "graveyard"])}]
    if chars:
        c = rng.choice(chars)
        options += [{"op": "damage", "target": c, "value": rng.randint(1, 4)},
                    {"op": "kill", "target": c},
                    {"op": "power", "target": c, "attack": rng.randint(-3, 3), "toughness": rng.randint(-3, 3)},
                    {"op": "power", "target": c, "layer": "swap"},
                    {"op": "attack", "target": c},
                    {"op": "set_state", "target": c, "value": rng.choice(["active", "sleep"])}]
    return rng.choice(options)


def test_thv_random_adjustments_never_break_the_rules_engine():
    rng = random.Random(2024)
    for n in range(12):
        seed = rng.randrange(10**9)
        g = Game(RS, RS.new_game_board(random.Random(seed)), seed)
        policy = SeededRandom(seed)
        for _ in range(4000):
            if g.finished:
                break
            if rng.random() < 0.03:
                try:
                    g.adjust(random_adjustment(g.state, rng))
                except (AdjustmentError, Refused):
                    pass
            g.run("step", policy)
            assert RS.invariants(g.state) == [], (seed, g.trace[-1].to_json())
        assert g.finished or len(g.trace) > 100
