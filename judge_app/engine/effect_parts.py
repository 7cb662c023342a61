"""Optional, up-to and conditional parts of a card effect (issue 37), shared by every ruleset.

- An effect with `optional: true` (「〜してもよい」「できる」「たなら、」) is a decision of the effect's player: using it,
  or declining, which skips the whole effect. Using it is withheld, with the cost clause, when the cost cannot be paid.
- `up_to {max, choose, part}` (「〜まで」): zero to `max` of the part; the effect's player chooses how many when the
  judge has not said.
- `condition {check: {player, zone, at_least|at_most}, parts}` (「〜なら」「〜場合」): the parts are done only when
  the count holds; otherwise one entry says they are not, citing the clause.

A choice the judge has not given is asked as a decision of the right player: `choose` raises `Ask`, Game puts the
state back, asks, and does the adjustment again from its start with the answers given so far (`GameState.choices`),
so a replay of `{adjust}` then `{decision, value}` gives the same trace.
"""
from __future__ import annotations

from typing import Any, Iterable

from judge_app.engine.trace import AdjustmentError, Option, Refused, TraceEntry, Withheld

PART = {"type": "object", "required": ["op"], "properties": {"op": {"type": "string", "maxLength": 40}}}
CHECK = {"type": "object", "additionalProperties": False, "required": ["player", "zone"],
         "description": "確かめること（プレイヤーの領域の枚数）",
         "properties": {
             "player": {"type": "string", "maxLength": 40,
                        "description": "どのプレイヤーの（プレイヤーID。opponent=効果のプレイヤーの相手）"},
             "zone": {"type": "string", "maxLength": 40, "description": "領域（hand, deck, life, trash …）"},
             "at_least": {"type": "integer", "minimum": 0, "maximum": 999, "description": "N 枚以上なら"},
             "at_most": {"type": "integer", "minimum": 0, "maximum": 999, "description": "N 枚以下なら"}}}
CONDITION_PARAMS = {"check": CHECK,
                    "parts": {"type": "array", "minItems": 1, "maxItems": 20, "items": PART,
                              "description": "条件を満たすときに行う処理"}}
UP_TO_PARAMS = {"max": {"type": "integer", "minimum": 1, "maximum": 50, "description": "上限（〜まで）"},
                "choose": {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 50},
                                     {"type": "array", "maxItems": 50, "items": {"type": "string", "maxLength": 80}}],
                           "description": "選んだ数、または選んだカードID（空けておくと効果のプレイヤーが選ぶ）"},
                "part": dict(PART, description="選んだ数（value）や選んだカード（target）で行う処理")}
OPTIONAL_PARAM = {"type": "boolean", "description": "「〜してもよい」: 効果のプレイヤーが使うかどうか選ぶ"}
CORE_OPS = ("condition", "up_to")
USE, DECLINE = True, False


class Ask(Exception):
    """An effect needs a choice nobody has given yet: Game asks it as a decision (`GameState.ask`'s arguments)."""

    def __init__(self, player: str | None, prompt: str, options: list, rule: str, withheld: Iterable = ()):
        super().__init__(prompt)
        self.player, self.prompt, self.options, self.rule, self.withheld = player, prompt, options, rule, tuple(withheld)


def choose(g, player: str | None, prompt: str, options: list, rule: str, withheld: Iterable = ()) -> Any:
    """The next answer given for this effect, checked against what the rules allow; none left: ask it."""
    withheld = tuple(w if isinstance(w, Withheld) else Withheld(*w) for w in withheld)
    if g.chosen < len(g.choices):
        value = g.choices[g.chosen]
        g.chosen += 1
        held = next((w for w in withheld if w.value == value), None)
        if held is not None:
            raise Refused(f"value: 「{held.label}」はできません。{held.reason}（{held.rule}）", held.rule, "value")
        if not any((o.value if isinstance(o, Option) else o[0]) == value for o in options):
            raise AdjustmentError(f"value: {value!r} は選べません", "value")
        return value
    raise Ask(player, prompt, options, rule, withheld)


def opponent_of(ruleset, g, player: str | None, field: str) -> str:
    """`opponent` read as the effect player's opponent (two players); the player id as given otherwise."""
    players = ruleset.players(g)
    # a ruleset that says whom 「相手」 names (kaiun-multi 11-4-2: a 子's is the 親) is asked; else every other player
    others = ruleset.opponents(g, player) if hasattr(ruleset, "opponents") else [p for p in players if p != player]
    if len(others) != 1:
        raise AdjustmentError(f"{field}: 「opponent」は相手が1人のときだけ使えます（プレイヤーIDで指定してください）", field)
    return others[0]


def player_named(ruleset, g, who: str, field: str) -> str:
    if who == "opponent":
        return opponent_of(ruleset, g, g.acting or g.data.get("turn_player"), field)
    if who not in ruleset.players(g):
        raise AdjustmentError(f"{field}: プレイヤー「{who}」はいません（{', '.join(ruleset.players(g))}, opponent）", field)
    return who


