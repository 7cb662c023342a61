"""The game in the rulebook's order: 5-2 ゲーム前の手順, then turns (6): リフレッシュ, ドロー, ドン!!,
メイン (6-5: play, attach DON!!, battle), エンド."""
from __future__ import annotations

from judge_app.engine.state import GameState
from judge_app.engine.opcg import battle as battle_mod
from judge_app.engine import lasting
from judge_app.engine.opcg.actions import (describe_effects, draw, expire, leave_field,
                                           make_room_for_character, play_character_onto_field, rest_don)
from judge_app.engine.opcg.phases import TURN_PHASES
from judge_app.engine.opcg.cards import field_cards, has, label, other, put_into, replace_card, take_from

FIRST_TURNS = (1, 2)  # 6-5-6-1: お互いの1ターン目


def game(g: GameState):
    start = g.phase
    if start == "setup":
        yield from preparation(g)
        start = "refresh"
    while True:
        for phase in TURN_PHASES[TURN_PHASES.index(start):]:
            yield from PHASE_PROCEDURES[phase](g)
        start = "refresh"


# ---- 5-2 ゲーム前の手順 ------------------------------------------------------------

def preparation(g: GameState):
    yield g.log("opcg:5-2-1-1", "setup", "各プレイヤーがデッキ（50枚）を提示しました。デッキ構築条件(5-1-2)を満たしています", cites=("opcg:5-2-1", "opcg:5-1-2"))
    for p in ("p1", "p2"):
        g.shuffle(f"players.{p}.deck")
    yield g.log("opcg:5-2-1-2", "setup", "各プレイヤーが自分のデッキをシャッフルし（順番を無作為に変更）、裏向きに置きました", cites=("opcg:3-2-4",))
    yield g.log("opcg:5-2-1-3", "setup", "各プレイヤーがリーダーカードをリーダーエリアに置きました: "
                + "、".join(label(g.get(f"players.{p}.leader")) for p in ("p1", "p2")))
    chooser = g.rng.choice(["p1", "p2"])
    yield g.log("opcg:5-2-1-4", "setup", f"じゃんけんなど（無作為、意思の介入なし）で {chooser} が先攻・後攻を選べるプレイヤーに決まりました", chooser,
                cites=("opcg:5-2-1-4-1",))
    choice = yield g.ask(chooser, "先攻か後攻を選んでください", [("first", "先攻"), ("second", "後攻")], "opcg:5-2-1-5")
    first = chooser if choice == "first" else other(chooser)
    g.set("first_player", first)
    yield g.log("opcg:5-2-1-5", "setup", f"{chooser} が{'先攻' if choice == 'first' else '後攻'}を選び、{first} が先攻です", chooser)
    for p in (first, other(first)):
        for _ in range(5):
            draw(g, p)
        yield g.log("opcg:5-2-1-6", "draw", f"{p} がデッキからカード5枚を引き、最初の手札としました", p, cites=("opcg:4-5-3",))
    for p in (first, other(first)):  # 先攻プレイヤーから順に1度だけ
        redo = yield g.ask(p, "引き直しを行いますか", [("keep", "引き直さない"), ("redraw", "手札をすべてデッキに戻し、シャッフルして5枚引き直す")], "opcg:5-2-1-6")
        if redo == "redraw":
            hand = g.get(f"players.{p}.hand")
            g.set(f"players.{p}.hand", [])
            g.set(f"players.{p}.deck", [*g.get(f"players.{p}.deck"), *hand])
            g.shuffle(f"players.{p}.deck")
            for _ in range(5):
                draw(g, p)
            yield g.log("opcg:5-2-1-6-1", "mulligan", f"{p} が手札をすべてデッキに戻してシャッフルし、改めて5枚引きました", p)
        else:
            yield g.log("opcg:5-2-1-6", "mulligan", f"{p} は引き直しを行いませんでした", p)
    for p in (first, other(first)):
        n = g.get(f"players.{p}.leader").get("life", 0)
        deck = g.get(f"players.{p}.deck")
        taken = deck[:n]
        g.set(f"players.{p}.deck", deck[n:])
        # the top card of the deck becomes the bottom of the life (2-9-2-1)
        g.set(f"players.{p}.life", list(reversed(taken)))
        yield g.log("opcg:5-2-1-7", "life", f"{p} がデッキの上から{n}枚をライフに置きました（デッキの一番上のカードがライフの一番下）", p)
    g.set("turn", 1)
    g.set("turn_player", first)
    g.set("phase", "refresh")
    yield g.log("opcg:5-2-1-8", "turn", f"{first} をターンプレイヤーとしてゲームを開始します（ターン1）", first,
                cites=("opcg:6-1-1", "opcg:6-1-2"))


