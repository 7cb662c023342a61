"""Random games with random judge adjustments and random rule options: no crash, invariants hold, and the
session replays to the same state (undo and permalinks rely on it). A small share; the CLI fuzz plays 10,000."""
import random

import pytest

from judge_app.engine import EngineError, Game, get_ruleset
from judge_app.engine.citations import prose_only
from judge_app.engine.policies import SeededRandom

OPS = ["unchi", "win_battle", "draw", "discard", "barrier_to_hand", "barrier_to_trash", "discard_random", "move",
       "shuffle", "look", "reveal", "put_back", "effect"]
RARE = ["concede", "lose_game", "win_game"]
ZONES = ["deck", "hand", "barrier", "trash", "battle_area", "cost_area"]
KEYWORDS = [None, None, "開運時", "バトル勝利時", "バトル敗北時", "このターンの終了時"]


def random_target(rs, g: Game, r: random.Random, p: str) -> str:
    return r.choice([p, p, p, "相手:" + p, "both", "all"])


def random_part(g: Game, rs, r: random.Random, p: str, in_effect: bool = False) -> dict | None:
    """One op; inside a random effect none of look/reveal/put_back (their own effect below): a bad part found only
    when a choice of the effect is answered would stop the game here."""
    op = r.choice([o for o in OPS[:-1] if o not in ("look", "reveal", "put_back") or not in_effect])
    body = {"op": op, "target": random_target(rs, g, r, p)}
    if op == "unchi":
        body["value"] = r.randint(-5, 5)
    elif op in ("draw", "barrier_to_hand", "barrier_to_trash", "discard_random"):
        body["value"] = r.randint(1, 3)
    elif op == "move":
        body.update({"from": r.choice(ZONES), "to": r.choice(ZONES), "value": r.randint(1, 3),
                     "position": r.choice(["top", "bottom"])})
    elif op in ("look", "reveal"):
        body.update({"zone": r.choice(["deck", "hand", "barrier", "battle_area"]), "value": r.randint(1, 3)})
    elif op == "put_back":   # the last look's cards, as they were or reversed (by the card's text or not)
        looked = g.state.data.get("looking") or {"owner": p, "zone": "deck", "cards": []}
        order = list(looked["cards"])[::r.choice([1, -1])]
        body = {"op": op, "target": looked["owner"], "zone": looked["zone"], **({"order": order} if order else {}),
                "position": r.choice(["top", "bottom"]), "shuffle": r.random() < 0.2, "by_card": r.random() < 0.5}
    elif op == "discard":
        hand = g.state.data["players"][p]["hand"]
        body = {"op": op, "target": p, "value": r.choice(hand)["id"] if hand and r.random() < 0.5 else r.randint(1, 3)}
    return body


def random_adjustment(g: Game, rs, r: random.Random) -> dict | None:
    p = r.choice(rs.in_game(g.state))
    op = r.choice(OPS + RARE if r.random() < 0.05 else OPS)
    if op in RARE:
        return {"op": op, "target": p}
    if op != "effect":
        return random_part(g, rs, r, p)
    if r.random() < 0.3:   # a card that looks, then puts back (as it was, or as its text says)
        who = r.choice([p, "相手:" + p])
        zone = r.choice(["deck", "barrier", "hand"])
        owner = rs.targets(g.state, who)[0]
        return {"op": "effect", "player": p, "parts": [
            *([{"op": "reveal", "target": p, "zone": "hand", "value": 1}] if r.random() < 0.3 else []),
            {"op": "look", "target": owner, "zone": zone, "value": r.randint(1, 3)},
            {"op": "put_back", "target": owner, "zone": zone, "position": r.choice(["top", "bottom"]),
             "by_card": r.random() < 0.5}]}
    body = {"op": "effect", "player": p, "parts": [random_part(g, rs, r, p, True) for _ in range(r.randint(1, 3))]}
    if r.random() < 0.4:
        body["cost"] = [random_part(g, rs, r, p, True)]
    keyword = r.choice(KEYWORDS)
    if keyword:
        body["keyword"] = keyword
    return body


@pytest.mark.parametrize("game_key", ["kaiun", "kaiun-multi"])
def test_random_adjustments_keep_invariants_and_replay(game_key):
    rs = get_ruleset(game_key)
    for seed in range(24):
        r = random.Random(seed)
        board = rs.new_game_board(random.Random(seed))
        board["options"] = {o.name: r.choice([v for v, _ in o.choices]) for o in rs.rule_options}
        g = Game(rs, board, seed)
        policy = SeededRandom(seed)
        while not g.finished:
            if r.random() < 0.08:
                body = random_adjustment(g, rs, r)
                if body:
                    try:
                        g.adjust(body)
                    except EngineError:
                        pass  # refused adjustments change nothing (checked in test_kaiun_effects)
                    assert rs.invariants(g.state) == [], (seed, body)
                continue
            if g.pending:
                g.answer(g.pending.id, policy(g.pending))
            else:
                g.step("step")
            assert rs.invariants(g.state) == [], (seed, board["options"])
        again = Game.replay(rs, board, seed, g.answers)
        assert again.state.data == g.state.data
        assert [e.message for e in g.trace if prose_only(e)] == []   # every clause a message names is cited
