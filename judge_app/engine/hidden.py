"""Hidden information and chance (issue 37): who has seen each card of a hidden zone, and the acts of looking at,
revealing, showing and putting back such cards, as the rulebooks put them.

Game-neutral: a ruleset names its hidden zones and the clauses that govern them in a `HiddenRules`, and mixes in
`HiddenOps`; this module keeps the record and does the acts. The record is state (`seen`: card id → the players who
have seen it while hidden; `looking`: the cards the last look took in, top first), so undo and replay keep it.

What every book says alike (kaiun 11-2, opcg 11-3, thv 11.7): looked-at cards stay in their zone while looked at;
only the effect's player sees them unless the text says otherwise; afterwards they go back as they were unless the
text says what to do with them. Nobody looks at a hidden zone except by a card's effect, and a card's text that
contradicts a rule wins over it (kaiun 1-3-1 and its equivalents): the op says so with `by_card: true`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from judge_app.engine.ruleset import Adjustment
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, Refused, TraceEntry

SEEN = "seen"          # state key: {card id: [players who have seen it while hidden]}
LOOKING = "looking"    # state key: the last look {player, owner, zone, cards: [ids, top first], whole, effect}
REVEALED = "revealed"  # state key, while an effect resolves: the cards it revealed [{id, owner, zone, during}]


@dataclass(frozen=True)
class HiddenZone:
    name: str                      # the player's zone key in the state ("deck")
    label: str                     # the rulebook's word 「デッキ」
    rule: str                      # the clause that makes it hidden: nobody sees it, its order does not change
    top_last: bool = False         # the top is the list's last card (kaiun's barrier: 右 is the top)
    strict: bool = False           # the rule forbids looking outright: a look rests on the card's text over it
    owner_sees: str | None = None  # the clause that lets the owner look freely (the hand)
    look_rule: str | None = None   # a clause of its own for looking at this zone (opcg 「ライフを見る」 3-10-3)
    order_rule: str | None = None  # the clause that forbids changing its order, where it is not `rule`
    unordered: bool = False        # face-down cards on the field: named by id, with no top and no order


@dataclass(frozen=True)
class HiddenRules:
    zones: tuple[HiddenZone, ...]
    look: str                  # only the effect's player sees the cards (「見たのは使った本人だけ」)
    after_look: str            # afterwards they go back as they were, unless the text says what to do with them
    reveal: str                # 公開: every player sees
    card_text: str             # the card's text wins over a rule it contradicts
    shuffle: str               # what a shuffle is
    reveal_end: str | None = None          # a revealed card is hidden again when the effect ends
    show: str | None = None                # 見せる to one player, where the book names it
    whole_deck_shuffle: str | None = None  # thv 3.2.5: a whole deck looked at is shuffled afterwards
    part_no_shuffle: str | None = None     # thv 3.2.5.a: a part looked at is not

    def zone(self, name: str) -> HiddenZone:
        for z in self.zones:
            if z.name == name:
                return z
        names = ", ".join(z.name for z in self.zones)
        raise AdjustmentError(f"zone: 「{name}」は非公開領域ではありません（{names}）", "zone")


def seen_by(g: GameState, card_id: str) -> list[str]:
    return list((g.data.get(SEEN) or {}).get(card_id, ()))


def mark_seen(g: GameState, ids: list[str], players: list[str]) -> None:
    """Record that `players` have seen the cards (a new dict each time: earlier changes keep their values)."""
    seen = dict(g.data.get(SEEN) or {})
    for cid in ids:
        seen[cid] = sorted(set(seen.get(cid, ())) | set(players))
    g.set(SEEN, seen)


def forget(g: GameState, ids: list[str]) -> None:
    """A shuffle: nobody knows any more where the cards are."""
    seen = {k: v for k, v in (g.data.get(SEEN) or {}).items() if k not in set(ids)}
    g.set(SEEN, seen)


def pick_at_random(g: GameState, cards: list[dict], n: int) -> list[dict]:
    """Chance is the engine's: the session's seeded rng picks, so a replay picks the same cards."""
    return g.rng.sample(list(cards), n)


def refuse_named(value: Any, rule: str, what: str) -> None:
    """A random choice names no card: the judge gives only how many."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(f"value: {what}はセッションのシードで無作為に選ばれます。判定員はカードを指定できません。"
                      "枚数だけを指定してください", rule, "value")


