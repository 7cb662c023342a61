"""A toy for the session page as the judge's hand: the coin toss (tests/engine/toy.py) with what the five engines
bring and the toy lacks — a decision that withholds actions (each with its clause), cards with ids on the board,
and effects of several parts with a cost that must be paid in full (`toy:7`).

Registered by the tests that need it, as `toy-hand`, beside the plain toy (which the route snapshot walks)."""
from __future__ import annotations

from judge_app.engine import Adjustment, AdjustmentError
from judge_app.engine.ruleset import concede_adjustment
from tests.engine.toy import CoinRuleset

CARD = {"type": "string", "maxLength": 40, "description": "カードID"}
PLAYER = {"type": "string", "maxLength": 40, "description": "プレイヤー（p1 …）、お互い（both）"}
# the withheld calls: more than three, so the page folds the list
WITHHELD = (("edge", "縁で立つ", "toy:2", "コインを縁で立てる宣言はできません"),
            ("skip", "宣言しない", "toy:2", "表か裏のどちらかを宣言します"),
            ("both", "両方", "toy:2", "宣言は一つだけです"),
            ("peek", "見てから宣言", "toy:3", "宣言はトスの前に行います"))
BOARD = {"players": {"p1": {"points": 1, "hand": [{"id": "p1-c1", "name": "金貨"}, {"id": "p1-c2", "name": "銀貨"}]},
                     "p2": {"points": 0, "hand": [{"id": "p2-c1", "name": "銅貨"}]}},
         "target": 5}


class HandToy(CoinRuleset):
    game = "toy-hand"
    title = "コイン（手札つき）"
    effect_rule = "toy:6"
    cost_rule = "toy:7"
    as_much_as_possible_rule = "toy:8"
    game_over_rule = "toy:4"
    call_withheld = WITHHELD
    board_schema = {
        "type": "object", "required": ["players"],
        "properties": {
            "players": {"type": "object", "minProperties": 2, "maxProperties": 2,
                        "additionalProperties": {"type": "object", "required": ["points"],
                                                 "properties": {"points": {"type": "integer", "minimum": 0},
                                                                "hand": {"type": "array"},
                                                                "trash": {"type": "array"}}}},
            "target": {"type": "integer", "minimum": 1, "maximum": 1000},
            "options": {"type": "object"},
        },
    }
    adjustments = (
        Adjustment("points", "得点±N", "toy:5", {"target": PLAYER, "value": {"type": "integer", "minimum": -9, "maximum": 9}},
                   ("target", "value")),
        Adjustment("pay", "得点を払う", "toy:7", {"target": PLAYER, "value": {"type": "integer", "minimum": 1, "maximum": 9}},
                   ("target", "value")),
        Adjustment("discard", "手札を捨てる", "toy:5", {"target": CARD}, ("target",)),
        Adjustment("mood", "気分", "toy:5", {"target": PLAYER, "value": {"enum": ["battle", "turn"],
                                                                        "description": "battle=このバトル中, turn=このターン中"}},
                   ("target", "value")),
        concede_adjustment("toy:9"),
    )

    def setup(self, board, seed):
        g = super().setup(board, seed)
        for p, v in board["players"].items():
            g.data["players"][p]["hand"] = list(v.get("hand", []))
            g.data["players"][p]["trash"] = list(v.get("trash", []))
        return g

    def adjust_pay(self, g, spec, target, value):
        have = g.get(f"players.{target}.points")
        n = self.as_far_as_possible(g, value, have, "得点", "value")
        g.add(f"players.{target}.points", -n)
        return g.log(spec.rule, "adjust", f"{target} が得点を{n}払う", target)

    def adjust_discard(self, g, spec, target):
        for p, side in g.data["players"].items():
            for i, card in enumerate(side["hand"]):
                if card["id"] == target:
                    g.move(card, f"players.{p}.hand", f"players.{p}.trash")
                    return g.log(spec.rule, "adjust", f"{p} が {card['name']} を捨てる", p)
        raise AdjustmentError(f"target: 手札に「{target}」はありません", "target")

    def adjust_mood(self, g, spec, target, value):
        return g.log(spec.rule, "adjust", f"{target} の気分（{value}）", target)


RULESET = HandToy()
