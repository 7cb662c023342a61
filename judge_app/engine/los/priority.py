"""7.2 優先権 and 5.5.1 II/III: the opponent of the turn player first, one effect at a time, until both pass."""
from __future__ import annotations

from judge_app.engine.los.board_terms import other
from judge_app.engine.los.cards import to_trash
from judge_app.engine.los.common import can_pay, pay, player, regained
from judge_app.engine.state import GameState

OTHER_EFFECT = "other"
MAX_OTHER = 2  # 「その他の効果」 per player and exchange: a bound, so that a random answerer always gets through


def flash_cards(g: GameState, pid: str) -> list[dict]:
    return [c for c in player(g, pid)["hand"]
            if c.get("type") == "effect" and c.get("flash") and can_pay(g, pid, c.get("cost", 0))]


def flash_allowed(g: GameState, pid: str) -> bool:
    """7.1: a flash card is used in one's own turn, or in the opponent's attack phase (2.2.1 お互いのアタックフェイズ)."""
    return pid == g.data["turn_player"] or g.data["phase"] == "attack"


def has_field_cards(g: GameState, pid: str) -> bool:
    """Cards whose effects can be used from the field (5.5.1 II 「場のカード」): support cards, face-up characters."""
    p = player(g, pid)
    return bool(p["support"]) or any(c is not None and not c.get("face_down") for row in ("front", "back") for c in p[row])


def use_flash(g: GameState, pid: str, card: dict, rule: str):
    """2.2.1 / 7.1: pay the energy cost, then the card goes to the trash. Its text is the judge's adjustment."""
    if card not in player(g, pid)["hand"] or not can_pay(g, pid, card.get("cost", 0)):
        return (yield g.log(rule, "flash", f"「{card['name']}」は手札にないかエネルギーが足りないため使えません", pid,
                            cites=("los:7.1",)))
    cost = card.get("cost", 0)
    if cost:
        pay(g, pid, cost)
        yield g.log("los:2.5.1", "pay", f"{pid} がエネルギー{cost}をゲイン表示にして払いました", pid,
                    cites=("los:7.1", "los:6.6"))
    to_trash(g, card["id"])
    yield g.log(rule, "flash", f"{pid} がエフェクト（フラッシュ）「{card['name']}」を使いました"
                "（効果の内容は審判の調整で適用します）", pid, cites=("los:2.2.1", "los:7.1", "los:3.2"))


def triggers_of(g: GameState, pid: str) -> list[dict]:
    return [t for t in g.data.get("triggers") or [] if t["player"] == pid]


def resolve_trigger(g: GameState, pid: str, tid: str):
    """8.1.1 / 8.1.2: a triggered effect is used with priority; its content is the judge's adjustment."""
    t = next(t for t in g.data["triggers"] if t["id"] == tid)
    # 9.3.2: forced effects of one player at the same time — one per turn of priority, the player's choice
    several = t["forced"] and sum(x["forced"] for x in triggers_of(g, pid)) > 1
    g.set("triggers", [x for x in g.data["triggers"] if x["id"] != tid])
    # its content is the judge's `effect` with the same label: this turn of priority is its window, and it is used once
    used = (g.data.get("priority_used") or {}).get(pid) or {"source": None, "rule": "los:9.3"}
    mark_priority(g, pid, {**used, "trigger": {"id": tid, "label": t["label"], "applied": False}})
    kind = "誘発強制効果" if t["forced"] else "誘発任意効果"
    return g.log("los:8.1.1" if t["forced"] else "los:8.1.2", "trigger",
                 f"{pid} が{kind}「{t['label']}」を発動しました（内容は審判の調整で適用します）"
                 + ("（同じタイミングの誘発強制効果は優先権ごとに1つずつ）" if several else ""), pid,
                 cites=("los:7.2", "los:9.3.2") if several else ("los:7.2",))


