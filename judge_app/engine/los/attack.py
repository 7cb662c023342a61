"""アタックフェイズ (5.5): 戦闘処理 5.5.1 steps I–VI, ダウンダメージの処理 5.5.2, フラッシュの時機 5.5.3."""
from __future__ import annotations

from judge_app.engine import lasting
from judge_app.engine.los.board_terms import facing_lane, has_keyword, other, square_name
from judge_app.engine.los.cards import (card_at, field_bound_ends, forbidden, keyword_stop, keyword_works, locate, stat, stat_cites,
                                        to_trash, update_card)
from judge_app.engine.los.common import life_result, lose_life, option, player, result_message
from judge_app.engine.los.priority import exchange, resolve_triggers
from judge_app.engine.los.turn import begin_phase, expire
from judge_app.engine.state import GameState


def max_attacks(g: GameState, card: dict) -> int:
    return 2 if keyword_works(g, card, "2回攻撃") else 1   # 8.13.4; an invalidated one does not work (9.1)


def lane_target(g: GameState, opp: str, lane: int) -> tuple[str, int] | None:
    """5.5: the opposing lane's 前衛 if a character is there, else its 後衛, else none (direct damage)."""
    for row in ("front", "back"):
        if card_at(g, opp, row, lane) is not None:
            return row, lane
    return None


def sky_in_lane(g: GameState, opp: str, lane: int) -> bool:
    return any(c is not None and keyword_works(g, c, "上空") for c in (card_at(g, opp, r, lane) for r in ("front", "back")))


def attack_bar(g: GameState, tp: str, lane: int, card: dict) -> tuple[str, str] | None:
    """Why a 前衛 character may not declare an attack now, as (clause, reason), or None when it may. 5.5.1: 前衛に
    いる表側アタック表示のキャラクターが、それぞれ1回 (2回攻撃: 戦闘を2回まで, 8.13.4); 「できない」 wins (9.2)."""
    if card.get("face_down"):
        return "los:5.5.1.I", "裏側表示のキャラクターはアタックを宣言できません（表側アタック表示のキャラクターを選びます）"
    if card.get("display") != "attack":
        return "los:3.3.2", "前衛でもディフェンス表示のキャラクターはアタックできません（アタック表示の場合に攻撃できます）"
    if forbidden(card, "attack"):
        return "los:9.2", "効果で「アタックできない」: 「できない」を優先します"
    done = card.get("attacks", 0) if card.get("attack_turn") == g.turn else 0
    if done >= max_attacks(g, card):
        if stopped := keyword_stop(g, card, "2回攻撃"):
            return "los:9.1", f"2回攻撃は無効のため、アタックは1回までです（{lasting.describe(stopped)}）"
        if max_attacks(g, card) > 1:
            return "los:8.13.4", f"2回攻撃でも戦闘は2回までです（このターンもう{done}回アタックしました）"
        return "los:5.5.1", "アタックは各キャラクター1回までです（このターンもうアタックしました）"
    if done and option(g, "double_attack") == "battles_only":
        battles = card.get("battles", 0) if card.get("attack_turn") == g.turn else 0
        if battles != done:
            return "los:8.13.4", "2回攻撃の2回目は、キャラクターとの戦闘の後にだけ行えます（ルール選択肢 double_attack）"
        if lane_target(g, other(tp), facing_lane(lane)) is None:
            return "los:8.8", "2回攻撃の2回目は、キャラクターとの戦闘としてだけ行えます（向かいのレーンにキャラクターがいません）"
    return None


def can_attack(g: GameState, tp: str, lane: int, card: dict) -> bool:
    return attack_bar(g, tp, lane, card) is None


