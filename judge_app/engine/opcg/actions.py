"""Moves the rules make over and over: drawing (4-5), leaving the field (6-5-5-4, 3-1-6), paying cost (2-7),
effect expiry by duration, and rule processing (9). Each returns what changed; the caller logs it."""
from __future__ import annotations

from judge_app.engine import lasting
from judge_app.engine.state import GameState
from judge_app.engine.opcg.cards import as_new_card, label, put_into, take_from

# durations of an effect, in the rulebook's words
DURATIONS = {
    "battle": "このバトル中",            # 7-1-5-3, 7-1-5-4
    "turn": "このターン中",              # 6-6-1-2, 6-6-1-3 (「ターン終了時まで」も同じ)
    "turn_start": "次の自分のターン開始時まで",  # 6-2-1, in the owner's refresh phase
    "next_turn_end": "次の相手のターン終了時まで",  # 6-6-1-2, 6-6-1-3 of the opponent's next turn
    "while_on_field": "このカードが場にある間",  # its source leaves the field: 3-1-6 (leave_field)
    "permanent": "場を離れるまで",         # 3-1-6
}


def draw(g: GameState, player: str) -> dict | None:
    """4-5-2: the top card of the deck to the hand; None when the deck is empty (1-3-2: not done)."""
    deck = g.get(f"players.{player}.deck")
    if not deck:
        return None
    card = deck[0]
    g.set(f"players.{player}.deck", deck[1:])
    put_into(g, player, "hand", card)
    return card


def leave_field(g: GameState, player: str, zone: str, card_id: str, dest: str = "trash",
                top: bool = False) -> tuple[dict, int, int]:
    """A character or stage leaves the field: its attached DON!! go to the cost area rested (6-5-5-4) and the
    effects on it end, as it becomes a new card (3-1-6), whose 【ターン1回】 may be used again (10-2-13-4).
    Returns (card, DON!! returned, effects ended)."""
    card = take_from(g, player, zone, card_id)
    don = card.get("don") or 0
    if don:
        area = g.get(f"players.{player}.cost_area")
        g.set(f"players.{player}.cost_area", {**area, "rested": area["rested"] + don})
    ended = drop_effects_on(g, card_id)
    uses = g.data.get("keyword_uses")
    if uses and any(u[1] == card_id for u in uses):
        g.set("keyword_uses", [u for u in uses if u[1] != card_id])
    put_into(g, player, dest, as_new_card(card), top=top)
    return card, don, ended


def drop_effects_on(g: GameState, card_id: str) -> int:
    """The effects on a card that leaves the field end (3-1-6), and so do its 「場にある間」 ones."""
    return len(lasting.end_while_on_field(g, card_id))


def rest_don(g: GameState, player: str, n: int) -> None:
    """2-7-2: choose n active DON!! in the cost area and rest them."""
    if n <= 0:
        return
    area = g.get(f"players.{player}.cost_area")
    g.set(f"players.{player}.cost_area", {"active": area["active"] - n, "rested": area["rested"] + n})


def add_effect(g: GameState, **effect) -> dict:
    return lasting.add(g, **effect)   # recorded as `effects.<i>`: the list is never copied into the entry


def expire(g: GameState, owner: str, durations: tuple[str, ...]) -> list[dict]:
    """End the effects of `owner` with one of `durations` (next_turn_end only once its next turn ends)."""
    return lasting.expire(g, durations, owner)


def describe_effects(g: GameState, effects: list[dict]) -> str:
    parts = []
    for e in effects:
        if e["kind"] in ("prohibit", "invalidate"):
            parts.append(lasting.describe(e))
            continue
        what = f"パワー{e['value']:+d}" if e["kind"] == "power" else (
            f"【{e['keyword']}】を得る" if e["kind"] == "keyword_add" else f"【{e['keyword']}】を失う")
        parts.append(f"{e['target']}の{what}（{DURATIONS[e['duration']]}）")
    return "、".join(parts)


def losers(g: GameState) -> dict[str, str]:
    """9-2-1: every player who meets a defeat condition now, with the clause that says so."""
    found = {}
    for player, pdata in g.data["players"].items():
        if pdata.get("leader_damaged_at_zero"):
            found[player] = "opcg:9-2-1-1"
        elif not pdata["deck"]:
            found[player] = "opcg:9-2-1-2"
    return found


# 9-2-1-1 / 9-2-1-2, and the defeat conditions of 1-2-1-1 they check
CONDITIONS = {"opcg:9-2-1-1": ("opcg:1-2-2-1", "opcg:1-2-1-1", "opcg:1-2-1-1-1"),
              "opcg:9-2-1-2": ("opcg:1-2-2-2", "opcg:1-2-1-1", "opcg:1-2-1-1-2")}


