"""ゲームの準備 (1.2.7) and ターンとフェイズ (4): turn start, the five phases with their start processing,
priority and end, turn end, and the effects that end, add or skip them (4.10)."""
from __future__ import annotations

from judge_app.engine import lasting
from judge_app.engine.thv import keywords as kw
from judge_app.engine.thv.cards import PLAYERS, bare, characters, get_card, label, opponent, put, update_card, words
from judge_app.engine.thv.costs import payable
from judge_app.engine.thv.phases import PHASE_LABELS, TURN_ORDER, TURN_PHASES
from judge_app.engine.thv.play import alt_race_met, caster_present

HAND_LIMIT = 7  # 3.6.4


class TurnMixin:
    def game_flow(self, g):
        if g.phase == "setup":
            yield from self.preparation(g)
            start, resume = "turn_start", False
        else:
            start = g.phase
            resume = g.data["interference"] is not None or g.data["priority"] is not None
        yield from self.turns(g, start, resume)

    # ---- 1.2.7 ------------------------------------------------------------------------------------------
    def preparation(self, g):
        for p in PLAYERS:
            g.shuffle(f"players.{p}.deck")
        yield g.log("thv:1.2.7.a", "setup", "各プレイヤーが自分のデッキをシャッフルした")
        first = g.data.get("starting_player") or g.rng.choice(PLAYERS)
        g.set("starting_player", first)
        g.set("turn_player", first)
        yield g.log("thv:1.2.7.b", "setup", f"開始プレイヤーは {first}", first)
        for p in (first, opponent(first)):
            if not (yield from self.draw(g, p, 7 - len(g.data["players"][p]["hand"]), "thv:1.2.7.c")):
                return
        for p in PLAYERS:
            g.set(f"players.{p}.life", 25)
        yield g.log("thv:1.2.7.d", "setup", "各プレイヤーのライフポイントを25点にした（1.9.1）", cites=("thv:1.9.1",))
        g.set("turn", 1)
        yield g.log("thv:1.2.7.e", "setup", f"開始プレイヤー {first} のターンを始める", first)

    # ---- 4.2 the course of a turn ---------------------------------------------------------------------
    def turns(self, g, phase, resume):
        while not g.finished:
            if phase == "turn_start":
                yield from self.turn_start(g)
            elif phase == "turn_end":
                yield from self.turn_end(g)
            else:
                yield from self.run_phase(g, phase, resume)
            resume = False
            if g.finished:
                return
            prev = phase
            phase = yield from self.next_phase(g, phase)
            if TRANSITION.get(prev) and phase == TURN_ORDER[TURN_ORDER.index(prev) + 1]:
                g.cite_next(TRANSITION[prev])  # the phase's first entry: the step that moved the game to it

    def next_phase(self, g, phase):
        """4.2.1 in order; 4.10.1 ends the turn, 4.10.3 adds a phase, 4.10.5 skips one."""
        flags = g.data["flags"]
        if phase == "turn_end":
            return "turn_start"
        if flags["end_turn"] and phase != "turn_end":
            g.set("flags", {**flags, "end_turn": False, "end_phase": False, "extra": None})
            yield g.log("thv:4.10.1.b", "phase", "ターンを終了する効果により、残りのフェイズはスキップされる")
            return "turn_end"
        if flags["end_phase"]:
            g.set("flags", {**flags, "end_phase": False})
            flags = g.data["flags"]
        if flags["extra"] and phase in TURN_PHASES:
            extra = flags["extra"]
            g.set("flags", {**flags, "extra": None, "resume": TURN_ORDER[TURN_ORDER.index(phase) + 1]})
            yield g.log("thv:4.10.3.a", "phase", f"追加のフェイズ: {PHASE_LABELS[extra]}へ移行する")
            return extra
        nxt = flags.get("resume") or TURN_ORDER[TURN_ORDER.index(phase) + 1]
        if flags.get("resume"):
            g.set("flags", {**flags, "resume": None})
            yield g.log("thv:4.10.3.b", "phase", f"追加のフェイズが終了したため、本来の{PHASE_LABELS[nxt]}へ移行する")
        while nxt in g.data["flags"]["skip"]:
            skip = list(g.data["flags"]["skip"])
            skip.remove(nxt)
            g.set("flags", {**g.data["flags"], "skip": skip})
            yield g.log("thv:4.10.5", "phase", f"{PHASE_LABELS[nxt]}はスキップされた")
            nxt = TURN_ORDER[TURN_ORDER.index(nxt) + 1]
        return nxt

    # ---- 4.3 ------------------------------------------------------------------------------------------
    def turn_start(self, g):
        g.set("phase", "turn_start")
        self.reset_damage(g)
        yield g.log("thv:4.3.1.a", "phase", f"ターン{g.turn}（{g.data['turn_player']}）開始: 全てのキャラクターに蓄積されているダメージをリセットした",
                    g.data["turn_player"], cites=("thv:1.10.13.e", "thv:4.2.3.a"))

    def reset_damage(self, g):
        for c in characters(g):
            if c.get("damage") or c.get("battle_damage"):
                update_card(g, c["id"], damage=0, battle_damage=0)

    # ---- 4.4-4.8 --------------------------------------------------------------------------------------
    def run_phase(self, g, phase, resume):
        tp = g.data["turn_player"]
        if not resume:
            g.set("phase", phase)
            g.set("passes", 0)
            yield from getattr(self, f"phase_{phase}")(g, tp)
            if g.finished:
                return
            g.set("priority", tp)
            yield g.log(GAIN[phase], "priority", f"{PHASE_LABELS[phase]}: ターンプレイヤー {tp} が優先権を得る" +
                        ("（メインフェイズの規定の効果は存在しない）" if phase == "main" else ""), tp,
                        cites=("thv:4.7.3",) if phase == "main" else ())
        yield from self.priority_loop(g)
        g.set("priority", None)

    def phase_active(self, g, tp):
        for c in g.data["players"][tp]["field"]:
            if c["state"] != "active":
                update_card(g, c["id"], state="active", sets=[dict(s, state="active") for s in c.get("sets") or ()])
        if g.data["options"]["nodes_untap"] == "active_phase":
            g.set(f"players.{tp}.nodes", [dict(n, state="active") for n in g.data["players"][tp]["nodes"]])
        yield g.log("thv:4.4.1.a", "phase", f"アクティブフェイズ: {tp} の場のカードを全てアクティブ状態にした" +
                    ("（ルール選択によりノードも）" if g.data["options"]["nodes_untap"] == "active_phase" else ""), tp)
        sleeping = [c for c in characters(g, opponent(tp)) if c["state"] == "sleep"]
        for c in sleeping:
            yield from self.keyword_stopped_here(g, c, "警戒", "アクティブ状態にならない", "thv:10.7.2.a")
        woke = [c for c in sleeping if self.keyword_works(g, c, "警戒")]
        for c in woke:
            update_card(g, c["id"], state="active", sets=[dict(s, state="active") for s in c.get("sets") or ()])
        if woke:
            yield g.log("thv:10.7.2.a", "phase", "警戒: " + "、".join(label(c) for c in woke) + " をアクティブ状態にした",
                        opponent(tp))

    def phase_maintenance(self, g, tp):
        g.set("phase", "maintenance")
        upkeep = [(c, host) for host in g.data["players"][tp]["field"] for c in [host] + list(host.get("sets") or ())
                  if kw.number(words(c), "維持コスト") is not None]
        yield g.log("thv:4.5.1.a", "phase", "メンテナンスフェイズ: " +
                    ("維持コストの効果を解決する" if upkeep else "維持コストを持つカードはない"), tp)
        for card, _host in upkeep:
            yield from self.upkeep(g, tp, card["id"])

    def upkeep(self, g, tp, cid):
        """10.27.2.a 維持コスト(X): pay X or the card is destroyed; ignorable with its 術者 on your field."""
        card = get_card(g, cid)
        if card is None:
            return
        x = kw.number(words(card), "維持コスト")
        opts, held = [], []
        ignore = ("ignore", "術者（または代替レース）がいるため無視する")
        if caster_present(g, tp, card) or alt_race_met(g, tp, card):
            opts.append(ignore)
        else:
            held.append((*ignore, "thv:10.27.2.a", "自分の場に術者（または代替レースの種族のキャラクター）がいないため無視できない"))
        if payable(g, tp, x):
            opts.append(("pay", f"{x}支払う"))
        else:
            held.append(("pay", f"{x}支払う", "thv:1.8.9.e", f"ノードが足りず{x}を支払えない"))
        opts.append(("destroy", "支払わない（破棄する）"))
        ans = yield g.ask(tp, f"{label(card)} の維持コスト({x})", opts, "thv:10.27.2.a", kind="upkeep", withheld=held)
        if ans == "ignore":
            yield g.log("thv:10.27.2.a", "upkeep", f"{label(card)} の維持コストは術者がいるため無視した", tp)
        elif ans == "pay" and (yield from self.pay_cost(g, tp, x, f"{card['name']}の維持コスト")):
            pass
        else:
            yield g.log("thv:10.27.2.a", "upkeep", f"{label(card)} の維持コストを支払わないため破棄する", tp)
            yield from self.destroy(g, [cid])

    def phase_draw(self, g, tp):
        if g.turn == 1 and tp == g.data.get("starting_player"):
            yield g.log("thv:4.6.3", "phase", "ドローフェイズ: 開始プレイヤーの最初のターンのため規定の効果（ドロー）は解決されない（1.2.8 と同じ規定）", tp,
                        cites=("thv:1.2.8",))
            return
        barred = self.prohibition(g, "draw", player=tp) if g.data.get("effects") else None
        if barred:   # 1.3.2: 「出来ない」 wins over the draw the phase does
            yield g.log("thv:1.3.2", "prohibited", f"ドローフェイズ: {tp} はドロー出来ないため、ドローしない"
                        f"（{lasting.describe(barred)}）", tp, cites=("thv:4.6.1.a",))
            return
        yield from self.draw(g, tp, 1, "thv:4.6.1.a")

    def phase_main(self, g, tp):
        return  # 4.7.3: no regulation effect
        yield

    def phase_discard(self, g, tp):
        hand = g.data["players"][tp]["hand"]
        if len(hand) <= HAND_LIMIT:
            return
        while len(g.data["players"][tp]["hand"]) > HAND_LIMIT:
            hand = g.data["players"][tp]["hand"]
            cid = yield g.ask(tp, f"手札が{len(hand)}枚で上限{HAND_LIMIT}枚を超えています。破棄するカードを選んでください",
                              [(c["id"], label(c)) for c in hand], "thv:4.8.1.a", kind="discard")
            hand = g.data["players"][tp]["hand"]  # a judge's adjustment may have changed it meanwhile
            card = next((c for c in hand if c["id"] == cid), None)
            if card is None:
                continue
            g.remove_from(f"players.{tp}.hand", card)
            put(g, bare(card), card["owner"], "graveyard")
            yield g.log("thv:4.8.1.a", "discard", f"{tp} が {label(card)} を破棄した（手札 {len(g.data['players'][tp]['hand'])}枚、上限{HAND_LIMIT}枚）", tp,
                        cites=("thv:3.6.4",))

    # ---- 4.9 ------------------------------------------------------------------------------------------
    def turn_end(self, g):
        tp = g.data["turn_player"]
        g.set("phase", "turn_end")
        self.reset_damage(g)
        yield g.log("thv:4.9.1.a", "phase", "ターン終了時: 全てのキャラクターに蓄積されているダメージをリセットした", tp,
                    cites=("thv:1.10.13.e", "thv:4.2.3.a"))
        expired = False
        for c in characters(g):
            # 「次の相手のターン終了時まで」 ends at the 4.9.1.b of the turn it named when made (one written on a board
            # without it becomes 「ターン終了時まで」: it ends at the next turn's 4.9.1.b)
            mods = [dict(m, until="turn") if m.get("until") == "next_turn_end" and "until_turn" not in m else m
                    for m in c.get("mods") or () if m.get("until") not in ("turn", "battle")
                    and not ("until_turn" in m and lasting.ends_now(m, g.turn, "until"))]
            if mods != list(c.get("mods") or ()):
                update_card(g, c["id"], mods=mods)
                expired = expired or len(mods) != len(c.get("mods") or ())
        gone = [*lasting.expire(g, ("turn", "next_turn_end")), *self.left_field(g)] if g.data.get("effects") else []
        g.set("this_turn", {"node_set": False, "character_played": False, "doll_played": False,
                            "world_spell_played": False, "locked_names": [], "keyword_uses": []})
        yield g.log("thv:4.9.1.b", "phase", "ターン終了時までの効果の適用を終了した" + ("（戦闘力の修正を含む）" if expired else "")
                    + "".join(f"（{lasting.describe(e)} を終了）" for e in gone), tp)
        if expired:
            yield from self.rule_checks(g)
            if g.finished:
                return
        nxt = opponent(tp)
        g.set("turn", g.turn + 1)
        g.set("turn_player", nxt)
        g.set("flags", {**g.data["flags"], "end_turn": False, "end_phase": False})
        yield g.log("thv:4.9.1.e", "turn", f"次のプレイヤー {nxt} のターンへ移行する", nxt)


# 4.3.1.d, 4.4.2.b, …: the step of each phase's end that moves the game to the next (cited by the next's first entry)
TRANSITION = {"turn_start": "thv:4.3.1.d", "active": "thv:4.4.2.b", "maintenance": "thv:4.5.2.b", "draw": "thv:4.6.2.b",
              "main": "thv:4.7.2.b", "discard": "thv:4.8.2.b"}
GAIN = {"active": "thv:4.4.1.c", "maintenance": "thv:4.5.1.c", "draw": "thv:4.6.1.c", "main": "thv:4.7.1.b",
        "discard": "thv:4.8.1.c"}