def priority_options(g: GameState, pid: str, others: dict) -> tuple[list, list]:
    """8.1.1: a player with a forced trigger must resolve it before anything else and cannot pass; otherwise pass,
    an optional trigger (8.1.2), a flash card (7.1), or another effect of a field card. Withheld, each with its
    clause: passing, flash cards, optional triggers and other effects while a forced trigger waits (8.1.1, 9.3.1);
    a flash card the regained energies cannot pay (2.5.1) or outside one's turn and the opponent's attack phase
    (7.1); an effect card that is not a flash (2.2.1: only flash cards are used in the attack phases)."""
    mine = triggers_of(g, pid)
    forced = [t for t in mine if t["forced"]]
    hand = [c for c in player(g, pid)["hand"] if c.get("type") == "effect"]
    flash_ok = flash_allowed(g, pid)
    can = None
    cards, held = [], []
    for c in hand:
        label = f"エフェクト（フラッシュ）「{c['name']}」を使う（COST {c.get('cost', 0)}）"
        if not c.get("flash"):
            held.append((c["id"], f"エフェクト「{c['name']}」を使う", "los:2.2.1",
                         "フラッシュではないエフェクトは自分のメインフェイズにだけ使えます"))
            continue
        if not flash_ok:
            held.append((c["id"], label, "los:7.1", "フラッシュは自分のターンか相手のアタックフェイズにだけ使えます"))
            continue
        can = len(regained(g, pid)) if can is None else can
        if c.get("cost", 0) > can:
            held.append((c["id"], label, "los:2.5.1",
                         f"リゲイン表示のエネルギーが{can}枚で、COST {c.get('cost', 0)} を払えません"))
        else:
            cards.append((c["id"], label))
    other_ok = others[pid] < MAX_OTHER and has_field_cards(g, pid)
    other_label = "場のカードの効果・誘発効果を使う（内容は審判の調整で適用）"
    if forced:
        why = "誘発強制効果が待っています: 優先権を使って先に解決する必要があります"
        held = [("pass", "優先権を放棄する", "los:8.1.1", why), *held]
        held += [(t["id"], f"誘発任意効果「{t['label']}」を発動する", "los:9.3.1",
                  "誘発強制効果と同じタイミングの誘発任意効果は、誘発強制効果から解決します") for t in mine if not t["forced"]]
        held += [(v, label, "los:8.1.1", "誘発強制効果をエフェクト（フラッシュ）より先に解決する必要があります")
                 for v, label in cards]
        if other_ok:
            held.append((OTHER_EFFECT, other_label, "los:8.1.1", why))
        return [(t["id"], f"誘発強制効果「{t['label']}」を解決する") for t in forced], held
    options = [("pass", "優先権を放棄する")]
    options += [(t["id"], f"誘発任意効果「{t['label']}」を発動する") for t in mine]
    options += cards
    if other_ok:
        options.append((OTHER_EFFECT, other_label))
    return options, held


def one_effect_rule(rule: str, pid: str, tp: str) -> str:
    """The clause that allows one effect in this turn of priority: 5.5.1 II (the opponent) / III (oneself) in a
    battle and at the end of the attack phase (5.5.3 「5.5.1 戦闘処理におけるIIとIIIを実施」), 9.3 elsewhere."""
    if rule in ("los:5.5.1.II", "los:5.5.1.III", "los:5.5.3"):
        return "los:5.5.1.III" if pid == tp else "los:5.5.1.II"
    return "los:9.3"


def mark_priority(g: GameState, pid: str, used: dict | None) -> None:
    if (g.data.get("priority_used") or {}).get(pid) != used:
        g.set("priority_used", {**(g.data.get("priority_used") or {}), pid: used})


def close_trigger_windows(g: GameState, pid: str) -> None:
    """`pid` has used its turn of priority: a triggered effect another player chose before it can no longer be
    applied (its content is applied while the next player's priority is asked, not after it is answered)."""
    marks = g.data.get("priority_used") or {}
    closed = {p: {**u, "trigger": {**u["trigger"], "closed": True}} for p, u in marks.items()
              if p != pid and u and u.get("trigger") and not u["trigger"].get("closed")}
    if closed:
        g.set("priority_used", {**marks, **closed})