def attack_choices(g: GameState, tp: str) -> tuple[list, list]:
    """The attack declarations open now (5.5.1 I) and the ones withheld with their clauses: each 前衛 character
    that may not attack now, and every 後衛 character (3.3.3 後衛のキャラクターカードは攻撃することができません)."""
    p = player(g, tp)
    options, held = [], []
    for lane, c in enumerate(p["front"]):
        if c is None:
            continue
        label = f"「{c['name']}」（{square_name(tp, 'front', lane)}、ATK {stat(c, 'ATK')}）でアタックする"
        bar = attack_bar(g, tp, lane, c)
        if bar:
            held.append((f"attack:{c['id']}", label, *bar))
        else:
            options.append((f"attack:{c['id']}", label))
    for lane, c in enumerate(p["back"]):
        if c is not None:
            held.append((f"attack:{c['id']}", f"「{c['name']}」（{square_name(tp, 'back', lane)}）でアタックする",
                         "los:3.3.3", "後衛のキャラクターは攻撃できません（前衛に進めてからアタックします）"))
    return options, held


def attackers(g: GameState, tp: str) -> list[tuple[int, dict]]:
    return [(lane, c) for lane, c in enumerate(player(g, tp)["front"]) if c is not None and can_attack(g, tp, lane, c)]


ATTACK_END = ("end", "アタックフェイズを終了する")


def attack_phase(g: GameState):
    tp = g.data["turn_player"]
    yield begin_phase(g, "attack", "los:5.5", "アタックフェイズ")
    while True:
        yield from resolve_triggers(g, "los:9.3", "誘発した効果")
        ready, held = attack_choices(g, tp)
        choice = "end"
        if ready:
            choice = yield g.ask(tp, "アタックするキャラクターを選んでください",
                                 ready + [ATTACK_END], "los:5.5.1.I", withheld=held,
                                 remake=lambda: (lambda r, h: (r + [ATTACK_END], h))(*attack_choices(g, tp)))
        if choice == "end":
            yield from exchange(g, "los:5.5.3", "los:5.5.3", "アタックフェイズ終了前")
            # with no decision asked, the entry names why nobody could attack
            why = () if ready else tuple(dict.fromkeys(r for _, _, r, _ in held))
            yield g.log("los:5.5.3", "end-attack", f"{tp} のアタックフェイズを終了します"
                        + ("" if ready else "（アタックできるキャラクターがいません）"), tp, cites=why)
            return
        cid = choice.split(":", 1)[1]
        loc = locate(g, cid)
        if loc is None or loc[1] != "front" or not can_attack(g, tp, loc[2], card_at(g, tp, "front", loc[2])):
            yield g.log("los:5.5.1.I", "no-attack", "そのキャラクターはいまアタックできません", tp)
            continue
        yield from battle(g, tp, cid)
        if g.finished:
            return


