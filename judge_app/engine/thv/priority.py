"""優先権と干渉 (1.12): who holds priority, what they may do with it, passing, and the interference
resolved last in first out (1.12.8.a) with the battle at its end (1.12.8.b)."""
from __future__ import annotations

from judge_app.engine.thv import keywords as kw
from judge_app.engine.thv.cards import characters, label, opponent, words
from judge_app.engine.thv.play import UNPLAYABLE

PASS = "pass"
AMBUSH_DEFEND = ("thv:10.3.2.b", "防御を兼ねてプレイできるのは、速攻も持つ奇襲のキャラクターカードを相手の攻撃に対する直接の干渉でプレイする場合だけ")


class PriorityMixin:
    def legal_actions(self, g, p):
        """Every action needing priority (1.12.2) that p may take now, as (value, label)."""
        return self.priority_choices(g, p)[0]

    def priority_choices(self, g, p):
        """(options, withheld): every action needing priority (1.12.2) that p may take now, as (value, label), and
        the ones p would ordinarily have here but the rules forbid now, as (value, label, clause, reason)."""
        acts = [(PASS, "パス（優先権を放棄する）")]
        held = []
        tp = g.data["turn_player"]
        inter = g.data.get("interference")
        b = g.data.get("battle")
        hand = g.data["players"][p]["hand"]
        if b and b["attacked_player"] == p:  # 6.4: defence against the attack on p
            for c in characters(g, p):
                if c["id"] == b["attacker"]:
                    continue
                why = self.defend_refusal(g, p, c)
                if why is None:
                    acts.append((f"defend:{c['id']}", f"防御: {label(c)}"))  # 6.4.3
                else:
                    held.append((f"defend:{c['id']}", f"防御: {label(c)}", *why))
        ambush = inter is not None and bool(b) and b["attacked_player"] == p and b.get("defender") is None
        names = [label(c) for c in hand]
        for c, name in zip(hand, names):
            why = self.play_refusal(g, p, c)
            if why is UNPLAYABLE:
                continue
            value, text = f"play:{c['id']}", f"プレイ: {name}（コスト{c.get('cost', 0)}）"
            if why is None:
                acts.append((value, text))
            else:
                held.append((value, text, *why))
            if ambush and c.get("type") == "character" and kw.has(words(c), "奇襲"):
                value, text = f"play_defend:{c['id']}", f"防御を兼ねてプレイ: {name}（10.3.2.b）"
                if why is None and self.can_play_as_defender(g, p, c):
                    acts.append((value, text))
                else:
                    held.append((value, text, *(why or AMBUSH_DEFEND)))
        for c in g.data["players"][p]["field"]:
            why = self.use_refusal(g, p, c)
            if why is UNPLAYABLE:
                continue
            if why is None:
                acts.append((f"use:{c['id']}", f"起動効果を使用: {label(c)}"))
            else:
                held.append((f"use:{c['id']}", f"起動効果を使用: {label(c)}", *why))
        if p != tp:  # node set and attack are the turn player's actions (1.8.2, 6.3.2.a): not listed for the other
            return acts, held
        why = self.node_refusal(g, p)
        for c, name in zip(hand, names):
            if why is None:
                acts.append((f"node:{c['id']}", f"ノードにセット: {name}"))
            else:
                held.append((f"node:{c['id']}", f"ノードにセット: {name}", *why))
        for c in characters(g, p):  # 6.3.2
            why = self.attack_refusal(g, p, c)
            if why is None:
                acts.append((f"attack:{c['id']}", f"攻撃: {label(c)}"))
            else:
                held.append((f"attack:{c['id']}", f"攻撃: {label(c)}", *why))
        return acts, held

    def node_refusal(self, g, p):
        """Why p may not set a node now (1.8.2 and its conditions a-c), or None."""
        if p != g.data["turn_player"]:
            return ("thv:1.8.2", "ノードセットを宣言できるのはターンプレイヤーだけ")
        if g.data["phase"] != "main":
            return ("thv:1.8.2.a", "ノードセットができるのはメインフェイズだけ")
        if g.data.get("interference") is not None:
            return ("thv:1.8.2.b", "干渉が開始されている間はノードセットができない")
        if g.data["this_turn"]["node_set"]:
            return ("thv:1.8.2.c", "このターン既にノードセットが解決されている")
        return None

    def priority_loop(self, g):
        """Priority moves until all players pass in succession: with an interference open it resolves
        (1.12.9.a), without one the phase ends (1.12.9.b, 4.2.3). Returns when the phase is over."""
        while not g.finished:
            yield from self.rule_checks(g)
            if g.finished:
                return
            flags = g.data["flags"]
            if g.data["interference"] is None and (flags["end_turn"] or flags["end_phase"]):
                return  # 4.10.1.b / 4.10.2.b
            if (yield from self.check_life(g)):
                return
            if g.data["flags"].get("forced_attack") and g.data["interference"] is None:
                yield from self.forced_attack(g)
                continue
            holder = g.data["priority"]
            acts, held = self.priority_choices(g, holder)
            seq = g.data["adjust_seq"]
            # remake: an adjustment while the choice waits (a card turned face down, a prohibition…) is shown at once
            choice = yield g.ask(holder, f"{holder} が優先権を持っています。行動を選んでください", acts, "thv:1.12.1",
                                 kind="priority", withheld=held,
                                 remake=lambda p=holder: self.priority_choices(g, p))
            if g.data["adjust_seq"] != seq:
                # a judge adjustment while the choice was open: apply the rules first, then check the choice
                yield from self.rule_checks(g)
                if g.finished or (yield from self.check_life(g)):
                    return
                if g.data["flags"].get("forced_attack") and g.data["interference"] is None:
                    yield g.log("thv:6.3.5", "priority", f"効果による攻撃が先に処理されるため、{holder} の選んだ行動（{choice}）は行わない", holder)
                    continue
                if choice not in dict(self.legal_actions(g, holder)):
                    yield g.log("thv:1.12.1", "priority", f"調整の後、選んだ行動（{choice}）は行えなくなった。改めて選ぶ", holder)
                    continue
            if (yield from self.take_action(g, holder, choice)):
                return

    def take_action(self, g, p, choice):
        b = g.data.get("battle")
        if b and b.get("window") and b["attacked_player"] == p and not choice.startswith("defend:"):
            g.set("battle", {**b, "window": False})  # 6.4.2.a: the priority the attack moved is used up
        if choice == PASS:
            passes = g.data["passes"] + 1
            if passes < 2:
                g.set("passes", passes)
                g.set("priority", opponent(p))
                yield g.log("thv:1.12.4", "pass", f"{p} が優先権を放棄した。優先権は {opponent(p)} に移る", p)
                return False
            # the second pass in succession: 1.12.9 decides what follows, in the same step
            g.set("passes", 0)
            g.set("priority", None)
            if g.data["interference"] is not None:
                yield g.log("thv:1.12.9.a", "interference",
                            f"{p} も優先権を放棄し、全てのプレイヤーが連続して放棄したため干渉の解決を開始する（解決中は誰も優先権を持たない、1.12.11）", p,
                            cites=("thv:1.12.11",))
                yield from self.resolve_interference(g)
                return False
            yield g.log("thv:1.12.9.b", "phase",
                        f"{p} も優先権を放棄し、干渉が開始されていない状態で全てのプレイヤーが連続して放棄したためフェイズを終了する（1.12.9.b）", p,
                        cites=("thv:4.2.3",))
            return True
        g.set("passes", 0)
        verb, cid = choice.split(":", 1)
        if verb == "node":
            yield from self.set_node(g, p, cid)
        elif verb == "play":
            yield from self.play_card(g, p, cid)
        elif verb == "play_defend":
            yield from self.play_card(g, p, cid, as_defender=True)
        elif verb == "use":
            yield from self.use_effect(g, p, cid)
        elif verb == "attack":
            yield from self.attack(g, p, cid)
        elif verb == "defend":
            yield from self.defend(g, p, cid)
        return False

    def resolve_interference(self, g):
        """1.12.8: a last played/used first (6.2.4.a: all but the attack and defence); b battle; e the
        interference ends and the turn player gets priority. Nobody holds priority meanwhile (1.12.11)."""
        items = g.data["interference"]["items"]
        for item in reversed(items):
            if g.finished:
                return
            if item["kind"] == "card":
                g.cite_next("thv:1.12.8.a")  # the last played or used first
                yield from self.resolve_card(g, item)
            elif item["kind"] == "effect":
                g.cite_next("thv:1.12.8.a")
                yield from self.resolve_activated(g, item)
            else:
                continue  # the attack and the defence are resolved by the battle (6.2.4.a)
            yield from self.rule_checks(g)
        if g.finished:
            return
        if g.data.get("battle") is not None:
            yield from self.battle(g)
        if g.finished:
            return
        tp = g.data["turn_player"]
        g.set("interference", None)
        g.set("battle", None)
        g.set("priority", tp)
        yield g.log("thv:1.12.8.e", "interference", f"干渉を終了し、ターンプレイヤー {tp} が優先権を得た", tp)
