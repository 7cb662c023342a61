"""ONE PIECE CARD GAME 総合ルール ver.1.1.6 as a ruleset on the engine core."""
from __future__ import annotations

import random

from judge_app.engine.ruleset import Ruleset
from judge_app.engine.state import GameState
from judge_app.engine.opcg import board as board_mod
from judge_app.engine.opcg import actions, notation, turn
from judge_app.engine.opcg.adjustments import ADJUSTMENTS, OpcgAdjustments
from judge_app.engine.opcg.invariants import invariants
from judge_app.engine.opcg.options import RULE_OPTIONS
from judge_app.engine.opcg.phases import PHASE_LABELS, PHASES



class OpcgRuleset(OpcgAdjustments, Ruleset):
    game = "opcg"
    doc = "opcg"
    title = "ONE PIECE CARD GAME"
    board_schema = board_mod.BOARD_SCHEMA
    rule_options = RULE_OPTIONS
    phases = PHASES
    phase_labels = PHASE_LABELS
    adjustments = ADJUSTMENTS
    concede_rule = "opcg:1-2-3"
    notation = notation

    def check_board(self, board: dict) -> None:
        board_mod.check_board(board)

    def setup(self, board: dict, seed: int) -> GameState:
        return GameState(board_mod.initial_data(board, self.options_of(board)), seed)

    def new_game_board(self, rng: random.Random) -> dict:
        return board_mod.new_game_board(rng)

    def midgame_board(self, rng: random.Random) -> dict:
        return board_mod.midgame_board(rng)

    # 9-1-2: rule processing is checked before every step, an answer included: a defeat condition met by the rules
    # or by a judge's adjustment between steps is processed at once.
    rule_processing_before_answers = True

    def game_flow(self, g: GameState):
        return turn.game(g)

    def rule_processing(self, g: GameState):
        return actions.rule_processing(g)

    def invariants(self, g: GameState) -> list[str]:
        return invariants(g)