# ---- 6-2 リフレッシュフェイズ ---------------------------------------------------------

def refresh_phase(g: GameState):
    tp = g.data["turn_player"]
    g.set("phase", "refresh")
    gone = expire(g, tp, ("turn_start",))  # 「次の自分のターン開始時まで」: the owner's own refresh phase
    if gone:
        yield g.log("opcg:6-2-1", "expire", f"{tp} の「ターン開始時まで」の効果が無効になりました: {describe_effects(g, gone)}", tp)
    yield g.log("opcg:6-2-2", "timing", "「ターン開始時」と表記されている効果が発動するタイミングです（カードの効果はジャッジが調整で適用）", tp)
    pdata = g.data["players"][tp]
    attached = sum(c.get("don") or 0 for c in field_cards(g, tp))
    if attached:
        g.set(f"players.{tp}.leader", {**pdata["leader"], "don": 0})
        g.set(f"players.{tp}.characters", [{**c, "don": 0} for c in pdata["characters"]])
        area = pdata["cost_area"]
        g.set(f"players.{tp}.cost_area", {**area, "active": area["active"] + attached})
        yield g.log("opcg:6-2-3", "don", f"{tp} のリーダーとキャラに付与されているドン!!{attached}枚をコストエリアに戻しました", tp)
    pdata = g.data["players"][tp]
    rested = [c for c in [pdata["leader"], *pdata["characters"], pdata["stage"]] if c and c.get("rested")]
    if rested or pdata["cost_area"]["rested"]:
        g.set(f"players.{tp}.leader", {**pdata["leader"], "rested": False})
        g.set(f"players.{tp}.characters", [{**c, "rested": False} for c in pdata["characters"]])
        if pdata["stage"]:
            g.set(f"players.{tp}.stage", {**pdata["stage"], "rested": False})
        area = pdata["cost_area"]
        g.set(f"players.{tp}.cost_area", {"active": area["active"] + area["rested"], "rested": 0})
        yield g.log("opcg:6-2-4", "untap", f"{tp} のレストのカード{len(rested)}枚とドン!!{area['rested']}枚をすべてアクティブにしました", tp)


# ---- 6-3 ドローフェイズ / 6-4 ドン!!フェイズ ------------------------------------------------

def draw_phase(g: GameState):
    tp = g.data["turn_player"]
    g.set("phase", "draw")
    if g.turn == 1 and tp == g.data["first_player"]:
        yield g.log("opcg:6-3-1", "draw", f"先攻の1ターン目のため、{tp} はカードを引けません", tp, cites=("opcg:6-1-2",))
        return
    barred = lasting.prohibition_of(g, "draw", tp)
    if barred:   # 1-3-3: the prohibition wins over the draw phase's draw
        yield g.log("opcg:1-3-3", "prohibited", f"{tp} はカードを引けないため、ドローフェイズにカードを引きません"
                    f"（{lasting.describe(barred)}）", tp, cites=("opcg:6-3-1",))
        return
    card = draw(g, tp)
    yield g.log("opcg:6-3-1", "draw", f"{tp} がカードを1枚引きました" if card else f"{tp} のデッキが0枚のため引けません", tp,
                cites=("opcg:6-1-2", "opcg:4-5-2"))


def don_phase(g: GameState):
    tp = g.data["turn_player"]
    g.set("phase", "don")
    pdata = g.data["players"][tp]
    want = 1 if (g.turn == 1 and tp == g.data["first_player"]) else 2
    n = min(want, pdata["don_deck"])
    rule = "opcg:6-4-1" if n == want else ("opcg:6-4-2" if n == 1 else "opcg:6-4-3")
    if n:
        g.set(f"players.{tp}.don_deck", pdata["don_deck"] - n)
        area = pdata["cost_area"]
        g.set(f"players.{tp}.cost_area", {**area, "active": area["active"] + n})
    why = "（先攻の1ターン目）" if want == 1 else ""
    msg = f"ドン!!デッキからドン!!{n}枚をコストエリアに置きました{why}" if n else "ドン!!デッキが0枚のため、ドン!!は置きません"
    yield g.log(rule, "don", msg, tp)


