"""Legend of Stars' hidden zones (3.1 デッキ: 裏向き, 3.6 手札: 「相手に見せる必要はありません」) and chance.

The book has no clause on looking, revealing or choosing at random: a card that says so is done as its text says,
because the text wins over the rules (9.1 ルールと効果の優先), which is the clause these ops rest on. 見せる is named by
3.6 (the hand is shown only when something says so). Destroying from the hand is 破壊 (8.10).
"""
from __future__ import annotations

from judge_app.engine.hidden import HiddenOps, HiddenRules, HiddenZone, hidden_adjustments, pick_at_random, refuse_named
from judge_app.engine.los.cards import to_trash
from judge_app.engine.ruleset import Adjustment

LOS_HIDDEN = HiddenRules(
    zones=(
        HiddenZone("deck", "デッキ", "los:3.1"),
        HiddenZone("hand", "手札", "los:3.6", owner_sees="los:3.6"),
        # 6.4 裏側表示: the character's picture is not seen (its owner, who put it so, knows it)
        HiddenZone("face_down", "裏側表示のキャラクター", "los:6.4", unordered=True, owner_sees="los:6.4"),
    ),
    look="los:9.1", after_look="los:9.1", reveal="los:9.1", card_text="los:9.1", show="los:3.6",
    shuffle="los:5.1.1.III",
)
HIDDEN_ADJUSTMENTS = (
    *hidden_adjustments(LOS_HIDDEN),
    # value takes card ids too, only so that naming a card is refused rather than read as a type error
    Adjustment("discard_random", "手札からランダムに破壊する（トラッシュへ）", "los:8.10",
               {"target": {"enum": ["p1", "p2"]},
                "value": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 60},
                                    {"type": "array", "maxItems": 60, "items": {"type": "string", "maxLength": 40}},
                                    {"type": "string", "maxLength": 40}]}}, ("target",)),
)


class LosHidden(HiddenOps):
    hidden_rules = LOS_HIDDEN

    def hidden_cards_of(self, g, owner, z):
        if z.name != "face_down":
            return super().hidden_cards_of(g, owner, z)
        rows = g.data["players"][owner]
        return [c for row in ("front", "back") for c in rows.get(row) or () if c and c.get("face_down")]

    def adjust_discard_random(self, g, spec, target, value=1):
        """「手札をランダムに1枚破壊する」: the engine picks by the session's seed (the judge never names a card, 9.1: the
        text says at random); the card goes to the trash as 破壊 (8.10)."""
        refuse_named(value, "los:9.1", "ランダムに破壊するカード")
        hand = g.data["players"][target]["hand"]
        n = self.as_far_as_possible(g, value, len(hand), f"{target} の手札", "value")
        gone = pick_at_random(g, hand, n)
        for c in gone:
            to_trash(g, c["id"])
        return g.log(spec.rule, "adjust", f"{target} の手札からランダムに選ばれた{len(gone)}枚"
                     f"（{'、'.join(c['name'] for c in gone) or 'なし'}）を破壊し、トラッシュに置きました", target,
                     cites=("los:9.1", "los:3.2"))
