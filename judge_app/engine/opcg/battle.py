"""7 カードのアタックとバトル: アタック・ブロック・カウンター・ダメージの各ステップとバトルの終了,
with damage processing (4-6), 【トリガー】 (10-1-5, 8-6-2-1), 【ダブルアタック】, 【バニッシュ】, 【ブロッカー】."""
from __future__ import annotations

from judge_app.engine import lasting
from judge_app.engine.state import GameState
from judge_app.engine.opcg.actions import (add_effect, describe_effects, expire, leave_field, make_room_for_character,
                                           place_trigger_card, rest_don, trigger_destinations)
from judge_app.engine.opcg.cards import (field_cards, has, invalidated, label, locate, other, power, power_sources, put_into,
                                         replace_card, take_from)


def _set_battle(g: GameState, **fields) -> dict:
    new = {**g.data["battle"], **fields}
    g.set("battle", new)
    return new


def _zone_of(g: GameState, card: dict, player: str) -> str:
    return "leader" if g.get(f"players.{player}.leader")["id"] == card["id"] else "characters"


def left_zone(g: GameState) -> bool:
    """Whether the attacking card or the attacked card has moved out of the zone it was in."""
    b = g.data["battle"]
    for cid, player, zone in ((b["attacker"], b["attacker_player"], b["attacker_zone"]),
                              (b["target"], b["target_player"], b["target_zone"])):
        where = locate(g, cid)
        if where is None or where[0] != player or where[1] != zone:
            return True
    return False


def battle(g: GameState, tp: str, attacker_id: str):
    defender = other(tp)
    # 7-1-1 アタック・ステップ
    attacker = next(c for c in field_cards(g, tp) if c["id"] == attacker_id)
    a_zone = _zone_of(g, attacker, tp)
    replace_card(g, tp, a_zone, attacker_id, rested=True)
    g.set("battle", {"step": "attack", "attacker": attacker_id, "attacker_player": tp, "attacker_zone": a_zone,
                     "target": None, "target_player": defender, "target_zone": None, "blocker": None})
    rush = attacker.get("category") == "キャラ" and attacker.get("played_this_turn")  # 3-7-4 set aside by 【速攻】
    yield g.log("opcg:7-1-1-1", "attack", f"{label(attacker)}をレストにしてアタックを宣言しました"
                + ("（登場したターン中ですが【速攻】によりアタックできます）" if rush else ""), tp,
                cites=("opcg:7-1", "opcg:3-7-4", "opcg:10-1-1-1") if rush else ("opcg:7-1",))
    targets, held = attack_targets(g, defender)
    target_id = yield g.ask(tp, "アタックの対象を選んでください", targets, "opcg:7-1-1-2", withheld=held,
                            remake=lambda: attack_targets(g, defender))
    pdef = g.data["players"][defender]
    t_zone = "leader" if target_id == pdef["leader"]["id"] else "characters"
    _set_battle(g, target=target_id, target_zone=t_zone)
    target = locate(g, target_id)[2]
    yield g.log("opcg:7-1-1-2", "attack", f"アタックの対象に{label(target)}を選びました", tp)
    yield g.log("opcg:7-1-1-3", "timing", "【アタック時】「アタックした時」の効果が発動するタイミングです（カードの効果はジャッジが調整で適用）", tp)
    if left_zone(g):
        yield g.log("opcg:7-1-1-4", "battle", "アタックしているカードかアタックの対象が領域を移動したため、バトルの終了に移行します", tp)
        yield from end_of_battle(g, tp)
        return
    # 7-1-2 ブロック・ステップ
    yield from block_step(g, tp, defender)
    if left_zone(g):
        yield g.log("opcg:7-1-2-3", "battle", "アタックしているカードかアタックの対象が領域を移動したため、バトルの終了に移行します", tp)
        yield from end_of_battle(g, tp)
        return
    # 7-1-3 カウンター・ステップ
    yield from counter_step(g, tp, defender)
    if left_zone(g):
        yield g.log("opcg:7-1-3-2-3", "battle", "アタックしているカードかアタックの対象が領域を移動したため、ダメージ・ステップには移行せずバトルの終了に移行します", tp)
        yield from end_of_battle(g, tp)
        return
    # 7-1-4 ダメージ・ステップ
    yield from damage_step(g, tp, defender)
    yield from end_of_battle(g, tp)


