"""東方VISION's hidden zones (3.2.3 デッキ, 3.5.3 ノードエリア, 3.6.3 手札, 3.9.3 サイドボード) and its words for them:
見る (11.7), 公開する (11.6), シャッフル (11.8), 無作為に選ぶ (11.9); a whole deck looked at is shuffled afterwards
(3.2.5), a part is not (3.2.5.a); the deck's order is never changed otherwise (3.2.4).
"""
from __future__ import annotations

from judge_app.engine.hidden import (HiddenOps, HiddenRules, HiddenZone, forget, hidden_adjustments, pick_at_random,
                                     refuse_named)
from judge_app.engine.ruleset import Adjustment
from judge_app.engine.trace import Refused
from judge_app.engine.thv.cards import PLAYERS, label
from judge_app.engine.thv.moves import zone_cards

THV_HIDDEN = HiddenRules(
    zones=(
        HiddenZone("deck", "デッキ", "thv:3.2.3", order_rule="thv:3.2.4"),
        HiddenZone("hand", "手札", "thv:3.6.3", owner_sees="thv:3.6.3.a"),
        HiddenZone("nodes", "ノードエリア", "thv:3.5.3"),
        HiddenZone("sideboard", "サイドボード", "thv:3.9.3", owner_sees="thv:3.9.3.a"),
        # 3.4.3.a: a face-down card on the field is hidden from every player, its owner too (the book names no
        # owner's look; 5.7.5 lets a card turned face down by its own effect be read for its text: by_card)
        HiddenZone("face_down", "場の裏向きのカード", "thv:3.4.3.a", unordered=True),
    ),
    look="thv:11.7.1", after_look="thv:11.7.3", reveal="thv:11.6.1", reveal_end="thv:11.6.3", card_text="thv:1.3.1",
    shuffle="thv:11.8.1", whole_deck_shuffle="thv:3.2.5", part_no_shuffle="thv:3.2.5.a",
)
HIDDEN_ADJUSTMENTS = (
    *hidden_adjustments(THV_HIDDEN),
    Adjustment("shuffle", "シャッフルする（デッキ）", "thv:11.8.1", {"target": {"enum": [*PLAYERS, "both"]}}, ("target",)),
    # value takes card ids too, only so that naming a card is refused with 11.9.1 rather than as a type error
    Adjustment("discard_random", "手札を無作為に選んで破棄する", "thv:11.9.1",
               {"target": {"enum": [*PLAYERS, "both"]},
                "value": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 60},
                                    {"type": "array", "maxItems": 60, "items": {"type": "string", "maxLength": 40}},
                                    {"type": "string", "maxLength": 40}]}}, ("target",)),
)


class ThvHidden(HiddenOps):
    hidden_rules = THV_HIDDEN

    def hidden_cards_of(self, g, owner, z):
        if z.name != "face_down":
            return super().hidden_cards_of(g, owner, z)
        return [c for c in zone_cards(g, owner, "field") if c.get("face_down")]

    def taken_from_deck_top(self, g, where, card_id: str, by_card: bool) -> list[str]:
        """A deck card moves as the deck's order gives it, the top first (3.1.8; its order never changes, 3.2.4),
        unless the card's text names the card (1.3.1); returns the clauses the move then rests on."""
        if where is None or where[1] != "deck" or where[2] == 0:
            return []
        if not by_card:
            raise Refused(f"target: デッキのカードは上から移ります。{card_id} はデッキの一番上にありません"
                          "（カードの文言がそのカードを指定する場合は by_card を指定してください）", "thv:3.2.4", "target")
        return ["thv:1.3.1"]

    def adjust_shuffle(self, g, spec, target):
        """11.8.1: シャッフルとは、カードの並び順を無作為にする処理: the session's rng does it; nobody knows where any card is."""
        g.shuffle(f"players.{target}.deck")
        forget(g, [c["id"] for c in zone_cards(g, target, "deck")])
        return g.log(spec.rule, "adjust", f"判定員の調整: {target} のデッキをシャッフルする（並び順を無作為にする）", target,
                     cites=("thv:11.8.3",))

    def adjust_discard_random(self, g, spec, target, value=1):
        """「手札を無作為にX枚破棄する」: 11.9.1 無作為に選ぶ — the engine picks by the session's seed (the judge never
        names a card), then 破棄 (9.3.3) to the 冥界 (9.3.4.g)."""
        refuse_named(value, spec.rule, "無作為に選ぶカード")
        hand = zone_cards(g, target, "hand")
        n = self.how_many(g, value, len(hand), "手札", "value")
        if n < value:   # short of the number the effect is not applied (7.1.12), as the other discards
            return self._short(g, "thv:9.3.3", "手札", target, value, len(hand))
        gone = pick_at_random(g, hand, n)
        self._to(g, gone, "graveyard")
        return g.log(spec.rule, "adjust", f"判定員の調整: {target} の手札から無作為に選んだ{len(gone)}枚"
                     f"（{'、'.join(label(c) for c in gone) or 'なし'}）を破棄し、冥界に置いた", target,
                     cites=("thv:11.9.2", "thv:9.3.3", "thv:9.3.4.g"))
