"""The turn: セットアップフェイズ (5.2), メインフェイズ (5.3), リードフェイズ (5.4), エンドフェイズ (5.6)."""
from __future__ import annotations

from functools import lru_cache

from judge_app.engine.los.board_terms import (DISPLAY_JA, DISPLAYS, DIR_JA, LANES, ICON_JA, icon_directions,
                                              other, square_name, step_from)
from judge_app.engine.los.cards import (characters, entered, field_bound_ends, forbidden, locate, printed, put,
                                        set_square, take, to_trash, update_card)
from judge_app.engine import lasting
from judge_app.engine.los.common import can_pay, deck_out, draw, option, pay, player, regained
from judge_app.engine.los.priority import resolve_triggers
from judge_app.engine.state import GameState
from judge_app.engine.trace import Withheld


def begin_phase(g: GameState, phase: str, rule: str, title: str):
    g.set("phase", phase)
    return g.log(rule, "phase", f"{g.data['turn_player']} の{title}", g.data["turn_player"])


# ---- 5.2 ------------------------------------------------------------------------------------------
def setup_phase(g: GameState):
    tp = g.data["turn_player"]
    yield begin_phase(g, "setup", "los:5.2", "セットアップフェイズ")
    for zone in ("energy", "support"):
        cards = player(g, tp)[zone]
        if any(c.get("gained") for c in cards):
            g.set(f"players.{tp}.{zone}", [dict(c, gained=False) for c in cards])
    yield g.log("los:5.2", "regain", f"{tp} の全てのエネルギーカードとサポートカードをリゲイン表示にしました", tp,
                cites=("los:6.5",))
    if g.turn == 1 and tp == g.data.get("first_player", tp):
        yield g.log("los:5.2", "no-draw", "先攻プレイヤーの最初のターンはデッキからカードを引けません", tp)
        return
    barred = lasting.prohibition_of(g, "draw", tp)
    if barred:   # 9.2: 「できない」 wins over the draw the phase does
        yield g.log("los:9.2", "prohibited", f"{tp} はカードを引けないため、デッキからカードを引きません"
                    f"（{lasting.describe(barred)}）", tp, cites=("los:5.2",))
        return
    if not draw(g, tp, 1):
        yield deck_out(g, tp, ("los:5.2", "los:8.5"))
        return
    yield g.log("los:5.2", "draw", f"{tp} がデッキの上からカードを1枚引きました", tp, cites=("los:8.5",))


# ---- 5.3 ------------------------------------------------------------------------------------------
def display_label(face_down: bool, display: str) -> str:
    return ("裏側" if face_down else "表側") + DISPLAY_JA[display]


def display_changes(card: dict) -> list[tuple[bool, str]]:
    """5.3 / 6.4: any other display, except defense right <-> defense left, and never face up -> face down.
    A face-down character turned face up may take any attack/defense display (6.4)."""
    now_down, now = card.get("face_down", False), card.get("display", "attack")
    result = []
    for face_down in ((True, False) if now_down else (False,)):
        for d in DISPLAYS:
            if (face_down, d) == (now_down, now):
                continue
            if face_down == now_down and {now, d} == {"defense_right", "defense_left"}:
                continue
            result.append((face_down, d))
    return result


PLAYABLE = {"character": "キャラクター", "support": "サポート", "effect": "エフェクト"}
ONE_ENERGY = "エネルギーゾーンにカードを出すのは1ターンに1回だけです（このターンはもう置きました）"


@lru_cache(maxsize=256)
def energy_withheld(hand: tuple[tuple[str, str], ...]) -> tuple[Withheld, ...]:
    """5.3: every hand card's `energy:<id>` once this turn's energy is placed. The main phase asks again after each
    action with the same hand, so the list is built once per hand."""
    return tuple(Withheld(f"energy:{cid}", f"「{name}」をエネルギーゾーンに置く", "los:5.3", ONE_ENERGY) for cid, name in hand)


