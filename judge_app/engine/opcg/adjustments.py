"""Judge adjustments for card text the engine does not interpret, in the rulebook's vocabulary.
Each checks everything before it changes anything, and logs exactly one entry."""
from __future__ import annotations

from judge_app.engine.ruleset import Adjustment, concede_adjustment
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, TraceEntry
from judge_app.engine.opcg.actions import DURATIONS, add_effect, draw, leave_field
from judge_app.engine.opcg.board import KEYWORDS
from judge_app.engine.opcg.cards import label, locate, power, put_into, replace_card, take_from

TARGET = {"type": "string", "description": "カードID"}
PLAYER = {"enum": ["p1", "p2"]}
DURATION = {"enum": list(DURATIONS), "description": "battle=このバトル中, turn=このターン中, turn_start=次の自分のターン開始時まで, "
                                                    "next_turn_end=次のターン終了時まで, permanent=場を離れるまで"}
EXPIRY = {"battle": "7-1-5-3/7-1-5-4", "turn": "6-6-1-2/6-6-1-3", "turn_start": "6-2-1",
          "next_turn_end": "次のターンの6-6-1-2/6-6-1-3", "permanent": "3-1-6"}
# The clauses EXPIRY names, written out in full: the entry cites every number its message shows.
EXPIRY_CITES = {"battle": ("opcg:7-1-5-3", "opcg:7-1-5-4"), "turn": ("opcg:6-6-1-2", "opcg:6-6-1-3"),
                "turn_start": ("opcg:6-2-1",), "next_turn_end": ("opcg:6-6-1-2", "opcg:6-6-1-3"),
                "permanent": ("opcg:3-1-6",)}
# Leaving the field: attached DON!! go to the cost area rested; effects on the card end (a new card).
DON_RETURN, NEW_CARD, NOT_KO, CANNOT_DO = "opcg:6-5-5-4", "opcg:3-1-6", "opcg:10-2-1-3", "opcg:1-3-2"

