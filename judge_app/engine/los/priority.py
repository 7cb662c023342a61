"""7.2 優先権 and 5.5.1 II/III: the opponent of the turn player first, one effect at a time, until both pass."""
from __future__ import annotations

from judge_app.engine.los.board_terms import other
from judge_app.engine.los.cards import to_trash
from judge_app.engine.los.common import can_pay, pay, player
from judge_app.engine.state import GameState

OTHER_EFFECT = "other"
MAX_OTHER = 2  # 「その他の効果」 per player and exchange: a bound, so that a random answerer always gets through


def flash_cards(g: GameState, pid: str) -> list[dict]:
    return [c for c in player(g, pid)["hand"]
            if c.get("type") == "effect" and c.get("flash") and can_pay(g, pid, c.get("cost", 0))]


def has_field_cards(g: GameState, pid: str) -> bool:
    """Cards whose effects can be used from the field (5.5.1 II 「場のカード」): support cards, face-up characters."""
    p = player(g, pid)
    return bool(p["support"]) or any(c is not None and not c.get("face_down") for row in ("front", "back") for c in p[row])


def use_flash(g: GameState, pid: str, card: dict, rule: str):
    """2.2.1 / 7.1: pay the energy cost, then the card goes to the trash. Its text is the judge's adjustment."""
    if card not in player(g, pid)["hand"] or not can_pay(g, pid, card.get("cost", 0)):
        return (yield g.log(rule, "flash", f"「{card['name']}」は手札にないかエネルギーが足りないため使えません", pid))
    cost = card.get("cost", 0)
    if cost:
        pay(g, pid, cost)
        yield g.log("los:2.5.1", "pay", f"{pid} がエネルギー{cost}をゲイン表示にして払いました", pid)
    to_trash(g, card["id"])
    yield g.log(rule, "flash", f"{pid} がエフェクト（フラッシュ）「{card['name']}」を使いました"
                "（効果の内容は審判の調整で適用します）", pid)


def triggers_of(g: GameState, pid: str) -> list[dict]:
    return [t for t in g.data.get("triggers") or [] if t["player"] == pid]


def resolve_trigger(g: GameState, pid: str, tid: str):
    """8.1.1 / 8.1.2: a triggered effect is used with priority; its content is the judge's adjustment."""
    t = next(t for t in g.data["triggers"] if t["id"] == tid)
    g.set("triggers", [x for x in g.data["triggers"] if x["id"] != tid])
    kind = "誘発強制効果" if t["forced"] else "誘発任意効果"
    return g.log("los:8.1.1" if t["forced"] else "los:8.1.2", "trigger",
                 f"{pid} が{kind}「{t['label']}」を発動しました（内容は審判の調整で適用します）", pid)


def priority_options(g: GameState, pid: str, others: dict) -> list[tuple[str, str]]:
    """8.1.1: a player with a forced trigger must resolve it before anything else and cannot pass; otherwise pass,
    an optional trigger (8.1.2), a flash card (7.1), or another effect of a field card."""
    mine = triggers_of(g, pid)
    forced = [t for t in mine if t["forced"]]
    if forced:
        return [(t["id"], f"誘発強制効果「{t['label']}」を解決する") for t in forced]
    options = [("pass", "優先権を放棄する")]
    options += [(t["id"], f"誘発任意効果「{t['label']}」を発動する") for t in mine]
    options += [(c["id"], f"エフェクト（フラッシュ）「{c['name']}」を使う（COST {c.get('cost', 0)}）")
                for c in flash_cards(g, pid)]
    if others[pid] < MAX_OTHER and has_field_cards(g, pid):
        options.append((OTHER_EFFECT, "場のカードの効果・誘発効果を使う（内容は審判の調整で適用）"))
    return options


def exchange(g: GameState, opponent_rule: str, own_rule: str, when: str):
    """Alternate II (the non-turn player) and III (the turn player) until both pass in a row (7.2, 9.3)."""
    tp = g.data["turn_player"]
    current, passes = other(tp), 0
    others = {"p1": 0, "p2": 0}
    while passes < 2:
        rule = opponent_rule if current != tp else own_rule
        choice = yield g.ask(current, f"{when}: 優先権を使いますか", priority_options(g, current, others), rule,
                             kind="priority")
        if choice == "pass":
            passes += 1
            yield g.log(rule, "pass", f"{current} は優先権を放棄しました", current)
        else:
            passes = 0
            if choice == OTHER_EFFECT:
                others[current] += 1
                yield g.log(rule, "effect", f"{current} が効果を1つ使いました（内容は審判の調整で適用します）", current)
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
    if dropped:
        g.set("triggers", [t for t in g.data["triggers"] if t["forced"]])
        yield g.log("los:8.1.2", "trigger", "発動しなかった誘発任意効果は適用しません: "
                    + "・".join(f"「{t['label']}」" for t in dropped), None)
    return (yield g.log("los:7.2", "priority", "お互いに優先権を放棄しました", None))


def resolve_triggers(g: GameState, rule: str, when: str):
    """9.3: effects that trigger at the same time are used starting with the turn player's opponent."""
    if g.data.get("triggers"):
        yield from exchange(g, rule, rule, when)