# ---- 6-5 メインフェイズ ---------------------------------------------------------------

def main_phase(g: GameState):
    tp = g.data["turn_player"]
    g.set("phase", "main")
    yield g.log("opcg:6-5-1", "timing", "メインフェイズ開始。「メインフェイズ開始時」の効果が発動するタイミングです（カードの効果はジャッジが調整で適用）", tp)
    loops = Loops(g)
    loop_logged = False

    def choices():
        # asked again after a judge's adjustment: the state the action will be taken from has changed
        loops.adjusted = True
        return main_actions(g, tp, loops.banned())

    while True:
        banned = loops.banned()
        if banned and not loop_logged:
            loop_logged = True
            yield g.log("opcg:11-1-1-2", "loop", "永久循環: すべての領域が同一の状態に戻りました。同じ循環行動は再び選べません", tp)
        options, held = main_actions(g, tp, banned)
        choice = yield g.ask(tp, "メインフェイズの行動を選んでください", options, "opcg:6-5-2", withheld=held, remake=choices)
        if choice == "end":
            yield g.log("opcg:6-5-2-1", "phase", f"{tp} がメインフェイズの終了を宣言しました", tp)
            return
        loops.chose(choice)  # from the state as it is now (an adjustment may have changed it while the decision waited)
        kind, card_id = choice.split(":", 1)
        if kind == "play":
            yield from play_card(g, tp, card_id)
        elif kind == "don":
            yield from attach_don(g, tp, card_id)
        else:
            yield from battle_mod.battle(g, tp, card_id)


class Loops:
    """11-1: the actions taken from each whole-table state this main phase. The rules' own procedures cannot bring
    a state back (each uses up DON!!, cards or active attackers); only a judge's adjustment can. So until an
    adjustment shows up in the trace, each state is kept as a shallow snapshot (state values are replaced, never
    changed in place) and compared (`table_fingerprint`) only once one has."""

    def __init__(self, g: GameState):
        self.g, self.seen, self.adjusted = g, len(g.trace), False
        self.snapshots: list[tuple[tuple, dict, str]] = []
        self.chosen_from: dict[tuple, set] = {}

    def _check(self) -> None:
        if not self.adjusted:
            trace = self.g.trace
            self.adjusted = any(e.kind in ("adjust", "effect") for e in trace[self.seen:])
            self.seen = len(trace)
        if self.adjusted and self.snapshots:
            for effects, players, choice in self.snapshots:
                self.chosen_from.setdefault(table_fingerprint(effects, players), set()).add(choice)
            self.snapshots = []

    def banned(self):
        self._check()
        if not self.adjusted:
            return ()
        return self.chosen_from.get(table_fingerprint(self.g.data["effects"], self.g.data["players"]), ())

    def chose(self, choice: str) -> None:
        self._check()
        data = self.g.data
        if self.adjusted:
            self.chosen_from.setdefault(table_fingerprint(data["effects"], data["players"]), set()).add(choice)
        else:
            self.snapshots.append((data["effects"], {p: dict(v) for p, v in data["players"].items()}, choice))


def table_fingerprint(effects: list, players: dict) -> tuple:
    """Everything 11-1-1-2 compares (「すべての領域のカードが同一」), cheaply: ids, orientation, DON!!, effects."""
    parts: list = [tuple(e["id"] for e in effects)]
    for pdata in players.values():
        stage = pdata["stage"]
        parts.append((
            pdata["leader"].get("rested"), pdata["leader"].get("don"),
            tuple((c["id"], c.get("rested"), c.get("don"), c.get("played_this_turn")) for c in pdata["characters"]),
            (stage["id"], stage.get("rested")) if stage else None,
            pdata["don_deck"], pdata["cost_area"]["active"], pdata["cost_area"]["rested"],
            *(tuple(c["id"] for c in pdata[zone]) for zone in ("hand", "deck", "trash", "life")),
        ))
    return tuple(parts)