def attack_targets(g: GameState, defender: str):
    """7-1-1-2: the opponent's leader or one of their rested characters; an active character is withheld."""
    pdef = g.data["players"][defender]
    targets = [(pdef["leader"]["id"], f"相手のリーダー {label(pdef['leader'])}")]
    held = []
    for c in pdef["characters"]:
        if c.get("rested"):
            targets.append((c["id"], f"レストの相手キャラ {label(c)}"))
        else:
            held.append((c["id"], f"アクティブの相手キャラ {label(c)}", "opcg:7-1-1-2",
                         "アタックの対象にできるのは相手のリーダーか、レストの相手のキャラだけです"))
    return targets, held


def blockers(g: GameState, defender: str):
    """10-1-4-1: an active card of the defender's with 【ブロッカー】, other than the attacked card, may block;
    the defender's other leader and characters are withheld, each with why."""
    target = g.data["battle"]["target"]
    options, held = [("none", "発動しない")], []
    for c in field_cards(g, defender):
        value, text = c["id"], f"{label(c)}の【ブロッカー】を発動する"
        stopped = invalidated(g, c, "ブロッカー")
        if stopped:
            held.append((value, text, "opcg:8-2-1-1", f"【ブロッカー】は無効です（{lasting.describe(stopped)}）"))
        elif not has(g, c, "ブロッカー"):
            held.append((value, text, "opcg:10-1-4-1", "【ブロッカー】を持っていません"))
        elif c["id"] == target:
            held.append((value, text, "opcg:10-1-4-1", "【ブロッカー】はこのカード以外の自分のカードがアタックされたときに発動します"))
        elif c.get("rested"):
            held.append((value, text, "opcg:10-1-4-1", "【ブロッカー】はアクティブのこのカードをレストにして発動します。このカードはレストです"))
        else:
            options.append((value, text))
    return options, held


def block_step(g: GameState, tp: str, defender: str):
    _set_battle(g, step="block")
    options, held = blockers(g, defender)
    if len(options) == 1:
        stopped = tuple(dict.fromkeys(h[2] for h in held if h[2] == "opcg:8-2-1-1"))
        yield g.log("opcg:7-1-2-1", "block", "ブロック・ステップ: 【ブロッカー】を発動できるカードはありません"
                    + ("（無効にされた【ブロッカー】は発動しません）" if stopped else ""), defender,
                    cites=("opcg:10-1-4-1", *stopped))
        return
    choice = yield g.ask(defender, "【ブロッカー】を発動しますか（このバトル中1度だけ）", options, "opcg:7-1-2-1",
                         withheld=held, remake=lambda: blockers(g, defender))
    if choice == "none":
        yield g.log("opcg:7-1-2-1", "block", f"{defender} は【ブロッカー】を発動しませんでした", defender)
        return
    blocker = locate(g, choice)[2]
    zone = _zone_of(g, blocker, defender)
    replace_card(g, defender, zone, blocker["id"], rested=True)
    _set_battle(g, target=blocker["id"], target_zone=zone, blocker=blocker["id"])
    yield g.log("opcg:10-1-4-1", "block", f"{label(blocker)}をレストにして【ブロッカー】を発動し、アタックされたカードを{label(blocker)}に変更しました（このバトル中1度だけ）", defender,
                cites=("opcg:7-1-2-1",))
    yield g.log("opcg:7-1-2-2", "timing", "【ブロック時】「ブロックした時」の効果が発動するタイミングです（カードの効果はジャッジが調整で適用）", defender)