ADJUSTMENTS = (
    Adjustment("power", "パワー±N（期限つき）", "opcg:2-6-3",
               {"target": TARGET, "value": {"type": "integer", "minimum": -99000, "maximum": 99000},
                "duration": DURATION, "owner": PLAYER}, ("target", "value", "duration")),
    Adjustment("ko", "KOする", "opcg:10-2-1-2", {"target": TARGET}, ("target",)),
    Adjustment("draw", "カードをN枚引く", "opcg:4-5-3",
               {"target": PLAYER, "value": {"type": "integer", "minimum": 1, "maximum": 50}}, ("target", "value")),
    Adjustment("trash", "トラッシュに置く", "opcg:3-5-1", {"target": TARGET}, ("target",)),
    Adjustment("add_life", "ライフに加える（デッキの上か手札から）", "opcg:2-9-4",
               {"target": PLAYER, "card": TARGET}, ("target",)),
    Adjustment("rest", "レストにする", "opcg:4-4-1-2", {"target": TARGET}, ("target",)),
    Adjustment("active", "アクティブにする", "opcg:4-4-1-1", {"target": TARGET}, ("target",)),
    Adjustment("keyword_add", "キーワード効果を得る（期限つき）", "opcg:8-1-3-4",
               {"target": TARGET, "keyword": {"enum": KEYWORDS}, "duration": DURATION, "owner": PLAYER},
               ("target", "keyword", "duration")),
    Adjustment("keyword_remove", "キーワード効果を失う（期限つき）", "opcg:8-1-3-4",
               {"target": TARGET, "keyword": {"enum": KEYWORDS}, "duration": DURATION, "owner": PLAYER},
               ("target", "keyword", "duration")),
    Adjustment("don_minus", "ドン!!-N（ドン!!デッキに戻す）", "opcg:10-2-10-1",
               {"target": PLAYER, "value": {"type": "integer", "minimum": 1, "maximum": 10},
                "source": {"type": "string", "description": "active / rested / 付与されているカードのID"}},
               ("target", "value")),
    Adjustment("don_add", "ドン!!デッキからドン!!をN枚追加", "opcg:3-9-3",
               {"target": PLAYER, "value": {"type": "integer", "minimum": 1, "maximum": 10}, "rested": {"type": "boolean"}},
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


def _duration_ok(g: GameState, duration: str) -> None:
    if duration == "battle" and not g.data.get("battle"):
        raise AdjustmentError("duration: 「このバトル中」はバトル中にのみ指定できます", "duration")


class OpcgAdjustments:
    """Mixed into the ruleset: adjust_<op>(g, spec, **params)."""

    def adjust_power(self, g: GameState, spec: Adjustment, target: str, value: int, duration: str,
                     owner: str | None = None) -> TraceEntry:
        player, _, card = _on_field(g, target)
        _duration_ok(g, duration)
        add_effect(g, kind="power", target=target, value=value, duration=duration, owner=owner or player,
                   rule=spec.rule)
        card = locate(g, target)[2]
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}のパワー{value:+d}（{DURATIONS[duration]}、"
                     f"{EXPIRY[duration]}で無効）。現在のパワー{power(g, card, player)}", owner or player,
                     cites=EXPIRY_CITES[duration])

    def adjust_keyword_add(self, g, spec, target, keyword, duration, owner=None):
        return self._keyword(g, spec, target, keyword, duration, owner, "keyword_add", "を得ました")

    def adjust_keyword_remove(self, g, spec, target, keyword, duration, owner=None):
        return self._keyword(g, spec, target, keyword, duration, owner, "keyword_remove", "を失いました")

    def _keyword(self, g, spec, target, keyword, duration, owner, kind, verb):
        player, _, card = _on_field(g, target, ("leader", "characters", "stage"))
        _duration_ok(g, duration)
        add_effect(g, kind=kind, target=target, keyword=keyword, duration=duration, owner=owner or player)
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
        drawn = 0
        for _ in range(value):  # 4-5-3: 「1枚引く」をN回; what cannot be done is not done (1-3-2)
            if draw(g, target) is None:
                break
            drawn += 1
        short = f"（デッキが足りず{drawn}枚のみ 1-3-2）" if drawn < value else ""
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {target} がカードを{drawn}枚引きました{short}", target,
                     cites=(CANNOT_DO,) if short else ())

    def adjust_trash(self, g, spec, target):
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
        take_from(g, player, zone, target)
        put_into(g, player, "trash", card)
        rule = "opcg:10-2-14-1" if zone == "hand" else spec.rule
        what = "手札から捨てました" if zone == "hand" else f"{zone}からトラッシュに置きました"
        return g.log(rule, "adjust", f"ジャッジ調整: {label(card)}を{what}", player)

    def adjust_add_life(self, g, spec, target, card=None):
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
            source = {"hand": "手札", "deck": "デッキ", "trash": "トラッシュ"}[where[1]]
        put_into(g, target, "life", moved, top=True)
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {source}のカードを{target} のライフの上に加えました（ライフ{len(g.get(f'players.{target}.life'))}枚）", target)

    def adjust_rest(self, g, spec, target):
        return self._orientation(g, spec, target, True)

    def adjust_active(self, g, spec, target):
        return self._orientation(g, spec, target, False)

    def _orientation(self, g, spec, target, rested):
        player, zone, card = _on_field(g, target, ("leader", "characters", "stage"))
        word = "レスト" if rested else "アクティブ"
        if bool(card.get("rested")) == rested:
            return g.log("opcg:1-3-2-1", "adjust", f"ジャッジ調整: {label(card)}は既に{word}のため、何も行われません", player)
        replace_card(g, player, zone, target, rested=rested)
        return g.log(spec.rule, "adjust", f"ジャッジ調整: {label(card)}を{word}にしました", player)

    def adjust_don_minus(self, g, spec, target, value, source="active"):
        pdata = g.data["players"][target]
        area = pdata["cost_area"]
        if source in ("active", "rested"):
            if area[source] < value:
                raise AdjustmentError(f"value: コストエリアの{source}のドン!!は{area[source]}枚です", "value")
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
        return g.log(spec.rule, "adjust", f"ジャッジ調整: ドン!!-{value}。{where}からドン!!{value}枚をドン!!デッキに戻しました", target)

    def adjust_don_add(self, g, spec, target, value, rested=False):
        pdata = g.data["players"][target]
        n = min(value, pdata["don_deck"])  # 1-3-2: as many as possible
        area = pdata["cost_area"]
        key = "rested" if rested else "active"
        g.set(f"players.{target}.don_deck", pdata["don_deck"] - n)
        g.set(f"players.{target}.cost_area", {**area, key: area[key] + n})
        return g.log(spec.rule, "adjust", f"ジャッジ調整: ドン!!デッキからドン!!{n}枚を{'レスト' if rested else 'アクティブ'}でコストエリアに置きました"
                     + ("（ドン!!デッキが足りません 1-3-2）" if n < value else ""), target,
                     cites=(CANNOT_DO,) if n < value else ())

    def adjust_loop_draw(self, g, spec):
        g.end_game("draw")
        return g.log(spec.rule, "loop", "永久循環: どちらのプレイヤーにも止める方法がないため、ゲームは引き分けで終了しました", None)

