"""カードのプレイ (5.2-5.6), 起動効果 (7.3), and the effects a judge writes on a card (`effect`)."""
from __future__ import annotations

from judge_app.engine import lasting
from judge_app.engine.thv import keywords as kw
from judge_app.engine.thv.cards import (PLAYERS, bare, characters, cost_of, get_card, has, keyword_live, keyword_stop, label,
                                        locate, need_of, on_field_character, opponent, put, take, update_card, words)
from judge_app.engine.thv.costs import payable

UNPLAYABLE = ("", "")  # a card the judge left without a type: neither offered nor withheld

DEFAULT_TARGET = {"damage": "character", "power": "own_character", "destroy": "character", "kill": "character",
                  "exile": "character", "negate": "card_in_play", "draw": "self", "add_node": "self", "life": "self",
                  "cancel_attack": None}


def caster_present(g, p, card) -> bool:
    """5.5.7: a character on p's field whose name contains the card's 術者 (12.3.1), not barred by 封術
    (10.31.2.a, lifted at 6+ nodes; an invalidated 封術 bars nothing, 2.1.1.a)."""
    caster = card.get("caster")
    if not caster:
        return False
    many_nodes = len(g.data["players"][p]["nodes"]) >= 6
    return any(caster in c["name"] and (many_nodes or not has(c, "封術") or keyword_stop(g, c, "封術"))
               for c in characters(g, p))


def stopped(g, card, word, why):
    """A timing refusal the card's keyword would have lifted, had it not been invalidated: cited at 2.1.1.a, naming
    the effect (a card without the keyword keeps the timing's own refusal)."""
    e = g.data.get("effects") and kw.has(words(card), word) and keyword_stop(g, card, word)
    if not e:   # (nothing is read while there are no lasting effects: this runs for every card held back)
        return why
    return ("thv:2.1.1.a", f"{word}は無効のため（{lasting.describe(e)}）、{why[1]}")


def alt_race_met(g, p, card) -> bool:
    """5.6.6: characters of the 代替レース's race, as many as its icons, on p's field (2.7.2)."""
    icons = card.get("alt_race") or []
    if not icons:
        return False
    race = icons[0]
    return sum(1 for c in characters(g, p) if race in (c.get("race") or ["なし"])) >= len(icons)


def free_rule(g, p, card) -> str | None:
    """The clause letting p ignore need and cost altogether, if any: 術者 (5.5.6) or 代替レース (5.6.6)."""
    if card.get("type") == "spell" and caster_present(g, p, card):
        return "thv:5.5.6"
    if card.get("type") == "command" and alt_race_met(g, p, card):
        return "thv:5.6.6"
    return None


def sorcery_refusal(other_turn, main, inter, what, rules):
    """The three conditions characters and spells share (5.4.1.a-c, 5.5.1.a-c): turn player, main phase with
    priority, no interference; `rules` are that card type's a, b, c."""
    if other_turn:
        return (rules[0], f"{what}をプレイできるのはターンプレイヤーだけ")
    if not main:
        return (rules[1], f"{what}をプレイできるのはメインフェイズだけ")
    if inter:
        return (rules[2], f"干渉が開始されている間は{what}をプレイできない")
    return None


