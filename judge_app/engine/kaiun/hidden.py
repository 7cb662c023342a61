"""開運's hidden zones (3-2-2 デッキ, 3-3-2/3-3-3 手札, 3-7-2 バリア) and the clauses of looking (11-2), revealing (11-1)
and where a barrier card is taken from (3-7-3). kaiun-multi's book refers 11-1 to 11-3 to this one and adds 11-4-1
(「公開する」: every player): it overrides `reveal_rule`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge_app.engine.hidden import HiddenOps, HiddenRules, HiddenZone, hidden_adjustments
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, Refused

KAIUN_HIDDEN = HiddenRules(
    zones=(
        HiddenZone("deck", "デッキ", "kaiun:3-2-2"),
        HiddenZone("hand", "手札", "kaiun:3-3-3", owner_sees="kaiun:3-3-2"),
        # 3-7-2: いずれのプレイヤーもその内容を見ることができず (no 「特に指定のない限り」): only a card's text overrides it
        HiddenZone("barrier", "バリア", "kaiun:3-7-2", top_last=True, strict=True),
        # 3-5-2: 対戦相手の裏向きのカードは確認することができません (its owner set it and knows it)
        HiddenZone("battle_area", "バトルエリアの裏向きのカード", "kaiun:3-5-2", strict=True, unordered=True,
                   owner_sees="kaiun:3-5-2"),
    ),
    look="kaiun:11-2-1", after_look="kaiun:11-2-3", reveal="kaiun:11-1-2", reveal_end="kaiun:11-1-2",
    card_text="kaiun:1-3-1",
    shuffle="kaiun:3-2-4",
)


# kaiun-multi 11-4-1: 「公開する」処理や効果の場合、すべてのプレイヤーに公開します (11-1 refers to kaiun's)
MULTI_HIDDEN = replace(KAIUN_HIDDEN, reveal="kaiun-multi:11-4-1", reveal_end="kaiun:11-1-2")


class KaiunHidden(HiddenOps):
    hidden_rules = KAIUN_HIDDEN

    def hidden_ops(self):
        return hidden_adjustments(self.hidden_rules)

    def hidden_owner(self, g: GameState, target: str) -> str:
        return self.single(g, target)

    def hidden_now(self, g: GameState, owner: str, z) -> None:
        if z.name == "battle_area" and self.pl(g, owner)["face_up"]:
            raise AdjustmentError(f"zone: {owner} のバトルエリアのカードは表向きです（公開領域のカードです）", "zone")

    def barrier_named(self, g: GameState, p: str, value: Any, by_card: bool, cites: list[str]) -> None:
        """3-7-3: a barrier card leaves from the top (右) unless the effect says otherwise; a card named by id that is
        not among the top ones is refused unless the card's own text names it (1-3-1)."""
        if isinstance(value, int):
            return
        ids = [value] if isinstance(value, str) else list(value)
        top = {c["id"] for c in list(reversed(self.pl(g, p)["barrier"]))[:len(ids)]}
        if set(ids) <= top:
            return
        if not by_card:
            raise Refused("value: バリアのカードは一番上（右）から順に選びます。カードの文言がそのカードを指定する場合は"
                          " by_card を指定してください", "kaiun:3-7-3", "value")
        cites.append("kaiun:1-3-1")
