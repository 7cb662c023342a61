"""Random play with random judge adjustments between steps and while decisions wait: no crash, invariants hold."""
from __future__ import annotations

import random

from judge_app.engine import EngineError, Game, get_ruleset
from judge_app.engine.los.cards import characters
from judge_app.engine.policies import SeededRandom

RULESET = get_ruleset("los")


def random_adjustment(g: Game, rng: random.Random) -> dict:
    """One judge adjustment, or (a third of the time) an effect of one or two of them, sometimes with a cost."""
    if rng.random() < 0.33:
        body = {"op": "effect", "parts": [one_adjustment(g, rng) for _ in range(rng.randint(1, 2))]}
        if rng.random() < 0.3:
            body["cost"] = [{"op": "pay_energy", "target": rng.choice(["p1", "p2"]), "value": rng.randint(1, 2)}]
        hand = [c["id"] for pid in ("p1", "p2") for c in g.state.data["players"][pid]["hand"]]
        if hand and rng.random() < 0.5:
            body["source"] = rng.choice(hand)
        body["parts"] = [p for p in body["parts"] if p["op"] not in ("concede",)]
        return body
    return one_adjustment(g, rng)


def one_adjustment(g: Game, rng: random.Random) -> dict:
    s = g.state
    zone_op = rng.random()
    hand = [c for pid in ("p1", "p2") for c in s.data["players"][pid]["hand"]]
    if zone_op < 0.15 and hand:
        c = rng.choice(hand)
        op = rng.choice(["discard", "to_deck", "put_energy", "enter", "put_support"])
        if op == "to_deck":
            return {"op": op, "target": c["id"], "position": rng.choice(["bottom", "shuffle"])}
        if op == "enter":
            return {"op": op, "target": c["id"], "lane": rng.randint(1, 4), "display": "attack",
                    "row": rng.choice(["back", "front"])}
        return {"op": op, "target": c["id"]}
    if zone_op < 0.22:
        return {"op": rng.choice(["pay_energy", "gain", "regain"]), "target": rng.choice(["p1", "p2"]), "value": rng.randint(1, 3)}
    if zone_op < 0.27:
        return {"op": rng.choice(["atk", "def", "down"]), "target": rng.choice(["all", "p1:front", "p2:attack", "defense"]),
                "value": rng.choice([-300, 200]), "duration": "turn"}
    chars = [(pid, row, lane, c) for pid in ("p1", "p2") for row, lane, c in characters(s, pid)]
    pid = rng.choice(["p1", "p2"])
    op = rng.choice(["atk", "def", "down", "stat_set", "damage", "destroy", "move", "display", "draw", "recover",
                     "forbid", "trigger"])
    if op in ("draw", "recover"):
        who = rng.choice([pid, "both"])
        return {"op": op, "target": who, "value": rng.randint(1, 3) if op == "draw" else 100}
    if op == "trigger":
        return {"op": op, "target": pid, "label": "効果", "forced": rng.random() < 0.5}
    if op == "damage" and (not chars or rng.random() < 0.5):
        return {"op": op, "target": rng.choice(["p1", "p2", "both"]), "value": rng.choice([100, 300])}
    if not chars:
        return {"op": "recover", "target": pid, "value": 0}
    _, row, lane, c = rng.choice(chars)
    duration = rng.choice(["battle", "turn", "permanent"])
    extra = {"targeted": rng.random() < 0.5, "source": {"player": pid, "speed": rng.randint(0, 9)}} if rng.random() < 0.3 else {}
    if op in ("atk", "def", "down"):
        return {"op": op, "target": c["id"], "value": rng.choice([-300, 200]), "duration": duration, **extra}
    if op == "stat_set":
        return {"op": op, "target": c["id"], "stat": "ATK", "value": 500, "duration": duration, **extra}
    if op == "damage":
        return {"op": op, "target": c["id"], "value": 100}
    if op == "destroy":
        return {"op": op, "target": c["id"], **extra}
    if op == "move":
        return {"op": op, "target": c["id"], "row": rng.choice(["front", "back"]), "lane": rng.randint(1, 4), **extra}
    if op == "display":
        return {"op": op, "target": c["id"], "display": rng.choice(["attack", "defense_left"]),
                "face_down": rng.random() < 0.3, **extra}
    return {"op": "forbid", "target": c["id"], "action": rng.choice(["attack", "move", "display"]), "duration": duration}


def chaos_game(seed: int, rate: float = 0.05) -> Game:
    rng = random.Random(seed)
    g = Game(RULESET, RULESET.new_game_board(random.Random(seed)), seed)
    policy = SeededRandom(seed + 1)
    while not g.finished:
        if rng.random() < rate:
            try:
                g.adjust(random_adjustment(g, rng))
            except EngineError:   # bad for the table now, or refused by the rules: nothing changed
                pass
        elif g.pending:
            g.answer(g.pending.id, policy(g.pending))
        else:
            g.step("step")
        broken = RULESET.invariants(g.state)
        assert not broken, (seed, broken)
    return g
