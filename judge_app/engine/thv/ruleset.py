"""The 東方VISION ruleset: one class mixing the modules that follow the rulebook, bound to the skeleton modules."""
from __future__ import annotations

import random

from judge_app.engine import lasting
from judge_app.engine.lasting import LastingEffects
from judge_app.engine.thv.cards import locate
from judge_app.engine.verdict_words import Words
from judge_app.engine import simultaneous
from judge_app.engine.ruleset import Ruleset
from judge_app.engine.thv.adjust import ADJUSTMENTS, AdjustMixin
from judge_app.engine.thv.hidden import HIDDEN_ADJUSTMENTS, ThvHidden
from judge_app.engine.thv.battle import BattleMixin
from judge_app.engine.thv import notation
from judge_app.engine.thv.board import BOARD_SCHEMA, check_board, midgame_board, new_game_board, setup_state
from judge_app.engine.thv.cards import PLAYERS, ZONE_JA, ZONES, attack_of, locate, toughness_of
from judge_app.engine.trace import Refused
from judge_app.engine.thv.costs import CostMixin
from judge_app.engine.thv.damage import DamageMixin
from judge_app.engine.thv.effects import EffectMixin, EffectRulesMixin
from judge_app.engine.thv.invariants import invariants
from judge_app.engine.thv.moves import MovesMixin
from judge_app.engine.thv.options import RULE_OPTIONS
from judge_app.engine.thv.phases import PHASE_LABELS, PHASES
from judge_app.engine.thv.play import PlayMixin
from judge_app.engine.thv.priority import PriorityMixin
from judge_app.engine.thv.removal import RemovalMixin
from judge_app.engine.thv.turn import TurnMixin


