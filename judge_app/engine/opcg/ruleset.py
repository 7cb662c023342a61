"""ONE PIECE CARD GAME 総合ルール ver.1.1.6 as a ruleset on the engine core."""
from __future__ import annotations

import random

from judge_app.engine import lasting
from judge_app.engine.lasting import LastingEffects
from judge_app.engine.trace import Decision
from judge_app.engine.verdict_words import Words
from judge_app.engine import simultaneous
from judge_app.engine.ruleset import Ruleset
from judge_app.engine.state import GameState
from judge_app.engine.trace import Refused
from judge_app.engine.opcg import board as board_mod
from judge_app.engine.opcg import actions, keywords, notation, turn
from judge_app.engine.opcg.cards import label, locate, power
from judge_app.engine.opcg.adjustments import ADJUSTMENTS, EXPIRY_CITES, OpcgAdjustments
from judge_app.engine.opcg.hidden import HIDDEN_ADJUSTMENTS, OpcgHidden
from judge_app.engine.opcg.invariants import invariants
from judge_app.engine.opcg.options import RULE_OPTIONS
from judge_app.engine.opcg.phases import PHASE_LABELS, PHASES



class OpcgRuleset(LastingEffects, OpcgHidden, OpcgAdjustments, Ruleset):
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
    concede_rule = "opcg:1-2-3"
    notation = notation

    # ---- lasting prohibitions and invalidations (engine/lasting.py) ------------------------------------------
    # 1-3-3 「…同時にその行動を禁止する効果が発生している場合、常に禁止する効果が優先されます」
    prohibition_rule = "opcg:1-3-3"
    # 8-2-1-1 「効果の一部または全部が特定の条件下で無効であると表記されている場合、その効果を発生することはありません」
    invalidation_rule = "opcg:8-2-1-1"
    lasting_durations = ("battle", "turn", "turn_start", "next_turn_end", "while_on_field", "permanent")
    duration_rules = {**EXPIRY_CITES, "while_on_field": ("opcg:3-1-6",)}
    prohibit_actions = ("draw", "attack", "block", "play", "keyword")
    adjustments = (*ADJUSTMENTS[:-1], *lasting.adjustments(prohibition_rule, invalidation_rule, lasting_durations,
                                                           prohibit_actions), ADJUSTMENTS[-1],
                   *HIDDEN_ADJUSTMENTS)

    def lasting_card_owner(self, g: GameState, card_id: str) -> str | None:
        where = locate(g, card_id)
        return where[0] if where else None

    def lasting_on_field(self, g: GameState, card_id: str) -> bool:
        where = locate(g, card_id)
        return bool(where) and where[1] in ("leader", "characters", "stage")

    def screen_decision(self, g: GameState, decision: Decision) -> Decision:
        """The main phase's attack and play; a 【ブロッカー】 (7-1-2-1: its options are card ids)."""
        if decision.rule == "opcg:7-1-2-1":
            decision = self.screen_cards(g, decision, "block", "ブロッカー")
        return super().screen_decision(g, decision)

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
    # 8-1-2 「「できる」と表記されている場合、その効果を発動しないことを選べます」 (8-3-1-4: a cost may be declined)
    optional_rule = "opcg:8-1-2"
    # 8-4-4-1 「「～までを」と表記されている場合、0を選ぶこともできます」; 1-3-5-1 the same for any number
    up_to_rule, up_to_cites = "opcg:8-4-4-1", ("opcg:1-3-5-1",)
    # 8-3-3 「「～の場合」…それが満たされていない限り、「～場合」以降の効果は解決されません」; 4-10-1 the same
    condition_rule, condition_cites = "opcg:8-3-3", ("opcg:4-10-1",)
    # 「パワーN以上の」 reads the power now (2-6-3: effects change it; DON!! on the owner's turn 6-5-5-2); 「元々の」 the
    # printed number (4-9-2)
    current_value_rules, printed_value_rule = {"power": "opcg:2-6-3"}, "opcg:4-9-2"
    # auto effects whose card must still be where it met its timing (8-1-3-2-3): on the field
    FIELD_TIMINGS = ("アタック時", "相手のアタック時", "ブロック時", "自分のターン終了時", "相手のターン終了時", "ターン終了時",
                     "登場時")

    def current_number(self, g, player, card, field):
        if field == "power" and "power" in card:
            return power(g, card, player)
        return card.get(field)

    def check_source(self, g: GameState, source, keyword, kind) -> None:
        """8-1-3-2-3: an auto effect whose card moved to another zone before it was activated is not activated."""
        if not source or not keyword:
            return
        timed = [w for w in keywords.split(keyword) if w in self.FIELD_TIMINGS]
        where = locate(g, source)
        if timed and (where is None or where[1] not in ("leader", "characters", "stage")):
            zone = where[1] if where else "盤面の外"
            raise Refused(f"source: 【{timed[0]}】の効果は発動できません。{self.card_label(g, source)}は発動タイミングを満たした後に"
                          f"{zone}へ移動しています（8-1-3-2-3）", "opcg:8-1-3-2-3", "source")

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

