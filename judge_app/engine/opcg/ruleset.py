"""ONE PIECE CARD GAME 総合ルール ver.1.1.6 as a ruleset on the engine core."""
from __future__ import annotations

import random

from judge_app.engine.ruleset import RuleOption, Ruleset
from judge_app.engine.state import GameState
from judge_app.engine.opcg import board as board_mod
from judge_app.engine.opcg import actions, turn
from judge_app.engine.opcg.adjustments import ADJUSTMENTS, OpcgAdjustments
from judge_app.engine.opcg.cards import DON_TOTAL, LIST_ZONES, don_count

RULE_OPTIONS = (
    RuleOption(
        "double_attack_at_zero_life",
        "【ダブルアタック】でライフ1枚のリーダーに与える2点目のダメージ",
        "no_loss",
        (("no_loss", "何も起きない（7-1-4-1-1-3 は 7-1-4-1-1-2 だけを繰り返す）"),
         ("lose", "ライフ0枚でダメージを受けたとして敗北する（4-6-2-2, 1-2-2-1, 9-2-1-1）")),
        ("opcg:7-1-4-1-1-1", "opcg:7-1-4-1-1-3", "opcg:4-6-2-2", "opcg:1-2-2-1", "opcg:9-2-1-1"),
    ),
    RuleOption(
        "trigger_card_destination",
        "【トリガー】を発動したライフのカードの置き場所",
        "trash_or_play",
        (("trash_or_play", "トラッシュ（キャラ・ステージは【トリガー】が指示すれば登場）"),
         ("ask", "持ち主が選ぶ（トラッシュ・手札・登場）")),
        ("opcg:10-1-5-1", "opcg:7-1-4-1-1-2", "opcg:2-2-5", "opcg:8-4-2"),
    ),
)


class OpcgRuleset(OpcgAdjustments, Ruleset):
    game = "opcg"
    doc = "opcg"
    title = "ONE PIECE CARD GAME"
    board_schema = board_mod.BOARD_SCHEMA
    rule_options = RULE_OPTIONS
    phase_labels = board_mod.PHASE_NAMES
    adjustments = ADJUSTMENTS
    concede_rule = "opcg:1-2-3"

    def check_board(self, board: dict) -> None:
        board_mod.check_board(board)

    def setup(self, board: dict, seed: int) -> GameState:
        return GameState(board_mod.initial_data(board, self.options_of(board)), seed)

    def new_game_board(self, rng: random.Random) -> dict:
        return board_mod.new_game_board(rng)

    # 9-1-2: rule processing is checked before every step, an answer included: a defeat condition met by the rules
    # or by a judge's adjustment between steps is processed at once.
    rule_processing_before_answers = True

    def game_flow(self, g: GameState):
        return turn.game(g)

    def rule_processing(self, g: GameState):
        return actions.rule_processing(g)

    def invariants(self, g: GameState) -> list[str]:
        broken: list[str] = []
        ids: list[str] = []
        for player, pdata in g.data["players"].items():
            mine = [pdata["leader"]["id"], *(c["id"] for z in LIST_ZONES for c in pdata[z])]
            if pdata["stage"]:
                mine.append(pdata["stage"]["id"])
            if len(mine) != pdata["cards_total"]:
                broken.append(f"{player}: {len(mine)} cards, expected {pdata['cards_total']}")
            ids += mine
            if don_count(pdata) != DON_TOTAL:
                broken.append(f"{player}: {don_count(pdata)} DON!!, expected {DON_TOTAL}")
            area = pdata["cost_area"]
            if min(pdata["don_deck"], area["active"], area["rested"]) < 0:
                broken.append(f"{player}: a negative DON!! count")
            if len(pdata["characters"]) > 5:
                broken.append(f"{player}: {len(pdata['characters'])} characters (3-7-6)")
            if pdata["leader"].get("category") != "リーダー":
                broken.append(f"{player}: the leader left the leader area (3-6-3)")
        if len(set(ids)) != len(ids):
            seen: set[str] = set()
            broken += [f"{i} is in more than one zone" for i in ids if i in seen or seen.add(i)]
        return broken


RULESET = OpcgRuleset()
