"""The judge's adjustment forms on the session page: each op's parameters as pickers built from its params schema
(`Ruleset.offered_adjustments()`), and a posted form read back into the adjustment's JSON body.

A parameter becomes:
- an enum: a select of its values, in words (`battle` → このバトル中, from the schema's description where it gives
  them, else `VALUE_WORDS`); the option values travel JSON-encoded, so 1 and "1" stay apart;
- an integer or number: a number input with the schema's bounds; a boolean: a checkbox;
- a string that names a player or a card (its name or description says which): a select of the players (with
  お互い / 全員 / 相手:… where the description offers them) and of the cards on the board, grouped by player and
  zone; a string the schema cannot place gets both groups; the card's words (`label`) stay a text field;
- a list of card ids (or "an id or a list"): a multiple select of the cards;
- an object: its properties, one level down (`source.player`, `source.speed`).

Field names are the engine's own paths (`target`, `parts[1].value`, `cost[0].op`), so an error's `field` names
the control it concerns. An effect (`op: effect`) is built from rows: the card's words, source and keyword, then
`COST_ROWS` cost rows and `PART_ROWS` part rows, each an op picker and that op's fields; without JavaScript a row
shows the fields of the op chosen for it once the form is sent back with 「項目を表示」 (nothing is applied).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from judge_app.engine import effect_parts, simultaneous
from judge_app.web.shared.board_model import label_of
from judge_app.web.shared.board_layouts import layout_of
from judge_app.web.shared.failures import RequestError
from judge_app.web.shared.form_words import PARAM_LABELS, VALUE_WORDS

COST_ROWS, PART_ROWS = 2, 3
# effects that happen at the same time: the form starts with three blocks (the third to open), and 「効果を加える」
# draws one more, up to as many as the engine holds at once (simultaneous.MAX_EFFECTS)
AT_ONCE_BLOCKS, AT_ONCE_MAX = 3, simultaneous.MAX_EFFECTS

CARD_WORDS = re.compile(r"カード|ＩＤ|\bID\b|キャラ")
PLAYER_WORDS = re.compile(r"プレイヤー|\bp1\b")
TEXT_KEYS = ("label", "text", "message", "words", "name")


@dataclass
class Field:
    """One control: `name` is its form name (the engine's path), `kind` how it is drawn, `type` how it is read."""
    name: str
    key: str
    label: str
    kind: str                  # select | picker | multi | number | checkbox | text | group
    type: str = "string"       # json | string | integer | number | boolean | object
    required: bool = False
    options: list[tuple[str, str]] = field(default_factory=list)
    groups: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    minimum: Any = None
    maximum: Any = None
    description: str = ""
    children: list["Field"] = field(default_factory=list)


# ---- the cards and players on the board ---------------------------------------------------------------------------
def _cards_under(value: Any, out: list[tuple[str, str]]) -> None:
    if isinstance(value, dict):
        cid = value.get("id")
        if isinstance(cid, str) and cid:
            name = value.get("name")
            out.append((cid, f"{cid} {name}" if isinstance(name, str) and name and name != cid else cid))
        for v in value.values():
            if isinstance(v, (dict, list)):
                _cards_under(v, out)
    elif isinstance(value, list):
        for v in value:
            _cards_under(v, out)


def cards_on(game: str, data: Any) -> list[tuple[str, list[tuple[str, str]]]]:
    """Every card of the state with an id, grouped 「p1 手札」, 「p1 キャラクターエリア」…, in the state's order."""
    players = data.get("players") if isinstance(data, dict) else None
    if isinstance(players, list):
        players = {str(p.get("id", i)) if isinstance(p, dict) else str(i): p for i, p in enumerate(players)}
    if not isinstance(players, dict):
        return []
    layout, groups, seen = layout_of(game), [], set()
    for pid, side in players.items():
        if not isinstance(side, dict):
            continue
        for zone, value in side.items():
            found: list[tuple[str, str]] = []
            _cards_under(value, found)
            found = [(cid, text) for cid, text in found if cid not in seen and not seen.add(cid)]
            if found:
                groups.append((f"{pid} {label_of(zone, layout)}", found))
    return groups


# ---- fields from a params schema ------------------------------------------------------------------------------------
def _words_in(description: str) -> dict[str, str]:
    """`battle=このバトル中, turn=…` or `battle: このバトル中 (…) / turn: …` → {value: words}."""
    out = {}
    for part in re.split(r",\s*|、(?=\s*[A-Za-z0-9_]+\s*[=:])|\s+/\s+", description or ""):
        m = re.match(r"\s*([A-Za-z0-9_]+)\s*[=:]\s*(.+?)\s*$", part)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def _enum_options(schema: dict) -> list[tuple[str, str]]:
    given = _words_in(schema.get("description", ""))
    return [(json.dumps(v, ensure_ascii=False), str(given.get(str(v)) or VALUE_WORDS.get(str(v)) or v))
            for v in schema["enum"]]


def _player_options(players: list[str], description: str) -> list[tuple[str, str]]:
    opts = [(p, p) for p in players]
    if re.search(r"\bboth\b|お互い", description):
        opts.append(("both", VALUE_WORDS["both"]))
    if re.search(r"\ball\b|すべての|全員", description):
        opts.append(("all", VALUE_WORDS["all"]))
    if "相手:" in description:
        opts += [(f"相手:{p}", f"{p} の相手全員") for p in players]
    return opts


def _branch(schema: dict) -> dict:
    """The schema of a value that may also be null, or one of several shapes: its most useful shape."""
    alts = [a for a in schema.get("anyOf") or schema.get("oneOf") or [] if isinstance(a, dict)]
    if not alts:
        kind = schema.get("type")
        if isinstance(kind, list):
            return dict(schema, type=next((k for k in kind if k != "null"), "string"))
        return schema
    arrays = [a for a in alts if a.get("type") == "array"]
    if arrays:
        return dict(arrays[0], description=schema.get("description", ""), **{"x-one-or-more": True})
    real = [a for a in alts if a.get("type") != "null"]
    return dict(real[0] if real else {}, description=schema.get("description", ""))


def field_of(key: str, schema: Any, name: str, required: bool, players: list[str],
             cards: list[tuple[str, list[tuple[str, str]]]]) -> Field:
    schema = _branch(schema if isinstance(schema, dict) else {})
    desc = schema.get("description", "") or ""
    label = schema.get("title") or PARAM_LABELS.get(key, key)
    f = Field(name, key, label, "text", required=required, description=desc)
    kind = schema.get("type")
    if "enum" in schema:
        f.kind, f.type, f.options = "select", "json", _enum_options(schema)
    elif kind in ("integer", "number"):
        f.kind, f.type, f.minimum, f.maximum = "number", kind, schema.get("minimum"), schema.get("maximum")
    elif kind == "boolean":
        f.kind, f.type = "checkbox", "boolean"
    elif kind == "object" and isinstance(schema.get("properties"), dict):
        f.kind, f.type = "group", "object"
        req = schema.get("required") or []
        f.children = [field_of(k, s, f"{name}.{k}", k in req, players, cards) for k, s in schema["properties"].items()]
    elif kind == "array":
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        if items.get("type", "string") == "string" and "enum" not in items:
            f.kind, f.groups = "multi", cards
            f.type = "string" if schema.get("x-one-or-more") else "array"
        else:
            f.type = "json"
    elif kind in (None, "string") and key not in TEXT_KEYS and (schema.get("maxLength") or 40) <= 80:
        card, player = bool(CARD_WORDS.search(desc)), bool(PLAYER_WORDS.search(desc))
        f.kind = "picker"
        if player or (not card and key in ("target", "player", "owner")):
            f.groups.append(("プレイヤー", _player_options(players, desc)))
        if card or not player:
            f.groups += cards
    return f


def fields_for(adjustment: dict, prefix: str, players: list[str], cards) -> list[Field]:
    """The fields of one op (`Adjustment.to_json()`), named under `prefix` (`""`, `parts[0].`)."""
    required = adjustment.get("required") or []
    return [field_of(k, s, prefix + k, k in required, players, cards)
            for k, s in (adjustment.get("params") or {}).items()]


# ---- a posted form read back -------------------------------------------------------------------------------------
def _read(f: Field, form) -> tuple[bool, Any]:
    """(given, value) of one field from the form."""
    if f.kind == "group":
        out = {}
        for child in f.children:
            given, v = _read(child, form)
            if given:
                out[child.key] = v
        return bool(out), out
    if f.kind == "checkbox":
        on = form.get(f.name) is not None
        return on or f.required, on
    if f.kind == "multi":
        picked = [v for v in form.getlist(f.name) if v]
        if not picked:
            return False, None
        return True, picked[0] if (f.type == "string" and len(picked) == 1) else picked
    raw = (form.get(f.name) or "").strip()
    if raw == "":
        return False, None
    if f.type == "json":
        try:
            return True, json.loads(raw)
        except ValueError:
            return True, raw
    if f.type in ("integer", "number"):
        try:
            return True, int(raw) if f.type == "integer" else float(raw)
        except ValueError:
            what = "整数" if f.type == "integer" else "数値"
            raise RequestError(400, f"{f.name}: {what}を入力してください", f.name) from None
    return True, raw


def read_fields(fields: list[Field], form) -> dict:
    out = {}
    for f in fields:
        given, value = _read(f, form)
        if given:
            out[f.key] = value
    return out


def spec_of(ruleset, op: str, where: str = "op") -> dict:
    spec = next((a for a in ruleset.offered_adjustments() if a.op == op), None)
    if spec is None:
        raise RequestError(400, f"{where}: 「{op}」はこのゲームの調整にありません", where)
    return spec.to_json()


def rows_chosen(form, kind: str, rows: int) -> list[tuple[int, str]]:
    """The rows of `cost` or `parts` (`effects[K].parts`…) whose op was chosen: (index, op)."""
    return [(i, form.get(f"{kind}[{i}].op")) for i in range(rows) if form.get(f"{kind}[{i}].op")]


def parse_adjust_form(ruleset, form, players: list[str], cards, zones=()) -> dict:
    """The adjustment a posted form describes: one op (`op` and its fields), an effect (its words, source,
    keyword, then its cost rows and part rows, each an op and that op's fields; a part row's 「〜まで」 and
    「〜なら」 pickers wrap it in `up_to` / `condition`), or `at_once`: up to `AT_ONCE_MAX` effect blocks named
    `effects[K].…`, those left empty dropped."""
    op = form.get("op", "")
    if op == "effect":
        return {"op": "effect", **effect_of(ruleset, form, "", players, cards, zones)}
    if op == "at_once":
        blocks = (effect_of(ruleset, form, f"effects[{k}].", players, cards, zones) for k in range(AT_ONCE_MAX))
        return {"op": "at_once", "effects": [b for b in blocks if b]}
    return {"op": op, **read_fields(fields_for(spec_of(ruleset, op), "", players, cards), form)}


def effect_of(ruleset, form, prefix: str, players: list[str], cards, zones) -> dict:
    """One effect's params (no `op`) from the fields named under `prefix` (`""`, `effects[0].`)."""
    body: dict[str, Any] = read_fields(effect_fields(players, cards, ruleset, prefix), form)
    for kind, rows in (("cost", COST_ROWS), ("parts", PART_ROWS)):
        parts = []
        for i, part_op in rows_chosen(form, prefix + kind, rows):
            row = f"{prefix}{kind}[{i}]."
            part = {"op": part_op, **read_fields(fields_for(spec_of(ruleset, part_op, row + "op"), row, players, cards),
                                                 form)}
            extras = read_fields(part_extras(ruleset, row, players, cards, zones), form)
            parts.append(wrap_part(part, extras.get("up_to"), extras.get("if"), extras.get("optional")))
        if parts:
            body[kind] = parts
    return body


def wrap_part(part: dict, up_to: dict | None, condition: dict | None, optional: bool = False) -> dict:
    """A part row with 「〜まで」 (a limit) in `up_to`, the number or the cards then chosen there (left open, the effect's
    player chooses how many), 「〜してもよい」 on it, and a condition around it all (session.js wrapPart does the same)."""
    if up_to and up_to.get("max"):
        choose = up_to.get("choose")
        inner = {k: v for k, v in part.items() if k != ("target" if choose else "value")}
        part = {"op": "up_to", "max": up_to["max"], "part": inner, **({"choose": choose} if choose else {})}
    if optional:
        part = {**part, "optional": True}
    if condition and condition.get("player") and condition.get("zone"):
        part = {"op": "condition", "check": condition, "parts": [part]}
    return part


def effect_fields(players: list[str], cards, ruleset=None, prefix: str = "") -> list[Field]:
    """The effect's own words: the card's words, the card it comes from, whose it is, its keyword, whether it is
    optional (「〜してもよい」) and its kind, where the ruleset has them; named under `prefix`."""
    out = [Field(prefix + "label", "label", "カードの文言", "text", description="例: 手札を2枚捨てたなら、カードを2枚引く"),
           Field(prefix + "source", "source", "効果を持つカード", "picker", groups=cards),
           Field(prefix + "player", "player", "効果の持ち主", "picker", groups=[("プレイヤー", [(p, p) for p in players])],
                 description="空なら: カードの持ち主、またはターンプレイヤー"),
           Field(prefix + "keyword", "keyword", "キーワード能力", "text",
                 description="例: バトル勝利時（1ターンに1度などの使用回数を確かめます）")]
    if getattr(ruleset, "optional_rule", None):
        out.append(Field(prefix + "optional", "optional", "「〜してもよい」: 使うかどうかを効果のプレイヤーが選ぶ", "checkbox",
                         type="boolean"))
    if getattr(ruleset, "effect_kinds", ()):
        out.append(Field(prefix + "kind", "kind", "効果の種類", "select", type="json",
                         options=[(json.dumps(k, ensure_ascii=False), k) for k in ruleset.effect_kinds]))
    return out


def part_extras(ruleset, prefix: str, players: list[str], cards, zones) -> list[Field]:
    """A part row's 「〜まで」 (a limit, and the cards chosen) and 「〜なら／〜場合」 (whose zone holds how many), as
    pickers: the judge writes no JSON."""
    out = []
    if getattr(ruleset, "optional_rule", None):
        out.append(Field(f"{prefix}optional", "optional", "この処理は「〜してもよい」（効果のプレイヤーが行うか選ぶ）",
                         "checkbox", type="boolean"))
    if getattr(ruleset, "up_to_rule", None):
        out.append(Field(f"{prefix}up_to", "up_to", "「〜まで」（0を選べる）", "group", type="object", children=[
            Field(f"{prefix}up_to.max", "max", "上限", "number", type="integer", minimum=1, maximum=50,
                  description="空なら「〜まで」なし。いくつ選ぶかは効果のプレイヤーが選びます"),
            Field(f"{prefix}up_to.choose", "choose", "選んだカード", "multi", type="array", groups=cards,
                  description="対象を選ぶ処理なら、選ばれたカード（処理の対象の代わり）")]))
    if getattr(ruleset, "condition_rule", None):
        who = [(p, p) for p in players] + [("opponent", "効果のプレイヤーの相手")]
        out.append(Field(f"{prefix}if", "if", "条件「〜なら／〜場合」", "group", type="object", children=[
            Field(f"{prefix}if.player", "player", "プレイヤー", "picker", groups=[("プレイヤー", who)]),
            Field(f"{prefix}if.zone", "zone", "領域", "picker", groups=[("領域", list(zones))]),
            Field(f"{prefix}if.at_least", "at_least", "N枚以上なら", "number", type="integer", minimum=0, maximum=999,
                  description="カードの条件だけなら空で「1枚以上（〜がいるなら）」"),
            Field(f"{prefix}if.at_most", "at_most", "N枚以下なら", "number", type="integer", minimum=0, maximum=999),
            *card_condition_fields(ruleset, f"{prefix}if.", who)]))
    return out


def card_condition_fields(ruleset, prefix: str, who: list[tuple[str, str]]) -> list[Field]:
    """「コスト5以上の」「レスト状態の」「〈種族〉の」 over the game's own card fields, and 「相手より少ない」."""
    numbers, kinds, values = [], [], []
    for name, schema in effect_parts.card_fields(ruleset).items():
        types = schema.get("type") if isinstance(schema.get("type"), list) else [schema.get("type")]
        title = schema.get("title", name)
        if "integer" in types:
            numbers.append((name, title))
            continue
        choices = _field_choices(schema) or _field_choices(schema.get("items") or {})
        if "boolean" in types or choices:
            kinds.append((name, title))
        if choices:
            values.append((title, choices))
    compare = [(k, f"{w}なら") for k, w in effect_parts.COMPARE.items()]
    return [
        Field(f"{prefix}where", "where", "数えるカードの数値（「コスト5以上の」）", "group", type="object", children=[
            Field(f"{prefix}where.field", "field", "項目", "picker", groups=[("カードの数値", numbers)]),
            Field(f"{prefix}where.at_least", "at_least", "N以上", "number", type="integer", minimum=-999, maximum=99999),
            Field(f"{prefix}where.at_most", "at_most", "N以下", "number", type="integer", minimum=-999, maximum=99999),
            Field(f"{prefix}where.printed", "printed", "「元々の」: 効果で変わる前の、カードに書かれた数値で比べる",
                  "checkbox", type="boolean")]),
        Field(f"{prefix}has", "has", "数えるカードが持つもの（「レスト状態の」「〈種族〉の」）", "group", type="object",
              children=[
                  Field(f"{prefix}has.field", "field", "項目", "picker", groups=[("カードの項目", kinds)]),
                  Field(f"{prefix}has.value", "value", "値", "picker", groups=values,
                        description="はい/いいえの項目（レストなど）は空のまま")]),
        Field(f"{prefix}than", "than", "枚数を比べるプレイヤー（「相手より少ない場合」）", "picker",
              groups=[("プレイヤー", who)]),
        Field(f"{prefix}compare", "compare", "比べて", "picker", groups=[("比べ方", compare)])]


def _field_choices(schema: dict) -> list[tuple[str, str]]:
    """A card field's values with their labels: its `x-choices` (the builder's pickers), else its enum."""
    if schema.get("x-choices"):
        return [(str(c["value"]), c.get("label", str(c["value"]))) for c in schema["x-choices"]]
    return [(str(v), str(v)) for v in schema.get("enum", [])]


def zones_on(game: str, data: Any) -> list[tuple[str, str]]:
    """The zones a condition can count (a list of cards or a number), in the game's words, from the first player."""
    players = data.get("players") if isinstance(data, dict) else None
    side = next(iter(players.values()), None) if isinstance(players, dict) and players else None
    if not isinstance(side, dict):
        return []
    layout = layout_of(game)
    return [(k, label_of(k, layout)) for k, v in side.items()
            if isinstance(v, list) or (isinstance(v, int) and not isinstance(v, bool))
            or (isinstance(v, dict) and "id" in v)]   # a zone of one card (opcg's leader)


def part_ops(ruleset) -> list[dict]:
    """The ops an effect's part may be (every op but `effect` and `concede`)."""
    return [a.to_json() for a in ruleset.adjustments if a.op not in ("effect", "concede")]
