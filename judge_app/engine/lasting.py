"""Lasting effects kept as state (issue 38): a prohibition (「〜できない」) and an invalidation (「無効にする」), each
with a duration in the game's words, in one list, `effects` (opcg's list of lasting power and keyword changes).

A record: {id, turn, kind: "prohibit" | "invalidate", target, duration, owner, source?, label?, action?, keyword?,
what?}. `target` is kept as the judge wrote it ("p1", "both", "相手:p2", a card id) and read when it matters, so a
relative target follows the game (kaiun-multi 11-4-2: a child's 「相手」 is whoever is 親 now). The ruleset applies
a record wherever it matters (`prohibition`, `invalidation`, a decision's withheld actions) and ends it where its
rulebook says (`expire`, `end_while_on_field`), citing the clause.
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from judge_app.engine.ruleset import Adjustment
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, Decision, Refused, TraceEntry, Withheld

DURATION_WORDS = {"turn": "このターン中", "battle": "このバトル中", "next_turn_end": "次の相手のターン終了時まで",
                  "turn_start": "次の自分のターン開始時まで", "while_on_field": "このカードが場にある間", "permanent": "永続"}
ACTION_WORDS = {"draw": "カードを引く", "attack": "アタックする", "block": "ブロック・防御する", "move": "移動する",
                "barrier_to_hand": "バリアを手札に加える", "keyword": "キーワード効果を発動する", "play": "カードをプレイする",
                "use": "起動効果を使用する", "display": "表示を変更する", "win_battle": "バトルに勝つ"}
WHAT_WORDS = {"effects": "効果", "text": "テキスト"}
# the action a decision's option stands for, by the word before its colon ("attack:c3")
OPTION_ACTIONS = {"attack": "attack", "defend": "block", "block": "block", "play": "play", "use": "use",
                  "move": "move"}


def records(g: GameState) -> list[dict]:
    return g.data.get("effects") or []


def add(g: GameState, **record: Any) -> dict:
    """A lasting effect joins `effects`, recorded as the one item added (GameState.append)."""
    if "effects" not in g.data:   # a game whose state had no list yet: the added item is the change recorded
        g.data["effects"] = []
    seq = g.data.get("effect_seq", 0) + 1
    g.set("effect_seq", seq)
    if record.get("duration") == "next_turn_end" and record.get("until_turn") is None:
        record["until_turn"] = opponents_turn_end(g, record.get("owner"))
    record = {"id": f"e{seq}", "turn": g.turn, **{k: v for k, v in record.items() if v is not None}}
    g.append("effects", record)
    return record


def opponents_turn_end(g: GameState, owner: str | None) -> int:
    """「次の相手のターン終了時まで」: the turn at whose end the effect ends — the next turn of its owner's opponent.
    Made on the owner's own turn, that is the next turn; made on the opponent's turn, the owner's next turn comes
    first and the effect lasts through the opponent's turn after it (two seats: turns alternate). An effect whose
    owner is not known counts as the turn player's."""
    tp = g.data.get("turn_player")
    return g.turn + (2 if owner and tp and owner != tp else 1)


def ends_now(item: dict, turn: int, key: str = "duration") -> bool:
    """Whether a 「次の相手のターン終了時まで」 item (a record, or a card's modification) ends at the end of `turn`."""
    return item[key] == "next_turn_end" and item.get("until_turn", turn) <= turn


def expire(g: GameState, durations: tuple[str, ...], owner: str | None = None,
           kinds: tuple[str, ...] | None = None) -> list[dict]:
    """End the effects (of `owner`, of `kinds`) lasting one of `durations`; 「次の相手のターン終了時まで」 only at
    the end of the turn `opponents_turn_end` named when it was made (a record from before that reckoning: from the
    turn after it was made, and a prohibition's or invalidation's only on a turn of its owner's opponent)."""
    gone, kept = [], []
    tp = g.data.get("turn_player")
    for e in records(g):
        due = e["duration"] in durations and (e["duration"] != "next_turn_end" or (
            ends_now(e, g.turn) if "until_turn" in e else e["turn"] < g.turn and not (
                e.get("kind") in ("prohibit", "invalidate") and tp and e.get("owner") == tp)))
        if due and (owner is None or e.get("owner") == owner) and (kinds is None or e.get("kind") in kinds):
            gone.append(e)
        else:
            kept.append(e)
    if gone:
        g.set("effects", kept)
    return gone


