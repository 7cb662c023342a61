"""Judge adjustments for card text the engine does not interpret, in the rulebook's vocabulary.
Each checks everything before it changes anything, and logs exactly one entry."""
from __future__ import annotations

from judge_app.engine import effect_parts, lasting
from judge_app.engine.hidden import BY_CARD
from judge_app.engine.ruleset import Adjustment, concede_adjustment
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, Refused, TraceEntry
from judge_app.engine.opcg.actions import (DURATIONS, add_effect, draw, leave_field, place_trigger_card,
                                           play_character_onto_field, trigger_destinations)
from judge_app.engine.opcg.board import KEYWORDS
from judge_app.engine.opcg.cards import field_cards, label, locate, power, put_into, replace_card, take_from

TARGET = {"type": "string", "description": "カードID"}
# a player; `both` is お互いのプレイヤー / 各プレイヤー: done for the turn player first, then the other (1-3-11)
PLAYER = {"enum": ["p1", "p2", "both"]}
OWNER = {"enum": ["p1", "p2"]}
COUNT = {"type": "integer", "minimum": 1, "maximum": 50}
DURATION = {"enum": list(DURATIONS), "description": "battle=このバトル中, turn=このターン中, turn_start=次の自分のターン開始時まで, "
                                                    "next_turn_end=次の相手のターン終了時まで, "
                                                    "while_on_field=source のカードが場にある間, permanent=場を離れるまで"}
SOURCE = {"type": "string", "description": "効果を持つカードID（「このカードが場にある間」に必要）"}
EXPIRY = {"battle": "7-1-5-3/7-1-5-4", "turn": "6-6-1-2/6-6-1-3", "turn_start": "6-2-1",
          "next_turn_end": "次の相手のターンの6-6-1-2/6-6-1-3", "while_on_field": "source が場を離れた時（3-1-6）",
          "permanent": "3-1-6"}
# The clauses EXPIRY names, written out in full: the entry cites every number its message shows.
EXPIRY_CITES = {"battle": ("opcg:7-1-5-3", "opcg:7-1-5-4"), "turn": ("opcg:6-6-1-2", "opcg:6-6-1-3"),
                "turn_start": ("opcg:6-2-1",), "next_turn_end": ("opcg:6-6-1-2", "opcg:6-6-1-3"),
                "while_on_field": ("opcg:3-1-6",), "permanent": ("opcg:3-1-6",)}
# Leaving the field: attached DON!! go to the cost area rested; effects on the card end (a new card).
DON_RETURN, NEW_CARD, NOT_KO, CANNOT_DO = "opcg:6-5-5-4", "opcg:3-1-6", "opcg:10-2-1-3", "opcg:1-3-2"
NO_TRIGGER = "opcg:10-1-5-1"  # 【トリガー】 is activated only by damage
ZONE_WORDS = {"hand": "手札", "deck": "デッキ", "trash": "トラッシュ", "life": "ライフ", "characters": "キャラクターエリア",
              "stage": "ステージエリア"}

