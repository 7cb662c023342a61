"""ONE PIECE CARD GAME 総合ルール ver.1.1.6 as a ruleset on the engine core."""
from __future__ import annotations

import random

from judge_app.engine.verdict_words import Words
from judge_app.engine import simultaneous
from judge_app.engine.ruleset import Ruleset
from judge_app.engine.state import GameState
from judge_app.engine.opcg import board as board_mod
from judge_app.engine.opcg import actions, keywords, notation, turn
from judge_app.engine.opcg.cards import label, locate
from judge_app.engine.opcg.adjustments import ADJUSTMENTS, OpcgAdjustments
from judge_app.engine.opcg.invariants import invariants
from judge_app.engine.opcg.options import RULE_OPTIONS
from judge_app.engine.opcg.phases import PHASE_LABELS, PHASES



class OpcgRuleset(OpcgAdjustments, Ruleset):
    game = "opcg"
    verdict_words = Words(
        zones={"leader": "リーダー", "characters": "キャラクターエリア", "stage": "ステージエリア", "hand": "手札",
               "deck": "デッキ", "trash": "トラッシュ", "life": "ライフ"},
        counted=("life",),
        shared={"effects": "続いている効果"},
        fields={"don_deck": "ドン!!デッキ", "cost_area.active": "コストエリアのアクティブのドン!!",
                "cost_area.rested": "コストエリアのレストのドン!!"},
        card_fields={"rested": "", "don": "付与されたドン!!", "power": "パワー"},
        values={("rested", True): "レスト", ("rested", False): "アクティブ", ("rested", None): "アクティブ",
                ("don", None): "0"})
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

    # ---- card effects the judge applies (issue 28) ------------------------------------------------
    # 1-3-8 「特に指定のない限り、カードの効果はカードに記述されている順序で実行されます」
    effect_rule = "opcg:1-3-8"
    # 8-3-1-3 「発動コストのうち一部または全部を支払うことが不可能である場合、…発動コストはまったく支払うことはできません」
    cost_rule = "opcg:8-3-1-3"
    # 1-3-2 「その一部のみ実行不可能な場合、可能な限りその行動を行います」
    as_much_as_possible_rule = "opcg:1-3-2"
    # 1-3-11 「お互いのプレイヤーが同時に何らかの行動を指示されている場合、ターンプレイヤーからその行動を行い」
    each_player_rule = "opcg:1-3-11"
    # 1-2-1 「いずれかのプレイヤーが敗北した場合、ゲームが終了します」
    game_over_rule = "opcg:1-2-1"

    # 8-6-1: effects that meet their timing together resolve the turn player's first (8-6-1-1: each player orders
    # their own); 10-2-16-1: 【相手のアタック時】 after the attack's 【アタック時】
    simultaneous_rule = "opcg:8-6-1"
    simultaneous_cites = ("opcg:8-6-1-1",)

    def next_simultaneous(self, g: GameState, waiting: list[dict]) -> simultaneous.Pick:
        pick = simultaneous.players_in_turn(waiting, g.data["turn_player"], "opcg:8-6-1",
                                            "ターンプレイヤーの効果から先に解決します")
        if not any(e.get("keyword") == "アタック時" for e in waiting):
            return pick
        after = {e["n"] for e in waiting if e.get("keyword") == "相手のアタック時"}
        why = "【相手のアタック時】は相手の【アタック時】の効果の発動後に発動します"
        return pick._replace(allowed=tuple(n for n in pick.allowed if n not in after),
                             withheld=tuple((n, "opcg:10-2-16-1", why) if n in after else (n, r, w)
                                            for n, r, w in pick.withheld)
                             + tuple((n, "opcg:10-2-16-1", why) for n in pick.allowed if n in after))

    def game_over_clause(self, g: GameState) -> str:
        """The clause that ended this game (the entry that set it finished: 9-2-1-2, 7-1-4-1-1-1, 1-2-3, …)."""
        for e in reversed(g.trace):
            if any(c.path == "finished" for c in e.changes):
                return e.rule
        return self.game_over_rule

    def resolve_effect(self, g: GameState, parts: list, cost: list = (), **kw):
        # 8-4-1: conditions, the effect named, its activation cost paid in full (8-4-1-3, in the order written
        # 8-3-1-1), then resolved; an event's effect once it is in the trash (8-4-2), a field card's where it is (8-4-3)
        where = locate(g, kw["source"]) if kw.get("source") else None
        g.cite_next("opcg:8-4-1", *(("opcg:8-4-1-3",) if cost else ()), *(("opcg:8-3-1-1",) if len(cost) > 1 else ()),
                    *(("opcg:8-4-2",) if where and where[1] == "trash" and where[2].get("category") == "イベント" else ()),
                    *(("opcg:8-4-3",) if where and where[1] in ("leader", "characters", "stage") else ()))
        return super().resolve_effect(g, parts, cost, **kw)

    def use_keyword(self, g: GameState, keyword: str, source: str | None, player: str | None) -> list[str]:
        return keywords.use(g, keyword, source, player)

    def effect_player(self, g: GameState, source: str | None) -> str | None:
        """8-4-4-3: the effect's player is the player of its source card (else the turn player)."""
        where = locate(g, source) if source else None
        return where[0] if where else g.data.get("turn_player")

    def card_label(self, g: GameState, card_id: str) -> str:
        where = locate(g, card_id)
        return label(where[2]) if where else card_id

