"""5 and 5.1: life 3,000, deciding first and second by SPEED, the opening hand of 7, and the mulligan (5.1.1)."""
from __future__ import annotations

from judge_app.engine.los.board_terms import other
from judge_app.engine.los.cards import put, take
from judge_app.engine.los.common import draw, player
from judge_app.engine.state import GameState

PLAYERS = ("p1", "p2")


def card_label(card: dict) -> str:
    return f"{card['name']}（SPEED {card.get('speed', 0)}）"


def preparation(g: GameState):
    g.set("phase", "preparation")
    for pid in PLAYERS:
        g.set(f"players.{pid}.life", 3000)
    yield g.log("los:5", "life", "お互いのライフを3,000にします", cites=("los:3.7",))
    for pid in PLAYERS:
        g.shuffle(f"players.{pid}.deck")
        yield g.log("los:5.1", "shuffle", f"{pid} がデッキをシャッフルしました", pid)
    first = yield from decide_first_by_speed(g)
    g.set("first_player", first)
    g.set("turn_player", first)
    for pid in PLAYERS:
        draw(g, pid, 7)
        yield g.log("los:5.1", "draw", f"{pid} がデッキの上からカードを7枚引きました", pid, cites=("los:8.5",))
    yield from mulligan(g, first)


def decide_first_by_speed(g: GameState):
    """5.1: draw two, choose one, show them together; the higher SPEED goes first. On a tie each draws one more
    and chooses again from the two cards not yet shown, up to three times; a third tie goes to ジャンケン."""
    drawn: dict[str, list[str]] = {pid: [] for pid in PLAYERS}
    unshown: dict[str, list[str]] = {pid: [] for pid in PLAYERS}
    first = None
    for attempt in range(1, 4):
        for pid in PLAYERS:
            n = 2 if attempt == 1 else 1
            new = [c["id"] for c in player(g, pid)["deck"][:n]]
            draw(g, pid, n)
            drawn[pid] += new
            unshown[pid] += new
            yield g.log("los:5.1", "draw", f"{pid} が先攻・後攻を決めるためにカードを{n}枚引きました", pid)
        shown: dict[str, dict] = {}
        for pid in PLAYERS:
            hand = {c["id"]: c for c in player(g, pid)["hand"]}
            choice = yield g.ask(pid, "スピードを比べるカードを1枚選んでください",
                                 [(cid, card_label(hand[cid])) for cid in unshown[pid]], "los:5.1")
            unshown[pid].remove(choice)
            shown[pid] = hand[choice]
        s1, s2 = shown["p1"].get("speed", 0), shown["p2"].get("speed", 0)
        if s1 != s2:
            first = "p1" if s1 > s2 else "p2"
            yield g.log("los:5.1", "speed", f"{attempt}回目: p1 {card_label(shown['p1'])} と p2 "
                        f"{card_label(shown['p2'])}。スピードが高い {first} が先攻、{other(first)} が後攻です", first,
                        cites=("los:2.5.2",))
            break
        yield g.log("los:5.1", "speed", f"{attempt}回目: お互いにスピード{s1}で同じです", None, cites=("los:2.5.2",))
    if first is None:
        first = g.rng.choice(PLAYERS)
        yield g.log("los:5.1", "janken", f"3回ともスピードが同じだったため、じゃんけんで {first} が先攻に決まりました", first)
    for pid in PLAYERS:
        yield from return_to_bottom(g, pid, drawn[pid])
    return first


def return_to_bottom(g: GameState, pid: str, ids: list[str]):
    """5.1: その後、2枚のカードは好きな順番でデッキの下に戻します (every card drawn for SPEED)."""
    order: list[str] = []
    rest = list(ids)
    while len(rest) > 1:
        hand = {c["id"]: c for c in player(g, pid)["hand"]}
        choice = yield g.ask(pid, "先にデッキの下に置くカードを選んでください（後に置くカードほど下になります）",
                             [(cid, hand[cid]["name"]) for cid in rest], "los:5.1")
        rest.remove(choice)
        order.append(choice)
    order += rest
    for cid in order:
        _, card = take(g, cid)
        put(g, pid, "deck", card)
    return (yield g.log("los:5.1", "bottom", f"{pid} が先攻・後攻を決めたカード{len(order)}枚を好きな順番でデッキの下に戻しました", pid))


def mulligan(g: GameState, first: str):
    """5.1.1: I the first player declares, II the second player declares, III each who declared returns the
    whole hand, shuffles and draws 7."""
    declared = []
    for rule, pid in (("los:5.1.1.I", first), ("los:5.1.1.II", other(first))):
        yes = yield g.ask(pid, "マリガンしますか（手札を一度だけ交換できます）",
                          [("no", "マリガンしない"), ("yes", "マリガンする")], rule)
        if yes == "yes":
            declared.append(pid)
        yield g.log(rule, "mulligan",
                    f"{pid} はマリガン{'を実施すると' if yes == 'yes' else 'をしないと'}宣言しました", pid, cites=("los:5.1.1",))
    for pid in declared:
        for card in list(player(g, pid)["hand"]):
            _, c = take(g, card["id"])
            put(g, pid, "deck", c)
        g.shuffle(f"players.{pid}.deck")
        draw(g, pid, 7)
        yield g.log("los:5.1.1.III", "mulligan", f"{pid} は手札を全てデッキに戻してシャッフルし、7枚引きました", pid,
                    cites=("los:5.1.1", "los:8.5"))