def main_actions(g: GameState, tp: str, with_held: bool = True) -> tuple[list[tuple[str, str]], list]:
    """5.3's operations open to the turn player now, and those the rules withhold now, each with its clause:
    a cost the regained energies cannot pay (2.5.1), no empty 後衛 square (5.3, 3.3.1), a second energy this turn
    (5.3), a display change on a character that entered this turn or already changed (5.3) or may not (9.2).
    `with_held=False` skips the withheld list (checking an answer against the table as it is now)."""
    p = player(g, tp)
    options: list[tuple[str, str]] = []
    held: list[tuple[str, str, str, str]] = []
    empty_back = any(c is None for c in p["back"])
    can = len(regained(g, tp))
    for c in p["hand"]:
        kind, cost = c.get("type", "character"), c.get("cost", 0)
        if kind not in PLAYABLE:
            continue
        value = f"{kind}:{c['id']}"
        if kind == "character":
            label = f"キャラクター「{c['name']}」を後衛に出す（COST {cost}）"
        elif kind == "support":
            label = f"サポート「{c['name']}」をサポートゾーンに出す（COST {cost}）"
        else:
            label = f"エフェクト「{c['name']}」を使う（COST {cost}）"
        if cost <= can and (kind != "character" or empty_back):
            options.append((value, label))
        elif not with_held:
            continue
        elif cost > can:
            held.append((value, label, "los:2.5.1", f"リゲイン表示のエネルギーが{can}枚で、COST {cost} を払えません"))
        else:
            held.append((value, label, "los:5.3", "後衛に空いているマスがありません（キャラクターは後衛に出します）"))
    if p.get("energy_placed_turn") != g.turn:
        options += [(f"energy:{c['id']}", f"「{c['name']}」をエネルギーゾーンに置く") for c in p["hand"]]
    elif with_held:
        held += energy_withheld(tuple((c["id"], c["name"]) for c in p["hand"]))
    for row, lane, c in characters(g, tp):
        value, label = f"display:{c['id']}", f"「{c['name']}」（{square_name(tp, row, lane)}）の表示を変更する"
        if not with_held and (c.get("entered_turn") == g.turn or c.get("display_changed_turn") == g.turn):
            continue
        if c.get("entered_turn") == g.turn:
            held.append((value, label, "los:5.3", "このターンに場に出したキャラクターは表示を変更できません"))
        elif c.get("display_changed_turn") == g.turn:
            held.append((value, label, "los:5.3", "表示の変更は各キャラクター1回までです（このターンはもう変更しました）"))
        elif forbidden(c, "display"):
            held.append((value, label, "los:9.2", "効果で「表示を変更できない」: 「できない」を優先します"))
        else:
            options.append((value, label))
    options.append(("end", "メインフェイズを終了する"))
    return options, held


def main_phase(g: GameState):
    tp = g.data["turn_player"]
    yield begin_phase(g, "main", "los:5.3", "メインフェイズ")
    while True:
        yield from resolve_triggers(g, "los:9.3", "誘発した効果")
        options, held = main_actions(g, tp)
        asked = len(g.trace)
        # remake: a judge's adjustment while it waits asks it again with what the rules allow then
        choice = yield g.ask(tp, "メインフェイズの行動を選んでください", options, "los:5.3", withheld=held,
                             remake=lambda: main_actions(g, tp))
        if choice == "end":
            yield g.log("los:5.3", "end-main", f"{tp} がメインフェイズを終了しました", tp)
            return
        kind, _, cid = choice.partition(":")
        # a judge's adjustment (the only thing that logs between a question and its answer) may have changed the table
        if len(g.trace) != asked and choice not in dict(main_actions(g, tp, with_held=False)[0]):
            yield g.log("los:5.3", "gone", "選んだ行動はもうできません（カードの場所やエネルギーが変わりました）", tp)
            continue
        yield from {"character": play_character, "support": play_support, "effect": play_effect,
                    "energy": place_energy, "display": change_display}[kind](g, tp, cid)


def pay_cost(g: GameState, tp: str, card: dict):
    cost = card.get("cost", 0)
    if cost:
        pay(g, tp, cost)
        yield g.log("los:2.5.1", "pay", f"{tp} がエネルギー{cost}をゲイン表示にして払いました", tp,
                    cites=("los:2.5", "los:6.6"))