def spend_triggers(g: GameState, dropped: list[dict]) -> None:
    """The exchange ends (9.3 「お互いに優先権を放棄した場合に…次の行動に移ります」): each triggered effect chosen in
    it has had its window, applied or not, and an optional one nobody chose is not activated (8.1.2). Kept for the
    turn (`spent_triggers`) so that a judge's effect with its label later is refused with that clause."""
    chosen = [{"player": p, "label": u["trigger"]["label"], "how": "applied" if u["trigger"]["applied"] else "closed"}
              for p, u in (g.data.get("priority_used") or {}).items() if u and u.get("trigger")]
    spent = chosen + [{"player": t["player"], "label": t["label"], "how": "dropped"} for t in dropped]
    if spent:
        g.set("spent_triggers", [*(g.data.get("spent_triggers") or ()), *spent][-50:])


def exchange(g: GameState, opponent_rule: str, own_rule: str, when: str):
    """Alternate II (the non-turn player) and III (the turn player) until both pass in a row (7.2, 9.3)."""
    tp = g.data["turn_player"]
    current, passes = other(tp), 0
    others = {"p1": 0, "p2": 0}
    while passes < 2:
        rule = opponent_rule if current != tp else own_rule
        options, held = priority_options(g, current, others)
        # the one effect this turn of priority allows (5.5.1 II/III, 9.3): the first effect the judge applies for this
        # player from now on is it (a flash card chosen binds it at once), and another card's effect is refused until
        # the player's next turn of priority (LosAdjustments.check_one_effect); the judge may apply it as soon as the
        # choice is made
        before = (g.data.get("priority_used") or {}).get(current) or {}
        mark_priority(g, current, {"source": None, "rule": one_effect_rule(rule, current, tp),
                                   **({"trigger": before["trigger"]} if before.get("trigger") else {})})
        choice = yield g.ask(current, f"{when}: 優先権を使いますか", options, rule, kind="priority", withheld=held,
                             remake=lambda pid=current: priority_options(g, pid, others))
        close_trigger_windows(g, current)
        used = (g.data.get("priority_used") or {}).get(current)
        if choice != "pass" and choice != OTHER_EFFECT and not choice.startswith("trigger-"):
            mark_priority(g, current, {**used, "source": choice})   # the flash card chosen
        if choice == "pass":
            passes += 1
            yield g.log(rule, "pass", f"{current} は優先権を放棄しました", current)
        else:
            passes = 0
            if choice == OTHER_EFFECT:
                others[current] += 1
                yield g.log(rule, "effect", f"{current} が場のカードの効果を1つ発動しました（内容は審判の調整で適用します）",
                            current, cites=("los:8.4",))
            elif any(t["id"] == choice for t in g.data.get("triggers") or []):
                yield resolve_trigger(g, current, choice)
            else:
                card = next((c for c in player(g, current)["hand"] if c["id"] == choice), None)
                if card is None:
                    yield g.log(rule, "gone", "選んだカード・効果はもうありません", current)
                else:
                    yield from use_flash(g, current, card, rule)
        current = other(current)
    dropped = [t for t in g.data.get("triggers") or [] if not t["forced"]]
    spend_triggers(g, dropped)
    if g.data.get("priority_used"):
        g.set("priority_used", None)
    if dropped:
        g.set("triggers", [t for t in g.data["triggers"] if t["forced"]])
        yield g.log("los:8.1.2", "trigger", "発動しなかった誘発任意効果は適用しません: "
                    + "・".join(f"「{t['label']}」" for t in dropped), None)
    return (yield g.log("los:7.2", "priority", "お互いに優先権を放棄しました", None))


def resolve_triggers(g: GameState, rule: str, when: str):
    """9.3: effects that trigger at the same time are used starting with the turn player's opponent."""
    if g.data.get("triggers"):
        yield from exchange(g, rule, rule, when)