def rule_processing(g: GameState):
    """9-1-2, 9-2-1: at once, every player who meets a defeat condition loses (both: the game is drawn).
    The entry cites 9-1-2 (at once, even during other actions), the condition met (1-2-1-1-1 / 1-2-1-1-2), and
    1-2-1 (the game ends; the player whose opponent lost and who did not lose wins)."""
    if g.finished:  # 1-2-1: the game is over; nothing is processed again
        return
    lost = losers(g)
    if not lost:
        return
    if len(lost) == 2:
        g.end_game("draw")
        met = sorted(set(lost.values()))
        yield g.log("opcg:9-2-1", "defeat", "ルール処理: 両プレイヤーが敗北条件を満たしているため、両者とも敗北し引き分けです", None,
                    cites=("opcg:9-1-1", "opcg:9-1-2", *met, "opcg:1-2-2", *(c for r in met for c in CONDITIONS[r]), "opcg:1-2-1"))
        return
    (player, rule), = lost.items()
    winner = "p2" if player == "p1" else "p1"
    reason = ("ライフが0枚のときにリーダーがダメージを受けました" if rule == "opcg:9-2-1-1"
              else "デッキのカードが0枚になりました")
    g.end_game(winner)
    yield g.log(rule, "defeat", f"ルール処理: {player} は{reason}（敗北条件）。{player} の敗北、{winner} の勝利です", player,
                cites=("opcg:9-1-1", "opcg:9-1-2", "opcg:9-2-1", "opcg:1-2-2", *CONDITIONS[rule], "opcg:1-2-1"))


def play_character_onto_field(g: GameState, player: str, card: dict) -> None:
    """3-7-3, 3-7-5: a character is placed active; it cannot attack this turn (3-7-4)."""
    put_into(g, player, "characters", {**as_new_card(card), "rested": False, "don": 0, "played_this_turn": True})


def trigger_destinations(g: GameState, card: dict) -> list[tuple[str, str]]:
    """Where a card whose 【トリガー】 was activated may go (10-1-5-1: the trash, unless its effect plays it or the
    table's option lets the owner choose), the same whether battle or an effect dealt the damage (4-6-3)."""
    choices = [("trash", "トラッシュに置く")]
    if card.get("category") in ("キャラ", "ステージ"):
        choices.append(("play", "登場させる（【トリガー】の効果が登場を指示する場合）"))
    if g.data["options"]["trigger_card_destination"] == "ask":
        choices.append(("hand", "手札に加える（カードの指示がある場合）"))
    return choices


def place_trigger_card(g: GameState, player: str, card: dict, dest: str) -> list[tuple[str, str, str, tuple]]:
    """Move the activated 【トリガー】 card out of the life to `dest` (a character's room made beforehand, 3-7-6-1);
    returns what happened as (rule, entry kind, message, cites), for the caller to log."""
    take_from(g, player, "life", card["id"])
    if dest == "play" and card["category"] == "キャラ":
        play_character_onto_field(g, player, card)
        return [("opcg:3-7-3", "play", f"【トリガー】により{label(card)}が登場しました", ())]
    said = []
    if dest == "play":
        old = g.get(f"players.{player}.stage")
        if old:
            leave_field(g, player, "stage", old["id"])
            said.append(("opcg:3-8-5-1", "trash", f"ステージは1枚までのため、{label(old)}をトラッシュに置きました", ("opcg:3-8-5",)))
        put_into(g, player, "stage", {**card, "rested": False})
        return [*said, ("opcg:3-8-3", "play", f"【トリガー】により{label(card)}がステージエリアに登場しました", ())]
    put_into(g, player, dest, card)
    where = "トラッシュに置きました" if dest == "trash" else "手札に加えました"
    return [("opcg:10-1-5-1", "trigger", f"【トリガー】を発動した{label(card)}を{where}", ())]


def make_room_for_character(g: GameState, player: str, card: dict):
    """3-7-6-1: with five characters, the player trashes one of them before the new one appears."""
    chars = g.get(f"players.{player}.characters")
    if len(chars) < 5:
        return
    victim = yield g.ask(player, f"キャラは5枚までです。{label(card)}を登場させるため、トラッシュに置くキャラを選んでください",
                         [(c["id"], label(c)) for c in chars], "opcg:3-7-6-1")
    old, don, ended = leave_field(g, player, "characters", victim)
    extra = f"。付与されていたドン!!{don}枚はコストエリアにレストで置きます(6-5-5-4)" if don else ""
    yield g.log("opcg:3-7-6-1", "trash", f"{label(old)}を持ち主のトラッシュに置きました（キャラは5枚まで 3-7-6、KOではありません 10-2-1-3）{extra}", player,
                cites=("opcg:3-7-6", "opcg:10-2-1-3", "opcg:6-5-5-4") if don else ("opcg:3-7-6", "opcg:10-2-1-3"))
