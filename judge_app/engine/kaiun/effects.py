"""Card effects as the judge enters them (rules_corpus/kaiun.txt 3, 4, 7-1-5-4-1, 8, 10): one op per act the rulebook
names, each citing the clause that gives it its meaning.

The engine reads no card text. The judge enters what a card does as ops in the rulebook's words: 「カードを引く」 (4-3),
「捨てる」 (4-4), 「バリアN枚を手札に加える」 (7-1-5-4-1), a barrier card put into the trash (3-7-3), any other move
between the zones an effect can name (3-2-1 … 3-7-1), 運値±N (2-3-2, 2-4-2), 「このバトルに勝つ」 (10-2-3), a win or a
loss by a card (1-2-6). An `effect` (the core's) groups them as one card's effect: its 発動コスト first, paid in full
or not at all (8-3-2-1, 8-3-2-2), then its parts in the order printed (2-6-3), each done as far as it can be (1-3-2).

Targets: `p1`; `相手:p1` (the opponents of p1: 4-2-1-4, in kaiun-multi 11-4-2); `both` / `all` (お互いの / すべての
プレイヤー). The book has no turn player and orders no player before another: an effect on every player acts on all of
them at once, as the draw phase (6-2-1) and the cost payment (6-6-1 「同時に」) do and as effects that meet their
timing together resolve (8-5-1 「同時に処理」); defeat conditions met during it are checked together when it ends.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from judge_app.engine.hidden import BY_CARD
from judge_app.engine.kaiun import board as kb
from judge_app.engine import effect_parts
from judge_app.engine.ruleset import Adjustment, concede_adjustment
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, Refused, TraceEntry

TARGET = {"type": "string", "maxLength": 40,
          "description": "プレイヤー（p1 …）、「相手:p1」、お互い／すべてのプレイヤー（both / all）"}
COUNT = {"type": "integer", "minimum": 1, "maximum": 30}
ZONE_NAMES = {"deck": "デッキ", "hand": "手札", "barrier": "バリア", "trash": "トラッシュ", "battle_area": "バトルエリア",
              "cost_area": "コストエリア"}
# 「効果でXと指定された場合、それはこの領域を指します」: the clause that makes an effect's word name the zone
ZONE_CLAUSES = {"deck": "kaiun:3-2-1", "hand": "kaiun:3-3-1", "trash": "kaiun:3-4-1", "battle_area": "kaiun:3-5-1",
                "cost_area": "kaiun:3-6-1", "barrier": "kaiun:3-7-1"}
EVERY_PLAYER = ("both", "all")
UNCHI_CLAUSES = {"kachi": "kaiun:2-3-2", "aiko_make": "kaiun:2-4-2"}   # 運値は、効果などにより加減される場合があります


class KaiunEffects:
    """The judge's ops for 開運 card effects; mixed into KaiunRuleset (which provides C, pl, in_game, refresh…)."""

    # The clauses the core cites when it holds a judge's effect to the rules (docs/rulings-decisions.md).
    effect_rule = "kaiun:2-6-3"               # カード効果は、先頭に近い方から順に実行します
    cost_rule = "kaiun:8-3-2-1"               # 発動コストのすべてを解決できる場合にのみ、発動コストを解決することを選べます
    as_much_as_possible_rule = "kaiun:1-3-2"  # その一部のみ実行不可能な場合、可能な限りその行動を行います
    each_player_rule = "kaiun:8-5-1"          # お互いのプレイヤーが同時に…それらの効果は同時に処理が行われます
    game_over_rule = "kaiun:1-2-1"            # いずれかのプレイヤーが敗北した場合、ゲームが終了します
    # 「たなら、」: 発動コストは任意で選択でき、効果を解決しないことを選べます (8-1-1: その処理を任意で選択できます)
    optional_rule = "kaiun:8-3-2-1"
    # 「~までを」と表記されている場合、0を選ぶこともできます; 1-3-5-1 the same for any number with a limit
    up_to_rule, up_to_cites = "kaiun:8-4-1-5-2", ("kaiun:1-3-5-1",)
    # 条件が満たされていない限り、「なら、」以降の効果は解決されません (8-3-1: それはその効果の条件)
    condition_rule, condition_cites = "kaiun:8-3-1-1", ("kaiun:8-3-1",)
    # the battle card's 運値 now: changed by effects (2-3-2 / 2-4-2), a negative one counted as 0 (1-3-6); 「元々の」
    # is the printed 運値 (4-5-2)
    current_value_rules = {"unchi_kachi": "kaiun:2-3-2", "unchi_aiko_make": "kaiun:2-4-2"}
    printed_value_rule = "kaiun:4-5-2"
    # 8-5-1: effects whose timings both players meet together are processed at the same time; 10-1-1-3 says so of
    # 【開運時】 and that neither player chooses after seeing the other's result: one process, no order to pick
    simultaneous_rule = "kaiun:8-5-1"
    simultaneous_together = True
    simultaneous_cites = ("kaiun:8-5-1",)

    def current_number(self, g, player, card, field):
        key = {"unchi_kachi": "kachi", "unchi_aiko_make": "aiko_make"}.get(field)
        pl = g.data["players"][player]
        if key is None or not any(c.get("id") == card.get("id") for c in pl.get("battle_area") or ()):
            return card.get(field)   # the 運値 mods are the battle's, so only the battle area's card has them
        return max(0, card[field] + ((pl.get("unchi_mod") or {}).get(key) or 0))

    def simultaneous_clause(self, effects: list[dict]) -> str:
        return "kaiun:10-1-1-3" if all(e.get("keyword") == "開運時" for e in effects) else self.simultaneous_rule

    def make_adjustments(self) -> tuple[Adjustment, ...]:
        C = self.C
        durations = [v for v, _ in self.unchi_durations]
        zone = {"enum": list(ZONE_NAMES)}
        cards = {"description": "カードID、IDの配列、または枚数",
                 "anyOf": [{"type": "string", "maxLength": 40}, {"type": "integer", "minimum": 1, "maximum": 30},
                           {"type": "array", "minItems": 1, "maxItems": 30, "items": {"type": "string", "maxLength": 40}}]}
        return (
            # 2-3-2 / 2-4-2 say what a 運値 is changed by; the reset clause is cited, not logged under
            Adjustment("unchi", "運値±N", UNCHI_CLAUSES["kachi"],
                       {"target": TARGET, "value": {"type": "integer", "minimum": -99, "maximum": 99},
                        "which": {"enum": ["both", "kachi", "aiko_make"]},
                        "duration": {"enum": durations}}, ("target", "value"), handles_both=True),
            Adjustment("win_battle", "「このバトルに勝つ」", C["kaiun:10-2-3-2"],
                       {"target": TARGET, "duration": {"enum": ["battle"], "description": "battle=このバトル中（既定）"}},
                       ("target",), handles_both=True),
            Adjustment("draw", "カードを引く", "kaiun:4-3-2", {"target": TARGET, "value": COUNT}, ("target",),
                       handles_both=True),
            Adjustment("discard", "手札を捨てる", "kaiun:4-4-2", {"target": TARGET, "value": cards},
                       ("target", "value"), handles_both=True),
            # value takes card ids too, only so that naming a card is refused with 4-4-3 rather than as a type error
            Adjustment("discard_random", "手札をランダムに捨てる", "kaiun:4-4-3", {"target": TARGET, "value": cards},
                       ("target",), handles_both=True),
            Adjustment("barrier_to_hand", "バリアN枚を手札に加える", C["kaiun:7-1-5-4-1"],
                       {"target": TARGET, "value": COUNT}, ("target",), handles_both=True),
            Adjustment("barrier_to_trash", "バリアN枚をトラッシュに置く", "kaiun:3-7-3",
                       {"target": TARGET, "value": COUNT}, ("target",), handles_both=True),
            Adjustment("move", "カードを領域から領域へ移動する", "kaiun:3-1-1",
                       {"target": TARGET, "from": zone, "to": zone, "value": cards,
                        "position": {"enum": ["top", "bottom"], "description": "デッキ・バリアの上（既定）か下か"},
                        "by_card": BY_CARD},
                       ("target", "from", "to"), handles_both=True),
            Adjustment("shuffle", "デッキをシャッフルする", "kaiun:3-2-4", {"target": TARGET}, ("target",),
                       handles_both=True),
            # one player each (a player's own declaration, or one player's win or loss): `both` is refused by single()
            Adjustment("win_game", "カードの効果でゲームに勝利", C["kaiun:1-2-6"], {"target": TARGET}, ("target",),
                       handles_both=True),
            Adjustment("lose_game", "カードの効果でゲームに敗北", C["kaiun:1-2-6"], {"target": TARGET}, ("target",),
                       handles_both=True),
            replace(concede_adjustment(self.concede_rule), handles_both=True),
        )

    def resolve_effect(self, g: GameState, parts: list, cost: list = (), **given: Any) -> TraceEntry:
        """The core's effect; with a 発動コスト the opening entry also cites what one is (1-3-7-2, 8-3-2: 「たなら、」),
        that it is paid in full (8-3-2-2) before the effect (8-4-1-3), and that the effect waits on it (8-3-2-3)."""
        if cost:
            g.cite_next("kaiun:1-3-7-2", "kaiun:8-3-2", "kaiun:8-3-2-2", "kaiun:8-3-2-3", "kaiun:8-4-1-3")
        return super().resolve_effect(g, parts, cost, **given)

    def as_far_as_possible(self, g: GameState, wanted: int, available: int, what: str, field: str = "value") -> int:
        """The core's, and in an effect's parts also 8-1-1: 効果は原則、必ず発動し、可能な限り処理を行います。"""
        done = super().as_far_as_possible(g, wanted, available, what, field)
        if done < wanted and g.resolving == "effect":
            g.cite_next("kaiun:8-1-1")
        return done

    def unpayable_cost_rule(self, g: GameState, available: int) -> str:
        """8-3-2-1 decides a cost short before any of it is paid (すべてを解決できる場合にのみ…選べます); once an earlier
        cost part has been paid the choice to pay was made, and 8-3-2-2 decides (選択した場合…すべてを解決する必要があります;
        一部分のみを解決することはできません): the paid part is undone with the rest."""
        paid_before = bool(g.group) and any(e.kind == "adjust" for e in g.trace[g.group:])
        return "kaiun:8-3-2-2" if paid_before else self.cost_rule

    # ---- whom an effect acts on ----------------------------------------------------------------------
    def targets(self, g: GameState, target: str) -> list[str]:
        """'p1'; '相手:p1', the opponents of p1 (4-2-1-4; kaiun-multi 11-4-2); 'both' / 'all', every player in the game."""
        if target in EVERY_PLAYER:   # less any a prohibition leaves out (engine/lasting.py, 1-3-3)
            return [p for p in self.in_game(g) if p not in g.lasting_except]
        if target.startswith("相手:"):
            who = target[3:]
            self.check_player(g, who)
            found = [p for p in self.opponents(g, who) if p not in g.lasting_except]
            if not found and not g.lasting_except:
                raise AdjustmentError(f"target: {who} の「相手」にあたるプレイヤーがゲームにいません", "target")
            return found
        self.check_player(g, target)
        return [target]

    def target_cites(self, target: str) -> list[str]:
        """The clause that says whom the target names."""
        if target in EVERY_PLAYER:
            return [self.each_player_rule]
        if target.startswith("相手:"):
            return [self.C["kaiun:4-2-1-4"]]
        return []

    def check_player(self, g: GameState, p: str) -> None:
        if p not in self.in_game(g):
            raise AdjustmentError(f"target: プレイヤー「{p}」はゲームにいません（{', '.join(self.in_game(g))}）", "target")

    def single(self, g: GameState, target: str) -> str:
        ps = self.targets(g, target)
        if len(ps) != 1:
            raise AdjustmentError("target: この調整はプレイヤー1人を指定してください", "target")
        return ps[0]

    @contextmanager
    def at_once(self, g: GameState, players: list[str]):
        """Several players act at once (8-5-1): their defeat conditions are checked together afterwards."""
        g.kaiun_hold += len(players) > 1
        try:
            yield
        finally:
            g.kaiun_hold -= len(players) > 1

    def effect_player(self, g: GameState, source: str | None) -> str | None:
        """Whose effect it is when the judge does not say: the player whose zone holds the source card."""
        for p, pl in g.data["players"].items():
            if any(c["id"] == source for z in kb.ZONES for c in pl[z]):
                return p
        return None

    def card_label(self, g: GameState, card_id: str) -> str:
        for pl in g.data["players"].values():
            for z in kb.ZONES:
                for c in pl[z]:
                    if c["id"] == card_id:
                        return f"{card_id} {kb.card_label(c)}"
        return card_id

    # ---- 運値, 「このバトルに勝つ」 ------------------------------------------------------------------------
    def adjust_unchi(self, g: GameState, spec: Adjustment, target: str, value: int, which: str = "both",
                     duration: str | None = None) -> TraceEntry:
        ps = self.targets(g, target)
        keys = ("kachi", "aiko_make") if which == "both" else (which,)
        for p in ps:
            mod = dict(self.pl(g, p)["unchi_mod"])
            for k in keys:
                mod[k] += value
            g.set(f"players.{p}.unchi_mod", mod)
        name = {"both": "運値", "kachi": "運値(カチ)", "aiko_make": "運値(アイコ・マケ)"}[which]
        # 2-3-2 / 2-4-2: 運値は、効果などにより加減される場合があります — the clause of the first 運値 changed decides
        changed = [UNCHI_CLAUSES[k] for k in keys]
        reset = self.unchi_expiry_rule()
        return g.log(changed[0], "adjust",
                     f"判定員の調整: {'、'.join(ps)} の{name} {value:+d}（{reset} でリセット）", ps[0],
                     cites=[*self.target_cites(target), *changed[1:], reset])

    def adjust_win_battle(self, g: GameState, spec: Adjustment, target: str, duration: str = "battle") -> TraceEntry:
        ps = self.targets(g, target)
        for p in ps:
            g.set(f"players.{p}.win_battle", True)
        return g.log(spec.rule, "adjust",
                     f"判定員の調整: {'、'.join(ps)} が「このバトルに勝つ」効果を発動（このバトルの終了まで）", ps[0],
                     cites=self.target_cites(target))

    # ---- 4-3 カードを引く ------------------------------------------------------------------------------
    def adjust_draw(self, g: GameState, spec: Adjustment, target: str, value: int = 1) -> TraceEntry:
        ps = self.targets(g, target)
        notes: list[str] = []
        cites: list[str] = [*self.target_cites(target), *(["kaiun:3-2-3"] if value > 1 else [])]
        done = []
        with self.at_once(g, ps):
            for p in ps:
                n = self.from_deck(g, p, "hand", value, cites, notes, alone=len(ps) == 1)
                done.append(f"{p} はカード{n}枚を引きます")
        extra = ("。" + "。".join(notes)) if notes else ""
        return g.log(spec.rule, "adjust", f"判定員の調整: {'、'.join(done)}{extra}", ps[0], cites=cites)

    def from_deck(self, g: GameState, p: str, zone: str, n: int, cites: list[str], notes: list[str],
                  alone: bool = True, index: int | None = None) -> int:
        """n cards from the top of p's deck to `zone`, one at a time (3-2-3); a deck at 0 refreshes at once, even in the
        middle (9-3-2). What cannot be taken is done as far as possible (1-3-2; as a cost, refused). Acting alone, p
        stops once a refresh at 0 barrier has met a defeat condition: rule processing ends the game there (9-1-2)."""
        moved = 0
        while moved < n:
            if not self.pl(g, p)["deck"] and self.pl(g, p)["trash"]:
                notes.append(self.refresh_inline(g, p, cites))
                if alone and self.pl(g, p)["defeat"]:
                    break
            deck = self.pl(g, p)["deck"]
            if not deck:
                break
            g.set(f"players.{p}.deck", deck[1:])
            self.put(g, p, zone, [deck[0]], index)
            moved += 1
            if not self.pl(g, p)["deck"]:
                notes.append(self.refresh_inline(g, p, cites))
                if alone and self.pl(g, p)["defeat"]:
                    break
        if moved < n and alone and self.pl(g, p)["defeat"]:
            notes.append(f"ルール処理は他の行動の実行中であっても即座に行われるため（9-1-2）、{p} の残り{n - moved}枚は移動しません")
            cites.append("kaiun:9-1-2")
        elif moved < n:
            self.as_far_as_possible(g, n, moved, f"{p} のデッキのカード", "value")
            notes.append(f"{p} のデッキに残りのカードが無いため、可能な限り（{moved}枚）行います")
        return moved

    def put(self, g: GameState, p: str, zone: str, cards: list[dict], index: int | None = None) -> None:
        """Cards into a zone: on top of the trash (3-4-2); into the deck or barrier at the top (index None) or the bottom."""
        items = self.pl(g, p)[zone]
        if zone == "deck":
            items = (cards + items) if index is None else (items + cards)
        elif zone == "barrier":
            items = (items + cards) if index is None else (cards + items)  # barrier[-1] is the top (右)
        else:
            items = items + cards
        g.set(f"players.{p}.{zone}", items)

    # ---- 4-4 捨てる ----------------------------------------------------------------------------------
    def adjust_discard(self, g: GameState, spec: Adjustment, target: str, value: Any) -> TraceEntry:
        ps = self.targets(g, target)
        done, cites = [], [*self.target_cites(target)]
        for p in ps:
            chosen = self.chosen(g, p, "hand", value, "手札")
            for c in chosen:
                g.move(c, f"players.{p}.hand", f"players.{p}.trash")
            done.append(f"{p} は手札の{'、'.join(kb.card_label(c) for c in chosen) or 'カード0枚'}を捨てます")
        # 3-4-2: この領域にカードを置く場合、基本的にはそれまでにあったカードの上に置きます
        return g.log(spec.rule, "adjust", f"判定員の調整: {'、'.join(done)}", ps[0], cites=[*cites, "kaiun:3-4-2"])

    def chosen(self, g: GameState, p: str, zone: str, value: Any, what: str) -> list[dict]:
        """The cards of p's zone that `value` names: ids (each must be there), or a number — all of them when the zone
        holds no more (as far as possible, 1-3-2), else the owner must say which (4-4-2: 手札1枚を選び)."""
        cards = self.pl(g, p)[zone]
        if isinstance(value, int):
            if len(cards) > value and zone == "hand":   # 4-4-2 「自身の手札1枚を選び」: the hand's player decides
                ids = effect_parts.pick_cards(g, p, [(c["id"], kb.card_label(c)) for c in cards], value, "kaiun:4-4-2",
                                              f"{p} が捨てる手札")
                return [next(c for c in cards if c["id"] == i) for i in ids]
            if len(cards) > value:
                ids = ", ".join(c["id"] for c in cards[:12])
                raise AdjustmentError(f"value: {p} の{what}は{len(cards)}枚あります。どのカードかをIDで指定してください（{ids}）",
                                      "value")
            n = self.as_far_as_possible(g, value, len(cards), f"{p} の{what}のカード", "value")
            return list(cards[:n])
        ids = [value] if isinstance(value, str) else list(value)
        if len(set(ids)) != len(ids):
            raise AdjustmentError("value: 同じカードIDが2回指定されています", "value")
        found = sorted((c for c in cards if c["id"] in ids), key=lambda c: ids.index(c["id"]))
        missing = [i for i in ids if i not in {c["id"] for c in found}]
        if missing and len(ids) > len(cards):   # more cards named than the zone holds: a shortfall, done as far as possible
            self.as_far_as_possible(g, len(ids), len(found), f"{p} の{what}のカード", "value")
        elif missing:
            listed = ", ".join(c["id"] for c in cards[:12]) or f"{what}なし"
            raise AdjustmentError(f"value: {p} の{what}にカード「{missing[0]}」はありません（{listed}）", "value")
        return found

    def adjust_discard_random(self, g: GameState, spec: Adjustment, target: str, value: int = 1) -> TraceEntry:
        """4-4-3: the opponent chooses from the hand shown face down — for the engine, at random from the seed
        (g.rng, kept in the session's snapshots, so a replay picks the same cards). The judge never names them."""
        if not isinstance(value, int):
            raise Refused("value: 「ランダムに捨てる」カードは対戦相手が裏向きの手札から選びます（4-4-3）。判定員はカードを指定"
                          "できません。捨てる枚数だけを指定してください（カードはセッションのシードで選ばれます）", spec.rule)
        ps = self.targets(g, target)
        done, cites = [], [*self.target_cites(target)]
        for p in ps:
            hand = self.pl(g, p)["hand"]
            n = self.as_far_as_possible(g, value, len(hand), f"{p} の手札のカード", "value")
            picked = g.rng.sample(hand, n)
            for c in picked:
                g.move(c, f"players.{p}.hand", f"players.{p}.trash")
            done.append(f"{p} は相手が裏向きのまま選んだ手札{n}枚（{'、'.join(kb.card_label(c) for c in picked) or 'なし'}）を捨てます")
        return g.log(spec.rule, "adjust", f"判定員の調整: {'、'.join(done)}", ps[0], cites=[*cites, "kaiun:3-4-2"])

    # ---- バリア (3-7-3: 一番上(右)のカードから順に) -------------------------------------------------------
    def adjust_barrier_to_hand(self, g: GameState, spec: Adjustment, target: str, value: int = 1) -> TraceEntry:
        return self.barrier_to(g, spec, target, value, "hand", "手札に加えます")

    def adjust_barrier_to_trash(self, g: GameState, spec: Adjustment, target: str, value: int = 1) -> TraceEntry:
        return self.barrier_to(g, spec, target, value, "trash", "トラッシュに置きます")

    def barrier_to(self, g: GameState, spec: Adjustment, target: str, value: int, zone: str, verb: str) -> TraceEntry:
        ps = self.targets(g, target)
        done, cites = [], [*self.target_cites(target), "kaiun:3-7-3", *(["kaiun:3-4-2"] if zone == "trash" else [])]
        for p in ps:
            n = self.as_far_as_possible(g, value, len(self.pl(g, p)["barrier"]), f"{p} のバリア", "value")
            for _ in range(n):
                self.barrier_top_to(g, p, zone)
            stop = "（バリアが0枚になったため終了）" if n < value else ""
            done.append(f"{p} はバリア{n}枚を上（右）から{verb}{stop}")
        return g.log(spec.rule, "adjust", f"判定員の調整: {'、'.join(done)}", ps[0], cites=cites)

    # ---- any other move between zones (3-1-1) ---------------------------------------------------------
    def adjust_move(self, g: GameState, spec: Adjustment, target: str, value: Any = 1, position: str = "top",
                    by_card: bool = False, **where: str) -> TraceEntry:
        src, dst = where["from"], where["to"]
        if src == dst:
            raise AdjustmentError(f"to: 移動元と同じ領域（{ZONE_NAMES[src]}）です", "to")
        ps = self.targets(g, target)
        cites = [*self.target_cites(target)]
        notes: list[str] = []
        done = []
        index = None if position == "top" else -1
        with self.at_once(g, ps):
            for p in ps:
                if src == "barrier":   # 3-7-3: from the top, unless the card's text names the card (1-3-1)
                    self.barrier_named(g, p, value, by_card, cites)
                n = self.move_cards(g, p, src, dst, value, index, cites, notes, alone=len(ps) == 1)
                done.append(f"{p} の{ZONE_NAMES[src]}のカード{n}枚を{ZONE_NAMES[dst]}に置きます")
        where_to = "の下" if position == "bottom" and dst in ("deck", "barrier") else ""
        extra = ("。" + "。".join(notes)) if notes else ""
        rule = ZONE_CLAUSES[dst]
        return g.log(rule, "adjust", f"判定員の調整: {'、'.join(done)}{where_to}{extra}", ps[0],
                     cites=[ZONE_CLAUSES[src], *cites])

    def move_cards(self, g: GameState, p: str, src: str, dst: str, value: Any, index: int | None,
                   cites: list[str], notes: list[str], alone: bool) -> int:
        what = ZONE_NAMES[src]
        if dst == "battle_area":   # 3-5-3: バトルエリアには、カードを1枚までしか置くことができません
            wanted = value if isinstance(value, int) else (1 if isinstance(value, str) else len(value))
            room = 1 - len(self.pl(g, p)["battle_area"])
            cites.append("kaiun:3-5-3")
            if self.as_far_as_possible(g, wanted, room, f"{p} のバトルエリアの空き", "value") == 0:
                return 0
            value = value[:room] if isinstance(value, list) else (value if isinstance(value, str) else room)
        if src == "deck" and isinstance(value, int):
            cites.append("kaiun:3-2-3")
            n = self.from_deck(g, p, dst, value, cites, notes, alone, index)
        else:
            if src == "barrier" and isinstance(value, int):
                cites.append("kaiun:3-7-3")
                n = self.as_far_as_possible(g, value, len(self.pl(g, p)["barrier"]), f"{p} のバリア", "value")
                cards = list(reversed(self.pl(g, p)["barrier"]))[:n]   # the top (right) first
            elif src == "battle_area" and isinstance(value, int):
                n = self.as_far_as_possible(g, value, len(self.pl(g, p)["battle_area"]), f"{p} の{what}", "value")
                cards = self.pl(g, p)["battle_area"][:n]
            else:
                if src == "deck":
                    cites.append("kaiun:8-4-1-5-5")   # デッキからカードを選ぶ場合、デッキの表面を確認し…
                cards = self.chosen(g, p, src, value, what)
            for c in cards:
                g.remove_from(f"players.{p}.{src}", c)
                self.put(g, p, dst, [c], index)
            n = len(cards)
            if src == "deck" and n and not self.pl(g, p)["deck"]:
                notes.append(self.refresh_inline(g, p, cites))
        if dst == "trash" and n:
            cites.append("kaiun:3-4-2")   # この領域にカードを置く場合、…それまでにあったカードの上に置きます
        if dst == "battle_area" and n:
            g.set(f"players.{p}.face_up", True)
        return n

    def adjust_shuffle(self, g: GameState, spec: Adjustment, target: str) -> TraceEntry:
        ps = self.targets(g, target)
        for p in ps:
            g.shuffle(f"players.{p}.deck")
        return g.log(spec.rule, "adjust", f"判定員の調整: {'、'.join(ps)} のデッキをシャッフルします", ps[0],
                     cites=self.target_cites(target))

    # ---- 1-2-6 勝利・敗北 ------------------------------------------------------------------------------
    def adjust_win_game(self, g: GameState, spec: Adjustment, target: str) -> TraceEntry:
        p = self.single(g, target)
        for q in self.in_game(g):
            if q != p:
                g.set(f"players.{q}.lost", True)
        g.end_game(p)
        return g.log(spec.rule, "win", f"判定員の調整: カードの効果により {p} がゲームに勝利します", p,
                     cites=self.target_cites(target))

    def adjust_lose_game(self, g: GameState, spec: Adjustment, target: str) -> TraceEntry:
        p = self.single(g, target)
        g.set(f"players.{p}.lost", True)
        others = self.opponents(g, p)
        g.end_game(others[0])
        return g.log(spec.rule, "lose", f"判定員の調整: カードの効果により {p} がゲームに敗北します", p,
                     cites=self.target_cites(target))

    # ---- 10-1 キーワード効果: when it activates and how often -------------------------------------------
    def use_keyword(self, g: GameState, keyword: str, source: str | None, player: str | None) -> list[str]:
        k = keyword.strip().strip("【】")
        if k not in kb.KEYWORDS:
            raise AdjustmentError(f"keyword: 「{keyword}」は使用回数の定めのあるキーワード効果ではありません"
                                  f"（{'、'.join(f'【{w}】' for w in kb.KEYWORDS[:3])}、このターンの終了時）", "keyword")
        if player is None:
            raise AdjustmentError("player: 効果のプレイヤーを指定してください（source のカードが見つかりません）", "player")
        # 2-6-2 holds 「このターンの終了時」 too: a card that lost or drew its battle is in the trash by then (6-6-3)
        if source is not None and not any(c["id"] == source for c in self.pl(g, player)["battle_area"]):
            raise Refused(f"keyword: 【{k}】はバトルエリアのカードの効果です。{source} は {player} のバトルエリアにありません"
                          "（カード効果は、特に指示がない場合、バトルエリアでのみ有効です）", "kaiun:2-6-2", "keyword")
        when, limit = self.keyword_clauses(g, k, player)
        if k in self.pl(g, player)["keywords_used"]:
            raise Refused(f"keyword: {player} の【{k}】効果は{self.keyword_scope(g, k)}既に発動しています（{limit}）",
                          limit, "keyword")
        g.set(f"players.{player}.keywords_used", [*self.pl(g, player)["keywords_used"], k])
        # 2-6-2: カード効果は、特に指示がない場合、バトルエリアでのみ有効です
        return [when, limit, *(["kaiun:2-6-2"] if source is not None else [])]

    def keyword_clauses(self, g: GameState, k: str, p: str) -> tuple[str, str]:
        """(the clause of the keyword's timing, the clause of its limit); Refused when it cannot activate now."""
        C = self.C
        if k == "開運時":
            if g.phase != self.kaiun_phase:
                raise Refused(f"keyword: 【開運時】は{self.phase_label(self.kaiun_phase)}に発動するキーワード効果です"
                              f"（いまは{self.phase_label(g.phase)}）", self.kaiun_timing_rule, "keyword")
            return C["kaiun:6-4-2"], "kaiun:10-1-1-2"
        if k == "このターンの終了時":
            if g.phase != "cost":
                raise Refused("keyword: 「このターンの終了時」の効果はコストフェイズ（6-6-5）に発動します",
                              C["kaiun:6-6-5"], "keyword")
            return C["kaiun:6-6-5"], C["kaiun:6-6-5-1"]
        won = k == "バトル勝利時"
        result = self.pl(g, p)["battle_result"]
        step = C["kaiun:7-1-3"] if won else C["kaiun:7-1-4"]
        if g.phase == "battle" and result == "draw":
            raise Refused(f"keyword: このバトルは引き分けのため【{k}】は発動できません", step, "keyword")
        if g.phase != "battle" or result != ("win" if won else "lose"):
            rule = "kaiun:10-1-2-1" if won else "kaiun:10-1-3-1"
            raise Refused(f"keyword: 【{k}】はバトルに{'勝利' if won else '敗北'}した場合、バトルフェイズに発動するキーワード効果です",
                          rule, "keyword")
        return step, ("kaiun:10-1-2-2" if won else "kaiun:10-1-3-2")

    kaiun_phase = "open"                   # 10-1-1-1: オープンフェイズに発動するキーワード効果
    kaiun_timing_rule = "kaiun:10-1-1-1"

    def keyword_scope(self, g: GameState, k: str) -> str:
        return "このターン"