def end_while_on_field(g: GameState, card_id: str) -> list[dict]:
    """A card leaves the field: the effects it gives while there (「場にある間」) end, and so do those on it."""
    effects = records(g)
    kept = [e for e in effects if e.get("target") != card_id and not (
        e.get("source") == card_id and e["duration"] == "while_on_field")]
    if len(kept) != len(effects):
        g.set("effects", kept)
        return [e for e in effects if e not in kept]
    return []


def names(target: str, player: str) -> bool:
    """Whether a record's target names the player, two players seated: the player, both/all, or 「相手:」 the other."""
    return target in (player, "both", "all") or (target.startswith("相手:") and target[3:] != player)


def prohibition_of(g: GameState, action: str, player: str, keyword: str | None = None) -> dict | None:
    """A prohibition of `action` (a keyword's) in force on the player, two players seated (the procedures' check;
    a ruleset's own `prohibition` also reads relative targets and 「場にある間」)."""
    for e in records(g):
        if e.get("kind") == "prohibit" and e.get("action") == action and names(e["target"], player) and (
                not keyword or not e.get("keyword") or e["keyword"] == keyword):
            return e
    return None


def keyword_invalidation(g: GameState, card_id: str, word: str, owner: str | None = None, on_field=None,
                         whats: tuple[str, ...] = ("effects", "text")) -> dict | None:
    """The invalidation in force that stops the card's keyword `word` in the flow: of that keyword, or of the card's
    `whats` (its effects or text, where the rulebook lets that take the keyword too), on the card or on its owner
    (`on_field(source)` tells whether a 「場にある間」 effect holds). Nothing to read while `effects` is empty."""
    effects = g.data.get("effects")
    if not effects:
        return None
    for e in effects:
        if e.get("kind") != "invalidate" or (e["keyword"] != word if e.get("keyword") else e.get("what") not in whats):
            continue
        if e["target"] != card_id and not (owner and names(e["target"], owner)):
            continue
        if e["duration"] == "while_on_field" and e.get("source") and on_field and not on_field(e["source"]):
            continue
        return e
    return None


def describe(e: dict) -> str:
    """A record in the game's words: 「p2 は カードを引く ことができない（このターン中）」."""
    when = DURATION_WORDS.get(e["duration"], e["duration"])
    by = f"「{e['label']}」" if e.get("label") else (f"{e['source']}の効果" if e.get("source") else "効果")
    if e["kind"] == "prohibit":
        what = f"【{e['keyword']}】を発動する" if e.get("keyword") else ACTION_WORDS.get(e["action"], e["action"])
        return f"{e['target']} は{what}ことができない（{when}、{by}）"
    if e["kind"] == "invalidate":
        what = f"【{e['keyword']}】" if e.get("keyword") else WHAT_WORDS.get(e.get("what"), "効果")
        return f"{e['target']} の{what}を無効にする（{when}、{by}）"
    return f"{e['target']} の効果（{when}）"


def adjustments(prohibition_rule: str, invalidation_rule: str, durations: tuple[str, ...],
                actions: tuple[str, ...]) -> tuple[Adjustment, ...]:
    """The two ops, `prohibit` and `invalidate`, in a ruleset's words (its clauses, durations and actions)."""
    target = {"type": "string", "minLength": 1, "maxLength": 40,
              "description": "プレイヤー（p1 …、both、相手:p1、opponent＝効果の持ち主の相手）またはカードID"}
    duration = {"enum": list(durations), "description": "、".join(f"{d}={DURATION_WORDS[d]}" for d in durations)}
    common = {"target": target, "duration": duration,
              "source": {"type": "string", "maxLength": 80, "description": "効果を持つカード（ID）"},
              "label": {"type": "string", "maxLength": 200, "description": "カードの文言"},
              "owner": {"type": "string", "maxLength": 40, "description": "効果の持ち主（既定: source の持ち主）"}}
    keyword = {"type": "string", "minLength": 1, "maxLength": 40, "description": "キーワード（【】なし）"}
    return (
        Adjustment("prohibit", "「〜できない」（禁止、期限つき）", prohibition_rule,
                   {**common, "action": {"enum": list(actions)}, "keyword": keyword},
                   ("target", "action", "duration"), handles_both=True),
        Adjustment("invalidate", "「無効にする」（キーワード・効果・テキスト、期限つき）", invalidation_rule,
                   {**common, "keyword": keyword, "what": {"enum": list(WHAT_WORDS)}},
                   ("target", "duration"), handles_both=True),
    )


