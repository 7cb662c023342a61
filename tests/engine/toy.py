"""A tiny ruleset for testing the core alone: players call a coin toss; three correct calls win."""
from __future__ import annotations

import random

from judge_app.engine import Adjustment, RuleOption, Ruleset
from judge_app.engine.ruleset import concede_adjustment
from judge_app.engine.verdict_words import Words


class CoinRuleset(Ruleset):
    game = "toy"
    verdict_words = Words(fields={"points": "得点"}, zones={"hand": "手札", "trash": "捨て札"})
    doc = "toy"
    title = "コイン"
    concede_rule = "toy:9"
    board_schema = {
        "type": "object",
        "required": ["players"],
        "properties": {
            "players": {"type": "object", "minProperties": 2, "maxProperties": 2,
                        "additionalProperties": {"type": "object", "required": ["points"],
                                                 "properties": {"points": {"type": "integer", "minimum": 0}}}},
            "target": {"type": "integer", "minimum": 1, "maximum": 1000},
            "options": {"type": "object"},
        },
    }
    rule_options = (RuleOption("loop_forever", "無限に続ける", False, ((False, "いいえ"), (True, "はい")), ("toy:8",)),)
    adjustments = (
        Adjustment("points", "得点±N", "toy:5", {"target": {"type": "string"}, "value": {"type": "integer"}},
                   ("target", "value")),
        concede_adjustment("toy:9"),
    )

    call_withheld: tuple = ()   # (value, label, rule, reason) the call withholds (none here; tests/web/hand_toy.py)

    def setup(self, board, seed):
        from judge_app.engine import GameState
        data = {"players": {p: dict(v) for p, v in board["players"].items()}, "target": board.get("target", 3),
                "options": self.options_of(board)}
        return GameState(data, seed)

    def new_game_board(self, rng: random.Random) -> dict:
        return {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": rng.randint(1, 3)}

    def game_flow(self, g):
        order = list(g.data["players"])
        while True:
            for player in order:
                g.set("turn", g.turn + 1)
                g.set("phase", "call")
                yield g.log("toy:1", "turn", f"{player} のターン", player)
                call = yield g.ask(player, "表か裏か", [("heads", "表"), ("tails", "裏")], "toy:2",
                                  withheld=self.call_withheld)
                toss = g.rng.choice(["heads", "tails"])
                g.set("phase", "toss")
                if call == toss:
                    g.add(f"players.{player}.points", 1)
                yield g.log("toy:3", "toss", f"{toss}", player)
                if not g.data["options"]["loop_forever"] and g.get(f"players.{player}.points") >= g.data["target"]:
                    g.end_game(player)
                    yield g.log("toy:4", "win", f"{player} の勝利", player)
                    return

    def adjust_points(self, g, spec, target, value):
        g.add(f"players.{target}.points", value)
        return g.log(spec.rule, "adjust", f"{target} 得点 {value:+d}", target)

    def invariants(self, g):
        return [f"{p} points negative" for p, v in g.data["players"].items() if v["points"] < 0]


RULESET = CoinRuleset()
