"""Optional, up-to and conditional parts of a card effect (issue 37), shared by every ruleset.

- An effect with `optional: true` (「〜してもよい」「できる」「たなら、」) is a decision of the effect's player: using it,
  or declining, which skips the whole effect. Using it is withheld, with the cost clause, when the cost cannot be paid.
- `up_to {max, choose, part}` (「〜まで」): zero to `max` of the part; the effect's player chooses how many when the
  judge has not said.
- `condition {check: {player, zone, at_least|at_most, where, has, than}, parts}` (「〜なら」「〜場合」): the parts
  are done only when the count holds; otherwise one entry says they are not, citing the clause. `where` / `has` count
  only the zone's cards whose field (the game's card schema) holds (「コスト5以上の」「レスト状態の」「〈種族〉の」);
  `than` compares the count with another player's (「相手より少ない場合」).

A choice the judge has not given is asked as a decision of the right player: `choose` raises `Ask`, Game puts the
state back, asks, and does the adjustment again from its start with the answers given so far (`GameState.choices`),
so a replay of `{adjust}` then `{decision, value}` gives the same trace.
"""
from __future__ import annotations

from typing import Any, Iterable

from judge_app.engine.trace import AdjustmentError, Option, Refused, TraceEntry, Withheld

PART = {"type": "object", "required": ["op"], "properties": {"op": {"type": "string", "maxLength": 40}}}
WHERE = {"type": "object", "additionalProperties": False, "required": ["field"],
         "description": "数えるカードの数値（「コスト5以上の」）",
         "properties": {"field": {"type": "string", "maxLength": 40, "description": "カードの項目（cost, power …）"},
                        "at_least": {"type": "integer", "minimum": -999, "maximum": 99999, "description": "N以上"},
                        "at_most": {"type": "integer", "minimum": -999, "maximum": 99999, "description": "N以下"},
                        "equals": {"type": ["integer", "string", "boolean"], "maxLength": 80, "description": "Nと同じ"},
                        "printed": {"type": "boolean",
                                    "description": "「元々の」: 効果で変わる前の、カードに書かれた数値で比べる"}}}
HAS = {"type": "object", "additionalProperties": False, "required": ["field"],
       "description": "数えるカードが持つもの（「〈種族〉の」「【ブロッカー】を持つ」「レスト状態の」）",
       "properties": {"field": {"type": "string", "maxLength": 40, "description": "カードの項目（keywords, race, rested …）"},
                      "value": {"type": ["string", "boolean"], "maxLength": 80,
                                "description": "持つ値（一覧の項目なら必須。はい/いいえの項目は空ならはい）"}}}
COMPARE = {"fewer": "より少ない", "more": "より多い", "same": "と同じ"}
CHECK = {"type": "object", "additionalProperties": False, "required": ["player", "zone"],
         "description": "確かめること（プレイヤーの領域の枚数）",
         "properties": {
             "player": {"type": "string", "maxLength": 40,
                        "description": "どのプレイヤーの（プレイヤーID。opponent=効果のプレイヤーの相手）"},
             "zone": {"type": "string", "maxLength": 40, "description": "領域（hand, deck, life, trash …）"},
             "at_least": {"type": "integer", "minimum": 0, "maximum": 999, "description": "N 枚以上なら"},
             "at_most": {"type": "integer", "minimum": 0, "maximum": 999, "description": "N 枚以下なら"},
             "where": WHERE, "has": HAS,
             "than": {"type": "string", "maxLength": 40,
                      "description": "比べる相手（プレイヤーID か opponent）: 同じ領域・同じ条件の枚数と比べる"},
             "compare": {"enum": list(COMPARE), "description": "than と比べて: fewer=少ない, more=多い, same=同じ"}}}
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


def optional_part(ruleset, g, spec, body: dict, where: str):
    """One part of an effect 「〜してもよい」: the effect's player does it or not (declined: one entry, the part not
    done). A cost is not optional part by part (the whole effect is: `effect.optional`). Returns the entry when
    declined, else None."""
    if g.resolving == "cost":
        raise AdjustmentError(f"{where}optional: コストの一部だけを任意にはできません（効果全体の optional を使います）",
                              f"{where}optional")
    player = g.acting or g.data.get("turn_player")
    if choose(g, player, f"「{spec.label}」を行いますか（〜してもよい）", [(USE, "行う"), (DECLINE, "行わない")],
              ruleset.optional_rule):
        return None
    return g.log(ruleset.optional_rule, "effect", f"{player} は「{spec.label}」を行わないことを選びました", player)


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