class PlayMixin:
    # ---- targets (8.2) ----------------------------------------------------------------------------
    def target_kind(self, card, effect=None):
        ws = words(card)
        if kw.has(ws, "装備"):
            return "equip"
        if kw.has(ws, "呪符"):
            return "character"
        eff = effect if effect is not None else card.get("effect")
        if not eff:
            return None
        return eff.get("target", DEFAULT_TARGET[eff["op"]])

    def targets(self, g, p, kind, source_id=None, card=None):
        """The proper 目標 of a kind (8.2.6), as (value, label)."""
        if kind in (None, "self", "opponent"):
            return []
        if kind == "player":
            return [(q, f"プレイヤー {q}") for q in PLAYERS]
        if kind == "card_in_play":
            inter = g.data.get("interference") or {"items": []}
            return [(it["card"], f"プレイ中の {label(get_card(g, it['card']))}") for it in inter["items"]
                    if it["kind"] == "card" and not it.get("negated") and it["card"] != source_id
                    and (get_card(g, it["card"]) or {}) and locate(g, it["card"])[1] == "play_area"]
        whose = {"character": None, "own_character": p, "opponent_character": opponent(p), "equip": p}[kind]
        chars = characters(g, whose)
        if kind == "equip" and card is not None and kw.has(words(card), "神器"):
            chars = [c for c in chars if has(c, "伝説")]  # 10.25.2.a
        return [(c["id"], f"{label(c)}（{'自分' if locate(g, c['id'])[0] == p else '相手'}の場）") for c in chars]

    def improper_targets(self, g, p, kind, card=None):
        """The characters a target of `kind` could ordinarily be but is not proper here (8.2.6.a), as withheld
        (value, label, clause, reason): the other side's characters for 自分の/相手の, the opponent's for 装備
        (10.13.2.a), characters without 伝説 for 神器 (10.25.2.a)."""
        if kind not in ("own_character", "opponent_character", "equip"):
            return []
        held = []
        mine = kind in ("own_character", "equip")
        for c in characters(g, opponent(p) if mine else p):
            text = f"{label(c)}（{'相手' if mine else '自分'}の場）"
            if kind == "equip":
                held.append((c["id"], text, "thv:10.13.2.a", "装備カードの目標は「あなたの場のキャラクター1枚」"))
            else:
                held.append((c["id"], text, "thv:8.2.6.a", f"目標は{'自分' if mine else '相手'}の場のキャラクターでなければならない"))
        if kind == "equip" and card is not None and kw.has(words(card), "神器"):
            held += [(c["id"], f"{label(c)}（自分の場）", "thv:10.25.2.a", "神器: 「伝説」を持たないキャラクターを目標にできない")
                     for c in characters(g, p) if not has(c, "伝説")]
        return held

    def target_ok(self, g, p, kind, target, source_id=None, card=None) -> bool:
        if kind in (None, "self", "opponent"):
            return True
        return any(v == target for v, _ in self.targets(g, p, kind, source_id, card))

    # ---- 5.2.2 conditions ----------------------------------------------------------------------------
    def can_play(self, g, p, card) -> bool:
        return self.play_refusal(g, p, card) is None

    def play_refusal(self, g, p, card):
        """Why p may not play `card` now, as (clause, reason), or None when every condition of play holds: 2.4.3, the
        card type's timing (5.2.2.f: 5.4.1, 5.5.1, 5.6.1, with 奇襲 10.3.2.a and ラストスペル 10.30.2.a), the card's own
        restrictions (5.2.2.b: 10.17.2.a, 10.21.2.a, 10.22.2.a, 10.23.2.a, 10.32.2.a), need (5.2.2.c), cost (5.2.2.d,
        unless 5.5.6/5.6.6), a proper target (5.2.2.e). UNPLAYABLE for a card whose type the judge left unknown."""
        cost = cost_of(card)
        t = card.get("type")
        if t not in ("character", "spell", "command"):
            return UNPLAYABLE
        if cost is None:
            return ("thv:2.4.3", "コストが「-」のカードはプレイできない（カードの効果に優先する）")
        tp = g.data["turn_player"]
        main = g.data["phase"] == "main"
        inter = g.data["interference"] is not None
        ws = words(card)
        tt = g.data["this_turn"]
        if t == "character" and not keyword_live(g, card, "奇襲", ws):  # 奇襲: command card timing (10.3.2.a)
            why = sorcery_refusal(p != tp, main, inter, "キャラクターカード", ("thv:5.4.1.a", "thv:5.4.1.b", "thv:5.4.1.c"))
            if why:
                return stopped(g, card, "奇襲", why)
            if kw.has(ws, "人形"):
                if tt["doll_played"]:
                    return ("thv:5.4.1.e", "このターン既に人形を持つキャラクターカードのプレイが解決されている")
            elif tt["character_played"]:
                return ("thv:5.4.1.d", "このターン既にキャラクターカードのプレイが解決されている")
        elif t == "spell":
            last = kw.has(ws, "ラストスペル") and caster_present(g, p, card)   # 10.30.2.a
            if not (last and keyword_stop(g, card, "ラストスペル") is None):
                why = sorcery_refusal(p != tp, main, inter, "スペルカード", ("thv:5.5.1.a", "thv:5.5.1.b", "thv:5.5.1.c"))
                if why:
                    return stopped(g, card, "ラストスペル", why) if last else why
            if kw.has(ws, "世界呪符") and tt["world_spell_played"]:
                return ("thv:5.5.1.d", "このターン既に世界呪符を持つスペルカードをプレイしている")
        if kw.own_turn_only(ws) and p != tp:
            return ("thv:10.22.2.a", "自分ターン制限: 自分のターンにしかプレイできない")
        if kw.opponent_turn_only(ws) and p == tp:
            return ("thv:10.23.2.a", "相手ターン制限: 相手のターンにしかプレイできない")
        if kw.once_per_turn(ws) and f"{p}:{card['name']}" in tt["locked_names"]:
            return ("thv:10.21.2.a", "ターン1枚制限: このターン同名のカードを既にプレイしている")
        if kw.has(ws, "ラストワード") and not caster_present(g, p, card) and not keyword_stop(g, card, "ラストワード"):
            return ("thv:10.32.2.a", "ラストワード: 自分の場に術者がいない")
        if free_rule(g, p, card) is None:  # 5.5.6, 5.6.6
            need = need_of(card)
            have = len(g.data["players"][p]["nodes"])
            if have < need:
                return ("thv:5.2.2.c", f"ノードが{have}枚で必要ノード{need}に満たない")
            if not payable(g, p, cost):
                return ("thv:5.2.2.d", f"コスト{cost}を支払えない（ノード{have}枚、1枚につき1コスト: 1.8.7.d）")
        kind = self.target_kind(card)
        if kind not in (None, "self", "opponent") and not self.targets(g, p, kind, card["id"], card):
            return ("thv:5.2.2.e", "適切な目標が存在しない")
        return None

    def timing_keyword(self, g, p, card):
        """The keyword that let `card` be played outside its type's own timing (10.3.2.a 奇襲, 10.30.2.a
        ラストスペル), or None: the play's entry cites it."""
        tp = g.data["turn_player"]
        sorcery = p == tp and g.data["phase"] == "main" and g.data["interference"] is None
        if sorcery:
            return None
        t = card.get("type")
        if t == "character" and keyword_live(g, card, "奇襲"):
            return "thv:10.3.2.a"
        if t == "spell" and keyword_live(g, card, "ラストスペル"):
            return "thv:10.30.2.a"
        return None

    def can_play_as_defender(self, g, p, card) -> bool:
        """10.3.2.b: 奇襲 and 速攻, played as the direct interference to the opponent's attack, may defend."""
        b = g.data.get("battle")
        inter = g.data.get("interference")
        return (card.get("type") == "character" and keyword_live(g, card, "奇襲") and keyword_live(g, card, "速攻")
                and bool(b) and b["attacked_player"] == p and b.get("defender") is None
                and inter["items"][-1]["kind"] == "attack")

    # ---- 5.2.3 the procedure of play ---------------------------------------------------------------------
    def play_card(self, g, p, cid, as_defender=False):
        hand = g.data["players"][p]["hand"]
        card = next(c for c in hand if c["id"] == cid)
        timing = self.timing_keyword(g, p, card)  # a keyword that let it be played outside its type's timing
        g.remove_from(f"players.{p}.hand", card)
        put(g, bare(card), p, "play_area")
        g.set("playing", cid)  # between 5.2.3.b and g the card is in the play area but not yet in the interference
        extra = "（速攻・奇襲: 防御を兼ねてプレイ、10.3.4）" if as_defender else ""
        why = {"thv:10.3.2.a": "（奇襲: コマンドカードのタイミングでプレイ）",
               "thv:10.30.2.a": "（ラストスペル: 術者がいるためコマンドカードのタイミングでプレイ）"}.get(timing, "")
        yield g.log("thv:5.2.3.b", "play", f"{p} が {label(card)} のプレイを宣言し、プレイエリアに表向きで置いた{why}{extra}", p,
                    cites=((timing,) if timing else ()) + (("thv:10.3.2.b", "thv:10.3.4") if as_defender else ()))
        kind = self.target_kind(card)
        target = None
        if kind == "opponent":
            target = opponent(p)
        elif kind == "self":
            target = p
        elif kind is not None:
            opts = self.targets(g, p, kind, cid, card)
            target = yield g.ask(p, f"{card['name']} の目標を選んでください", opts, "thv:5.2.3.d", kind="target",
                                 withheld=self.improper_targets(g, p, kind, card))
            yield g.log("thv:5.2.3.d", "target", f"目標: {dict(opts)[target]}", p)
        cost = cost_of(card)
        free = free_rule(g, p, card)
        if free and (cost or need_of(card)):
            why = "術者がいる" if free == "thv:5.5.6" else "代替レースの種族のキャラクターがいる"
            how = yield g.ask(p, f"{why}ため {card['name']} の必要ノードとコストを無視できます",
                              [("ignore", "必要ノード・コストを一括して無視する"), ("pay", "コストを支払う")],
                              free, kind="cost")
            if how == "ignore":
                cost = 0
                yield g.log(free, "cost", f"{why}ため必要ノードの確認とコストの支払いを無視した", p)
            elif len(g.data["players"][p]["nodes"]) < need_of(card) or not payable(g, p, cost):
                cost = 0  # cannot pay after all: 1.8.9.e forbids the attempt, so the ignore is what remains
                yield g.log(free, "cost", "コストを支払えないため、必要ノードとコストを無視した", p)
        if cost:
            g.cite_next("thv:5.2.3.f")
        if not (yield from self.pay_cost(g, p, cost, card["name"])):
            yield from self.take_back(g, p, cid)
            return
        tt = g.data["this_turn"]
        if kw.once_per_turn(words(card)):
            g.set("this_turn", {**tt, "locked_names": tt["locked_names"] + [f"{p}:{card['name']}"]})
            g.cite_next("thv:10.21.2.a")  # ターン1枚制限: the same name is locked from now to the end of the turn
        if kw.has(words(card), "世界呪符"):
            g.set("this_turn", {**g.data["this_turn"], "world_spell_played": True})
        item = {"kind": "card", "player": p, "card": cid, "target": target}
        if as_defender:
            item["defend"] = True
        g.set("playing", None)
        yield from self.open_interference(g, p, item, "thv:5.2.3.g")
        yield from self.protection(g, p, item, card)

    def take_back(self, g, p, cid):
        """12.8.1: a play that turned out improper is stopped and wound back: the card returns to the hand and
        the player keeps priority."""
        g.set("playing", None)
        if locate(g, cid) and locate(g, cid)[1] == "play_area":
            card = take(g, cid)
            put(g, bare(card), p, "hand")
        g.set("priority", p)
        yield g.log("thv:12.8.1", "play", f"{cid} のプレイは適正でないため中止し、手札に戻した", p)

    def open_interference(self, g, p, item, rule, fresh=None):
        inter = g.data.get("interference")
        started = inter is None if fresh is None else fresh
        inter = inter or {"items": [], "used": []}
        g.set("interference", {**inter, "items": inter["items"] + [item]})
        g.set("priority", opponent(p))
        start = {"card": "thv:1.12.6.a", "effect": "thv:1.12.6.b"}.get(item["kind"]) if started else None
        yield g.log(rule, "interference", ("干渉が開始され、" if started else "干渉に加わり、") + f"優先権が {opponent(p)} に移った", p,
                    cites=(start,) if start else ())

    def protection(self, g, p, item, card):
        """抵抗(X) 10.26.2.a, 加護(X) 10.29.2.a and ラストワード 10.32.2.c, once the play is done (5.2.3)."""
        target = item.get("target")
        if not target or target in PLAYERS:
            return
        tc = get_card(g, target)
        loc = locate(g, target)
        if tc is None:
            return
        rule = x = None
        if loc[1] == "play_area" and loc[0] != p and kw.number(words(tc), "抵抗") is not None:
            rule, x, word = "thv:10.26.2.a", kw.number(words(tc), "抵抗"), "抵抗"
        elif loc[1] == "play_area" and kw.has(words(tc), "ラストワード"):
            rule, x, word = "thv:10.32.2.c", None, "ラストワード"
        elif on_field_character(g, target) and loc[0] != p and card["type"] in ("command", "character") \
                and kw.number(self.words_of(tc), "加護") is not None:
            rule, x, word = "thv:10.29.2.a", kw.number(self.words_of(tc), "加護"), "加護"
        if rule is None:
            return
        if e := keyword_stop(g, tc, word):   # 2.1.1.a: an invalidated keyword does not occur
            yield g.log("thv:2.1.1.a", "invalidated", f"{label(tc)} の{word}は無効のため、{card['name']} のプレイは"
                        f"妨げられない（{lasting.describe(e)}）", p, cites=(rule,))
            return
        paid = False
        why = (rule,) if rule != "thv:10.32.2.c" else ()
        if x is not None and not payable(g, p, x):
            why = ("thv:1.8.9.e",)  # X cannot be paid: the negation follows at once
        if x is not None and payable(g, p, x):
            ans = yield g.ask(p, f"{label(tc)} の{rule.split(':')[1][:5]}: {x}支払いますか（支払わない場合 {card['name']} は無効になり破棄される）",
                              [("pay", f"{x}支払う"), ("no", "支払わない")], rule, kind="cost")
            if ans == "pay":
                yield g.log(rule, "protect", f"{label(tc)} の{'抵抗' if '10.26' in rule else '加護'}({x}): {p} は{x}支払う", p)
                paid = yield from self.pay_cost(g, p, x, f"{tc['name']}の{'抵抗' if '10.26' in rule else '加護'}")
        if not paid:
            yield from self.negate(g, card["id"], rule, cites=why)

    def negate(self, g, cid, rule, cites=()):
        """12.2.3: 「効果を無効とし、破棄する」 — the play does not resolve and the card goes to the 冥界;
        a negated play does not count (5.2.5) and lifts its ターン1枚制限 (10.21.2.a)."""
        inter = g.data["interference"]
        items = [dict(it, negated=True) if it["kind"] == "card" and it["card"] == cid else it for it in inter["items"]]
        g.set("interference", {**inter, "items": items})
        card = get_card(g, cid)
        if card is None:  # gone already (a judge's adjustment): nothing left to negate
            yield g.log(rule, "negate", f"{cid} は既にプレイエリアにない", None)
            return
        owner = next(it["player"] for it in items if it["card"] == cid)
        tt = g.data["this_turn"]
        key = f"{owner}:{card['name']}"
        cites = [*cites, *(("thv:12.2.3",) if rule != "thv:12.2.3" else ()), "thv:5.2.5"]
        if kw.once_per_turn(words(card)) and key in tt["locked_names"]:
            names = list(tt["locked_names"])
            names.remove(key)
            g.set("this_turn", {**tt, "locked_names": names})
            cites.append("thv:10.21.2.a")  # 「このカードのプレイが無効になった場合、この効果は無効になる」
        if card is not None and locate(g, cid)[1] == "play_area":
            take(g, cid)
            put(g, bare(card), card["owner"], "graveyard")
        yield g.log(rule, "negate", f"{label(card)} のプレイは無効になり、破棄された（プレイした回数に数えない）", cites=cites)

    # ---- 5.2.4 resolution ------------------------------------------------------------------------------
    def resolve_card(self, g, item):
        cid, p = item["card"], item["player"]
        loc = locate(g, cid)
        if item.get("negated") or loc is None or loc[1] != "play_area":
            yield g.log("thv:5.2.4.b", "resolve", f"{cid} はプレイエリアにないため解決されない", p,
                        cites=("thv:12.2.3",) if item.get("negated") else ())
            return
        card = get_card(g, cid)
        ws = words(card)
        t = card["type"]
        if t == "character" or kw.has(ws, "幻想生物"):
            yield from self.enter_character(g, p, card, item)
            return
        if kw.has(ws, "装備/場") or kw.has(ws, "世界呪符"):
            word = "装備/場" if kw.has(ws, "装備/場") else "世界呪符"
            if word == "装備/場" and any(kw.has(words(c), "装備/場") for c in g.data["players"][p]["field"]):
                yield from self.to_graveyard(g, cid, "thv:10.15.3", "既に装備/場を持つカードがあるためセットに失敗した")
                return
            take(g, cid)
            put(g, {**bare(card), "state": "active", "sets": [], "mods": []}, p, "field")
            yield g.log("thv:10.15.2.a" if word == "装備/場" else "thv:10.17.2.a", "resolve",
                        f"{label(card)} を {p} の場にアクティブ状態でセットした", p)
            return
        if kw.has(ws, "装備") or kw.has(ws, "呪符"):
            yield from self.set_on_character(g, p, card, item)
            return
        eff = card.get("effect")
        kind = self.target_kind(card)
        if eff and not self.target_ok(g, p, kind, item.get("target"), cid, card):
            yield from self.to_graveyard(g, cid, "thv:8.2.5.a", "目標が適切でないため効果の解決に失敗し、冥界に置かれた")
            return
        if eff:
            yield from self.resolve_card_effect(g, p, eff, item.get("target"), cid, "thv:5.2.4.b")
        else:
            yield g.log("thv:5.2.4.b", "resolve", f"{label(card)} の効果を解決する（テキストは判定員が調整で適用）", p)
        if locate(g, cid) and locate(g, cid)[1] == "play_area":
            yield from self.to_graveyard(g, cid, "thv:5.2.4.d", "解決したカードを冥界の一番上に置いた")

    def to_graveyard(self, g, cid, rule, why):
        card = take(g, cid)
        put(g, bare(card), card["owner"], "graveyard")
        yield g.log(rule, "resolve", f"{label(card)}: {why}", card["owner"])

    def enter_character(self, g, p, card, item):
        """5.4.2: the character card is set face up and sleeping on its player's field (幻想生物 10.16.2.a);
        速攻 makes it active (10.2.2.a) unless it was played to defend (10.3.4)."""
        cid = card["id"]
        ws = words(card)
        take(g, cid)
        put(g, {**bare(card), "state": "sleep", "sets": [], "mods": [], "damage": 0}, p, "field")
        rule = "thv:5.4.2" if card["type"] == "character" else "thv:10.16.2.a"
        tt = g.data["this_turn"]
        if card["type"] == "character" and p == g.data["turn_player"] and not keyword_live(g, card, "奇襲", ws):
            key = "doll_played" if kw.has(ws, "人形") else "character_played"
            g.set("this_turn", {**tt, key: True})  # 5.4.1.d/e count resolved plays
        yield g.log(rule, "resolve", f"{label(card)} を {p} の場に表向き・スリープ状態で出した" +
                    ("（防御を兼ねてプレイしたため、防御の成否に関わらずスリープ状態のまま）" if item.get("defend") else ""), p,
                    cites=("thv:10.3.4",) if item.get("defend") else ())
        if kw.has(ws, "弐符"):
            yield g.log("thv:10.19.2.a", "resolve", f"弐符: {label(card)} は壱符の効果以外で場に出たため除外される", p)
            yield from self.exile(g, [cid])
            return
        if item.get("defend"):
            b = g.data.get("battle")
            if b and b.get("defender") is None:
                yield from self.become_defender(g, p, cid, "thv:6.4.5.b")
            else:
                yield g.log("thv:6.2.5.b", "defence", "攻撃が取り消されたか既に防御キャラクターがいるため防御は行われない", p)
            return  # 10.3.4: stays sleeping either way
        if kw.has(ws, "速攻") and (e := keyword_stop(g, card, "速攻")):
            yield g.log("thv:2.1.1.a", "invalidated", f"{label(card)} の速攻は無効のため、スリープ状態のまま"
                        f"（{lasting.describe(e)}）", p, cites=("thv:10.2.2.a",))
        elif kw.has(ws, "速攻"):
            update_card(g, cid, state="active")
            yield g.log("thv:10.2.2.a", "resolve", f"速攻: {label(card)} をアクティブ状態にした", p)

    def set_on_character(self, g, p, card, item):
        """10.13.2.a 装備 on your character / 10.14.2.a 呪符 on any character, checked again on resolution
        (8.2.5.a); a second 装備 fails (10.13.4)."""
        cid = card["id"]
        target = item.get("target")
        equip = kw.has(words(card), "装備")
        kind = "equip" if equip else "character"
        if not self.target_ok(g, p, kind, target, cid, card):
            yield from self.to_graveyard(g, cid, "thv:8.2.5.a", "目標が適切でないため解決に失敗し、冥界に置かれた")
            return
        host = get_card(g, target)
        if equip and any(kw.has(words(s), "装備") for s in host.get("sets") or ()):
            yield from self.to_graveyard(g, cid, "thv:10.13.4", "既に装備カードがセットされているためセットに失敗し、冥界に置かれた")
            return
        take(g, cid)
        host = get_card(g, target)
        update_card(g, target, sets=list(host.get("sets") or ()) + [{**bare(card), "state": host["state"]}])
        yield g.log("thv:10.13.2.a" if equip else "thv:10.14.2.a", "resolve",
                    f"{label(card)} を {label(host)} にセットした（テキストと戦闘修正はキャラクターが得る、6.1.13）", p,
                    cites=("thv:6.1.13",))
        yield from self.rule_checks(g)  # a negative 戦闘修正 may bring 耐久力 to 0 (9.2.2.b)

    # ---- 7.3 起動効果 -----------------------------------------------------------------------------------
    def activated_of(self, card):
        """The card's activated effect: its `activated` entry, or マナチャージ(X) (10.12.2.a)."""
        if card.get("activated"):
            return card["activated"]
        x = kw.number(words(card), "マナチャージ")
        if x is not None:
            return {"timing": "自分ターン", "cost": 0, "sleep": True, "effect": {"op": "add_node", "value": x,
                                                                              "target": "self", "state": "sleep"},
                    "charge": True}
        return None

    def can_use(self, g, p, card) -> bool:
        return self.use_refusal(g, p, card) is None

    def use_refusal(self, g, p, card):
        """Why p may not use the activated effect of `card` (on p's field) now, as (clause, reason); None when it may;
        UNPLAYABLE for a card with none. 7.3.3: timing (f, g), once per interference (7.3.6), the スリープアイコン
        (1.8.8.a), the cost (d, 1.8.9.e), a proper target (e)."""
        act = self.activated_of(card)
        if not act:
            return UNPLAYABLE
        tp = g.data["turn_player"]
        if act["timing"] == "自分ターン" and p != tp:
            return ("thv:7.3.3.f", "タイミングが自分ターンの起動効果は、自分がターンプレイヤーのときだけ使用できる")
        if act["timing"] == "相手ターン" and p == tp:
            return ("thv:7.3.3.g", "タイミングが相手ターンの起動効果は、相手がターンプレイヤーのときだけ使用できる")
        inter = g.data.get("interference")
        if inter and card["id"] in inter.get("used", ()):
            return ("thv:7.3.6", "1つの起動効果は1度の干渉内で1度しか使用できない")
        if act.get("sleep") and card.get("state") != "active":
            return ("thv:1.8.8.a", "コストのスリープアイコンを支払うには、このカードがアクティブ状態でなければならない")
        if not payable(g, p, act.get("cost", 0)):
            return ("thv:7.3.3.d", f"コスト{act.get('cost', 0)}を支払えない")
        kind = self.target_kind({}, act["effect"])
        if kind not in (None, "self", "opponent") and not self.targets(g, p, kind, card["id"]):
            return ("thv:7.3.3.e", "適切な目標が存在しない")
        return None

    def use_effect(self, g, p, cid):
        card = get_card(g, cid)
        act = self.activated_of(card)
        name = "マナチャージ" if act.get("charge") else "起動効果"
        yield g.log("thv:7.3.4.a", "use", f"{p} が {label(card)} の{name}の使用を宣言した", p)
        kind = self.target_kind({}, act["effect"])
        target = p if kind == "self" else opponent(p) if kind == "opponent" else None
        if kind not in (None, "self", "opponent"):
            opts = self.targets(g, p, kind, cid)
            target = yield g.ask(p, f"{card['name']} の起動効果の目標を選んでください", opts, "thv:7.3.4.c", kind="target",
                                 withheld=self.improper_targets(g, p, kind))
            yield g.log("thv:7.3.4.c", "target", f"目標: {dict(opts)[target]}", p)
        if act.get("sleep"):
            update_card(g, cid, state="sleep")
            self._sync_sets(g, cid)
            yield g.log("thv:1.8.8.a", "cost", f"{label(card)} をスリープ状態にしてコスト（スリープアイコン）を支払った", p)
        if act.get("cost", 0):
            g.cite_next("thv:7.3.4.e")
        if not (yield from self.pay_cost(g, p, act.get("cost", 0), f"{card['name']}の起動効果")):
            g.set("priority", p)
            yield g.log("thv:12.8.1", "use", "起動効果の使用は適正でないため中止した", p)
            return
        fresh = g.data.get("interference") is None
        inter = g.data.get("interference") or {"items": [], "used": []}
        g.set("interference", {**inter, "used": inter.get("used", []) + [cid]})
        g.cite_next("thv:7.3.6")  # this activated effect is used up for this interference
        item = {"kind": "effect", "player": p, "card": cid, "target": target, "effect": act["effect"]}
        yield from self.open_interference(g, p, item, "thv:7.3.4.f", fresh)

    def resolve_activated(self, g, item):
        """7.3.5; 7.3.1.b: the card left the field before resolution, the effect is void."""
        cid, p = item["card"], item["player"]
        loc = locate(g, cid)
        if loc is None or loc[1] != "field":
            yield g.log("thv:7.3.1.b", "resolve", f"{cid} が場を離れたため起動効果は無効になった", p)
            return
        eff = item["effect"]
        kind = self.target_kind({}, eff)
        if not self.target_ok(g, p, kind, item.get("target"), cid):
            yield g.log("thv:8.2.5.a", "resolve", "目標が適切でないため効果の解決に失敗した", p)
            return
        if not get_card(g, cid).get("activated"):  # マナチャージ(X)
            yield from self.add_nodes(g, p, eff["value"], "sleep", "thv:10.12.2.a")
            return
        yield from self.resolve_card_effect(g, p, eff, item.get("target"), cid, "thv:7.3.5.b")
