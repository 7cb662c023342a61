"""キャラクターと戦闘 (6): 攻撃 (6.3), 防御 (6.4), 戦闘 (6.2.4 in its order), グレイズ (6.5)."""
from __future__ import annotations

from judge_app.engine import lasting
from judge_app.engine.thv.cards import (attack_of, bare, characters, get_card, has, label, locate, on_field_character,
                                        opponent, power_cites, same_race, toughness_of, update_card)


class BattleMixin:
    def keyword_works(self, g, card, word) -> bool:
        """The character has the keyword and no invalidation stops it (2.1.1.a)."""
        return has(card, word) and self.invalidated_keyword(g, card, word) is None

    def keyword_stopped_here(self, g, card, word, what: str, clause: str):
        """Log, where the flow would have used it, that the character's keyword is invalidated (2.1.1.a)."""
        if card and g.data.get("effects") and has(card, word) and (e := self.invalidated_keyword(g, card, word)):
            yield g.log(self.invalidation_rule, "invalidated", f"{label(card)} の{word}は無効のため、{what}"
                        f"（{lasting.describe(e)}）", cites=(clause,))

    # ---- 6.3 攻撃 ------------------------------------------------------------------------------------
    def can_attack_with(self, g, p, card) -> bool:
        """6.3.3: the turn player's active character that is not barred from attacking (人形, 10.9.2.a)."""
        return card["state"] == "active" and not self.keyword_works(g, card, "人形")

    def attack_refusal(self, g, p, card):
        """Why p may not make `card` (p's character) attack now, as (clause, reason), or None: the player's
        conditions (6.3.2.a-c), then the character's (6.3.3.b, 人形 10.9.2.a as 6.3.3.c's 「攻撃を行えない」)."""
        if p != g.data["turn_player"]:
            return ("thv:6.3.2.a", "攻撃を行えるのはターンプレイヤーだけ")
        if g.data["phase"] != "main":
            return ("thv:6.3.2.b", "攻撃を行えるのはメインフェイズだけ")
        if g.data["interference"] is not None:
            return ("thv:6.3.2.c", "干渉が開始されている間は攻撃を行えない")
        if card["state"] != "active":
            return ("thv:6.3.3.b", "スリープ状態のキャラクターには攻撃を行わせることができない")
        if self.keyword_works(g, card, "人形"):
            return ("thv:10.9.2.a", "人形: このキャラクターは攻撃を行うことができない")
        return None

    def attack(self, g, p, cid):
        card = update_card(g, cid, state="sleep")
        self._sync_sets(g, cid)
        yield g.log("thv:6.3.4.b", "attack", f"{p} が {label(card)} で攻撃を宣言し、スリープ状態にした", p)
        g.set("interference", {"items": [{"kind": "attack", "player": p, "card": cid}], "used": []})
        yield g.log("thv:6.3.4.c", "interference", "攻撃により干渉が開始された", p, cites=("thv:1.12.6.c",))
        g.set("battle", {"attacker": cid, "defender": None, "attacked_player": opponent(p), "window": True})
        yield g.log("thv:6.3.4.e", "attack", f"{label(card)} が攻撃を行っているキャラクターになった", p)
        g.set("priority", opponent(p))
        yield g.log("thv:6.3.4.g", "priority", f"優先権が {opponent(p)} に移った（防御できる）", opponent(p))

    def forced_attack(self, g):
        """6.3.5: a character to which 「攻撃を行う」 applies attacks without being slept (6.3.8: even if its player
        may not make it attack)."""
        cid = g.data["flags"]["forced_attack"]
        g.set("flags", {**g.data["flags"], "forced_attack": None})
        p = locate(g, cid)[0] if on_field_character(g, cid) else None
        if p is None:
            yield g.log("thv:6.3.5", "attack", f"{cid} は場のキャラクターではないため攻撃は行われない")
            return
        g.set("interference", {"items": [{"kind": "attack", "player": p, "card": cid}], "used": []})
        yield g.log("thv:6.3.5.a", "interference", "効果による攻撃により干渉が開始された", p)
        g.set("battle", {"attacker": cid, "defender": None, "attacked_player": opponent(p), "window": True})
        yield g.log("thv:6.3.5.c", "attack", f"{label(get_card(g, cid))} が攻撃を行っているキャラクターになった", p)
        g.set("priority", opponent(p))
        g.set("passes", 0)
        yield g.log("thv:6.3.5.e", "priority", f"優先権が {opponent(p)} に移った（防御できる）", opponent(p))

    def _sync_sets(self, g, cid):
        """11.3.11.c: set cards share their host's 縦横の状態."""
        card = get_card(g, cid)
        if card.get("sets"):
            update_card(g, cid, sets=[dict(s, state=card["state"]) for s in card["sets"]])

    # ---- 6.4 防御 ------------------------------------------------------------------------------------
    def can_defend(self, g, p) -> bool:
        """6.4.2: p holds the priority the attack moved to them (a), an attack is on (b), no defender yet
        (6.2.5.b)."""
        b = g.data.get("battle")
        return bool(b) and b.get("window") and b["attacked_player"] == p and b.get("defender") is None

    def defend_refusal(self, g, p, card):
        """Why `card` (a character of the attacked player p) may not defend now, as (clause, reason), or None.
        Asked only while an attack on p is on."""
        b = g.data["battle"]
        if b.get("defender") is not None:
            return ("thv:6.2.5.b", "既に防御を行うキャラクターが存在する")
        if not b.get("window"):
            return ("thv:6.4.2.a", "防御できるのは攻撃の処理により移った優先権を持っているときだけ")
        if card["state"] != "active":
            return ("thv:6.4.3.b", "スリープ状態のキャラクターには防御を行わせることができない")
        return None

    def defend(self, g, p, cid):
        card = update_card(g, cid, state="sleep")
        self._sync_sets(g, cid)
        yield g.log("thv:6.4.4.b", "defence", f"{p} が {label(card)} で防御を宣言し、スリープ状態にした", p)
        yield from self.become_defender(g, p, cid, "thv:6.4.4.d")
        g.set("priority", opponent(p))
        yield g.log("thv:6.4.4.f", "priority", f"優先権が {opponent(p)} に移った", opponent(p))

    def become_defender(self, g, p, cid, rule):
        battle = g.data["battle"]
        if battle is None or not on_field_character(g, cid):
            yield g.log("thv:6.4.6", "defence", "攻撃が取り消されている（または防御キャラクターがいない）ため防御は行われない", p)
            return
        g.set("battle", {**battle, "defender": cid, "window": False})
        items = g.data["interference"]["items"] + [{"kind": "defence", "player": p, "card": cid}]
        g.set("interference", {**g.data["interference"], "items": items})
        yield g.log(rule, "defence", f"{label(get_card(g, cid))} が防御を行っているキャラクターになった", p,
                    cites=("thv:10.3.2.b",) if rule == "thv:6.4.5.b" else ())

    # ---- 6.2.4 戦闘 -----------------------------------------------------------------------------------
    def battle(self, g):
        """6.2.4 b-j, a having been done by resolving the interference (1.12.8.a)."""
        b = g.data["battle"]
        tp = g.data["turn_player"]
        yield g.log("thv:6.2.4.b", "battle", f"戦闘開始: {label(get_card(g, b['attacker']))} の攻撃（攻撃・防御以外の干渉は解決済み）", tp,
                    cites=("thv:1.12.8.b", "thv:6.2.4.a"))
        yield from self.stealth(g)
        if (yield from self.cancelled_midway(g)):
            return
        b = g.data["battle"]
        defender = b.get("defender") if on_field_character(g, b.get("defender")) else None
        if defender is None and b.get("defender_left") and g.data["options"]["defender_gone"] == "no_damage":
            target = b["defender_left"]  # the damage goes to a character that is no longer there: nothing happens
            rule, whom = "thv:6.2.4.c", f"場を離れた防御キャラクター {target}（ダメージは発生しない）"
        elif defender is None:
            target, rule, whom = b["attacked_player"], "thv:6.2.6.a", f"攻撃されたプレイヤー {b['attacked_player']}"
        else:
            target, rule, whom = defender, "thv:6.2.6.b", f"防御キャラクター {label(get_card(g, defender))}"
        g.set("battle", {**b, "target": target, "defender": defender, "dealt": [], "hits": []})
        yield g.log(rule, "battle", f"戦闘ダメージを与える相手が確定した: {whom}", tp, cites=("thv:6.2.4.c",))
        for timing, first in (("thv:6.2.4.d", True), ("thv:6.2.4.e", False)):
            yield from self.battle_damage_timing(g, timing, first)
            if (yield from self.cancelled_midway(g)):
                return
        yield from self.graze(g)
        yield from self.end_of_battle(g, "thv:6.2.4.h", "thv:6.2.4.i")

    def stealth(self, g):
        """10.6.2.a 隠密: at battle start the defence against it is cancelled unless the defender shares a race."""
        b = g.data["battle"]
        if b is None:
            return
        att, dfd = get_card(g, b["attacker"]), get_card(g, b.get("defender")) if b.get("defender") else None
        if att and dfd and not same_race(att, dfd):
            yield from self.keyword_stopped_here(g, att, "隠密", "防御は取り消されない", "thv:10.6.2.a")
        if att and dfd and self.keyword_works(g, att, "隠密") and on_field_character(g, dfd["id"]) \
                and not same_race(att, dfd):
            g.set("battle", {**b, "defender": None})
            yield g.log("thv:10.6.2.a", "defence", f"隠密: {label(dfd)} の防御は取り消された（6.4.7: 戦闘は続行する）",
                          cites=("thv:6.4.7",))

    def cancelled_midway(self, g):
        """6.3.7: an attack cancelled between 6.2.4.b and f ends the battle right after the step in hand."""
        if g.data.get("battle") is not None:
            return False
        yield from self.end_of_battle(g, "thv:6.3.7.a", "thv:6.3.7.b")
        return True

    def battle_damage_timing(self, g, rule, first):
        """d: characters with 先制 deal their battle damage (先制のタイミング); e: those without. Each deals its
        攻撃力 (decision thv-damage); the defender deals back to the attacker unless the option says not."""
        b = g.data["battle"]
        if b is None:  # cancelled by a judge's adjustment between steps
            return
        hits = []
        att = get_card(g, b["attacker"])
        d = b.get("defender")
        if first:
            for c in (att, get_card(g, d) if d else None):
                yield from self.keyword_stopped_here(g, c, "先制", "戦闘ダメージは通常のタイミングで与える", "thv:10.4.2.a")
        if on_field_character(g, b["attacker"]) and self.keyword_works(g, att, "先制") == first and b["attacker"] not in b["dealt"]:
            hits.append((b["attacker"], b["target"], attack_of(att)))
        if d and on_field_character(g, d) and g.data["options"]["defender_deals_damage"]:
            dc = get_card(g, d)
            if self.keyword_works(g, dc, "先制") == first:
                hits.append((d, b["attacker"], attack_of(dc)))
        if not hits:
            return
        tp = g.data["turn_player"]
        cites = ["thv:10.4.2.a"] if first else []  # 先制 moves these characters' battle damage to 6.2.4.d
        for s, _, _ in hits:
            cites.extend(power_cites(get_card(g, s)))  # where each 攻撃力 dealt comes from
        yield g.log(rule, "battle", ("先制のタイミング" if first else "通常のタイミング") + ": " +
                    "、".join(f"{label(get_card(g, s))}→{t}（{n}）" for s, t, n in hits), tp, cites=cites)
        before = {t: (get_card(g, t) or {}).get("damage", 0) + (get_card(g, t) or {}).get("battle_damage", 0)
                  for _, t, _ in hits if t not in ("p1", "p2")}
        done = yield from self.apply_damage(g, hits, battle=True)
        b = g.data["battle"]
        if b is None:
            yield from self.rule_checks(g)
            return
        g.set("battle", {**b, "dealt": b["dealt"] + [s for s, _, _ in hits],
                         "hits": b["hits"] + [[s, t, n] for s, t, n in done]})
        # 1.10.12.d: 「ダメージを与えた場合」 — 貫通 and 即死
        for source, target, amount in done:
            if target in ("p1", "p2"):
                continue
            src = get_card(g, source)
            if source == b["attacker"]:
                yield from self.keyword_stopped_here(g, src, "貫通", "超過したダメージはプレイヤーに与えられない",
                                                     "thv:10.5.2.a")
            if src and self.keyword_works(g, src, "貫通") and source == b["attacker"]:
                yield from self.pierce(g, src, target, before.get(target, 0))
            yield from self.keyword_stopped_here(g, src, "即死", "決死状態にはならない", "thv:10.8.2.a")
            if src and self.keyword_works(g, src, "即死") and on_field_character(g, target) and not get_card(g, target).get("deathblow"):
                tc = get_card(g, target)
                over = (tc.get("damage", 0) + tc.get("battle_damage", 0)) >= toughness_of(tc)
                update_card(g, target, deathblow=True)
                yield g.log("thv:10.8.3" if over else "thv:10.8.2.a", "deathblow",
                            f"即死: {label(tc)} は戦闘ダメージを受けたため決死状態になった" +
                            ("（耐久力以上のダメージでも即死の効果による）" if over else ""))
        yield from self.rule_checks(g)  # 1.10.12.f

    def pierce(self, g, src, target, prior):
        """10.5.2.a 貫通: X = 攻撃力 − the defender's 耐久力 (+ damage it had already taken); X ≤ 0: no effect.
        Battle damage to the player, with no グレイズ (6.5.2.b)."""
        tc = get_card(g, target)
        if tc is None:
            return
        already = prior if g.data["options"]["pierce_damage"] == "before" else tc.get("damage", 0) + tc.get("battle_damage", 0)
        x = attack_of(src) - toughness_of(tc) + already
        if g.data["battle"] is None:
            return
        p = g.data["battle"]["attacked_player"]
        if x <= 0:
            yield g.log("thv:10.5.2.a", "pierce", f"貫通: X={x}（0以下）のため効果は無効")
            return
        g.add(f"players.{p}.life", -x)
        cites = ["thv:1.10.11.a", "thv:6.5.2.b", *power_cites(src), *power_cites(tc)]
        if g.get(f"players.{p}.life") <= 0:
            cites += ["thv:1.5.3.a", "thv:1.12.11"]
        b = g.data["battle"] or {}
        g.set("battle", {**b, "pierced": b.get("pierced", 0) + x})
        yield g.log("thv:10.5.2.a", "pierce",
                    f"貫通: {p} に戦闘ダメージ{x}（攻撃力{attack_of(src)}−耐久力{toughness_of(tc)}＋既に受けていたダメージ{already}）: ライフ {g.get(f'players.{p}.life')}", p,
                    cites=cites)

    def graze(self, g):
        """6.5: the attacked player who took 1+ battle damage from the opponent's character (not 貫通) may
        put the top X cards of their deck into their nodes, sleeping; X is that character's グレイズ."""
        b = g.data["battle"]
        p = b["attacked_player"]
        hits = [h for h in b["hits"] if h[1] == p]
        if not hits:
            return
        src = get_card(g, hits[0][0])
        x = (src or {}).get("graze") or 0  # 2.8.3
        g.cite_next("thv:6.2.4.g")  # the battle's graze step
        basis = ("thv:6.5.2.a",) + (("thv:2.8.3",) if src is not None and src.get("graze") is None else ())
        deck = g.data["players"][p]["deck"]
        short = len(deck) < x
        if x <= 0 or (short and g.data["options"]["graze_short_deck"] == "none"):
            why = "グレイズの値が0" if x <= 0 else f"デッキが{len(deck)}枚でX={x}に足りない（ルール選択: 行えない）"
            yield g.log("thv:6.5.3.b", "graze", f"{p} のグレイズ: {why}", p,
                        cites=(("thv:2.8.3",) if x <= 0 and src is not None and src.get("graze") is None else ())
                        + (("thv:1.11.6",) if x > 0 else ()))
            return
        n = min(x, len(deck))
        yes = yield g.ask(p, f"グレイズを行いますか（デッキの上から{n}枚をスリープ状態でノードに加える）",
                          [("yes", "グレイズを行う"), ("no", "行わない")], "thv:6.5.3.a", kind="graze")
        if yes == "no":
            yield g.log("thv:6.5.3.a", "graze", f"{p} はグレイズを行わなかった", p)
            return
        taken, rest = deck[:n], deck[n:]
        g.set(f"players.{p}.deck", rest)
        g.set(f"players.{p}.nodes", g.data["players"][p]["nodes"] + [{**bare(c), "state": "sleep"} for c in taken])
        yield g.log("thv:6.5.3.b", "graze", f"{p} がグレイズ: デッキの上から{n}枚をスリープ状態でノードに加えた", p,
                    cites=basis + ("thv:1.8.4.a",))

    def end_of_battle(self, g, reset_rule, expire_rule):
        """h: battle damage reset (1.10.13.d); i: 「戦闘終了時まで」 effects end; j: nothing the engine reads."""
        for c in characters(g):
            if c.get("battle_damage"):
                update_card(g, c["id"], battle_damage=0)
        yield g.log(reset_rule, "battle", "キャラクターが受けた戦闘ダメージをリセットした", cites=("thv:1.10.13.d",))
        expired = False
        for c in characters(g):
            mods = [m for m in c.get("mods") or () if m.get("until") != "battle"]
            if len(mods) != len(c.get("mods") or ()):
                update_card(g, c["id"], mods=mods)
                expired = True
        gone = lasting.expire(g, ("battle",)) if g.data.get("effects") else []
        if expired or gone:
            yield g.log(expire_rule, "battle", "戦闘終了時までの効果の適用を終了した"
                        + "".join(f"（{lasting.describe(e)} を終了）" for e in gone))
            yield from self.rule_checks(g)
        if g.data.get("battle") is not None:
            g.set("battle", None)