def attack_refusal(g: GameState, card: dict) -> tuple[str, str] | None:
    """Why this leader or character may not declare an attack now (clause, reason), or None when it may."""
    if g.turn in FIRST_TURNS:
        return "opcg:6-5-6-1", "お互いの1ターン目はバトルを行うことができません"
    if card.get("rested"):
        return "opcg:7-1-1-1", "アタックはアクティブのカードをレストにして宣言します。このカードはレストです"
    if card.get("category") == "キャラ" and card.get("played_this_turn") and not has(g, card, "速攻"):
        return "opcg:3-7-4", "登場したターン中のキャラはアタックできません（【速攻】を持っていません）"
    return None


PLAY_WORDS = {"キャラ": "登場させる", "ステージ": "登場させる", "イベント": "【メイン】を発動する"}
PLAY_COST_RULES = {"キャラ": "opcg:2-7-2", "イベント": "opcg:2-7-3", "ステージ": "opcg:2-7-4"}


def play_refusal(card: dict, active: int) -> tuple[str, str] | None:
    """Why a card in the hand may not be played in the main phase now (6-5-3-1), or None when it may."""
    cat, cost = card.get("category"), card.get("cost") or 0
    kws = card.get("keywords") or ()
    if cat == "イベント" and "メイン" not in kws:
        if "カウンター" in kws:
            return "opcg:10-2-4-1", "【カウンター】のイベントは相手のカウンター・ステップにのみプレイできます"
        return "opcg:6-5-3-1", "メインフェイズにプレイできるイベントは【メイン】と表記されたものだけです"
    if cost > active:
        return PLAY_COST_RULES[cat], f"コストエリアのアクティブのドン!!は{active}枚で、コスト{cost}を支払えません"
    return None


def offer(options: list, held: list, value: str, text: str, why: tuple[str, str] | None) -> None:
    """An action goes to the options, or, when the rules forbid it now (`why` = clause, reason), to the withheld."""
    if why:
        held.append((value, text, *why))
    else:
        options.append((value, text))


NO_ACTIVE_DON = ("opcg:6-5-5-1", "コストエリアにアクティブのドン!!がありません")


def main_actions(g: GameState, tp: str, banned=()) -> tuple[list[tuple[str, str]], list[tuple[str, str, str, str]]]:
    """6-5-2: the main phase actions (6-5-3 play, 6-5-5 attach DON!!, 6-5-6 battle, 6-5-2-1 end), and those the
    rules withhold now, each with its clause and reason."""
    pdata = g.data["players"][tp]
    active = pdata["cost_area"]["active"]
    options: list[tuple[str, str]] = []
    held: list[tuple[str, str, str, str]] = []
    for card in pdata["hand"]:  # 6-5-3-1
        cat = card.get("category")
        if cat in PLAY_WORDS and card.get("cost") is not None:
            offer(options, held, f"play:{card['id']}", f"{label(card)}を{PLAY_WORDS[cat]}（コスト{card['cost']}）",
                  play_refusal(card, active))
    field = [(card, label(card)) for card in field_cards(g, tp)]
    no_don = None if active else NO_ACTIVE_DON
    for card, text in field:  # 6-5-5-1, one DON!! at a time
        offer(options, held, f"don:{card['id']}", f"ドン!!1枚を{text}に付与する", no_don)
    for card, text in field:  # 6-5-6, 7-1-1-1
        offer(options, held, f"attack:{card['id']}", f"{text}でアタックする", attack_refusal(g, card))
    if banned:
        kept = [o for o in options if o[0] not in banned]
        held += [(v, t, "opcg:11-1-1-2", "永久循環: 同一の状態から同じ循環行動を再び選ぶことはできません")
                 for v, t in options if v in banned]
        options = kept
    options.append(("end", "メインフェイズを終了する"))
    return options, held