def counter_options(g: GameState, defender: str):
    """7-1-3-2: the actions of the counter step, and the cards in the hand the rules withhold here, with why."""
    pdata = g.data["players"][defender]
    targets = field_cards(g, defender)
    active = pdata["cost_area"]["active"]
    options = [("end", "カウンター・ステップを終了する")]
    held = []
    names = [(t["id"], label(t)) for t in targets]
    for card in pdata["hand"]:
        cat, kws = card.get("category"), card.get("keywords") or ()
        if cat == "キャラ":  # 7-1-3-2-1
            value = card.get("counter") or 0
            text = f"{label(card)}のカウンター+{value}を"
            for tid, tname in names:
                item = (f"counter:{card['id']}@{tid}", f"{text}{tname}に")
                if value > 0:
                    options.append(item)
                else:
                    held.append((*item, "opcg:7-1-3-2-1", "「(アイコン)カウンター」を持っていません"))
        elif cat == "イベント":  # 7-1-3-2-2
            cost = card.get("cost") or 0
            item = (f"event:{card['id']}", f"{label(card)}の【カウンター】を発動する（コスト{cost}）")
            if "カウンター" not in kws:
                if "メイン" in kws:
                    held.append((*item, "opcg:10-2-3-1", "【メイン】のイベントはバトル以外のメインフェイズにのみプレイできます"))
                else:
                    held.append((*item, "opcg:10-2-4-1", "カウンター・ステップにプレイできるイベントは【カウンター】を持つものだけです"))
            elif cost > active:
                held.append((*item, "opcg:2-7-3", f"コストエリアのアクティブのドン!!は{active}枚で、コスト{cost}を支払えません"))
            else:
                options.append(item)
    return options, held


def counter_step(g: GameState, tp: str, defender: str):
    _set_battle(g, step="counter")
    yield g.log("opcg:7-1-3-1", "timing", "カウンター・ステップ。「アタックされた時」の効果が発動するタイミングです（カードの効果はジャッジが調整で適用）", defender)
    while True:
        options, held = counter_options(g, defender)
        if len(options) == 1:
            yield g.log("opcg:7-1-3-2", "counter", f"{defender} が手札から発動できるカウンターはありません", defender,
                        cites=("opcg:7-1-3-2-1", "opcg:7-1-3-2-2"))
            return
        choice = yield g.ask(defender, "カウンターを発動しますか（好きな順番で何度でも）", options, "opcg:7-1-3-2",
                             withheld=held, remake=lambda: counter_options(g, defender))
        if choice == "end":
            yield g.log("opcg:7-1-3-2", "counter", f"{defender} がカウンター・ステップを終了しました", defender)
            return
        kind, rest = choice.split(":", 1)
        if kind == "counter":
            card_id, target_id = rest.split("@")
            card = take_from(g, defender, "hand", card_id)
            put_into(g, defender, "trash", card)
            add_effect(g, kind="power", target=target_id, value=card["counter"], duration="battle", owner=defender,
                       rule="opcg:7-1-3-2-1")
            target = locate(g, target_id)[2]
            yield g.log("opcg:7-1-3-2-1", "counter", f"{label(card)}をトラッシュに置き、{label(target)}のパワーをこのバトル中+{card['counter']}しました（パワー{power(g, target, defender)}）", defender)
        else:
            card = next(c for c in g.get(f"players.{defender}.hand") if c["id"] == rest)
            cost = card.get("cost") or 0
            rest_don(g, defender, cost)
            take_from(g, defender, "hand", rest)
            put_into(g, defender, "trash", card)
            yield g.log("opcg:7-1-3-2-2", "counter", f"{label(card)}のコスト（ドン!!{cost}枚レスト）を支払いトラッシュに置き、【カウンター】を発動しました（効果はジャッジが調整で適用）", defender,
                        cites=("opcg:2-7-3", "opcg:10-2-4-1"))