BY_CARD = {"type": "boolean", "description": "カードの文言がそう指定する（ルールよりカードの文言を優先）"}
WHOSE = {"type": "string", "maxLength": 40, "description": "領域の持ち主のプレイヤー"}
VALUE = {"type": "integer", "minimum": 1, "maximum": 60, "description": "枚数（上から。省略: すべて）"}
IDS = {"type": "array", "minItems": 1, "maxItems": 60, "items": {"type": "string", "maxLength": 80}}
# the cards named by id (a hand card, a face-down card; below the top only by the card's text): instead of `value`
CARDS = {**IDS, "description": "カード（ID）を指定する場合（value の代わりに）"}


def hidden_adjustments(rules: HiddenRules, zone_names: list[str] | None = None) -> tuple[Adjustment, ...]:
    """The ops, their params the JSON schemas (the effect form and the OpenAPI document are made from them)."""
    zone = {"enum": zone_names or [z.name for z in rules.zones]}
    ops = [
        Adjustment("look", "非公開領域のカードを見る（効果のプレイヤーだけが見る）", rules.look,
                   {"target": WHOSE, "zone": zone, "value": VALUE, "cards": CARDS,
                    "player": {"type": "string", "maxLength": 40, "description": "見るプレイヤー（既定: 効果のプレイヤー）"},
                    "by_card": BY_CARD}, ("target", "zone"), handles_both=True),
        Adjustment("reveal", "公開する（すべてのプレイヤーに）", rules.reveal,
                   {"target": WHOSE, "zone": zone, "value": VALUE, "cards": CARDS, "by_card": BY_CARD},
                   ("target", "zone"),
                   handles_both=True),
        Adjustment("put_back", "見たカードを戻す（順番・上か下か・シャッフル）", rules.after_look,
                   {"target": WHOSE, "zone": zone, "order": {**IDS, "description": "戻す順番（カードIDを上から）"},
                    "position": {"enum": ["top", "bottom"], "description": "上（既定）か下か"},
                    "shuffle": {"type": "boolean", "description": "戻してシャッフルする"}, "by_card": BY_CARD},
                   ("target", "zone"), handles_both=True),
    ]
    if rules.show:
        ops.insert(2, Adjustment("show", "見せる（1人のプレイヤーに）", rules.show,
                                 {"target": WHOSE, "zone": zone, "value": VALUE, "cards": CARDS,
                                  "to": {"type": "string", "maxLength": 40, "description": "見せる相手のプレイヤー"},
                                  "by_card": BY_CARD}, ("target", "zone", "to"), handles_both=True))
    return tuple(ops)


