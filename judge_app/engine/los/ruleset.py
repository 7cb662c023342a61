"""The Legend of Stars ruleset: the class bound to the skeleton modules, and the game in the rulebook's order."""
from __future__ import annotations

import random

from judge_app.engine.verdict_words import Words
from judge_app.engine.los.adjust import ADJUSTMENTS, LosAdjustments
from judge_app.engine.los.attack import attack_phase
from judge_app.engine.los import notation
from judge_app.engine.los.board import BOARD_SCHEMA, check_board, initial_data, midgame_board, new_game_board
from judge_app.engine.los.invariants import invariants
from judge_app.engine.los.preparation import preparation
from judge_app.engine.los.options import RULE_OPTIONS
from judge_app.engine.los.phases import PHASE_LABELS, PHASES, TURN_PHASES
from judge_app.engine.los.turn import end_phase, lead_phase, main_phase, setup_phase
from judge_app.engine import simultaneous
from judge_app.engine.los.board_terms import other
from judge_app.engine.ruleset import Ruleset
from judge_app.engine.state import GameState

PHASE_PROCEDURES = {"setup": setup_phase, "main": main_phase, "lead": lead_phase, "attack": attack_phase,
                    "end": end_phase}


class LosRuleset(LosAdjustments, Ruleset):
    game = "los"
    modified_zones = ("front", "back")   # ATK/DEF/DOWN modifications live on the characters in the rows
    verdict_words = Words(
        zones={"front": "前衛", "back": "後衛", "hand": "手札", "deck": "デッキ", "trash": "トラッシュ",
               "energy": "エネルギー", "support": "サポート"},
        fields={"life": "ライフ"},
        card_fields={"display": "", "face_down": "向き", "mods": "効果", "gained": ""},
        slots={"front": "レーン", "back": "レーン"},
        values={("display", "attack"): "アタック表示", ("display", "defense"): "ディフェンス表示",
                ("face_down", True): "裏側", ("face_down", False): "表側", ("face_down", None): "表側",
                ("gained", True): "ゲイン表示", ("gained", False): "リゲイン表示", ("gained", None): "リゲイン表示"})
    doc = "los"
    title = "Legend of Stars"
    board_schema = BOARD_SCHEMA
    rule_options = RULE_OPTIONS
    phases = PHASES
    phase_labels = PHASE_LABELS
    adjustments = ADJUSTMENTS
    concede_rule = "los:4"
    notation = notation
    # Issue 28: the clauses an effect is held to (docs/rulings-decisions.md, "los: effects").
    effect_rule = "los:8.1"                # 効果: the card's text; used by paying its energy cost
    cost_rule = "los:2.5.1"                # the cost: that many energies turned to ゲイン表示, or the card is not used
    as_much_as_possible_rule = "los:8.1"   # the book has none: the effect's text done as far as the table allows
    each_player_rule = "los:4"             # the book gives no order: お互いのプレイヤー at once (4 「同時に」)
    game_over_rule = "los:4"               # 勝敗: the game is decided, nothing more is done

    # 9.3: effects of one timing — the turn player's opponent chooses one and uses it, then the turn player, in turn
    simultaneous_rule = "los:9.3"
    simultaneous_cites = ("los:7.2",)

    def next_simultaneous(self, g: GameState, waiting: list[dict]) -> simultaneous.Pick:
        tp = g.data["turn_player"]
        return simultaneous.taking_turns(waiting, other(tp), g.data[simultaneous.KEY]["last"], "los:9.3",
                                         "同じタイミングの効果は相手プレイヤーから1つずつ交互に解決します")

    def check_board(self, board: dict) -> None:
        check_board(board)
        self.options_of(board)

    def setup(self, board: dict, seed: int) -> GameState:
        return GameState(initial_data(board, self.options_of(board)), seed)

    def new_game_board(self, rng: random.Random) -> dict:
        return new_game_board(rng)

    def midgame_board(self, rng: random.Random) -> dict:
        return midgame_board(rng)

    def players(self, g: GameState) -> list[str]:
        return ["p1", "p2"]

    def game_flow(self, g: GameState):
        if g.data["phase"] is None:
            yield from preparation(g)
            g.set("turn", 1)
            g.set("phase", "setup")
        start = TURN_PHASES.index(g.data["phase"])
        while not g.finished:
            for phase in TURN_PHASES[start:]:
                yield from PHASE_PROCEDURES[phase](g)
                if g.finished:
                    return
            start = 0

    def invariants(self, g: GameState) -> list[str]:
        return invariants(g)