def play_character(g: GameState, tp: str, cid: str):
    """5.3: 手札からキャラクターを出す場合、キャラクターゾーンの後衛に出します … 好きな表示で出すことができます。"""
    card = next(c for c in player(g, tp)["hand"] if c["id"] == cid)
    squares, taken = back_squares(g, tp)
    lane = yield g.ask(tp, f"「{card['name']}」を出す後衛のマスを選んでください", squares, "los:5.3", withheld=taken,
                       remake=lambda: back_squares(g, tp))
    how = yield g.ask(tp, f"「{card['name']}」をどの表示で出しますか",
                      [(f"{'down' if fd else 'up'}:{d}", display_label(fd, d))
                       for fd in (False, True) for d in DISPLAYS], "los:3.3")
    if player(g, tp)["back"][lane - 1] is not None or card not in player(g, tp)["hand"] \
            or not can_pay(g, tp, card.get("cost", 0)):
        return (yield g.log("los:5.3", "gone", "そのマスにはもうキャラクターがいるか、カードを出せなくなりました", tp))
    face, _, display = how.partition(":")
    _, card = take(g, cid)
    placed = entered(g, dict(printed(card), display=display, face_down=face == "down", entered_turn=g.turn))
    set_square(g, tp, "back", lane - 1, placed)
    shown = card["name"] if face == "up" else "キャラクター"
    yield g.log("los:5.3", "play", f"{tp} が{shown}を{square_name(tp, 'back', lane - 1)}に"
                f"{display_label(face == 'down', display)}で出しました", tp,
                cites=("los:2.1", "los:3.3.3", "los:3.3", DISPLAY_RULE[display], "los:6.4" if face == "down" else "los:6.3"))
    yield from pay_cost(g, tp, card)   # after the card is on its square: no step in between lets it fill


def back_squares(g: GameState, tp: str) -> tuple[list, list]:
    """The 後衛 squares a character may enter (5.3), and the taken ones withheld (3.3.1)."""
    back = player(g, tp)["back"]
    return ([(i + 1, square_name(tp, "back", i)) for i in range(LANES) if back[i] is None],
            [(i + 1, square_name(tp, "back", i), "los:3.3.1",
              f"そのマスにはすでに「{back[i]['name']}」がいます（1マスにキャラクター1体）")
             for i in range(LANES) if back[i] is not None])


def play_support(g: GameState, tp: str, cid: str):
    card = next(c for c in player(g, tp)["hand"] if c["id"] == cid)
    yield from pay_cost(g, tp, card)
    _, card = take(g, cid)
    put(g, tp, "support", entered(g, dict(printed(card), gained=False)))
    yield g.log("los:2.3", "play", f"{tp} がサポート「{card['name']}」をサポートゾーンに出しました", tp,
                cites=("los:3.5",))
    yield from field_limit(g, tp, card)


def field_limit(g: GameState, pid: str, card: dict):
    """2.3.1 / 3.5: one 「フィールド」 card in a player's support zone; the older ones go to the trash."""
    if card.get("field"):
        older = [c for c in player(g, pid)["support"] if c.get("field") and c["id"] != card["id"]]
        for c in older:
            to_trash(g, c["id"])
        if older:
            yield g.log("los:2.3.1", "field", f"「フィールド」は1枚まで: それまでの「{older[0]['name']}」を"
                        "トラッシュに置きました", pid, cites=("los:3.5", "los:3.2"))
            yield from field_bound_ends(g)


def play_effect(g: GameState, tp: str, cid: str):
    card = next(c for c in player(g, tp)["hand"] if c["id"] == cid)
    yield from pay_cost(g, tp, card)
    to_trash(g, cid)
    yield g.log("los:2.2", "effect", f"{tp} がエフェクト「{card['name']}」を使い、トラッシュに置きました"
                "（効果の内容は審判の調整で適用します）", tp, cites=("los:8.3", "los:8.1", "los:3.2"))


def place_energy(g: GameState, tp: str, cid: str):
    """2.4: 1ターンに1枚だけ、リゲイン表示で置く."""
    _, card = take(g, cid)
    put(g, tp, "energy", dict(printed(card), gained=False))
    g.set(f"players.{tp}.energy_placed_turn", g.turn)
    yield g.log("los:2.4", "energy", f"{tp} が「{card['name']}」をエネルギーゾーンにリゲイン表示で置きました", tp,
                cites=("los:5.3", "los:3.4", "los:6.5"))


def change_display(g: GameState, tp: str, cid: str):
    _, row, lane = locate(g, cid)
    card = player(g, tp)[row][lane]
    options = [(f"{'down' if fd else 'up'}:{d}", display_label(fd, d)) for fd, d in display_changes(card)]
    how = yield g.ask(tp, f"「{card['name']}」の新しい表示を選んでください", options, "los:5.3",
                      withheld=display_withheld(card.get("face_down", False), card.get("display", "attack")))
    if locate(g, cid) != (tp, row, lane) or player(g, tp)[row][lane] != card:
        return (yield g.log("los:5.3", "gone", f"「{card['name']}」の表示はもう変更できません（場所や表示が変わりました）", tp))
    face, _, display = how.partition(":")
    flipping = card.get("face_down") and face == "up"
    fields = {"display": display, "face_down": face == "down", "display_changed_turn": g.turn}
    if flipping:
        fields["flipped_turn"] = g.turn
    update_card(g, cid, **fields)
    rule = "los:6.4" if flipping else "los:5.3"
    yield g.log(rule, "display", f"{square_name(tp, row, lane)} の「{card['name']}」を"
                f"{display_label(face == 'down', display)}にしました", tp,
                cites=("los:5.3", "los:6", DISPLAY_RULE[display]) + (("los:6.3",) if flipping else ()))