class LastingEffects:
    """Prohibitions and invalidations for a ruleset; mixed in before Ruleset. Each ruleset names its clauses:"""

    prohibition_rule: ClassVar[str]        # a prohibition wins over an instruction (opcg/kaiun 1-3-3, los 9.2, thv 1.3.2)
    invalidation_rule: ClassVar[str]       # what an invalidated effect does (kaiun/opcg 8-2-1-1, thv 2.1.1.a, los 9.1)
    lasting_durations: ClassVar[tuple[str, ...]] = ("turn", "battle", "permanent")
    # the clauses that end each duration (cited when the effect is made and where it ends)
    duration_rules: ClassVar[dict[str, tuple[str, ...]]] = {}
    prohibit_actions: ClassVar[tuple[str, ...]] = ("draw",)
    # an adjustment op → the action a prohibition of it names (the draw op is 「カードを引く」)
    prohibited_ops: ClassVar[dict[str, str]] = {"draw": "draw"}
    relative_target_rule: ClassVar[str | None] = None   # whom 「相手:pX」 names

    # ---- whom a record names --------------------------------------------------------------------------
    def lasting_card_owner(self, g: GameState, card_id: str) -> str | None:
        """The player whose zone holds the card, or None (rulesets override where cards live elsewhere)."""
        return self.effect_player(g, card_id)

    def lasting_on_field(self, g: GameState, card_id: str) -> bool:
        """Whether the card is on the field (a 「場にある間」 effect holds only then)."""
        return True

    def relative_players(self, g: GameState, who: str) -> list[str]:
        """「相手:pX」: pX's opponents (kaiun-multi overrides: 11-4-2)."""
        return [p for p in self.players(g) if p != who]

    def named_players(self, g: GameState, target: str) -> list[str]:
        """The players a record's target names now (none for a card)."""
        players = self.players(g)
        if target in ("both", "all"):
            return players
        if target.startswith("相手:"):
            return self.relative_players(g, target[3:]) if target[3:] in players else []
        return [target] if target in players else []

    def _in_force(self, g: GameState, e: dict) -> bool:
        return e["duration"] != "while_on_field" or not e.get("source") or self.lasting_on_field(g, e["source"])

    def prohibition(self, g: GameState, action: str, player: str | None = None, card: str | None = None,
                    keyword: str | None = None) -> dict | None:
        """The prohibition in force that forbids `action` to the player (or the card, or its owner), or None."""
        for e in records(g):
            if e.get("kind") != "prohibit" or e.get("action") != action or not self._in_force(g, e):
                continue
            if keyword and e.get("keyword") and e["keyword"] != keyword:
                continue
            if card and e["target"] == card:
                return e
            holder = player or (self.lasting_card_owner(g, card) if card else None)
            if holder and holder in self.named_players(g, e["target"]):
                return e
        return None

    def invalidation(self, g: GameState, card: str | None, keyword: str | None = None,
                     player: str | None = None) -> dict | None:
        """The invalidation in force of the card's keyword (or of its effects or text; or of a player's keyword,
        when the record names a player), or None."""
        for e in records(g):
            if e.get("kind") != "invalidate" or not self._in_force(g, e):
                continue
            if e.get("keyword") and e["keyword"] != keyword:
                continue
            if (card and e["target"] == card) or (player and player in self.named_players(g, e["target"])):
                return e
        return None

    keyword_lost_with: ClassVar[tuple[str, ...]] = ("effects", "text")   # what else, invalidated, takes a keyword

    def invalidated_keyword(self, g: GameState, card: dict | None, word: str) -> dict | None:
        """The invalidation that stops the card's keyword `word` where the flow reads it, or None (cheap: nothing to
        read while `effects` is empty)."""
        if not g.data.get("effects") or not card:
            return None
        return keyword_invalidation(g, card["id"], word, self.lasting_card_owner(g, card["id"]),
                                    lambda source: self.lasting_on_field(g, source), self.keyword_lost_with)

    def left_field(self, g: GameState) -> list[dict]:
        """End the 「場にある間」 effects whose source card is no longer on the field (3-1-6 and the like)."""
        effects = records(g)
        kept = [e for e in effects if self._in_force(g, e)]
        if len(kept) == len(effects):
            return []
        g.set("effects", kept)
        return [e for e in effects if e not in kept]

    def lasting_reason(self, e: dict) -> str:
        return f"{describe(e)}。禁止する効果が優先されます" if e["kind"] == "prohibit" else f"{describe(e)}"

    # ---- the ops ----------------------------------------------------------------------------------------
    def _lasting_record(self, g: GameState, kind: str, target: str, duration: str, source, label, owner,
                        **more) -> dict:
        if duration == "battle" and not self.in_battle(g):
            raise AdjustmentError("duration: 「このバトル中」はバトル中にのみ指定できます", "duration")
        if duration == "while_on_field" and not source:
            raise AdjustmentError("source: 「場にある間」の効果には、効果を持つカード(source)が必要です", "source")
        players = self.players(g)
        owner = owner or (self.effect_player(g, source) if source else None) or g.data.get("turn_player")
        if owner is not None and owner not in players:
            raise AdjustmentError(f"owner: プレイヤー「{owner}」はいません（{', '.join(players)}）", "owner")
        if target in ("opponent", "相手"):   # the effect's player's 「相手」, kept relative
            if owner is None:
                raise AdjustmentError("owner: 「相手」が誰の相手かを owner（または source）で指定してください", "owner")
            target = f"相手:{owner}"
        names_player = target in ("both", "all") or target in players or target.startswith("相手:")
        if target.startswith("相手:") and target[3:] not in players:
            raise AdjustmentError(f"target: プレイヤー「{target[3:]}」はいません（{', '.join(players)}）", "target")
        if not names_player and self.lasting_card_owner(g, target) is None:
            raise AdjustmentError(f"target: 「{target}」というプレイヤーもカードも見つかりません", "target")
        return add(g, kind=kind, target=target, duration=duration, owner=owner, source=source, label=label, **more)

    def _lasting_cites(self, target: str, duration: str) -> list[str]:
        relative = [self.relative_target_rule] if target.startswith("相手:") and self.relative_target_rule else []
        return [*relative, *self.duration_rules.get(duration, ())]

    def adjust_prohibit(self, g: GameState, spec, target: str, action: str, duration: str, keyword: str | None = None,
                        source: str | None = None, label: str | None = None, owner: str | None = None) -> TraceEntry:
        if action == "keyword" and not keyword:
            raise AdjustmentError("keyword: 「キーワード効果を発動できない」にはキーワード(keyword)が必要です", "keyword")
        e = self._lasting_record(g, "prohibit", target, duration, source, label, owner, action=action, keyword=keyword)
        return g.log(spec.rule, "adjust", f"判定員の調整: {describe(e)}", e.get("owner"),
                     cites=self._lasting_cites(e["target"], duration))

    def adjust_invalidate(self, g: GameState, spec, target: str, duration: str, keyword: str | None = None,
                          what: str | None = None, source: str | None = None, label: str | None = None,
                          owner: str | None = None) -> TraceEntry:
        if bool(keyword) == bool(what):
            raise AdjustmentError("keyword: 無効にするもの（keyword か what: effects/text）をどちらか1つ指定してください",
                                  "keyword")
        e = self._lasting_record(g, "invalidate", target, duration, source, label, owner, keyword=keyword, what=what)
        return g.log(spec.rule, "adjust", f"判定員の調整: {describe(e)}", e.get("owner"),
                     cites=self._lasting_cites(e["target"], duration))

    def in_battle(self, g: GameState) -> bool:
        return bool(g.data.get("battle"))

    # ---- applied where it matters (the core's hooks) --------------------------------------------------
    def screen_part(self, g: GameState, spec, params: dict) -> dict | TraceEntry:
        """A prohibited op: one player named → Refused with the clause that lets the prohibition win; every player
        named → the prohibited ones do not do it (an entry each) and the others do (params for them), 1-3-3."""
        action = self.prohibited_ops.get(spec.op)
        target = params.get("target")
        if not action or not isinstance(target, str):
            return params
        players = self.named_players(g, target)
        barred = {p: e for p in players if (e := self.prohibition(g, action, player=p))}
        if not barred:
            return params
        if target not in ("both", "all") and len(barred) == len(players):
            e = next(iter(barred.values()))
            raise Refused(f"target: {'、'.join(barred)} は{ACTION_WORDS.get(action, action)}ことができません。"
                          f"{self.lasting_reason(e)}", self.prohibition_rule, "target")
        first = None
        for p, e in barred.items():
            entry = g.log(self.prohibition_rule, "prohibited", f"{p} は{ACTION_WORDS.get(action, action)}ことができないため、"
                          f"行いません（{describe(e)}）", p, cites=self._lasting_cites(e["target"], e["duration"]))
            first = first or entry
        rest = [p for p in players if p not in barred]
        if not rest:
            return first
        return {**params, "target": rest[0] if len(rest) == 1 else target, "_except": tuple(barred)}

    # the clause that refuses an effect of a card whose text or effects are invalidated, per kind of effect where the
    # rulebook names one (thv 7.3.3.b: a 起動効果 is used only while its card's text is 有効); else invalidation_rule
    source_invalidated_rules: ClassVar[dict[str, str]] = {}

    def screen_source(self, g: GameState, source: str, kind: str | None) -> None:
        """An effect from a card whose text (or effects) an effect in force invalidates does not happen: refused."""
        for e in records(g):
            if e.get("kind") == "invalidate" and e.get("what") and e["target"] == source and self._in_force(g, e):
                rule = self.source_invalidated_rules.get(kind or "", self.invalidation_rule)
                raise Refused(f"source: {self.card_label(g, source)}の{'テキスト' if e['what'] == 'text' else '効果'}は"
                              f"無効です。その効果は発生しません（{describe(e)}）", rule, "source")

    # (action, "card" | "player") -> the clause of that action's own conditions that a prohibition fails, where the
    # rulebook has one (thv 6.3.3.c 「攻撃を行えない、という効果が適用されていない」); else prohibition_rule
    prohibition_rules: ClassVar[dict[tuple[str, str], str]] = {}

    def prohibition_clause(self, g: GameState, e: dict) -> str:
        whom = "player" if self.named_players(g, e["target"]) else "card"
        return self.prohibition_rules.get((e.get("action"), whom), self.prohibition_rule)

    def screen_keyword(self, g: GameState, keyword: str, source: str | None, player: str | None) -> list[str]:
        """An effect entered as a keyword that is invalidated (on its card) or prohibited (to its player) is refused."""
        e = self.invalidation(g, source, keyword) if source else None
        if e is None and player:
            e = self.prohibition(g, "keyword", player=player, keyword=keyword) or \
                self.invalidation(g, None, keyword, player=player)
        if e is None:
            return []
        rule = self.prohibition_rule if e["kind"] == "prohibit" else self.invalidation_rule
        raise Refused(f"keyword: 【{keyword}】は発動しません。{self.lasting_reason(e)}", rule, "keyword")

    def keyword_stopped(self, g: GameState, keyword: str, player: str | None, card: str | None = None) -> dict | None:
        """The record that stops a keyword from activating for the player (or the card) now, or None."""
        return (self.invalidation(g, card, keyword, player=player)
                or (self.prohibition(g, "keyword", player=player, card=card, keyword=keyword) if player or card else None))

    def screen_decision(self, g: GameState, decision: Decision) -> Decision:
        """Options a prohibition forbids (「アタックできない」…) become withheld actions naming the effect and the
        clause that lets it win; at least one option stays (a decision always has one)."""
        if not any(e.get("kind") == "prohibit" for e in records(g)):
            return decision
        kept, moved = [], []  # (a card-id option is screened by the ruleset: screen_cards)
        for o in decision.options:
            verb, _, card = str(o.value).partition(":")
            card = card.partition(":")[0]   # "move:c3:up": the card, not its direction
            action = OPTION_ACTIONS.get(verb)
            e = self.prohibition(g, action, player=decision.player, card=card) if action and card else None
            if e:
                moved.append(Withheld(o.value, o.label, self.prohibition_clause(g, e), self.lasting_reason(e)))
            else:
                kept.append(o)
        if not moved or not kept:
            return decision
        return dataclasses.replace(decision, options=tuple(kept), withheld=(*decision.withheld, *moved))

    def screen_cards(self, g: GameState, decision: Decision, action: str, keyword: str | None = None) -> Decision:
        """A decision whose options are card ids (a blocker, a defender): those a prohibition of `action` or an
        invalidation of `keyword` stops become withheld actions, citing the clause."""
        if not any(e.get("kind") in ("prohibit", "invalidate") for e in records(g)):
            return decision
        kept, moved = [], []
        for o in decision.options:
            e = self.prohibition(g, action, player=decision.player, card=o.value) if isinstance(o.value, str) else None
            if e is None and keyword and isinstance(o.value, str) and self.lasting_card_owner(g, o.value):
                e = self.keyword_stopped(g, keyword, decision.player, o.value)
            if e:
                rule = self.prohibition_clause(g, e) if e["kind"] == "prohibit" else self.invalidation_rule
                moved.append(Withheld(o.value, o.label, rule, self.lasting_reason(e)))
            else:
                kept.append(o)
        if not moved or not kept:
            return decision
        return dataclasses.replace(decision, options=tuple(kept), withheld=(*decision.withheld, *moved))