def card_fields(ruleset) -> dict[str, dict]:
    """The fields a card has in this game (its board schema: every player zone's card), each with its schema."""
    players = ruleset.board_schema.get("properties", {}).get("players", {})
    sides = list((players.get("properties") or {}).values()) + [players.get("additionalProperties") or {}]
    out: dict[str, dict] = {}
    for side in sides:
        for zone in (side.get("properties") or {}).values() if isinstance(side, dict) else ():
            if not isinstance(zone, dict):
                continue
            # a zone of cards, or a zone of one card (opcg's leader)
            card = zone.get("items") if zone.get("type") == "array" else zone if "id" in zone.get("properties", {}) else None
            for name, schema in ((card or {}).get("properties") or {}).items():
                if name not in ("id", "mods", "sets", "effect", "activated", "cannot"):
                    out.setdefault(name, schema)
    return out


def _field(ruleset, name: str, where: str) -> dict:
    fields = card_fields(ruleset)
    if name not in fields:
        raise AdjustmentError(f"{where}: カードの項目「{name}」はこのゲームにありません（{', '.join(fields)}）", where)
    return fields[name]


def _types(schema: dict) -> list:
    t = schema.get("type", [])
    return t if isinstance(t, list) else [t]


def _known_value(schema: dict, value, title: str, where: str) -> None:
    """A value the field can hold: one of its choices where it has them (a typo would count no card)."""
    if "enum" in schema and value not in schema["enum"]:
        raise AdjustmentError(f"{where}: 「{title}」に「{value}」はありません（{', '.join(map(str, schema['enum']))}）", where)


def card_filter(ruleset, check: dict, where: str):
    """(test, words) for the cards `where` / `has` count; (None, "") without a filter. A bad field is refused here."""
    tests, words = [], []
    if "where" in check:
        w, at = check["where"], f"{where}check.where"
        schema = _field(ruleset, w["field"], f"{at}.field")
        title = schema.get("title", w["field"])
        if not any(k in w for k in ("at_least", "at_most", "equals")):
            raise AdjustmentError(f"{at}: at_least, at_most, equals のどれかを指定してください", at)
        if ("at_least" in w or "at_most" in w) and "integer" not in _types(schema):
            raise AdjustmentError(f"{at}.field: 「{title}」は数ではありません（以上・以下で比べられません）", f"{at}.field")
        if "equals" in w:
            _known_value(schema, w["equals"], title, f"{at}.equals")

        def number_holds(card, value_of, w=w):
            v = card.get(w["field"])
            if isinstance(v, int) and not isinstance(v, bool) and not w.get("printed"):
                v = value_of(card, w["field"])   # the value now, after lasting changes (each book's clause)
            if "equals" in w:
                return v == w["equals"]
            if not isinstance(v, int) or isinstance(v, bool):
                return False   # a card without the number (「-」, 不明) is not counted
            return ("at_least" not in w or v >= w["at_least"]) and ("at_most" not in w or v <= w["at_most"])
        tests.append(number_holds)
        title = f"元々の{title}" if w.get("printed") else title
        words.append(f"{title}{w['equals']}" if "equals" in w else title + "".join(
            [*([f"{w['at_least']}以上"] if "at_least" in w else []), *([f"{w['at_most']}以下"] if "at_most" in w else [])]))
    if "has" in check:
        h, at = check["has"], f"{where}check.has"
        schema = _field(ruleset, h["field"], f"{at}.field")
        title = schema.get("title", h["field"])
        if "value" not in h and "boolean" not in _types(schema):   # only a yes/no field means 「〜状態の」 alone
            raise AdjustmentError(f"{at}.value: 「{title}」のどれを持つかを指定してください", f"{at}.value")
        value = h.get("value", True)
        if value is not True:
            _known_value(schema.get("items", schema) if schema.get("type") == "array" else schema, value, title,
                         f"{at}.value")

        def has_holds(card, value_of, h=h, value=value):
            v = card.get(h["field"])
            return value in v if isinstance(v, list) else v == value
        tests.append(has_holds)
        words.append(title if value is True else f"{title}でない" if value is False
                     else f"{title}「{value}」を持つ" if schema.get("type") == "array" else f"{title}が{value}")
    if not tests:
        return None, ""
    return (lambda card, value_of: all(t(card, value_of) for t in tests)), "・".join(words)


def counted(ruleset, g, player: str, check: dict, test, where: str) -> int:
    if test is None:
        return zone_count(ruleset, g, player, check["zone"], f"{where}check.zone")
    cards = g.get(f"players.{player}.{check['zone']}")
    if isinstance(cards, dict) and "id" in cards:
        cards = [cards]   # a zone of one card (opcg's leader: 「パワー6000以上のリーダーなら」)
    if not isinstance(cards, list):
        zone_count(ruleset, g, player, check["zone"], f"{where}check.zone")   # names the zones it can count
        raise AdjustmentError(f"{where}check.zone: 「{check['zone']}」はカードの並ぶ領域ではありません", f"{where}check.zone")
    def value_of(card, field):
        return ruleset.current_number(g, player, card, field)
    return sum(1 for c in cards if isinstance(c, dict) and test(c, value_of))


