"""ノードとコスト (1.8): setting a node, and paying a cost by sleeping active nodes and/or discarding
sleeping ones (1.8.7), once and whole (1.8.7.f/g, 1.8.9)."""
from __future__ import annotations

from judge_app.engine.thv.cards import bare, label, put


def nodes(g, p):
    return g.data["players"][p]["nodes"]


def payable(g, p, n: int) -> bool:
    """Each node gives at most one cost per payment (1.8.7.d): sleep an active one or discard a sleeping one."""
    return n <= len(nodes(g, p))


class CostMixin:
    def set_node(self, g, p, cid):
        """1.8.3: declare, then take the card from the hand and set it face down, active. Priority stays."""
        hand = g.data["players"][p]["hand"]
        card = next(c for c in hand if c["id"] == cid)
        g.remove_from(f"players.{p}.hand", card)
        put(g, {**bare(card), "state": "active"}, p, "nodes")
        g.set("this_turn.node_set", True)
        yield g.log("thv:1.8.3.b", "node", f"{p} が {label(card)} をノードエリアに裏向き・アクティブ状態でセットした（優先権は移らない）", p)

    def pay_cost(self, g, p, n: int, what: str):
        """1.8.7: pay n at once (f), no more, no less (g), by a+b in any combination (c). Returns whether paid."""
        if n <= 0:
            return True
        ns = nodes(g, p)
        if n > len(ns):  # only when a judge's adjustment took nodes away after the action was chosen
            yield g.log("thv:1.8.9.e", "cost", f"{p} は{what}のコスト{n}を支払えない（ノード{len(ns)}枚）", p)
            return False
        active = [c for c in ns if c["state"] == "active"]
        sleeping = [c for c in ns if c["state"] == "sleep"]
        ks = [k for k in range(max(0, n - len(sleeping)), min(n, len(active)) + 1)]
        if len(ks) > 1:
            k = yield g.ask(p, f"{what}のコスト{n}の支払い方を選んでください",
                            [(k, f"アクティブのノード{k}枚をスリープ＋スリープのノード{n - k}枚を破棄") for k in ks],
                            "thv:1.8.7.c", kind="cost")
        else:
            k = ks[0]
        burn = sleeping[: n - k]  # discard sleeping ones first chosen, then sleep others: one node, one cost (1.8.7.d)
        tap = active[:k]
        burn_ids = {c["id"] for c in burn}
        tap_ids = {c["id"] for c in tap}
        kept = [dict(c, state="sleep") if c["id"] in tap_ids else c for c in ns if c["id"] not in burn_ids]
        g.set(f"players.{p}.nodes", kept)
        for c in burn:
            put(g, bare(c), c["owner"], "graveyard")
        rule = "thv:1.8.7.a" if k == n else "thv:1.8.7.b" if k == 0 else "thv:1.8.7.c"
        yield g.log(rule, "cost", f"{p} が{what}のコスト{n}を支払った（スリープ{k}枚・破棄{n - k}枚）", p,
                    cites=("thv:1.8.7.d", "thv:1.8.7.f"))
        return True