def battle(g: GameState, tp: str, cid: str):
    opp = other(tp)
    # I: アタック宣言
    _, _, lane = locate(g, cid)
    card = card_at(g, tp, "front", lane)
    opp_lane = facing_lane(lane)
    sky_direct = False
    if (stopped := keyword_stop(g, card, "上空")) and lane_target(g, opp, opp_lane):
        yield g.log("los:9.1", "invalidated", f"「{card['name']}」の上空は無効のため、相手に直接アタックすることは"
                    f"できません（{lasting.describe(stopped)}）", tp, cites=("los:8.13.1",))
    if keyword_works(g, card, "上空") and not sky_in_lane(g, opp, opp_lane) and lane_target(g, opp, opp_lane):
        how = yield g.ask(tp, f"「{card['name']}」は上空を持ち、相手のレーンに上空を持つキャラクターがいません",
                          [("direct", "相手に直接アタックする"), ("battle", "レーンのキャラクターと戦闘する")], "los:8.13.1")
        sky_direct = how == "direct"
        loc = locate(g, cid)
        if loc is None or loc[:2] != (tp, "front"):
            return (yield g.log("los:5.5.1.I", "no-attack", f"「{card['name']}」はもう前衛にいないためアタックできません", tp))
        lane, opp_lane = loc[2], facing_lane(loc[2])
        card = card_at(g, tp, "front", lane)
    done = card.get("attacks", 0) if card.get("attack_turn") == g.turn else 0
    battles = card.get("battles", 0) if card.get("attack_turn") == g.turn else 0
    update_card(g, cid, attack_turn=g.turn, attacks=done + 1, battles=battles)
    target = None if sky_direct else lane_target(g, opp, opp_lane)
    target_id = card_at(g, opp, *target)["id"] if target else None
    g.set("battle", {"attacker": cid, "player": tp, "lane": lane + 1, "target": target_id, "direct": target is None,
                     "sky_direct": sky_direct, "downed": []})
    if target:
        shown = card_at(g, opp, *target)
        aim = f"{square_name(opp, *target)} の「{'裏側表示のキャラクター' if shown.get('face_down') else shown['name']}」"
    else:
        aim = f"{opp} に直接"
    cites = ["los:5.5.1", "los:5.5"]
    if sky_direct:      # 8.13.1 replaces the battle with the lane's character (5.5) by a direct attack
        cites = ["los:5.5.1.I", "los:5.5", "los:3.3.4"]
    elif keyword_works(g, card, "上空") and target and sky_in_lane(g, opp, opp_lane):
        cites += ["los:8.13.1", "los:3.3.4"]   # the lane (前衛・後衛の縦一列) holds a 上空: no direct attack
        aim += "（相手のレーンに上空を持つキャラクターがいるため、上空でも直接アタックはできません）"
    if done:
        cites.append("los:8.13.4")
        aim += f"（2回攻撃: {done + 1}回目）"
    yield g.log("los:8.13.1" if sky_direct else "los:5.5.1.I", "declare",
                f"「{card['name']}」（{square_name(tp, 'front', lane)}）がアタックを宣言: {aim}", tp, cites=cites)
    tloc = locate(g, target_id) if target_id else None
    if tloc and tloc[1] in ("front", "back") and card_at(g, *tloc).get("face_down"):
        update_card(g, target_id, face_down=False, flipped_turn=g.turn)
        yield g.log("los:5.5.1.I", "flip", f"アタックされた{square_name(*tloc)}の裏側表示のキャラクターを"
                    f"表側表示にしました: 「{card_at(g, *tloc)['name']}」（アタック/ディフェンスの表示は変わりません）", opp,
                    cites=("los:6.3",))
    # II / III: 優先権
    yield from exchange(g, "los:5.5.1.II", "los:5.5.1.III", "アタック宣言")
    # IV: アタックの継続
    loc = locate(g, cid)
    attacker = card_at(g, tp, "front", loc[2]) if loc and loc[0] == tp and loc[1] == "front" else None
    if attacker is None or attacker.get("face_down") or attacker.get("display") != "attack":
        yield from end_battle(g, tp, "los:5.5.1.IV", "アタック宣言をしたキャラクターが前衛のアタック表示でなくなったため、"
                              "アタックは継続しません")
        return
    lane = loc[2]
    moved = "（アタック宣言をしたレーンから移動していますが、前衛のアタック表示なので継続します）" if lane + 1 != g.data["battle"]["lane"] else ""
    yield g.log("los:5.5.1.IV", "continue", f"「{attacker['name']}」は{square_name(tp, 'front', lane)}にいてアタック表示のため、"
                f"アタックを継続します{moved}", tp, cites=("los:3.3.2",))
    yield from step_v(g, tp, cid)


def choose_target(g: GameState, tp: str) -> tuple[str, int] | None:
    """V: the opposing character to battle, judged where the attacker stands now (rule option `battle_target`)."""
    opp, b = other(tp), g.data["battle"]
    if option(g, "battle_target") == "declared":
        loc = locate(g, b["target"]) if b["target"] else None
        if loc and loc[0] == opp and loc[1] in ("front", "back"):
            return loc[1], loc[2]
        if b["direct"]:
            return None
    _, _, lane = locate(g, b["attacker"])
    opp_lane = facing_lane(lane)
    if b["sky_direct"] and not sky_in_lane(g, opp, opp_lane):
        return None
    return lane_target(g, opp, opp_lane)


