"""取り除く効果 (9): 決死状態 (9.2), 破棄状態 (9.3), 除外状態 (9.4), resolved in that order (9.1.4), the cards
in the same state together (9.1.5), moving to 冥界 or 除外エリア of their original player (3.1.6)."""
from __future__ import annotations

from judge_app.engine.thv import keywords as kw
from judge_app.engine.thv.cards import (PLAYERS, accumulated, bare, battle_power_raw, characters, end_field_bound, get_card,
                                        label, locate, power_cites, put, send_off, take, toughness_of, update_card, words)


class RemovalMixin:
    def rule_checks(self, g):
        """9.2.2: a character whose accumulated damage reaches its 耐久力 (a), whose 耐久力 is 0 or less (b), or
        that an effect made 決死 (c) is 決死; then 決死 resolves (9.2.3) before anything else goes on (9.1.3)."""
        yield from self.one_only_checks(g)
        yield from self.deathblow_checks(g)

    def deathblow_checks(self, g):
        """9.2.2 a/b/c, then 9.2.3 at once (9.1.3): the part of the rules' checks that never asks a player. A card
        gone from the field first ends its 「場にある間」 modifications (7.6.1), which may make another 決死."""
        ended = end_field_bound(g)
        if ended:
            yield g.log("thv:7.6.1", "expire", "効果を持つカードが場を離れたため、「このカードが場にある間」の効果を終了した（"
                        + "、".join(f"{label(c)} の戦闘力修正" for c, _ in ended) + "）")
        doomed = []
        for c in characters(g):
            raw_t = battle_power_raw(c)[1]
            acc = accumulated(c)
            if c.get("deathblow"):
                doomed.append(c["id"])
            elif raw_t <= 0:
                self._mark(g, c["id"])
                doomed.append(c["id"])
                yield g.log("thv:9.2.2.b", "deathblow", f"{label(c)} の耐久力が0以下（{raw_t}）のため決死状態になった",
                            self._owner_side(g, c["id"]), cites=power_cites(c))
            elif acc > 0 and acc >= raw_t:  # 耐久力 is raw_t here (> 0, so the 6.1.12 floor does not apply)
                self._mark(g, c["id"])
                doomed.append(c["id"])
                yield g.log("thv:1.10.12.f", "deathblow",
                            f"{label(c)} の蓄積ダメージ{accumulated(c)}が耐久力{toughness_of(c)}以上のため決死状態になった",
                            self._owner_side(g, c["id"]), cites=("thv:9.2.2.a", *power_cites(c)))
        if doomed:
            yield from self.resolve_kesshi(g, doomed)
            if g.data.get("field_bound"):
                yield from self.deathblow_checks(g)

    def one_only_checks(self, g):
        """10.13.5: a character with two or more 装備 cards, 10.15.4: a player with two or more 装備/場 cards —
        the player of that field chooses which to keep; the others go to the 冥界."""
        for p in PLAYERS:
            for host in list(g.data["players"][p]["field"]):
                sets = host.get("sets")
                if not sets or len(sets) < 2:
                    continue
                equips = [s for s in sets if kw.has(words(s), "装備")]
                if len(equips) > 1:
                    yield from self._keep_one(g, p, equips, "thv:10.13.5", f"{label(host)} の装備カード")
            field = g.data["players"][p]["field"]
            grounds = [c for c in field if kw.has(words(c), "装備/場")] if len(field) > 1 else ()
            if len(grounds) > 1:
                yield from self._keep_one(g, p, grounds, "thv:10.15.4", "装備/場を持つカード")

    def _keep_one(self, g, p, cards, rule, what):
        keep = yield g.ask(p, f"{what}が2枚以上あります。残す1枚を選んでください", [(c["id"], label(c)) for c in cards],
                           rule, kind="choice")
        gone = [c for c in cards if c["id"] != keep and locate(g, c["id"])]
        for c in gone:
            card = take(g, c["id"])
            for s in card.get("sets") or ():
                put(g, bare(s), s["owner"], "graveyard")
            put(g, bare(card), card["owner"], "graveyard")
        yield g.log(rule, "limit", f"{what}は1枚まで: " + "、".join(label(c) for c in gone) + " を冥界に置いた", p)

    def _owner_side(self, g, cid):
        loc = locate(g, cid)
        return loc[0] if loc else None

    def _mark(self, g, cid):
        update_card(g, cid, deathblow=True)

    def resolve_kesshi(self, g, ids):
        """9.2.3: a-d are the timings of effects the engine does not interpret; e: treated as 破棄."""
        names = "、".join(label(self._card(g, i)) for i in ids)
        yield g.log("thv:9.2.3.e", "deathblow", f"決死状態の {names} に「破棄する」という効果が適用されたものとして扱う",
                    cites=("thv:9.1.3",) + (("thv:9.1.5",) if len(ids) > 1 else ()))
        yield from self.destroy(g, ids)

    def _card(self, g, cid):
        return get_card(g, cid)

    def destroy(self, g, ids, rule="thv:9.3.4.g"):
        """9.3.4: set cards are destroyed with their host (e, f); all go on top of their original player's
        冥界 (g, 3.1.6)."""
        ids = [i for i in ids if locate(g, i) and locate(g, i)[1] not in ("graveyard", "removed")]  # 9.3.8.a/b
        if not ids:
            return
        left = self._leaving(g, ids)
        cards = [c for cid in ids for c in send_off(g, cid, "graveyard")]
        moved = [label(c) for c in cards]
        cites = ("thv:9.3.4.e",) if len(cards) > len(ids) else ()  # set cards are destroyed with their host
        yield g.log(rule, "destroy", f"{'、'.join(moved)} を冥界に置いた（破棄）", cites=cites)
        yield from self.after_leaving(g, left)

    def exile(self, g, ids):
        """9.4.4.l: the card goes to 除外エリア, its set cards to the 冥界."""
        ids = [i for i in ids if locate(g, i) and locate(g, i)[1] != "removed"]  # 9.4.6.a
        if not ids:
            return
        left = self._leaving(g, ids)
        sent = [send_off(g, cid, "removed") for cid in ids]
        moved = [label(cards[-1]) for cards in sent]
        sets = any(len(cards) > 1 for cards in sent)  # set cards go to the 冥界 (9.4.4.e)
        yield g.log("thv:9.4.4.l", "exile", f"{'、'.join(moved)} をゲームから除外した（除外エリアへ）" +
                    ("。セットカードは冥界に置いた" if sets else ""), cites=("thv:9.4.4.e",) if sets else ())
        yield from self.after_leaving(g, left)

    def _leaving(self, g, ids):
        battle = g.data.get("battle")
        if not battle:
            return []
        return [k for k in ("attacker", "defender") if battle.get(k) in ids]

    def after_leaving(self, g, roles):
        """6.3.6.b: the attacker left the field, so the attack is cancelled (and any defence with it, 6.4.6)."""
        battle = g.data.get("battle")
        if not battle:
            return
        if "attacker" in roles:
            g.set("battle", None)
            yield g.log("thv:6.3.6.b", "attack", "攻撃を行っているキャラクターが場を離れたため、攻撃は取り消された（干渉は続行する）")
        elif "defender" in roles:
            g.set("battle", {**battle, "defender_left": battle["defender"], "defender": None})
            yield g.log("thv:6.4.7", "defence", "防御を行っているキャラクターが場を離れた。干渉および戦闘の解決は続行する")