ADJUSTMENTS = (
    Adjustment("power", "パワー±N（期限つき）", "opcg:2-6-3",
               {"target": TARGET, "value": {"type": "integer", "minimum": -99000, "maximum": 99000},
                "duration": DURATION, "owner": OWNER, "source": SOURCE}, ("target", "value", "duration")),
    Adjustment("ko", "KOする", "opcg:10-2-1-2", {"target": TARGET}, ("target",)),
    Adjustment("draw", "カードをN枚引く", "opcg:4-5-3", {"target": PLAYER, "value": COUNT}, ("target", "value")),
    Adjustment("trash", "トラッシュに置く（手札からは「捨てる」）", "opcg:3-5-1", {"target": TARGET, "by_card": BY_CARD},
               ("target",)),
    Adjustment("add_life", "ライフに加える（デッキの上か手札から）", "opcg:2-9-4",
               {"target": PLAYER, "card": TARGET,
                "face_up": {"type": "boolean", "description": "表向きで加える（カードの指示がある場合 3-10-2-1）"}},
               ("target",)),
    Adjustment("life_to_hand", "ライフの上からN枚を手札に加える", "opcg:3-10-2",
               {"target": PLAYER, "value": COUNT}, ("target", "value")),
    Adjustment("life_to_trash", "ライフの上からN枚をトラッシュに置く", "opcg:3-10-2",
               {"target": PLAYER, "value": COUNT}, ("target", "value")),
    Adjustment("deck_to_trash", "デッキの上からN枚をトラッシュに置く", "opcg:3-2-3",
               {"target": PLAYER, "value": COUNT}, ("target", "value")),
    Adjustment("add_to_hand", "デッキかトラッシュのカードを手札に加える", "opcg:11-2-1", {"target": TARGET}, ("target",)),
    Adjustment("return_to_hand", "キャラ・ステージを持ち主の手札に戻す", "opcg:3-1-6", {"target": TARGET}, ("target",)),
    Adjustment("return_to_deck", "カードを持ち主のデッキの上か下に置く", "opcg:3-2-2",
               {"target": TARGET, "position": {"enum": ["top", "bottom"], "description": "top=デッキの上, bottom=デッキの下（既定）"}},
               ("target",)),
    Adjustment("appear", "キャラ・ステージを効果で登場させる（コストなし）", "opcg:3-7-3",
               {"target": TARGET, "rested": {"type": "boolean", "description": "レストで登場させる"},
                "replace": {"type": "string", "description": "キャラが5枚のとき、トラッシュに置くキャラのID (3-7-6-1)"}},
               ("target",)),
    Adjustment("rest", "レストにする", "opcg:4-4-1-2", {"target": TARGET}, ("target",)),
    Adjustment("active", "アクティブにする", "opcg:4-4-1-1", {"target": TARGET}, ("target",)),
    Adjustment("keyword_add", "キーワード効果を得る（期限つき）", "opcg:8-1-3-4",
               {"target": TARGET, "keyword": {"enum": KEYWORDS}, "duration": DURATION, "owner": OWNER, "source": SOURCE},
               ("target", "keyword", "duration")),
    Adjustment("keyword_remove", "キーワード効果を失う（期限つき）", "opcg:8-1-3-4",
               {"target": TARGET, "keyword": {"enum": KEYWORDS}, "duration": DURATION, "owner": OWNER, "source": SOURCE},
               ("target", "keyword", "duration")),
    Adjustment("don_minus", "ドン!!-N（ドン!!デッキに戻す）", "opcg:10-2-10-1",
               {"target": PLAYER, "value": {"type": "integer", "minimum": 1, "maximum": 10},
                "source": {"type": "string", "description": "active / rested / 付与されているカードのID"}},
               ("target", "value")),
    Adjustment("don_add", "ドン!!デッキからドン!!をN枚追加", "opcg:3-9-3",
               {"target": PLAYER, "value": {"type": "integer", "minimum": 1, "maximum": 10}, "rested": {"type": "boolean"}},
               ("target", "value")),
    Adjustment("don_attach", "コストエリアのドン!!をN枚付与する", "opcg:6-5-5-1",
               {"target": TARGET, "value": {"type": "integer", "minimum": 1, "maximum": 10},
                "rested": {"type": "boolean", "description": "レストのドン!!を付与する"}}, ("target", "value")),
    Adjustment("don_rest", "コストエリアのアクティブのドン!!をN枚レストにする（①など）", "opcg:8-3-1-5",
               {"target": PLAYER, "value": {"type": "integer", "minimum": 1, "maximum": 10}}, ("target", "value")),
    Adjustment("don_active", "コストエリアのレストのドン!!をN枚アクティブにする", "opcg:4-4-1-1",
               {"target": PLAYER, "value": {"type": "integer", "minimum": 1, "maximum": 10}}, ("target", "value")),
    # 4-6-2: damage to a leader by an effect, one point at a time; at 0 life the leader taking it loses (1-2-2-1)
    Adjustment("damage", "リーダーにダメージを与える（効果）", "opcg:4-6-2",
               {"target": {"enum": ["p1", "p2", "both", "opponent"], "description": "ダメージを受けるリーダーのプレイヤー"
                           "（opponent=効果のプレイヤーの相手）"}, "value": COUNT}, ("target", "value")),
    # 「手札をN枚捨てる」: the player whose hand it is chooses which (a decision), unless the judge names them
    Adjustment("discard", "手札をN枚捨てる（枚数。どれを捨てるかは手札の持ち主が選ぶ）", "opcg:3-5-1",
               {"target": PLAYER, "value": COUNT,
                "cards": {"type": "array", "maxItems": 50, "items": {"type": "string"}, "description": "捨てるカード（ID）"}},
               ("target", "value")),
    Adjustment("loop_draw", "永久循環: どちらも止められない（引き分け）", "opcg:11-1-1-1", {}, ()),
    concede_adjustment("opcg:1-2-3"),
)


