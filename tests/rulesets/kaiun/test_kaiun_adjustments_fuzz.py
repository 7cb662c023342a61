"""Random games with random judge adjustments and random rule options: no crash, invariants hold, and the
session replays to the same state (undo and permalinks rely on it). A small share; the CLI fuzz plays 10,000."""
import random

import pytest

from judge_app.engine import EngineError, Game, get_ruleset
from judge_app.engine.policies import SeededRandom

OPS = ["unchi", "win_battle", "draw", "discard", "barrier_to_hand"]
RARE = ["concede", "lose_game", "win_game"]


def random_adjustment(g: Game, rs, r: random.Random) -> dict | None:
    p = r.choice(rs.in_game(g.state))
    op = r.choice(OPS + RARE if r.random() < 0.05 else OPS)
    body = {"op": op, "target": p if r.random() < 0.8 else "相手:" + p}
    if op == "unchi":
        body["value"] = r.randint(-5, 5)
    elif op in ("draw", "barrier_to_hand"):
        body["value"] = r.randint(1, 3)
    elif op == "discard":
        hand = g.state.data["players"][p]["hand"]
        if not hand:
            return None
        body = {"op": op, "target": p, "value": r.choice(hand)["id"]}
    return body


@pytest.mark.parametrize("game_key", ["kaiun", "kaiun-multi"])
def test_random_adjustments_keep_invariants_and_replay(game_key):
    rs = get_ruleset(game_key)
    for seed in range(12):
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
                        pass  # refused adjustments change nothing (checked in test_kaiun_board_and_flow)
                continue
            if g.pending:
                g.answer(g.pending.id, policy(g.pending))
            else:
                g.step("step")
            assert rs.invariants(g.state) == [], (seed, board["options"])
        again = Game.replay(rs, board, seed, g.answers)
        assert again.state.data == g.state.data