def play_card(g: GameState, tp: str, card_id: str):
    card = next(c for c in g.get(f"players.{tp}.hand") if c["id"] == card_id)
    cost, cat = card.get("cost") or 0, card["category"]
    if cat == "イベント":
        rest_don(g, tp, cost)
        take_from(g, tp, "hand", card_id)
        put_into(g, tp, "trash", card)
        yield g.log("opcg:2-7-3", "play", f"{label(card)}を公開し、ドン!!{cost}枚をレストにしてトラッシュに置き、【メイン】を発動しました（効果はジャッジが調整で適用）", tp,
                    cites=("opcg:6-5-3-1", "opcg:10-2-3-1", "opcg:8-4-2"))
        return
    rest_don(g, tp, cost)
    rule = "opcg:2-7-2" if cat == "キャラ" else "opcg:2-7-4"
    yield g.log(rule, "cost", f"{label(card)}を公開し、コストとしてドン!!{cost}枚をレストにしました", tp, cites=("opcg:6-5-3-1",))
    if cat == "キャラ":
        yield from make_room_for_character(g, tp, card)
        take_from(g, tp, "hand", card_id)
        play_character_onto_field(g, tp, card)
        yield g.log("opcg:3-7-3", "play", f"{label(card)}がアクティブで登場しました（このターン中はアタックできません 3-7-4。【登場時】はジャッジが調整で適用）", tp, cites=("opcg:3-7-4", "opcg:3-7-5"))
    else:
        old = g.get(f"players.{tp}.stage")
        if old:
            leave_field(g, tp, "stage", old["id"])
            yield g.log("opcg:3-8-5-1", "trash", f"ステージは1枚までのため、{label(old)}をトラッシュに置きました", tp, cites=("opcg:3-8-5",))
        take_from(g, tp, "hand", card_id)
        put_into(g, tp, "stage", {**card, "rested": False})
        yield g.log("opcg:3-8-3", "play", f"{label(card)}がステージエリアにアクティブで登場しました", tp, cites=("opcg:3-8-4",))


def attach_don(g: GameState, tp: str, card_id: str):
    area = g.get(f"players.{tp}.cost_area")
    g.set(f"players.{tp}.cost_area", {**area, "active": area["active"] - 1})
    zone = "leader" if g.get(f"players.{tp}.leader")["id"] == card_id else "characters"
    card = next(c for c in field_cards(g, tp) if c["id"] == card_id)
    new = replace_card(g, tp, zone, card_id, don=(card.get("don") or 0) + 1)
    yield g.log("opcg:6-5-5-1", "don", f"ドン!!1枚を{label(card)}に付与しました（付与{new['don']}枚、自分のターン中パワー+{1000 * new['don']} 6-5-5-2）", tp, cites=("opcg:6-5-5-2", "opcg:6-5-5-3"))


# ---- 6-6 エンドフェイズ ----------------------------------------------------------------

def end_phase(g: GameState):
    tp = g.data["turn_player"]
    g.set("phase", "end")
    yield g.log("opcg:6-6-1-1", "timing", "エンドフェイズ。「ターン終了時」の効果が発動するタイミングです（1度だけ 6-6-1-1-1、カードの効果はジャッジが調整で適用）", tp,
                 cites=("opcg:6-6-1", "opcg:6-6-1-1-1"))
    for rule, owner in (("opcg:6-6-1-2", tp), ("opcg:6-6-1-3", other(tp))):
        gone = expire(g, owner, ("turn", "next_turn_end"))
        if gone:
            yield g.log(rule, "expire", f"{owner} の「このターン中」「ターン終了時まで」の効果が無効になりました: {describe_effects(g, gone)}", owner)
    for p in ("p1", "p2"):
        chars = g.get(f"players.{p}.characters")
        if any(c.get("played_this_turn") for c in chars):
            g.set(f"players.{p}.characters", [{**c, "played_this_turn": False} for c in chars])
    nxt = other(tp)
    g.set("turn", g.turn + 1)
    g.set("turn_player", nxt)
    g.set("phase", "refresh")
    yield g.log("opcg:6-6-1-4", "turn", f"ターンが終了し、{nxt} がターンプレイヤーとなりリフレッシュフェイズに進みます", nxt,
                cites=("opcg:6-1-1", "opcg:6-1-2"))


PHASE_PROCEDURES = {"refresh": refresh_phase, "draw": draw_phase, "don": don_phase, "main": main_phase, "end": end_phase}