def value_cites(ruleset, check: dict) -> list[str]:
    """The clause that decides which value a number filter reads: the value now (thv 6.1.10 「単に…という場合」, opcg
    2-6-3, los 8.7) or, with `printed`, the card's own number (opcg 4-9-2 「元々の」, kaiun 4-5-2, los 8.7)."""
    w = check.get("where")
    if not w:
        return []
    if w.get("printed"):
        return [r for r in (ruleset.printed_value_rule,) if r]
    return [r for r in (ruleset.current_value_rules.get(w["field"]),) if r]


def do_condition(ruleset, g, spec, check: dict, parts: list, where: str = "") -> TraceEntry:
    least, most, than = check.get("at_least"), check.get("at_most"), check.get("than")
    if than is not None and check.get("compare") not in COMPARE:
        raise AdjustmentError(f"{where}check.compare: than と比べるなら fewer, more, same のどれかを指定してください",
                              f"{where}check.compare")
    if least is None and most is None and than is None:
        least = 1 if ("where" in check or "has" in check) else None   # 「〜のキャラがいるなら」
    if least is None and most is None and than is None:
        raise AdjustmentError(f"{where}check: at_least か at_most のどちらかを指定してください", f"{where}check")
    test, kind = card_filter(ruleset, check, where)
    player = player_named(ruleset, g, check["player"], f"{where}check.player")
    count = counted(ruleset, g, player, check, test, where)
    zone = ruleset.zone_words(check["zone"]) + (f"のカード（{kind}）" if kind else "")
    wants = [*([f"{least}以上"] if least is not None else []), *([f"{most}以下"] if most is not None else [])]
    held = (least is None or count >= least) and (most is None or count <= most)
    found = f"{count}"
    if than is not None:
        other = player_named(ruleset, g, than, f"{where}check.than")
        theirs = counted(ruleset, g, other, check, test, where)
        wants.append(f"{other}{COMPARE[check['compare']]}")
        held = held and {"fewer": count < theirs, "more": count > theirs, "same": count == theirs}[check["compare"]]
        found = f"{player} {count}、{other} {theirs}"
    words = " かつ ".join(wants)
    cites = [*ruleset.condition_cites, *value_cites(ruleset, check)]
    if not held:
        return g.log(spec.rule, "effect", f"条件「{player}の{zone}が{words}」を満たしません（{found}）。"
                     f"「〜なら／〜場合」以降の処理（{len(parts)}つ）は行われません", g.acting, cites=cites)
    entry = g.log(spec.rule, "effect", f"条件「{player}の{zone}が{words}」を満たします（{found}）。以降の処理を行います",
                  g.acting, cites=cites)
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
    if choose_ is None and not by_count:
        choose_ = pick_targets(ruleset, g, spec, max, part)
    elif choose_ is None:
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


# ---- targets chosen by the effect's player ------------------------------------------------------------------------
HIDDEN_ZONES = ("deck", "life", "barrier", "don_deck")   # chosen from the top, unseen: never offered by id
STOP = ""


def pick_targets(ruleset, g, spec, most: int, part: dict) -> list[str]:
    """「N体まで」 left open: the effect's player picks targets one at a time, or stops (0 allowed). The cards
    offered are those the part can be done to now; one the rules refuse is withheld with the refusal's clause."""
    picked: list[str] = []
    for i in range(most):
        options, withheld = target_options(ruleset, g, part, picked)
        value = choose(g, g.acting, f"対象を選んでください（{i + 1}体目／{most}まで。選ばずに終えることもできます）",
                       [(STOP, "ここで終える"), *options], spec.rule, withheld)
        if value == STOP:
            break
        picked.append(value)
    return picked


def target_options(ruleset, g, part: dict, picked: list[str]) -> tuple[list, list]:
    """Every card in an open zone the part could take as its target, tried on the state and put back."""
    ids = [c["id"] for side in (g.data.get("players") or {}).values() if isinstance(side, dict)
           for zone, cards in side.items() if zone not in HIDDEN_ZONES and isinstance(cards, list)
           for c in cards if isinstance(c, dict) and isinstance(c.get("id"), str) and c["id"] not in picked]
    options, withheld = [], []
    saved = g.choices, g.chosen, g.resolving
    for cid in ids:
        point = g.checkpoint()
        g.choices, g.chosen = [], 0
        try:
            ruleset.apply_part(g, {**part, "target": cid}, "")
            options.append((cid, ruleset.card_label(g, cid)))
        except Ask:
            options.append((cid, ruleset.card_label(g, cid)))
        except Refused as e:
            withheld.append((cid, ruleset.card_label(g, cid), e.rule, e.message.partition(": ")[2] or e.message))
        except AdjustmentError:
            pass
        finally:
            g.restore(point)
            g.choices, g.chosen, g.resolving = saved
    return options, withheld