def step_v(g: GameState, tp: str, cid: str):
    opp = other(tp)
    loc = locate(g, cid)
    attacker = card_at(g, tp, "front", loc[2]) if loc and loc[:2] == (tp, "front") else None
    if attacker is None or attacker.get("face_down") or attacker.get("display") != "attack":
        yield from end_battle(g, tp, "los:5.5.1.IV", "アタック宣言をしたキャラクターが前衛のアタック表示でなくなったため、"
                              "アタックは継続しません")
        return
    target = choose_target(g, tp)
    if target is None:
        atk = stat(attacker, "ATK")
        lose_life(g, opp, atk)
        g.set("battle", dict(g.data["battle"], target=None, direct=True))
        why = "上空で直接アタックしたため" if g.data["battle"]["sky_direct"] else f"{opp} のレーンにキャラクターがいないため"
        yield g.log("los:5.5.1.V", "direct", f"{why}、「{attacker['name']}」の"
                    f"ATK {atk} のダメージを {opp} のライフに与えました（ライフ {player(g, opp)['life']}）", tp,
                    cites=("los:8.13.1" if g.data["battle"]["sky_direct"] else "los:5.5", "los:8.11", "los:2.1.2",
                           *stat_cites(attacker, "ATK"), "los:3.7"))
        result = life_result(g)
        if result:
            g.end_game(result)
            yield g.log("los:4", "win", result_message(result), result if result != "draw" else None,
                        cites=("los:5.5.1.V",))
            return
        yield from end_battle(g, tp, "los:5.5.1.VI", "戦闘処理を終了しました")
        return
    defender = card_at(g, opp, *target)
    if defender.get("face_down"):
        update_card(g, defender["id"], face_down=False, flipped_turn=g.turn)
        defender = card_at(g, opp, *target)
        yield g.log("los:5.5.1.VI", "flip", f"アタックする相手のキャラクター（{square_name(opp, *target)}）が裏側表示のため、"
                    f"効果は発動せず表側表示にしました: 「{defender['name']}」", opp)
    g.set("battle", dict(g.data["battle"], target=defender["id"], direct=False))
    a = stat(attacker, "ATK")
    d_name = "ATK" if defender.get("display") == "attack" else "DEF"
    d = stat(defender, d_name)
    update_card(g, cid, battles=attacker.get("battles", 0) + 1)
    if a > d:
        downed, rule = [defender["id"]], "los:5.5.1.V.A"
    elif a < d:
        downed, rule = [cid], "los:5.5.1.V.B"
    else:
        downed, rule = [cid, defender["id"]], "los:5.5.1.V.C"
    g.set("battle", dict(g.data["battle"], downed=downed))
    names = {cid: attacker["name"], defender["id"]: defender["name"]}
    # where each compared number comes from: the lane's character (5.5), the values V reads (ATK 2.1.2; a defending
    # card's display: DEF in ディフェンス表示 2.1.3 / 6.2, ATK in アタック表示 6.1), and any ±/になる/floor on them
    row = "前衛" if target[0] == "front" else "後衛のみ"
    cites = ("los:5.5", "los:5.5.1.V", "los:8.8", "los:2.1.2", *stat_cites(attacker, "ATK"),
             *(("los:2.1.3", "los:6.2") if d_name == "DEF" else ("los:6.1",)), *stat_cites(defender, d_name))
    yield g.log(rule, "compare",
                f"戦闘（相手のレーンの{row}のキャラクターと）: 「{attacker['name']}」ATK {a} 対 「{defender['name']}」"
                f"（{square_name(opp, *target)}）{d_name} {d}（{'ディフェンス' if d_name == 'DEF' else 'アタック'}表示）。"
                + "・".join(f"「{names[x]}」" for x in downed) + "をダウン状態にします", tp, cites=cites)
    # 8.13.5 毒呪: the other side of a battle with a 毒呪 character downs at the end of the battle
    for holder, victim in ((attacker, defender), (defender, attacker)):
        if (stopped := keyword_stop(g, holder, "毒呪")) and victim["id"] not in downed:
            yield g.log("los:9.1", "invalidated", f"「{holder['name']}」の毒呪は無効のため、「{victim['name']}」には何も"
                        f"起きません（{lasting.describe(stopped)}）", tp, cites=("los:8.13.5",))
        elif has_keyword(holder, "毒呪") and victim["id"] not in downed:
            poisoned = option(g, "poison_down") == "down_damage"
            b = g.data["battle"]
            if poisoned:
                g.set("battle", dict(b, downed=b["downed"] + [victim["id"]]))
            else:
                g.set("battle", dict(b, poisoned=[victim["id"]]))
            yield g.log("los:8.13.5", "poison", f"「{holder['name']}」の毒呪: 戦闘を行った「{victim['name']}」は戦闘終了時に"
                        + ("ダウンします" if poisoned else "トラッシュに置かれます（ダウンダメージなし）"), tp,
                        cites=("los:8.12", "los:5.5.1.VI") if poisoned else ("los:5.5.1.VI", "los:8.10"))
    yield from step_vi(g, tp)


