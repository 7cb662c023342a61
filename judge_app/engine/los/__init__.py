"""Legend of Stars (los), from its 総合ルールブック Ver.1.0.05: the lane board, lead moves, battles, down damage.

The modules follow the rulebook: preparation (5, 5.1), turn (5.2 setup, 5.3 main, 5.4 lead, 5.6 end),
attack (5.5), priority (7.2), adjust (judge adjustments for card text: 8.x, 9.x), board (the table as entered).
"""
from __future__ import annotations

import random

from judge_app.engine.los.adjust import ADJUSTMENTS, LosAdjustments
from judge_app.engine.los.attack import attack_phase
from judge_app.engine.los.board import BOARD_SCHEMA, PHASES, check_board, initial_data
from judge_app.engine.los.board_terms import LANES, ROWS
from judge_app.engine.los.deckgen import random_board
from judge_app.engine.los.preparation import preparation
from judge_app.engine.los.rule_options import RULE_OPTIONS
from judge_app.engine.los.turn import end_phase, lead_phase, main_phase, setup_phase
from judge_app.engine.ruleset import Ruleset
from judge_app.engine.state import GameState

PHASE_PROCEDURES = {"setup": setup_phase, "main": main_phase, "lead": lead_phase, "attack": attack_phase,
                    "end": end_phase}


class LosRuleset(LosAdjustments, Ruleset):
    game = "los"
    doc = "los"
    title = "Legend of Stars"
    board_schema = BOARD_SCHEMA
    rule_options = RULE_OPTIONS
    phase_labels = {"preparation": "先攻・後攻の決め方と準備", "setup": "セットアップフェイズ", "main": "メインフェイズ",
                    "lead": "リードフェイズ", "attack": "アタックフェイズ", "end": "エンドフェイズ"}  # 5.1–5.6
    adjustments = ADJUSTMENTS
    concede_rule = "los:4"

    def check_board(self, board: dict) -> None:
        check_board(board)
        self.options_of(board)

    def setup(self, board: dict, seed: int) -> GameState:
        return GameState(initial_data(board, self.options_of(board)), seed)

    def new_game_board(self, rng: random.Random) -> dict:
        return random_board(rng)

    def players(self, g: GameState) -> list[str]:
        return ["p1", "p2"]

    def game_flow(self, g: GameState):
        if g.data["phase"] is None:
            yield from preparation(g)
            g.set("turn", 1)
            g.set("phase", "setup")
        start = PHASES.index(g.data["phase"])
        while not g.finished:
            for phase in PHASES[start:]:
                yield from PHASE_PROCEDURES[phase](g)
                if g.finished:
                    return
            start = 0

    def invariants(self, g: GameState) -> list[str]:
        """Every card in exactly one zone, card totals conserved, four squares a row, one character a square.
        Called after every fuzzed step, so the common case is a few list comprehensions."""
        broken: list[str] = []
        ids: list[str] = []
        for pid, p in g.data["players"].items():
            n = len(ids)
            for zone in ("deck", "hand", "trash", "energy", "support"):
                ids += [c["id"] for c in p[zone]]
            for row in ROWS:
                squares = p[row]
                if len(squares) != LANES:
                    broken.append(f"{pid}.{row}: {len(squares)} squares")
                for c in squares:
                    if c is None:
                        continue
                    if not isinstance(c, dict) or c.get("type", "character") != "character":
                        broken.append(f"{pid}.{row}: a square holds {c!r:.60}")
                    else:
                        ids.append(c["id"])
            if len(ids) - n != g.data["counts"][pid]:
                broken.append(f"{pid}: {len(ids) - n} cards, expected {g.data['counts'][pid]}")
            if not isinstance(p["life"], int):
                broken.append(f"{pid}.life not an integer")
        if len(set(ids)) != len(ids):
            seen: set[str] = set()
            twice = sorted({i for i in ids if i in seen or seen.add(i)})
            broken.append(f"cards in two zones: {', '.join(twice[:5])}")
        return broken


RULESET = LosRuleset()
