"""The effects a judge writes on a card (`effect`: the adjustment vocabulary), resolved in the rules' terms."""
from __future__ import annotations

from judge_app.engine.thv.cards import PLAYERS, attack_of, bare, get_card, label, on_field_character, toughness_of, update_card


class EffectMixin:
    def resolve_effect(self, g, p, eff, target, source, rule):
        op = eff["op"]
        v = eff.get("value", 0)
        src = get_card(g, source)
        who = label(src) if src else "効果"
        if op == "damage":
            yield g.log(rule, "resolve", f"{who} の効果: {target} に{v}ダメージを与える", p)
            yield from self.effect_damage(g, source, target, v)  # 1.10.6 効果ダメージ
        elif op == "power":
            yield from self.add_mod(g, target, "modify", eff.get("attack", 0), eff.get("toughness", 0),
                                    eff.get("duration", "turn"), rule, who)
        elif op == "destroy":
            yield g.log("thv:9.3.3", "resolve", f"{who} の効果: {target} を破棄する", p)
            yield from self.destroy(g, [target])
        elif op == "kill":
            if on_field_character(g, target):
                update_card(g, target, deathblow=True)
            yield g.log("thv:9.2.2.c", "deathblow", f"{who} の効果: {target} を決死状態にする", p)
            yield from self.rule_checks(g)
        elif op == "exile":
            yield g.log("thv:9.4.3", "resolve", f"{who} の効果: {target} をゲームから除外する", p)
            yield from self.exile(g, [target])
        elif op == "draw":
            yield from self.draw(g, target if target in PLAYERS else p, v, "thv:1.11.2")
        elif op == "add_node":
            yield from self.add_nodes(g, target if target in PLAYERS else p, v, eff.get("state", "sleep"), "thv:1.8.4.a")
        elif op == "life":
            q = target if target in PLAYERS else p
            g.add(f"players.{q}.life", v)
            yield g.log("thv:1.9.5" if v >= 0 else "thv:1.9.4", "life",
                        f"{who} の効果: {q} のライフ {v:+d} → {g.get(f'players.{q}.life')}", q)
        elif op == "negate":
            yield from self.negate(g, target, "thv:12.2.3")
        elif op == "cancel_attack":
            yield from self.cancel_attack(g, "thv:6.3.6.a", who)

    def add_nodes(self, g, p, n, state, rule):
        """1.8.4.a 「ノードに加える」 = set in the node area, face down (1.8.5), as the effect says. A deck
        short of n gives what it has."""
        deck = g.data["players"][p]["deck"]
        taken, rest = deck[:n], deck[n:]
        g.set(f"players.{p}.deck", rest)
        g.set(f"players.{p}.nodes", g.data["players"][p]["nodes"] + [{**bare(c), "state": state} for c in taken])
        yield g.log(rule, "node", f"{p} のデッキの上から{len(taken)}枚を{'スリープ' if state == 'sleep' else 'アクティブ'}状態でノードに加えた", p)

    def add_mod(self, g, target, layer, attack, toughness, until, rule, who):
        """6.1.10: a modification joins its layer; the 決死 check follows (6.1.12, 9.2.2.b)."""
        if not on_field_character(g, target):
            yield g.log("thv:8.2.5.b", "resolve", f"{target} はキャラクターではないため修正は適用されない")
            return
        card = get_card(g, target)
        mod = {"layer": layer, "attack": attack, "toughness": toughness, "until": until}
        update_card(g, target, mods=list(card.get("mods") or ()) + [mod])
        new = get_card(g, target)
        layer_ja = {"set": "変更", "swap": "入れ替え", "modify": "戦闘修正", "always": "常に"}[layer]
        until_ja = {"battle": "戦闘終了時まで", "turn": "ターン終了時まで", "permanent": "永続"}[until]
        yield g.log(rule, "power", f"{who}: {label(new)} に{layer_ja}（{_fmt(attack, layer)}/{_fmt(toughness, layer)}、{until_ja}）→ 戦闘力 {attack_of(new)}/{toughness_of(new)}")
        yield from self.rule_checks(g)

    def cancel_attack(self, g, rule, who):
        if g.data.get("battle") is None:
            yield g.log(rule, "attack", f"{who}: 取り消す攻撃はない")
            return
        g.set("battle", None)
        yield g.log(rule, "attack", f"{who}: 攻撃は取り消された（干渉は続行するが戦闘の解決は行わない、6.3.6）", cites=("thv:6.3.6",))


def _fmt(v, layer="modify"):
    if layer in ("set", "always"):
        return "—" if v is None else f"={v}"
    return "±0" if not v else f"{v:+d}"