def step_vi(g: GameState, tp: str):
    """VI and 5.5.2: the opponent's downed character's DOWN first, then the win check, then one's own."""
    opp = other(tp)
    b = g.data["battle"]
    downed = [x for x in b["downed"] if locate(g, x) is not None and locate(g, x)[1] in ("front", "back")]
    both = len({locate(g, x)[0] for x in downed}) == 2
    for side in (opp, tp):
        mine = [x for x in downed if locate(g, x)[0] == side]
        if not mine:
            continue
        cards = [g.data["players"][side][locate(g, x)[1]][locate(g, x)[2]] for x in mine]
        amount = sum(stat(c, "DOWN") for c in cards)
        lose_life(g, side, amount)
        # 5.5.2 orders the down damage when both sides have a downed character; VI deals it; the amount is each
        # downed character's DOWN (8.12, 2.1.4) with what changed it
        rule, cites = ("los:5.5.2", ("los:5.5.1.VI",)) if both else ("los:5.5.1.VI", ())
        cites += ("los:8.12", "los:2.1.4", *dict.fromkeys(x for c in cards for x in stat_cites(c, "DOWN")))
        yield g.log(rule, "down-damage", "・".join(f"「{c['name']}」" for c in cards) + f"のDOWN {amount} の"
                    f"ダウンダメージを {side} が受けました（ライフ {player(g, side)['life']}）", side, cites=cites)
        result = life_result(g)
        if result:
            g.end_game(result)
            # 5.5.2 decides the win only when the opponent's life hits 0 before one's own down damage; otherwise
            # it is 4 (life 0 loses), which 5.5.2 merely ordered
            early = both and side == opp
            why = "（自分のキャラクターのダウンダメージを受ける前に勝利判定）" if early else ""
            rule, cites = ("los:5.5.2", ("los:4",)) if early else ("los:4", ("los:5.5.2",) if both else ())
            yield g.log(rule, "win", result_message(result) + why, result if result != "draw" else None, cites=cites)
            return
    gone = downed + [x for x in b.get("poisoned", []) if locate(g, x) and locate(g, x)[1] in ("front", "back")]
    if gone:
        names = [to_trash(g, x)["name"] for x in gone]
        yield g.log("los:5.5.1.VI", "trash", "ダウン状態のキャラクターをトラッシュに置きました: "
                    + "・".join(f"「{n}」" for n in names), tp, cites=("los:3.2",))
        yield from field_bound_ends(g)
    # VI: effects that trigger on dealing damage: the opponent's priority first, then one's own
    yield from resolve_triggers(g, "los:5.5.1.VI", "ダメージを与えたことで発動する効果")
    yield from end_battle(g, tp, "los:5.5.1.VI", "戦闘処理を終了しました")


def end_battle(g: GameState, tp: str, rule: str, message: str):
    n = expire(g, "battle")
    gone = lasting.expire(g, ("battle",)) if g.data.get("effects") else []
    g.set("battle", None)
    ended = "".join(f"（{lasting.describe(e)} を終了）" for e in gone)
    return (yield g.log(rule, "battle-end", message + (f"（このバトル中の効果を終了: {n}体）" if n else "") + ended, tp))