def damage_step(g: GameState, tp: str, defender: str):
    _set_battle(g, step="damage")
    b = g.data["battle"]
    attacker = locate(g, b["attacker"])[2]
    target = locate(g, b["target"])[2]
    pa, pt = power(g, attacker, tp), power(g, target, defender)
    # where each compared number comes from: the card whose 【ブロッカー】 made it the attacked card, counters,
    # other effects, attached DON!!
    (wa, ca), (wt, ct) = power_sources(g, attacker, tp), power_sources(g, target, defender)
    cites = (*(("opcg:10-1-4-1",) if b.get("blocker") else ()), *ca, *ct)
    whence = f"（{label(attacker)}: {wa}／{label(target)}: {wt}）"
    if pa < pt:
        yield g.log("opcg:7-1-4-2", "battle", f"{label(attacker)}のパワー{pa}は{label(target)}のパワー{pt}未満のため、バトルに負けました。何も起きません{whence}", tp,
                    cites=cites)
        return
    yield g.log("opcg:7-1-4-1", "battle", f"{label(attacker)}のパワー{pa}が{label(target)}のパワー{pt}以上のため、バトルに勝ちました{whence}", tp,
                cites=cites)
    if b["target_zone"] == "characters":
        card, don, ended = leave_field(g, defender, "characters", target["id"])
        yield g.log("opcg:7-1-4-1-2", "ko", f"バトルに勝ったアタックの対象はキャラクターのため、{label(card)}をKOし、持ち主のトラッシュに置きました(10-2-1-2)。【KO時】の効果はジャッジが調整で適用(10-2-17-1)", defender,
                     cites=("opcg:10-2-1-2", "opcg:10-2-17-1"))
        if don:
            yield g.log("opcg:6-5-5-4", "don", f"{label(card)}に付与されていたドン!!{don}枚をコストエリアにレストで置きました", defender)
        if ended:
            yield g.log("opcg:3-1-6", "expire", f"{label(card)}は新しいカードとみなされ、適用されていた効果{ended}件はなくなりました", defender)
        return
    damage = 2 if has(g, attacker, "ダブルアタック") else 1  # 10-1-2-1
    yield from leader_damage(g, tp, defender, damage, banish=has(g, attacker, "バニッシュ"))
    yield g.log("opcg:8-6-2", "timing", "ダメージ処理が終わりました。ダメージ処理中に発動タイミングを満たした効果はここで発動し解決します（ジャッジが調整で適用）", defender)


