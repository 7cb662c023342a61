"""Card effects (7): those a judge writes on a card (`effect` in the board), resolved in the rules' terms, and the
judge's `effect` adjustment held to 7.1 (EffectRulesMixin)."""
from __future__ import annotations

from judge_app.engine.trace import AdjustmentError, Refused
from judge_app.engine.thv import keywords as kw
from judge_app.engine.thv.cards import (PLAYERS, add_card_mod, attack_of, bare, get_card, label, locate, on_field_character, toughness_of,
                                        update_card)


class EffectMixin:
    def resolve_card_effect(self, g, p, eff, target, source, rule):
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
        add_card_mod(g, target, mod)
        new = get_card(g, target)
        layer_ja = {"set": "変更", "swap": "入れ替え", "modify": "戦闘修正", "always": "常に"}[layer]
        until_ja = {"battle": "戦闘終了時まで", "turn": "ターン終了時まで", "next_turn_end": "次の相手のターン終了時まで",
                    "permanent": "永続"}[until]
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


class EffectRulesMixin:
    """A judge's `effect` adjustment held to the thv rules (issue 28): an effect is applied from the head of its text
    in order (7.1.9); a cost is paid in full or the effect is not used (1.8.9.e; several kinds at once: 1.8.9.f); a
    part that cannot be applied as instructed stops the rest and the effect has failed, what was applied stays
    (7.1.12, 7.1.12.a); 「可能な限り」 does what the player can (12.6.1); 取り除く効果 resolve at once (9.1.3, 7.1.10);
    the life check of 1.5.3.a waits for a player to get priority, never during an effect (1.12.11)."""

    def game_over_clause(self, g) -> str:
        """An adjustment to a finished game is refused naming the clause that ended it (core hook)."""
        return self.ended_by(g)

    def ended_by(self, g) -> str:
        """The clause of the entry that ended the game (1.5.3.a, 1.11.7, 1.5.4.a, …), else 1.5.1."""
        for entry in reversed(g.trace):
            if any(c.path == "finished" for c in entry.changes):
                return entry.rule
        return self.game_over_rule

    def resolve_effect(self, g, parts, cost=(), **params):
        g.thv_failed = g.thv_skipped = None
        try:
            return super().resolve_effect(g, parts, cost, **params)
        except Refused as e:
            if e.rule == self.cost_rule and len(cost) > 1:
                raise Refused(f"{e.message}。1度に複数の種類のコストを求められる場合、その全てを満足出来ない限り、いずれも支払えない",
                              "thv:1.8.9.f", e.field) from None
            raise

    def apply_part(self, g, body, where):
        """7.1.12: once a part was not applied as instructed, the text after it is not applied."""
        if where.startswith("parts[") and g.group is not None and getattr(g, "thv_failed", None) == g.group:
            if getattr(g, "thv_skipped", None) != g.group:
                g.thv_skipped = g.group
                return g.log("thv:7.1.12", "effect", f"効果の一部が指示通りに適用されなかったため、以降の文章（{body.get('op')} から）は適用されない",
                             None)
            return None
        return super().apply_part(g, body, where)

    def part_failed(self, g) -> tuple[str, ...]:
        """The part in hand was not applied as instructed: the effect stops after it (7.1.12) and has failed, what was
        applied before stays (7.1.12.a). Returns the clauses its entry cites."""
        if g.group is not None:
            g.thv_failed = g.group
        return ("thv:7.1.12", "thv:7.1.12.a")

    def how_many(self, g, wanted: int, available: int, what: str, field: str = "value", as_possible: bool = False) -> int:
        """How many of `wanted` a part moves when `available` exist: all, or as a cost none at all (Refused, 1.8.9.e);
        with 「可能な限り」 (12.6.1) as many as there are; otherwise none, and the effect fails (7.1.12)."""
        if available >= wanted:
            return wanted
        if g.resolving == "cost" or as_possible:
            return self.as_far_as_possible(g, wanted, available, what, field)
        return 0

    def after_adjustment(self, g):
        """9.1.3 / 7.1.10: 決死 and the 取り除く効果 it sets off resolve at once, even between an effect's parts. The
        defeat of 1.5.3.a is checked only when a player gets priority: after the adjustment (or the whole effect) when
        that is what follows, never while an effect or an interference resolves (1.12.11) or a card is being played
        (5.2.3)."""
        for _ in self.deathblow_checks(g):
            pass
        if g.finished or g.resolving is not None or not self.priority_follows(g):
            return
        for _ in self.check_life(g):
            pass

    def check_effect_kind(self, g, kind, params):
        """An effect entered as a 起動効果 is a use (7.3.4): declared, its cost paid (7.3.4.e), then the interference
        opens and priority passes (7.3.4.f) — nothing, the 1.5.3.a check included, is applied in between (where its
        card must be, 7.3.1.a, is check_source's)."""
        if kind != "起動効果":
            return []
        return ["thv:7.3.4", *(["thv:7.3.4.e"] if params.get("cost") else []), "thv:7.3.4.f"]

    def priority_follows(self, g) -> bool:
        if g.data.get("playing") or g.data.get("at_once"):   # 1.12.11: effects still to resolve
            return False
        if g.data.get("priority") is not None:
            return True
        return g.data.get("interference") is None and g.phase not in ("setup", "turn_start", "turn_end")

    def use_keyword(self, g, keyword, source, player):
        """The keyword abilities whose use the rules limit: リーダー's 自動γ once per turn (10.34.2.c), an activated
        effect (起動効果, マナチャージ) once per interference (7.3.6), ターン1枚制限 once per name per turn (10.21.2.a)."""
        card = get_card(g, source) if source else None
        if keyword in ("起動効果", "マナチャージ"):
            inter = g.data.get("interference")
            if inter is None or not source:
                return []
            if source in inter.get("used", ()):
                raise Refused(f"keyword: {source} の起動効果はこの干渉内で既に使用されています（1度の干渉内で1度しか使用出来ない）",
                              "thv:7.3.6", "keyword")
            g.set("interference", {**inter, "used": [*inter.get("used", ()), source]})
            return ["thv:7.3.6"]
        problem = kw.check(keyword)
        if problem:
            raise AdjustmentError(f"keyword: {problem}", "keyword")
        tt = g.data["this_turn"]
        if kw.parse(keyword)[0] == "リーダー":
            if not source:
                raise AdjustmentError("source: リーダーの効果を持つカードを指定してください", "source")
            key = f"リーダー:{source}"
            if key in tt.get("keyword_uses", ()):
                raise Refused(f"keyword: {self.card_label(g, source)} のリーダーの自動γはこのターン既に解決されています（1ターンに1度しか解決されない）",
                              "thv:10.34.2.c", "keyword")
            g.set("this_turn", {**tt, "keyword_uses": [*tt.get("keyword_uses", ()), key]})
            return ["thv:10.34.2.c"]
        if kw.once_per_turn([keyword]):
            if card is None:
                raise AdjustmentError("source: ターン1枚制限を持つカードを指定してください", "source")
            key = f"{player}:{card['name']}"
            if key in tt["locked_names"]:
                raise Refused(f"keyword: このターン {player} は「{card['name']}」を既にプレイしています（ターン1枚制限）",
                              "thv:10.21.2.a", "keyword")
            g.set("this_turn", {**tt, "locked_names": [*tt["locked_names"], key]})
            return ["thv:10.21.2.a"]
        return []

    def effect_player(self, g, source):
        loc = locate(g, source) if source else None
        return loc[0] if loc else g.data.get("turn_player")

    def card_label(self, g, card_id):
        card = get_card(g, card_id)
        return label(card) if card else card_id