# ---- optional ---------------------------------------------------------------------------------------------------
def cost_refusal(ruleset, g, cost: list) -> Refused | None:
    """Whether the cost could be paid now: tried on the state and put back (a choice it needs counts as payable)."""
    if not cost:
        return None
    point, chosen, resolving = g.checkpoint(), g.chosen, g.resolving
    try:
        g.resolving = "cost"
        for i, part in enumerate(cost):
            ruleset.apply_part(g, part, f"cost[{i}].")
    except Refused as e:
        return e
    except (Ask, AdjustmentError):
        return None
    finally:
        g.restore(point)
        g.chosen, g.resolving = chosen, resolving
    return None


def uses_optional(ruleset, g, player: str | None, what: str, cost: list) -> bool:
    """「〜してもよい」: the effect's player uses the effect or declines it. Using it is withheld when its cost cannot be
    paid (the cost clause: 8-3-1-3, 8-3-2-1, 1.8.9.e, 2.5.1)."""
    refusal = cost_refusal(ruleset, g, cost)
    withheld = [(USE, "使う", refusal.rule, "コストを支払えません")] if refusal else []
    options = [(USE, "使う"), (DECLINE, "使わない")] if not refusal else [(DECLINE, "使わない")]
    return choose(g, player, f"効果{what}を使いますか（〜してもよい）", options, ruleset.optional_rule, withheld)


# ---- condition --------------------------------------------------------------------------------------------------
def zone_count(ruleset, g, player: str, zone: str, field: str) -> int:
    value = g.get(f"players.{player}.{zone}")
    if isinstance(value, list):
        return len(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    side = g.get(f"players.{player}") or {}
    known = [k for k, v in side.items() if isinstance(v, list) or (isinstance(v, int) and not isinstance(v, bool))]
    raise AdjustmentError(f"{field}: 領域「{zone}」は数えられません（{', '.join(known)}）", field)


def do_condition(ruleset, g, spec, check: dict, parts: list, where: str = "") -> TraceEntry:
    least, most = check.get("at_least"), check.get("at_most")
    if least is None and most is None:
        raise AdjustmentError(f"{where}check: at_least か at_most のどちらかを指定してください", f"{where}check")
    player = player_named(ruleset, g, check["player"], f"{where}check.player")
    count = zone_count(ruleset, g, player, check["zone"], f"{where}check.zone")
    words = " かつ ".join([*([f"{least}以上"] if least is not None else []), *([f"{most}以下"] if most is not None else [])])
    held = (least is None or count >= least) and (most is None or count <= most)
    zone = ruleset.zone_words(check["zone"])
    if not held:
        return g.log(spec.rule, "effect", f"条件「{player}の{zone}が{words}」を満たしません（{count}）。"
                     f"「〜なら／〜場合」以降の処理（{len(parts)}つ）は行われません", g.acting,
                     cites=ruleset.condition_cites)
    entry = g.log(spec.rule, "effect", f"条件「{player}の{zone}が{words}」を満たします（{count}）。以降の処理を行います",
                  g.acting, cites=ruleset.condition_cites)
    for i, part in enumerate(parts):
        if i:
            ruleset.after_adjustment(g)
        if g.finished:
            break
        ruleset.apply_part(g, part, f"{where}parts[{i}].")
    return entry


# ---- up to ------------------------------------------------------------------------------------------------------
def do_up_to(ruleset, g, spec, max: int, part: dict, choose_: Any = None, where: str = "") -> TraceEntry:
    inner = ruleset.adjustment(part.get("op")) if isinstance(part, dict) else None
    by_count = inner is not None and "value" in inner.params
    if choose_ is None:
        if not by_count:
            raise AdjustmentError(f"{where}choose: 選ぶカードのIDを並べてください（0枚なら空の配列）", f"{where}choose")
        choose_ = choose(g, g.acting, f"いくつ選びますか（{max}まで）", [(n, str(n)) for n in range(max + 1)],
                         spec.rule, [(max + 1, f"{max + 1}以上", spec.rule, f"上限は{max}です")])
    picked = len(choose_) if isinstance(choose_, list) else choose_
    if picked > max:
        raise Refused(f"{where}choose: {picked} は選べません。「{max}まで」の効果です（{spec.rule}）", spec.rule,
                      f"{where}choose")
    if isinstance(choose_, int) and not by_count:
        raise AdjustmentError(f"{where}choose: この処理は対象を選ぶものです。カードのIDを並べてください", f"{where}choose")
    entry = g.log(spec.rule, "effect", f"「{max}まで」: {picked}を選びました" + ("（0を選ぶことができます）" if not picked else ""),
                  g.acting, cites=ruleset.up_to_cites)
    if isinstance(choose_, list):
        for i, card in enumerate(choose_):
            if i:
                ruleset.after_adjustment(g)
            ruleset.apply_part(g, {**part, "target": card}, f"{where}part.")
    elif picked:
        ruleset.apply_part(g, {**part, "value": picked}, f"{where}part.")
    return entry


# ---- cards chosen by a player -------------------------------------------------------------------------------------
def pick_cards(g, player: str, cards: list[tuple[str, str]], n: int, rule: str, what: str) -> list[str]:
    """`n` of `cards` ((id, words) each), chosen one at a time by `player` — each pick a decision of that player."""
    picked: list[str] = []
    for i in range(n):
        left = [(cid, words) for cid, words in cards if cid not in picked]
        picked.append(choose(g, player, f"{what}（{i + 1}/{n}枚目）を選んでください", left, rule))
    return picked