def leader_damage(g: GameState, tp: str, defender: str, damage: int, banish: bool):
    """7-1-4-1-1: damage to the leader, one point at a time (7-1-4-1-1-3, 4-6-2-2)."""
    if not g.get(f"players.{defender}.life"):
        g.end_game(tp)
        yield g.log("opcg:7-1-4-1-1-1", "win", f"ダメージが与えられることが確定した時点で{defender}のライフが0枚のため、{tp} がゲームに勝利しました", tp,
                    cites=("opcg:7-1-4-1-1",))
        return
    if damage > 1:
        yield g.log("opcg:10-1-2-1", "damage", f"【ダブルアタック】: リーダーのライフに与えるダメージが{damage}になります(7-1-4-1-1-3)", tp, cites=("opcg:7-1-4-1-1-3",))
    for point in range(1, damage + 1):
        life = g.get(f"players.{defender}.life")
        if not life:
            if g.data["options"]["double_attack_at_zero_life"] == "lose":
                g.set(f"players.{defender}.leader_damaged_at_zero", True)
                yield g.log("opcg:4-6-2-2", "damage", f"{point}点目: ライフが0枚のときにリーダーがダメージを受けました(1-2-2-1)", defender, cites=("opcg:1-2-2-1",))
            else:
                yield g.log("opcg:7-1-4-1-1-3", "damage", f"{point}点目: 7-1-4-1-1-2 はライフが1枚以上ある場合の処理のため、ライフ0枚では何も起きません", defender, cites=("opcg:7-1-4-1-1-2",))
            return
        card = life[0]
        if banish:  # 10-1-3-1
            g.set(f"players.{defender}.life", life[1:])
            put_into(g, defender, "trash", card)
            yield g.log("opcg:10-1-3-1", "damage", f"{point}点目: 【バニッシュ】のため、ライフの上のカードを手札に加える(7-1-4-1-1-2)代わりにトラッシュに置きました（ライフを手札に加えないので【トリガー】は発動しません 4-6-3-1）", defender,
                        cites=("opcg:7-1-4-1-1-2", "opcg:4-6-3-1"))
            continue
        if "トリガー" in (card.get("keywords") or ()):
            use = yield g.ask(defender, f"ライフから確認した{label(card)}は【トリガー】を持っています。発動しますか",
                              [("activate", "公開して【トリガー】を発動する"), ("hand", "発動せず、公開せずに手札に加える")],
                              "opcg:10-1-5-1")
            if use == "activate":
                yield from activate_trigger(g, defender, card, point)
                continue
            g.set(f"players.{defender}.life", life[1:])
            put_into(g, defender, "hand", card)
            yield g.log("opcg:10-1-5-2", "damage", f"{point}点目: 【トリガー】を発動せず、ライフの上のカードを公開せずに手札に加えました(7-1-4-1-1-2)", defender,
                        cites=("opcg:7-1-4-1-1-2", "opcg:4-6-3"))
            continue
        g.set(f"players.{defender}.life", life[1:])
        put_into(g, defender, "hand", card)
        yield g.log("opcg:7-1-4-1-1-2", "damage", f"{point}点目: {defender} のリーダーに1ダメージ。ライフの上のカードを手札に加えました（残りライフ{len(life) - 1}枚）", defender,
                    cites=("opcg:7-1-4-1-1", "opcg:4-6-2", "opcg:4-6-2-1"))


def activate_trigger(g: GameState, defender: str, card: dict, point: int):
    """8-6-2-1: damage processing pauses while the revealed card's 【トリガー】 is activated."""
    yield g.log("opcg:8-6-2-1", "trigger", f"{point}点目: ダメージ処理を一時中断し、{label(card)}を公開して手札に加える(7-1-4-1-1-2)代わりに【トリガー】を発動しました（効果はジャッジが調整で適用）", defender,
                cites=("opcg:10-1-5-1", "opcg:7-1-4-1-1-2", "opcg:4-6-3"))
    choices = trigger_destinations(g, card)
    dest = "trash"
    if len(choices) > 1:
        dest = yield g.ask(defender, f"【トリガー】を発動した{label(card)}をどこに置きますか", choices, "opcg:10-1-5-1")
    if dest == "play" and card["category"] == "キャラ":
        yield from make_room_for_character(g, defender, card)
    for rule, kind, message, cites in place_trigger_card(g, defender, card, dest):
        yield g.log(rule, kind, message, defender, cites=cites)


def end_of_battle(g: GameState, tp: str):
    _set_battle(g, step="end")
    yield g.log("opcg:7-1-5-2", "timing", "バトルを終了しました(7-1-5-1)。「バトル終了時」「バトルした場合」の効果が発動するタイミングです（ジャッジが調整で適用）", tp, cites=("opcg:7-1-5-1",))
    for rule, owner in (("opcg:7-1-5-3", tp), ("opcg:7-1-5-4", other(tp))):
        gone = expire(g, owner, ("battle",))
        if gone:
            yield g.log(rule, "expire", f"{owner} の「このバトル中」の効果が無効になりました: {describe_effects(g, gone)}", owner)
    g.set("battle", None)
    yield g.log("opcg:7-1-5-5", "battle", "バトルが終了し、メインフェイズ(6-5-2)に戻ります", tp, cites=("opcg:6-5-2",))