class HiddenOps:
    """look / reveal / show / put_back for a ruleset with `hidden_rules`. The ruleset may override `hidden_owner`
    (how a target names the zone's owner) and `hidden_cards_of` (where a zone's cards are)."""

    hidden_rules: ClassVar[HiddenRules]

    # ---- where the cards are --------------------------------------------------------------------------
    def hidden_owner(self, g: GameState, target: str) -> str:
        players = list(g.data["players"])
        if target not in players:
            raise AdjustmentError(f"target: プレイヤー「{target}」はいません（{', '.join(players)}）", "target")
        return target

    def hidden_cards_of(self, g: GameState, owner: str, z: HiddenZone) -> list[dict]:
        """The zone's cards, top first."""
        cards = list(g.data["players"][owner].get(z.name) or [])
        return cards[::-1] if z.top_last else cards

    def hidden_now(self, g: GameState, owner: str, z: HiddenZone) -> None:
        """Raise when the zone's cards are face up just now (kaiun's battle area after the open phase)."""

    def open_clause(self, g: GameState, owner: str, z: HiddenZone, value: int | None, cards: list | None) -> str | None:
        """The clause that makes the cards a look takes in open to every player (opcg's face-up life, 3-10-2-1), so
        anyone sees them without an effect; None where they are hidden."""
        return None

    def hidden_set(self, g: GameState, owner: str, z: HiddenZone, top_first: list[dict]) -> None:
        g.set(f"players.{owner}.{z.name}", top_first[::-1] if z.top_last else top_first)

    def acting_player(self, g: GameState) -> str | None:
        """The effect's player while an effect resolves (its opening entry's player), else the turn player."""
        if getattr(g, "acting", None):
            return g.acting
        if g.group and 0 < g.group <= len(g.trace):
            return g.trace[g.group - 1].player
        return g.data.get("turn_player")

    def check_in_game(self, g: GameState, p: str | None, field: str) -> str:
        players = list(g.data["players"])
        if p not in players:
            raise AdjustmentError(f"{field}: プレイヤー「{p}」はいません（{', '.join(players)}）", field)
        return p

    # ---- the acts ----------------------------------------------------------------------------------------
    def gate(self, g: GameState, z: HiddenZone, owner: str, who: str | None, by_card: bool, act: str) -> list[str]:
        """Nobody sees a hidden zone's cards except by a card's effect (or the owner, where the book lets them);
        returns the clauses the act rests on."""
        r = self.hidden_rules
        if z.owner_sees and who == owner:
            return [z.owner_sees]
        if g.resolving is None and not by_card:
            raise Refused(f"op: {owner} の{z.label}は非公開領域です。カードの効果が指示しない限り、いずれのプレイヤーも"
                          f"その内容を{act}ことはできません（効果の一部として入力してください）", z.rule, "op")
        return [z.rule, *([z.look_rule] if z.look_rule else []), *([r.card_text] if z.strict or by_card else [])]

    def top_cards(self, g: GameState, owner: str, z: HiddenZone, value: int | None, named: list | None, by_card: bool,
                  what: str) -> list[dict]:
        """`value` cards from the top (None: all), or the cards `named` by id: named cards must be the top ones
        unless the card's text names them (the zone's cards are taken from the top, unseen)."""
        cards = self.hidden_cards_of(g, owner, z)
        if named is not None and value is not None:
            raise AdjustmentError("cards: value（枚数）と cards（カードID）はどちらか一方を指定してください", "cards")
        if named is None and value is None:
            return cards
        if named is None:
            n = self.as_far_as_possible(g, value, len(cards), f"{owner} の{z.label}のカード", "value")
            return cards[:n]
        by_id = {c["id"]: c for c in cards}
        missing = [i for i in named if i not in by_id]
        if missing:
            raise AdjustmentError(f"cards: {owner} の{z.label}にカード「{missing[0]}」はありません", "cards")
        if len(set(named)) != len(named):
            raise AdjustmentError("cards: 同じカードIDが2回指定されています", "cards")
        on_top = {c["id"] for c in cards[:len(named)]}
        if set(named) != on_top and not by_card and not z.unordered and not (z.owner_sees and what == "owner"):
            raise Refused(f"cards: {z.label}のカードは上から見る・公開されます。カードの文言がそのカードを指定する場合は"
                          "by_card を指定してください", z.order_rule or z.rule, "cards")
        return [by_id[i] for i in named]

    def adjust_look(self, g: GameState, spec: Adjustment, target: str, zone: str, value: int | None = None,
                    cards: list | None = None, player: str | None = None, by_card: bool = False) -> TraceEntry:
        r = self.hidden_rules
        z = r.zone(zone)
        owner = self.hidden_owner(g, target)
        self.hidden_now(g, owner, z)
        effect_player = self.acting_player(g)
        opened = self.open_clause(g, owner, z, value, cards)
        cites = [opened] if opened else self.gate(g, z, owner, player or effect_player, by_card, "見る")
        if not (player or effect_player):
            raise AdjustmentError("player: 見るプレイヤーを指定してください（効果のプレイヤーが分かりません）", "player")
        looker = self.check_in_game(g, player or effect_player, "player")
        if g.resolving is not None and effect_player and looker != effect_player and not by_card and not opened:
            raise Refused(f"player: 見るのは効果を使用したプレイヤー（{effect_player}）だけです。{looker} は見ることが"
                          "できません", r.look, "player")
        # open cards are seen where they lie: naming one below the top is no look at a hidden card
        ids = [c["id"] for c in self.top_cards(g, owner, z, value, cards, by_card or bool(opened), "look")]
        whole = value is None and cards is None
        mark_seen(g, ids, list(g.data["players"]) if opened else [looker])
        g.set(LOOKING, {"player": looker, "owner": owner, "zone": z.name, "cards": ids, "whole": whole,
                        "effect": g.group})
        where = f"{z.label}のすべて" if whole else f"{z.label}の{'' if z.unordered else '上から'}{len(ids)}枚"
        if opened:
            return g.log(opened, "look", f"{looker} が {owner} の{where}（{'、'.join(ids) or 'なし'}）を見ます。表向きの"
                         f"カードで、すべてのプレイヤーが見ることができます。カードは{z.label}から移動していません", looker,
                         cites=[z.rule, *([z.look_rule] if z.look_rule else [])])
        return g.log(r.look, "look", f"{looker} が {owner} の{where}（{'、'.join(ids) or 'なし'}）を見ます。"
                     f"見たのは {looker} だけで、カードは{z.label}から移動していません", looker,
                     cites=[*cites, r.after_look])

    def adjust_reveal(self, g: GameState, spec: Adjustment, target: str, zone: str, value: int | None = None,
                      cards: list | None = None, by_card: bool = False) -> TraceEntry:
        r = self.hidden_rules
        z = r.zone(zone)
        owner = self.hidden_owner(g, target)
        self.hidden_now(g, owner, z)
        ids = [c["id"] for c in self.top_cards(g, owner, z, value if cards else value or 1, cards, by_card, "owner")]
        mark_seen(g, ids, list(g.data["players"]))
        if g.resolving is not None and r.reveal_end:   # open only while the effect (or its cost) resolves
            g.set(REVEALED, [*(g.data.get(REVEALED) or ()),
                             *({"id": i, "owner": owner, "zone": z.name, "during": g.resolving} for i in ids)])
        return g.log(r.reveal, "reveal", f"{owner} の{z.label}のカード（{'、'.join(ids) or 'なし'}）をすべてのプレイヤーに"
                     "公開します。効果の解決が終わると再び非公開になります", owner,
                     cites=[z.rule, *([r.reveal_end] if r.reveal_end else []),
                            *([r.card_text] if by_card else [])])

    def adjust_show(self, g: GameState, spec: Adjustment, target: str, zone: str, to: str, value: int | None = None,
                    cards: list | None = None, by_card: bool = False) -> TraceEntry:
        r = self.hidden_rules
        z = r.zone(zone)
        owner = self.hidden_owner(g, target)
        viewer = self.check_in_game(g, to, "to")
        self.hidden_now(g, owner, z)
        ids = [c["id"] for c in self.top_cards(g, owner, z, value if cards else value or 1, cards, by_card, "owner")]
        mark_seen(g, ids, [owner, viewer])
        return g.log(r.show or r.reveal, "show", f"{owner} が{z.label}のカード（{'、'.join(ids) or 'なし'}）を {viewer} に"
                     f"見せます。ほかのプレイヤーは見ていません", owner, cites=[z.rule])

    def adjust_put_back(self, g: GameState, spec: Adjustment, target: str, zone: str, order: list | None = None,
                        position: str = "top", shuffle: bool = False, by_card: bool = False) -> TraceEntry:
        r = self.hidden_rules
        z = r.zone(zone)
        owner = self.hidden_owner(g, target)
        if z.unordered:
            raise AdjustmentError(f"zone: {z.label}には順番がありません（戻す必要はありません）", "zone")
        looked = g.data.get(LOOKING) or {}
        cards = self.hidden_cards_of(g, owner, z)
        ids = list(looked.get("cards") or ())
        if looked.get("owner") != owner or looked.get("zone") != z.name or [c["id"] for c in cards[:len(ids)]] != ids \
                or looked.get("effect") != g.group:   # what happens after a look is the same effect's (11-2-3 …)
            raise AdjustmentError(f"op: この効果で {owner} の{z.label}のカードを見ていません（同じ効果の中で、先に look で"
                                  "見てください）", "op")
        looker = looked["player"]
        order = list(order or ids)
        if sorted(order) != sorted(ids):
            raise AdjustmentError(f"order: 見たカード（{'、'.join(ids)}）をすべて1回ずつ並べてください", "order")
        if z.owner_sees:   # a hand has no order but its owner's (kaiun 3-3-2, opcg 3-4-2, thv 3.6.2.a): nothing moves
            g.set(LOOKING, None)
            return g.log(r.after_look, "put_back", f"{owner} の{z.label}: 見たカード{len(ids)}枚は{z.label}にあるままです",
                         looker, cites=[r.look, z.owner_sees])
        changed = order != ids or position == "bottom"
        if changed and not by_card:
            number = (z.order_rule or z.rule).partition(":")[2]
            raise Refused(f"order: 見たカードは元の状態で元の領域に戻します。{z.label}のカードの順番は変更できません（{number}）。"
                          "カードの文言が並べ替えや置き場所を指示する場合は by_card を指定してください", r.after_look, "order")
        by_id = {c["id"]: c for c in cards}
        rest = cards[len(ids):]
        moved = [by_id[i] for i in order]
        self.hidden_set(g, owner, z, moved + rest if position == "top" else rest + moved)
        cites = [r.look, *([r.card_text] if changed or shuffle else [])]
        n = len(ids)
        rule, note = r.after_look, f"見たカード{n}枚を元の順番のまま元の位置に戻します"
        if changed:
            note = (f"見たカード{n}枚を {looker} が選んだ順番で{'下' if position == 'bottom' else '上'}に置きます"
                    f"（{'、'.join(order)}、上から）")
        auto = bool(looked.get("whole")) and r.whole_deck_shuffle and z.name == "deck"
        if shuffle or auto:
            g.shuffle(f"players.{owner}.{z.name}")
            forget(g, [c["id"] for c in g.data["players"][owner][z.name]])
            if auto and not shuffle:
                rule, note = r.whole_deck_shuffle, "デッキのすべてを見たため、シャッフルします"
            else:
                rule, note = r.shuffle, note + "。その後シャッフルします"
                cites.append(r.after_look)
        elif r.part_no_shuffle and z.name == "deck":
            cites.append(r.part_no_shuffle)
        g.set(LOOKING, None)
        return g.log(rule, "put_back", f"{owner} の{z.label}: {note}", looker, cites=cites)

    # ---- the end of an effect ------------------------------------------------------------------------------
    def end_of_effect(self, g: GameState, stage: str) -> None:
        """A card an effect (or its cost) revealed is hidden again once that has resolved, where it still lies in
        its hidden zone (kaiun 11-1-2, opcg 11-2-2, thv 11.6.3); a card put elsewhere meanwhile is as its new zone
        has it. A whole deck looked at and not put back by the effect is shuffled as it ends (thv 3.2.5)."""
        r = self.hidden_rules
        revealed = g.data.get(REVEALED) or []
        ending = [x for x in revealed if stage == "effect" or x["during"] == stage]
        if ending:
            rest = [x for x in revealed if x not in ending]
            g.set(REVEALED, rest or None)
            back, moved = [], []
            for x in ending:
                z = r.zone(x["zone"])
                there = any(c["id"] == x["id"] for c in self.hidden_cards_of(g, x["owner"], z))
                (back if there else moved).append(x["id"])
            when = "コストの支払い" if stage == "cost" else "効果の解決"
            said = f"{when}が終わったため、公開していたカード（{'、'.join(back) or 'なし'}）を再び非公開にします"
            if moved:
                said += f"。ほかの領域に移ったカード（{'、'.join(moved)}）は移った先の領域のとおりです"
            g.log(r.reveal_end, "reveal", said, None, cites=[r.reveal])
        looked = g.data.get(LOOKING) or {}
        if stage == "effect" and looked.get("whole") and r.whole_deck_shuffle and looked.get("zone") == "deck" \
                and looked.get("effect") == g.group:
            owner = looked["owner"]
            g.shuffle(f"players.{owner}.deck")
            forget(g, [c["id"] for c in g.data["players"][owner]["deck"]])
            g.set(LOOKING, None)
            g.log(r.whole_deck_shuffle, "put_back", f"{owner} のデッキのすべてを見たため、効果の解決の終わりにシャッフルします",
                  looked["player"], cites=[r.shuffle])