class ThvRuleset(LastingEffects, EffectRulesMixin, TurnMixin, PriorityMixin, PlayMixin, EffectMixin, BattleMixin, DamageMixin,
                 RemovalMixin, CostMixin, MovesMixin, AdjustMixin, ThvHidden, Ruleset):
    game = "thv"
    modified_zones = ("field",)   # mods (6.1.10) live on field cards and their set cards
    verdict_words = Words(
        zones={"deck": "デッキ", "hand": "手札", "field": "場", "nodes": "ノードエリア", "graveyard": "冥界",
               "removed": "除外エリア", "play_area": "プレイエリア"},
        counted=("nodes",),
        fields={"life": "ライフ"},
        shared={"effects": "続いている効果"},
        card_fields={"state": "", "damage": "ダメージ", "attack_mod": "攻撃力の修整", "toughness_mod": "耐久力の修整"},
        values={("state", "active"): "アクティブ", ("state", "sleep"): "スリープ", ("damage", None): "0"})
    doc = "thv"
    title = "東方VISION"
    board_schema = BOARD_SCHEMA
    rule_options = RULE_OPTIONS
    phases = PHASES
    phase_labels = PHASE_LABELS
    # ---- lasting prohibitions and invalidations (engine/lasting.py) ------------------------------------------
    # 1.3.2 「…何かを出来ない、何かを失うという効果が同じ項目に対して同時に適用されている場合、出来ない…」
    prohibition_rule = "thv:1.3.2"
    # 2.1.1.a 「テキスト、または、効果が無効になる場合、そのテキスト、または、効果は発生しなくなる」
    invalidation_rule = "thv:2.1.1.a"
    # each action's own conditions name the prohibition: a character that 攻撃/防御を行えない (6.3.3.c, 6.4.3.d), a
    # player that may not make a character attack/defend (6.3.2.e, 6.4.2.d), 起動効果を使用出来ない (7.3.7)
    prohibition_rules = {("attack", "card"): "thv:6.3.3.c", ("attack", "player"): "thv:6.3.2.e",
                         ("block", "card"): "thv:6.4.3.d", ("block", "player"): "thv:6.4.2.d",
                         ("use", "card"): "thv:7.3.7", ("use", "player"): "thv:7.3.7"}
    source_invalidated_rules = {"起動効果": "thv:7.3.3.b"}   # その起動効果を持つカードが…そのテキストが有効である
    keyword_lost_with = ("effects",)   # 2.13.3: invalidated text keeps its 【】 keywords
    lasting_durations = ("battle", "turn", "next_turn_end", "while_on_field", "permanent")
    # 「戦闘終了時まで」 ends at 6.2.4.i / 6.3.7.b; 「ターン終了時まで」 at 4.9.1.b
    duration_rules = {"battle": ("thv:6.2.4.i",), "turn": ("thv:4.9.1.b",), "next_turn_end": ("thv:4.9.1.b",)}
    prohibit_actions = ("draw", "attack", "block", "play", "use", "keyword")
    adjustments = (*ADJUSTMENTS[:-1], *lasting.adjustments(prohibition_rule, invalidation_rule, lasting_durations,
                                                           prohibit_actions), ADJUSTMENTS[-1],
                   *HIDDEN_ADJUSTMENTS)
    concede_rule = "thv:1.5.3.d"
    # The clauses a judge's `effect` adjustment is held to (docs/rulings-decisions.md ## thv says why each).
    effect_rule = "thv:7.1.9"                 # 効果は解決の際、文章の頭から順に適用していく
    cost_rule = "thv:1.8.9.e"                 # 求められるコストが支払えないことが明らかである場合、その効果の使用を試みることは出来ない
    as_much_as_possible_rule = "thv:12.6.1"   # 可能な限り、とは…プレイヤーの直接の行動のみで行える範囲の中で
    each_player_rule = "thv:7.1.13"           # 1つの効果が複数の対象に適用される場合、複数の対象に同時に効果が適用される
    game_over_rule = "thv:1.5.1"              # ゲームの勝敗はいずれかのプレイヤーが勝利条件を満たした場合に決定する
    optional_rule = "thv:7.4.4"               # してもよい、と任意で適用できる自動効果: its player applies it or not
    up_to_rule = "thv:8.1.2"                  # 適切な対象: 〔X枚まで〕の記述に合致する数なら 0 も
    condition_rule, condition_cites = "thv:7.1.12", ("thv:7.1.9",)   # その部分以降の文章は適用されない
    # 6.1.10: 単に戦闘力、攻撃力、耐久力という場合、この処理を適用した後の値を指す (the book has no 「元々の」)
    current_value_rules = {"attack": "thv:6.1.10", "toughness": "thv:6.1.10"}
    # where an effect's card must be (7.3.1.a 起動効果: 場以外にあるカードは使用出来ない; 7.4.5.a 自動α and 7.4.7.a
    # 自動γ: 場を離れていた場合、解決は行われない 7.4.7.d)
    effect_kinds = ("プレイしたカードの効果", "起動効果", "自動α", "自動β", "自動γ")   # 7.2, 7.3, 7.4.3
    SOURCE_ON_FIELD = {"起動効果": "thv:7.3.1.a", "マナチャージ": "thv:7.3.1.a", "自動α": "thv:7.4.5.a",
                       "自動γ": "thv:7.4.7.d"}

    def current_number(self, g, player, card, field):
        if field in ("attack", "toughness"):   # through 6.1.10's layers, not below 0 (6.1.12)
            return (attack_of if field == "attack" else toughness_of)(card)
        return card.get(field)

    def check_source(self, g, source, keyword, kind):
        rule = self.SOURCE_ON_FIELD.get(kind or "") or self.SOURCE_ON_FIELD.get(keyword or "")
        loc = locate(g, source) if source and rule else None
        if rule and source and (loc is None or loc[1] != "field"):
            where = ZONE_JA.get(loc[1], loc[1]) if loc else "ゲームの外"
            raise Refused(f"source: {self.card_label(g, source)}は{where}にあります。{kind or keyword}は場のカードの効果です"
                          f"（{rule}）", rule, "source")
    notation = notation
    # 1.12.8.a: what was used in one interference resolves from the last used back; nobody has priority, and so
    # nothing checks 1.5.3.a, until all of it is resolved (1.12.11)
    simultaneous_rule = "thv:1.12.8.a"
    simultaneous_cites = ("thv:1.12.11",)

    AUTOMATIC = ("自動α", "自動β", "自動γ")   # 7.4.3: effects applied when their condition is met, not used

    def simultaneous_clause(self, effects):
        """Automatic effects of several players met together are chosen in turn, the turn player first (1.3.3);
        anything else entered together was used in one interference and resolves last first (1.12.8.a)."""
        if all(e["body"].get("kind") in self.AUTOMATIC for e in effects) and len({e["player"] for e in effects}) > 1:
            return "thv:1.3.3"
        return self.simultaneous_rule

    def next_simultaneous(self, g, waiting):
        if g.data[simultaneous.KEY]["rule"] == "thv:1.3.3":
            # 1.3.3.a: the turn player orders and settles all of theirs before the next player's turn to choose
            return simultaneous.players_in_turn(waiting, g.data["turn_player"], "thv:1.3.3",
                                                "複数のプレイヤーが同時に選択を行う場合、ターンプレイヤーから順番に、"
                                                "その全てを選択してから次のプレイヤーに移ります（1.3.3.a）")
        return simultaneous.Pick(None, "thv:1.12.8.a", (waiting[-1]["n"],))

    def lasting_card_owner(self, g, card_id):
        where = locate(g, card_id)
        return where[0] if where else None

    def lasting_on_field(self, g, card_id):
        where = locate(g, card_id)
        return bool(where) and where[1] == "field"

    def check_board(self, board):
        check_board(board, self.options_of(board))

    def setup(self, board, seed):
        g = setup_state(board, seed, self.options_of(board))
        counts = {p: 0 for p in PLAYERS}
        for p in PLAYERS:
            for zone in ZONES:
                for c in g.data["players"][p][zone]:
                    counts[c["owner"]] += 1 + (len(c.get("sets") or ()) if zone == "field" else 0)
        g.data["card_counts"] = counts
        return g

    def new_game_board(self, rng: random.Random) -> dict:
        return new_game_board(rng)

    def midgame_board(self, rng: random.Random) -> dict:
        return midgame_board(rng)

    def invariants(self, g):
        return invariants(g)
