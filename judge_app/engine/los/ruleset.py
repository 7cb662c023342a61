"""The Legend of Stars ruleset: the class bound to the skeleton modules, and the game in the rulebook's order."""
from __future__ import annotations

import random

from judge_app.engine import lasting
from judge_app.engine.lasting import LastingEffects
from judge_app.engine.los.cards import field_bound_ends, locate, on_field, stat
from judge_app.engine.verdict_words import Words
from judge_app.engine.los.adjust import ADJUSTMENTS, LosAdjustments
from judge_app.engine.los.hidden import HIDDEN_ADJUSTMENTS, LosHidden
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


class LosRuleset(LastingEffects, LosHidden, LosAdjustments, Ruleset):
    game = "los"
    modified_zones = ("front", "back")   # ATK/DEF/DOWN modifications live on the characters in the rows
    verdict_words = Words(
        zones={"front": "前衛", "back": "後衛", "hand": "手札", "deck": "デッキ", "trash": "トラッシュ",
               "energy": "エネルギー", "support": "サポート"},
        fields={"life": "ライフ"},
        shared={"effects": "続いている効果"},
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
    # ---- lasting prohibitions and invalidations (engine/lasting.py) ------------------------------------------
    # 9.2 「「できる」「できない」と相反する効果が同時に適用されている場合、「できない」を優先して」
    prohibition_rule = "los:9.2"
    # the book has no clause on 無効: 9.1 「ルールと矛盾する効果が記載されている場合、効果を優先します」 (docs/rulings-decisions.md)
    invalidation_rule = "los:9.1"
    lasting_durations = ("battle", "turn", "next_turn_end", "while_on_field", "permanent")
    # 「このバトル中」 ends with the battle (5.5.1 VI); 「ターン終了時まで」 at the end phase (5.6 2., 9.4)
    duration_rules = {"battle": ("los:5.5.1.VI",), "turn": ("los:5.6.s2", "los:9.4"),
                      "next_turn_end": ("los:5.6.s2", "los:9.4"), "while_on_field": ("los:9.4",)}
    prohibit_actions = ("draw", "attack", "move", "display", "keyword")
    adjustments = (*ADJUSTMENTS[:-1], *lasting.adjustments(prohibition_rule, invalidation_rule, lasting_durations,
                                                           prohibit_actions), ADJUSTMENTS[-1],
                   *HIDDEN_ADJUSTMENTS)
    concede_rule = "los:4"
    notation = notation
    # Issue 28: the clauses an effect is held to (docs/rulings-decisions.md, "los: effects").
    effect_rule = "los:8.1"                # 効果: the card's text; used by paying its energy cost
    cost_rule = "los:2.5.1"                # the cost: that many energies turned to ゲイン表示, or the card is not used
    as_much_as_possible_rule = "los:8.1"   # the book has none: the effect's text done as far as the table allows
    each_player_rule = "los:4"             # the book gives no order: お互いのプレイヤー at once (4 「同時に」)
    game_over_rule = "los:4"               # 勝敗: the game is decided, nothing more is done
    optional_rule = "los:8.1.2"            # 誘発任意効果: 適用させないことを選んだ場合、そのカードの効果は発動しません
    # the book has no 「〜まで」 and no 「〜なら」: the card's text decides over the rules (9.1), choosing as 9.6 says
    up_to_rule, up_to_cites = "los:9.1", ("los:9.6",)
    condition_rule, condition_cites = "los:9.1", ("los:8.1",)
    # 8.7: 「元々の」 is the printed number; otherwise the value the effects changed (8.9, 9.5) is read
    current_value_rules = {"atk": "los:8.7", "def": "los:8.7", "down": "los:8.7"}
    printed_value_rule = "los:8.7"

    # 9.3: effects of one timing — the turn player's opponent chooses one and uses it, then the turn player, in turn
    simultaneous_rule = "los:9.3"
    simultaneous_cites = ("los:7.2",)

    def current_number(self, g, player, card, field):
        if field in ("atk", "def", "down") and card.get("mods"):
            return stat(card, field.upper())
        return card.get(field)

    def next_simultaneous(self, g: GameState, waiting: list[dict]) -> simultaneous.Pick:
        tp = g.data["turn_player"]
        pick = simultaneous.taking_turns(waiting, other(tp), g.data[simultaneous.KEY]["last"], "los:9.3",
                                         "同じタイミングの効果は相手プレイヤーから1つずつ交互に解決します")
        # 9.3.1: a player's 誘発強制効果 before their 誘発任意効果 (「〜しても良い」: optional)
        optional = {e["n"] for e in waiting if e["body"].get("optional")}
        forced = [n for n in pick.allowed if n not in optional]
        if not forced or len(forced) == len(pick.allowed):
            return pick
        why = "「誘発強制効果」と「誘発任意効果」が同タイミングで発動した場合、「誘発強制効果」から解決します"
        return pick._replace(allowed=tuple(forced), withheld=pick.withheld + tuple(
            (n, "los:9.3.1", why) for n in pick.allowed if n in optional))

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

    def lasting_card_owner(self, g: GameState, card_id: str) -> str | None:
        where = locate(g, card_id)
        return where[0] if where else None

    def lasting_on_field(self, g: GameState, card_id: str) -> bool:
        return on_field(g, card_id)

    def after_adjustment(self, g: GameState) -> None:
        """A card the adjustment took off the field ends its 「場にある間」 modifications (9.4), as its own step."""
        super().after_adjustment(g)
        for _ in field_bound_ends(g):
            pass