def _on_field(g: GameState, target: str, zones=("leader", "characters")) -> tuple[str, str, dict]:
    where = locate(g, target)
    if where is None:
        raise AdjustmentError(f"target: カード「{target}」は盤面にありません", "target")
    if where[1] not in zones:
        raise AdjustmentError(f"target: {label(where[2])}は{where[1]}にあります（対象にできるのは場のカードです）", "target")
    return where


def _until_turn(g: GameState, duration: str, owner: str | None) -> int | None:
    """「次の相手のターン終了時まで」 ends at the end of the next turn of the effect's player's opponent (6-6-1-2 /
    6-6-1-3 of that turn): the effect's player is the one named, else the effect's, else the turn player."""
    if duration != "next_turn_end":
        return None
    return lasting.opponents_turn_end(g, owner or g.acting)


def _duration_ok(g: GameState, duration: str, source: str | None = None) -> None:
    if duration == "battle" and not g.data.get("battle"):
        raise AdjustmentError("duration: 「このバトル中」はバトル中にのみ指定できます", "duration")
    if duration == "while_on_field":   # ends when its card leaves the field (3-1-6, leave_field)
        where = locate(g, source) if source else None
        if not source:
            raise AdjustmentError("source: 「このカードが場にある間」の効果には、効果を持つカード(source)が必要です", "source")
        if not where or where[1] not in ("leader", "characters", "stage"):
            raise AdjustmentError(f"source: 効果を持つカード「{source}」は場にありません", "source")


