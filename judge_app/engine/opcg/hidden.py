"""ONE PIECE CARD GAME's hidden zones (3-2-2 デッキ, 3-4-2/3-4-3 手札, 3-10-2 ライフ) and the clauses of looking (11-3,
3-10-3 「ライフを見る」), revealing (11-2) and where a life or deck card is taken from (3-10-2: ライフの上のカード).
"""
from __future__ import annotations

from judge_app.engine.hidden import HiddenOps, HiddenRules, HiddenZone, hidden_adjustments
from judge_app.engine.state import GameState
from judge_app.engine.trace import Refused

OPCG_HIDDEN = HiddenRules(
    zones=(
        HiddenZone("deck", "デッキ", "opcg:3-2-2"),
        HiddenZone("hand", "手札", "opcg:3-4-3", owner_sees="opcg:3-4-2"),
        # 3-10-3: 「ライフを見る」 is done face up or down, and the life is put back in the orientation it had
        HiddenZone("life", "ライフ", "opcg:3-10-2", look_rule="opcg:3-10-3"),
    ),
    look="opcg:11-3-1", after_look="opcg:11-3-3", reveal="opcg:11-2-2", reveal_end="opcg:11-2-2",
    card_text="opcg:1-3-1",
    shuffle="opcg:3-2-4",
)
HIDDEN_ADJUSTMENTS = hidden_adjustments(OPCG_HIDDEN)
TOP_RULES = {"life": "opcg:3-10-2", "deck": "opcg:3-2-2"}


class OpcgHidden(HiddenOps):
    hidden_rules = OPCG_HIDDEN

    def open_clause(self, g, owner, z, value, cards):
        """3-10-2-1: a life card an effect added face up is a card of an open zone: anyone sees it, no effect needed.
        Only when every card the look takes in is face up (a face-down one among them keeps 3-10-2)."""
        if z.name != "life":
            return None
        life = g.data["players"][owner]["life"]
        if cards is not None:
            taken = [c for c in life if c["id"] in set(cards)]
        else:
            taken = life if value is None else life[:value]
        return "opcg:3-10-2-1" if taken and all(c.get("face_up") for c in taken) else None

    def check_taken_from_top(self, g: GameState, player: str, zone: str, card_id: str, by_card: bool) -> list[str]:
        """A life card leaves from the top (3-10-2), a deck card as the deck's order gives it (3-2-2), unless the
        card's text names the card (1-3-1: the text wins); returns the clauses the move then rests on."""
        rule = TOP_RULES.get(zone)
        cards = g.data["players"][player][zone] if rule else []
        if not rule or (cards and cards[0]["id"] == card_id):
            return []
        if not by_card:
            where = "ライフの上のカード" if zone == "life" else "デッキの一番上のカード"
            raise Refused(f"target: 特に指示がない限り、移動するのは{where}です。{card_id} は一番上にありません"
                          "（カードの文言がそのカードを指定する場合は by_card を指定してください）", rule, "target")
        return ["opcg:1-3-1"]