DISPLAY_RULE = {"attack": "los:6.1", "defense_right": "los:6.2", "defense_left": "los:6.2"}


@lru_cache(maxsize=None)
def display_withheld(face_down: bool, display: str) -> tuple[Withheld, ...]:
    """5.3: never defense right <-> defense left, never face up -> face down (the player's own change). It depends on
    the display alone, so each of the six lists is built once."""
    offered = set(display_changes({"face_down": face_down, "display": display}))
    held = []
    for fd in (False, True):
        for d in DISPLAYS:
            if (fd, d) in offered or (fd, d) == (face_down, display):
                continue
            value = f"{'down' if fd else 'up'}:{d}"
            if fd and not face_down:
                held.append(Withheld(value, display_label(fd, d), "los:5.3", "表側表示のカードを裏側表示にすることはできません"))
            else:
                held.append(Withheld(value, display_label(fd, d), "los:5.3",
                                     "ディフェンス表示の右向きと左向きの間では変更できません"))
    return tuple(held)


# ---- 5.4 ------------------------------------------------------------------------------------------
def lead_moves(g: GameState, tp: str, with_held: bool = True) -> tuple[list[tuple[str, str]], list]:
    """5.4's moves open now, and the moves the lead icons point to that the rules withhold now, each with its
    clause: face down, entered or turned face up this turn, already moved (5.4), 「移動できない」 (9.2), or a square
    already taken (5.4). A step off the owner's zone is no move at all (8.2) and is not listed."""
    options, held = [], []
    turn_way = option(g, "defense_right_turn")
    p = player(g, tp)
    for row, lane, c in characters(g, tp):
        if c.get("face_down"):
            why = "裏側表示のキャラクターは移動できません"
        elif c.get("entered_turn") == g.turn:
            why = "このターンキャラクターゾーンに出たキャラクターは移動できません"
        elif c.get("flipped_turn") == g.turn:
            why = "このターン裏側表示から表側表示になったキャラクターは移動できません"
        elif c.get("moved_turn") == g.turn:
            why = "移動は各キャラクター1回までです（このターンはもう移動しました）"
        else:
            why = None
        if why and not with_held:
            continue
        for direction, icon in icon_directions(c.get("lead") or [], c.get("display", "attack"), turn_way).items():
            to = step_from(row, lane, direction)
            if to is None:
                continue
            value = f"move:{c['id']}:{direction}"
            label = (f"「{c['name']}」{square_name(tp, row, lane)} → {square_name(tp, *to)}"
                     f"（{ICON_JA[icon]} が{DIR_JA[direction]}向き）")
            if why:
                held.append((value, label, "los:5.4", why))
            elif forbidden(c, "move"):
                held.append((value, label, "los:9.2", "効果で「移動できない」: 「できない」を優先します"))
            elif p[to[0]][to[1]] is not None:
                held.append((value, label, "los:5.4", f"{square_name(tp, *to)} にはすでにキャラクターがいます"))
            else:
                options.append((value, label))
    return options, held


LEAD_END = ("end", "リードフェイズを終了する")


def lead_phase(g: GameState):
    tp = g.data["turn_player"]
    yield begin_phase(g, "lead", "los:5.4", "リードフェイズ")
    while True:
        yield from resolve_triggers(g, "los:9.3", "誘発した効果")
        moves, held = lead_moves(g, tp)
        if not moves:
            yield g.log("los:5.4", "end-lead", "リードアイコンの向きに移動できるキャラクターはいません", tp,
                        cites=tuple(dict.fromkeys(r for _, _, r, _ in held)))
            return
        asked = len(g.trace)
        choice = yield g.ask(tp, "リードアイコンの向きに1マス進めるキャラクターを選んでください",
                             moves + [LEAD_END], "los:5.4", withheld=held,
                             remake=lambda: (lambda m, h: (m + [LEAD_END], h))(*lead_moves(g, tp)))
        if choice == "end":
            yield g.log("los:5.4", "end-lead", f"{tp} がリードフェイズを終了しました", tp)
            return
        _, cid, direction = choice.split(":")
        if len(g.trace) != asked and choice not in dict(lead_moves(g, tp, with_held=False)[0]):
            yield g.log("los:5.4", "blocked", "その移動はもうできません（移動先が埋まったか、キャラクターが動いたため）", tp)
            continue
        _, row, lane = locate(g, cid)
        to = step_from(row, lane, direction)
        card = player(g, tp)[row][lane]
        icon = icon_directions(card.get("lead") or [], card.get("display", "attack"),
                               option(g, "defense_right_turn"))[direction]
        set_square(g, tp, row, lane, None)
        set_square(g, tp, to[0], to[1], dict(card, moved_turn=g.turn))
        yield g.log("los:5.4", "move", f"「{card['name']}」が{square_name(tp, row, lane)}から"
                    f"{square_name(tp, *to)}へ1マス進みました（{ICON_JA[icon]} が{DIR_JA[direction]}向き）", tp,
                    cites=("los:2.1.1", DISPLAY_RULE[card.get("display", "attack")], "los:8.2"))