class OpcgAdjustments:
    """Mixed into the ruleset: adjust_<op>(g, spec, **params)."""

    def adjust_damage(self, g: GameState, spec: Adjustment, target: str, value: int) -> TraceEntry:
        """4-6-2-1/4-6-2-2: for each point the top life card goes to the hand; a 【トリガー】 card may be activated
        instead (4-6-3, 10-1-5-1: the damaged player decides); with no life the leader takes the damage at 0 life
        (1-2-2-1), and rule processing ends the game (9-2-1-1)."""
        if target == "opponent":
            target = effect_parts.opponent_of(self, g, g.acting or g.data.get("turn_player"), "target")
        said, cites = [], ["opcg:4-6-2-2", "opcg:4-6-2-1"]
        for point in range(1, value + 1):
            life = g.get(f"players.{target}.life")
            if not life:
                g.set(f"players.{target}.leader_damaged_at_zero", True)
                said.append(f"{point}点目: ライフが0枚のときにリーダーがダメージを受けました（敗北条件 1-2-2-1）")
                cites.append("opcg:1-2-2-1")
                break
            card = life[0]
            use = "hand"
            if "トリガー" in (card.get("keywords") or ()):
                use = effect_parts.choose(g, target, f"ライフの{label(card)}は【トリガー】を持っています。発動しますか",
                                          [("activate", "公開して【トリガー】を発動する"), ("hand", "発動せず手札に加える")],
                                          "opcg:10-1-5-1")
                cites.append("opcg:4-6-3")
            if use == "activate":   # 4-6-3 / 10-1-5-1: revealed and activated as from battle damage (8-6-2-1)
                said.append(f"{point}点目: ダメージ処理を一時中断し、{label(card)}を公開して手札に加える代わりに【トリガー】を"
                            "発動しました（効果はジャッジが調整で適用）")
                cites += ["opcg:10-1-5-1", "opcg:8-6-2-1"]
                said += self._place_trigger_card(g, target, card)
            else:
                g.set(f"players.{target}.life", life[1:])
                put_into(g, target, "hand", card)
                said.append(f"{point}点目: ライフの上のカードを手札に加えました"
                            + ("（【トリガー】は発動せず、公開しません 10-1-5-2）" if use == "hand" and
                               "トリガー" in (card.get("keywords") or ()) else ""))
        return g.log(spec.rule, "damage", f"効果で{target} のリーダーに{value}ダメージ。{'。'.join(said)}", target,
                     cites=cites)

    def _place_trigger_card(self, g: GameState, player: str, card: dict) -> list[str]:
        """Where the activated card goes, as after battle damage (10-1-5-1, the table's option): the damaged player
        chooses where there is a choice, and which character leaves when five are in play (3-7-6-1)."""
        choices = trigger_destinations(g, card)
        dest = "trash"
        if len(choices) > 1:
            dest = effect_parts.choose(g, player, f"【トリガー】を発動した{label(card)}をどこに置きますか", choices,
                                       "opcg:10-1-5-1")
        said = []
        chars = g.get(f"players.{player}.characters")
        if dest == "play" and card["category"] == "キャラ" and len(chars) >= 5:
            victim = effect_parts.choose(g, player, f"キャラは5枚までです。{label(card)}を登場させるため、トラッシュに置く"
                                         "キャラを選んでください", [(c["id"], label(c)) for c in chars], "opcg:3-7-6-1")
            old, _, _ = leave_field(g, player, "characters", victim)
            said.append(f"{label(old)}を持ち主のトラッシュに置きました（キャラは5枚まで 3-7-6-1）")
        return said + [message for _, _, message, _ in place_trigger_card(g, player, card, dest)]

    def adjust_discard(self, g: GameState, spec: Adjustment, target: str, value: int,
                       cards: list | None = None) -> TraceEntry:
        """手札をN枚捨てる (3-5-1: from the hand to the trash): the hand's player chooses which; a hand short of N is
        discarded as far as possible in an effect (1-3-2), and refused as a cost (8-3-1-3)."""
        hand = g.get(f"players.{target}.hand")
        n = self.as_far_as_possible(g, value, len(hand), f"{target} の手札", "value")
        if cards is not None:
            missing = [c for c in cards if c not in {h["id"] for h in hand}]
            if missing or len(set(cards)) != n:
                raise AdjustmentError(f"cards: {target} の手札から{n}枚を重ならずに指定してください"
                                      f"（{'、'.join(missing) + 'は手札にありません' if missing else f'{len(set(cards))}枚指定'}）",
                                      "cards")
            ids = list(cards)
        elif n < len(hand):
            ids = effect_parts.pick_cards(g, target, [(h["id"], label(h)) for h in hand], n, spec.rule,
                                          f"{target} が捨てる手札")
        else:
            ids = [h["id"] for h in hand]
        for cid in ids:
            put_into(g, target, "trash", take_from(g, target, "hand", cid))
        names = "、".join(label(next(h for h in hand if h["id"] == cid)) for cid in ids) or "なし"
        return g.log(spec.rule, "adjust", f"{target} が手札{len(ids)}枚（{names}）を捨てました", target)

    def adjust_power(self, g: GameState, spec: Adjustment, target: str, value: int, duration: str,
                     owner: str | None = None, source: str | None = None) -> TraceEntry:
        player, _, card = _on_field(g, target)
        _duration_ok(g, duration, source)
        add_effect(g, kind="power", target=target, value=value, duration=duration, owner=owner or player,
                   rule=spec.rule, until_turn=_until_turn(g, duration, owner), source=source)
        card = locate(g, target)[2]
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}のパワー{value:+d}（{DURATIONS[duration]}、"
                     f"{EXPIRY[duration]}で無効）。現在のパワー{power(g, card, player)}", owner or player,
                     cites=EXPIRY_CITES[duration])

    def adjust_keyword_add(self, g, spec, target, keyword, duration, owner=None, source=None):
        return self._keyword(g, spec, target, keyword, duration, owner, "keyword_add", "を得ました", source)

    def adjust_keyword_remove(self, g, spec, target, keyword, duration, owner=None, source=None):
        return self._keyword(g, spec, target, keyword, duration, owner, "keyword_remove", "を失いました", source)

    def _keyword(self, g, spec, target, keyword, duration, owner, kind, verb, source=None):
        player, _, card = _on_field(g, target, ("leader", "characters", "stage"))
        _duration_ok(g, duration, source)
        add_effect(g, kind=kind, target=target, keyword=keyword, duration=duration, owner=owner or player,
                   until_turn=_until_turn(g, duration, owner), source=source)
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}が【{keyword}】{verb}（{DURATIONS[duration]}、"
                     f"{EXPIRY[duration]}で無効）", owner or player,
                     cites=EXPIRY_CITES[duration])

    def adjust_ko(self, g, spec, target):
        player, zone, card = _on_field(g, target, ("characters",))
        _, don, ended = leave_field(g, player, zone, target)
        extra = f"。付与されていたドン!!{don}枚はコストエリアにレストで置きます(6-5-5-4)" if don else ""
        extra += f"。適用されていた効果{ended}件はなくなります(3-1-6)" if ended else ""
        cites = ((DON_RETURN,) if don else ()) + ((NEW_CARD,) if ended else ())
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}をKOし、持ち主のトラッシュに置きました{extra}", player,
                     cites=cites)

    def adjust_draw(self, g, spec, target, value):
        # 4-5-3: 「1枚引く」をN回; what the deck cannot give is not done, the rest as far as possible (1-3-2)
        n = self.as_far_as_possible(g, value, len(g.get(f"players.{target}.deck")), "デッキのカード")
        for _ in range(n):
            draw(g, target)
        short = f"（デッキが足りず{n}枚のみ 1-3-2）" if n < value else ""
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {target} がカードを{n}枚引きました{short}", target)

    def adjust_trash(self, g, spec, target, by_card=False):
        where = locate(g, target)
        if where is None:
            raise AdjustmentError(f"target: カード「{target}」は盤面にありません", "target")
        player, zone, card = where
        if zone == "leader":
            raise AdjustmentError("target: リーダーはリーダーエリアから移動しません (3-6-3)", "target")
        if zone == "trash":
            raise AdjustmentError(f"target: {label(card)}は既にトラッシュにあります", "target")
        if zone in ("characters", "stage"):
            _, don, _ = leave_field(g, player, zone, target)
            extra = f"。付与されていたドン!!{don}枚はコストエリアにレストで置きます(6-5-5-4)" if don else ""
            return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}をトラッシュに置きました（KOではありません 10-2-1-3）{extra}", player,
                         cites=(NOT_KO, DON_RETURN) if don else (NOT_KO,))
        named = self.check_taken_from_top(g, player, zone, target, by_card)
        take_from(g, player, zone, target)
        put_into(g, player, "trash", card)
        rule = {"hand": "opcg:10-2-14-1", "life": "opcg:3-10-2", "deck": "opcg:3-2-3"}.get(zone, spec.rule)
        what = "手札から捨てました" if zone == "hand" else f"{ZONE_WORDS[zone]}からトラッシュに置きました"
        return g.log(rule, "adjust", f"ジャッジ調整: {label(card)}を{what}", player,
                     cites=(*((NO_TRIGGER,) if zone == "life" else ()), *named))

    def adjust_add_life(self, g, spec, target, card=None, face_up=False):
        pdata = g.data["players"][target]
        if card is None:
            if not pdata["deck"]:
                raise AdjustmentError("target: デッキが0枚のためライフに加えられません", "target")
            moved = take_from(g, target, "deck", pdata["deck"][0]["id"])
            source = "デッキの上"
        else:
            where = locate(g, card)
            if where is None or where[0] != target or where[1] not in ("hand", "deck", "trash"):
                raise AdjustmentError(f"card: {target} の手札・デッキ・トラッシュに「{card}」はありません", "card")
            moved = take_from(g, target, where[1], card)
            source = ZONE_WORDS[where[1]]
        # 3-10-2: a life card lies face down unless the effect says face up (3-10-2-1: then it counts as open)
        put_into(g, target, "life", {**moved, "face_up": True} if face_up else moved, top=True)
        way = "表向きで" if face_up else ""
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {source}のカードを{target} のライフの上に{way}加えました（ライフ"
                     f"{len(g.get(f'players.{target}.life'))}枚）", target,
                     cites=("opcg:3-10-2-1",) if face_up else ("opcg:3-10-2",))

    def adjust_life_to_hand(self, g, spec, target, value):
        return self._from_top(g, spec, target, value, "life", "hand", "ライフ", "手札に加えました",
                              "（ダメージではないため【トリガー】は発動しません）", (NO_TRIGGER,))

    def adjust_life_to_trash(self, g, spec, target, value):
        return self._from_top(g, spec, target, value, "life", "trash", "ライフ", "トラッシュに置きました",
                              "（ダメージではないため【トリガー】は発動せず、ライフが0枚になっても敗北条件ではありません）",
                              (NO_TRIGGER, "opcg:1-2-1-1-1"))

    def adjust_deck_to_trash(self, g, spec, target, value):
        return self._from_top(g, spec, target, value, "deck", "trash", "デッキ", "トラッシュに置きました", "（1枚ずつ）", ())

    def _from_top(self, g, spec, target, value, src, dst, word, verb, note, cites):
        """3-10-2 / 3-2-3: cards leave the life or the deck from the top, one at a time, as far as there are any."""
        n = self.as_far_as_possible(g, value, len(g.get(f"players.{target}.{src}")), word + "のカード")
        for _ in range(n):
            card = take_from(g, target, src, g.get(f"players.{target}.{src}")[0]["id"])
            put_into(g, target, dst, card)
        short = f"（{word}が足りず{n}枚のみ 1-3-2）" if n < value else ""
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {target} の{word}の上から{n}枚を{verb}{note}{short}"
                     f"（{word}{len(g.get(f'players.{target}.{src}'))}枚）", target, cites=cites)

    def adjust_add_to_hand(self, g, spec, target):
        where = locate(g, target)
        if where is None or where[1] not in ("deck", "trash"):
            raise AdjustmentError(f"target: デッキかトラッシュのカードを指定してください（「{target}」）", "target")
        player, zone, card = where
        take_from(g, player, zone, target)
        put_into(g, player, "hand", card)
        if zone == "deck":
            return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}をデッキから公開して手札に加えました", player,
                         cites=("opcg:8-4-4-4",))
        return g.log("opcg:3-5-2", "adjust", f"ジャッジ調整: {label(card)}をトラッシュから手札に加えました", player)

    def adjust_return_to_hand(self, g, spec, target):
        player, zone, card = _on_field(g, target, ("characters", "stage"))
        _, don, ended = leave_field(g, player, zone, target, dest="hand")
        extra = f"。付与されていたドン!!{don}枚はコストエリアにレストで置きます(6-5-5-4)" if don else ""
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}を持ち主の手札に戻しました（新しいカード、KOではありません）{extra}",
                     player, cites=(DON_RETURN,) if don else ())

    def adjust_return_to_deck(self, g, spec, target, position="bottom"):
        where = locate(g, target)
        if where is None or where[1] in ("leader", "deck"):
            raise AdjustmentError(f"target: デッキに置けるカードではありません（「{target}」）", "target")
        player, zone, card = where
        top = position == "top"
        if zone in ("characters", "stage"):
            _, don, _ = leave_field(g, player, zone, target, dest="deck", top=top)
            rule, cites = NEW_CARD, (DON_RETURN,) if don else ()
            extra = f"。付与されていたドン!!{don}枚はコストエリアにレストで置きます(6-5-5-4)" if don else ""
        else:
            take_from(g, player, zone, target)
            put_into(g, player, "deck", card, top=top)
            rule, cites, extra = spec.rule, (), ""
        return g.log(rule, "adjust", f"ジャッジ調整: {label(card)}を{ZONE_WORDS[zone]}から持ち主のデッキの"
                     f"{'上' if top else '下'}に置きました{extra}", player, cites=cites)

    def adjust_appear(self, g, spec, target, rested=False, replace=None):
        where = locate(g, target)
        if where is None or where[1] not in ("hand", "deck", "trash", "life"):
            raise AdjustmentError(f"target: 手札・デッキ・トラッシュ・ライフのカードを指定してください（「{target}」）", "target")
        player, zone, card = where
        if card.get("category") == "ステージ":
            old = g.get(f"players.{player}.stage")
            if old:
                leave_field(g, player, "stage", old["id"])
            take_from(g, player, zone, target)
            put_into(g, player, "stage", {**card, "rested": rested})
            return g.log("opcg:3-8-3", "adjust", f"ジャッジ調整: {label(card)}を{ZONE_WORDS[zone]}から{'レストで' if rested else ''}登場させました"
                         + (f"（ステージは1枚までのため{label(old)}をトラッシュに置きました 3-8-5-1）" if old else ""), player,
                         cites=("opcg:3-8-4", "opcg:3-8-5-1") if old else ("opcg:3-8-4",))
        if card.get("category") != "キャラ":
            raise AdjustmentError(f"target: {label(card)}はキャラでもステージでもないため登場できません (3-7-3, 3-8-3)", "target")
        chars = g.get(f"players.{player}.characters")
        cites = ["opcg:3-7-5", "opcg:3-7-4"]
        extra = ""
        if len(chars) >= 5:
            if not any(c["id"] == replace for c in chars):
                raise AdjustmentError("replace: キャラが5枚あるため、トラッシュに置くキャラを replace で指定してください (3-7-6-1)", "replace")
            old, don, _ = leave_field(g, player, "characters", replace)
            extra = f"（キャラは5枚までのため{label(old)}を持ち主のトラッシュに置きました 3-7-6-1、KOではありません）"
            cites += ["opcg:3-7-6-1", NOT_KO] + ([DON_RETURN] if don else [])
        take_from(g, player, zone, target)
        play_character_onto_field(g, player, card)
        if rested:
            replace_card(g, player, "characters", target, rested=True)
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}を{ZONE_WORDS[zone]}から{'レストで' if rested else 'アクティブで'}登場させました"
                     f"（コストは支払いません。このターン中はアタックできません）{extra}", player, cites=cites)

    def adjust_rest(self, g, spec, target):
        return self._orientation(g, spec, target, True)

    def adjust_active(self, g, spec, target):
        return self._orientation(g, spec, target, False)

    def _orientation(self, g, spec, target, rested):
        player, zone, card = _on_field(g, target, ("leader", "characters", "stage"))
        word = "レスト" if rested else "アクティブ"
        if bool(card.get("rested")) == rested:
            if g.resolving == "cost":  # 8-3-1-3: a cost that cannot be paid as written is not paid at all
                raise Refused(f"target: {label(card)}は既に{word}のため、発動コストとして{word}にできません",
                              self.cost_rule, "target")
            return g.log("opcg:1-3-2-1", "adjust", f"ジャッジ調整: {label(card)}は既に{word}のため、何も行われません", player)
        replace_card(g, player, zone, target, rested=rested)
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}を{word}にしました", player)

    def adjust_don_minus(self, g, spec, target, value, source="active"):
        pdata = g.data["players"][target]
        area = pdata["cost_area"]
        # 10-2-10-1: DON!! of the leader area, the character area and the cost area may be returned
        on_field = area["active"] + area["rested"] + sum(c.get("don") or 0 for c in field_cards(g, target))
        if on_field < value:  # ドン!!-○ is an activation cost (8-3-1-6): paid in full or not at all (8-3-1-3)
            raise Refused(f"value: 発動コストを支払えません。ドン!!-{value}には場のドン!!が{value}枚必要ですが{on_field}枚しかありません",
                          self.cost_rule, "value")
        if source in ("active", "rested"):
            if area[source] < value:
                raise AdjustmentError(f"value: コストエリアの{source}のドン!!は{area[source]}枚です（source で戻すドン!!を指定してください）", "value")
            g.set(f"players.{target}.cost_area", {**area, source: area[source] - value})
            where = "コストエリア（" + ("アクティブ" if source == "active" else "レスト") + "）"
        else:
            found = locate(g, source)
            if found is None or found[0] != target or found[1] not in ("leader", "characters"):
                raise AdjustmentError(f"source: {target} のリーダー・キャラに「{source}」はありません", "source")
            card = found[2]
            if (card.get("don") or 0) < value:
                raise AdjustmentError(f"value: {label(card)}に付与されているドン!!は{card.get('don') or 0}枚です", "value")
            replace_card(g, target, found[1], source, don=card["don"] - value)
            where = f"{label(card)}に付与されているドン!!"
        g.set(f"players.{target}.don_deck", pdata["don_deck"] + value)
        return g.log(spec.rule, "adjust", f"ジャッジ調整: ドン!!-{value}。{where}からドン!!{value}枚をドン!!デッキに戻しました", target,
                     cites=("opcg:8-3-1-6",))

    def adjust_don_add(self, g, spec, target, value, rested=False):
        pdata = g.data["players"][target]
        n = self.as_far_as_possible(g, value, pdata["don_deck"], "ドン!!デッキのドン!!")
        area = pdata["cost_area"]
        key = "rested" if rested else "active"
        g.set(f"players.{target}.don_deck", pdata["don_deck"] - n)
        g.set(f"players.{target}.cost_area", {**area, key: area[key] + n})
        return g.log(spec.rule, "adjust", f"ジャッジ調整: ドン!!デッキからドン!!{n}枚を{'レスト' if rested else 'アクティブ'}でコストエリアに置きました"
                     + ("（ドン!!デッキが足りません 1-3-2）" if n < value else ""), target)

    def adjust_don_attach(self, g, spec, target, value, rested=False):
        player, zone, card = _on_field(g, target)
        area = g.get(f"players.{player}.cost_area")
        key = "rested" if rested else "active"
        n = self.as_far_as_possible(g, value, area[key], f"コストエリアの{'レスト' if rested else 'アクティブ'}のドン!!")
        g.set(f"players.{player}.cost_area", {**area, key: area[key] - n})
        new = replace_card(g, player, zone, target, don=(card.get("don") or 0) + n)
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {'レスト' if rested else 'アクティブ'}のドン!!{n}枚を{label(card)}に付与しました"
                     f"（付与{new['don']}枚、自分のターン中パワー+{1000 * new['don']} 6-5-5-2）", player, cites=("opcg:6-5-5-2",))

    def adjust_don_rest(self, g, spec, target, value):
        return self._don_turn(g, spec, target, value, "active", "rested", "レスト")

    def adjust_don_active(self, g, spec, target, value):
        return self._don_turn(g, spec, target, value, "rested", "active", "アクティブ")

    def _don_turn(self, g, spec, target, value, src, dst, word):
        area = g.get(f"players.{target}.cost_area")
        n = self.as_far_as_possible(g, value, area[src], f"コストエリアの{'アクティブ' if src == 'active' else 'レスト'}のドン!!")
        g.set(f"players.{target}.cost_area", {src: area[src] - n, dst: area[dst] + n})
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {target} のコストエリアのドン!!{n}枚を{word}にしました", target)

    def adjust_loop_draw(self, g, spec):
        g.end_game("draw")
        return g.log(spec.rule, "loop", "永久循環: どちらのプレイヤーにも止める方法がないため、ゲームは引き分けで終了しました", None)