# ---- 5.6 ------------------------------------------------------------------------------------------
def expire(g: GameState, until: str) -> int:
    """Remove modifiers and 「できない」 that last `until` ("battle" or "turn") from every character. At a turn's end
    a 「次の相手のターン終了時まで」 one ends when this is the turn it named when made (5.6 2. of the owner's
    opponent's next turn); one without that turn (a board written so) ends at the next turn's end."""
    n = 0
    for pid in ("p1", "p2"):
        for row, lane, c in list(characters(g, pid)):
            mods = [_next(m, until) for m in c.get("mods") or [] if not _ends(m, until, g.turn)]
            cannot = [_next(x, until) for x in c.get("cannot") or [] if not _ends(x, until, g.turn)]
            if mods != (c.get("mods") or []) or cannot != (c.get("cannot") or []):
                n += len(mods) != len(c.get("mods") or []) or len(cannot) != len(c.get("cannot") or [])
                set_square(g, pid, row, lane, {**{k: v for k, v in c.items() if k not in ("mods", "cannot")},
                                               **({"mods": mods} if mods else {}),
                                               **({"cannot": cannot} if cannot else {})})
    return n


def _ends(item: dict, until: str, turn: int) -> bool:
    return item["until"] == until or (until == "turn" and "until_turn" in item and lasting.ends_now(item, turn, "until"))


def _next(item: dict, until: str) -> dict:
    if until == "turn" and item["until"] == "next_turn_end" and "until_turn" not in item:
        return dict(item, until="turn")
    return item


def end_phase(g: GameState):
    tp = g.data["turn_player"]
    yield begin_phase(g, "end", "los:5.6", "エンドフェイズ")
    yield g.log("los:5.6.s1", "end-trigger", "ターン終了時に発動する効果を、相手の優先権から処理します"
                "（効果の内容は審判の調整で適用します）", tp)
    yield from resolve_triggers(g, "los:5.6.s1", "ターン終了時に発動する効果")
    n = expire(g, "turn")
    gone = lasting.expire(g, ("turn", "next_turn_end")) if g.data.get("effects") else []
    ended = f"（{'、'.join(lasting.describe(e) for e in gone)}）" if gone else ""
    yield g.log("los:5.6.s2", "expire", (f"ターン終了時まで続く効果を終了しました（{n}体）" if n
                else "ターン終了時に終了する効果はありません" if not gone else "ターン終了時まで続く効果を終了しました") + ended,
                tp, cites=("los:9.4",) if n or gone else ())
    trimmed = [tp, other(tp)] if option(g, "hand_limit_both") == "both" else [tp]
    for pid in trimmed:
        while len(player(g, pid)["hand"]) > 7:
            hand = player(g, pid)["hand"]
            cid = yield g.ask(pid, f"手札が{len(hand)}枚あります（上限7枚）。トラッシュに置くカードを選んでください",
                              [(c["id"], c["name"]) for c in hand], "los:5.6.s3")
            if locate(g, cid) is None or locate(g, cid)[1] != "hand":
                continue
            card = to_trash(g, cid)
            yield g.log("los:5.6.s3", "discard", f"{pid} が手札の「{card['name']}」をトラッシュに置きました"
                        f"（残り{len(player(g, pid)['hand'])}枚）", pid, cites=("los:3.6",))
    if g.data.get("spent_triggers"):   # a past exchange's triggers are remembered for the turn they were in
        g.set("spent_triggers", None)
    g.set("turn", g.turn + 1)
    g.set("turn_player", other(tp))
    g.set("phase", "setup")
    yield g.log("los:5.6.s4", "turn-end", f"{tp} のターンを終了し、{other(tp)} のターンに移ります", tp)
