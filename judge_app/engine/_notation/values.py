"""The escape hatch: any JSON value written `key=value`, so that a field no short token says still round-trips.

    value := INT | true | false | null | WORD | 「…」 | "…" | [value …] | {key:value …}

A bare word is a string (full-width letters folded) unless it reads as a number or true/false/null; a string
that would, or that holds a character folding would change, is quoted (quoted text is kept as typed)."""
from __future__ import annotations

import json
import re

from judge_app.engine._notation.lex import Atom, Item, fold, is_bare, quote
from judge_app.engine.trace import NotationError

INT = re.compile(r"^[+-]?\d+$")
FLOAT = re.compile(r"^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$")   # after INT: only what has a . or an e
KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
LITERALS = {"true": True, "false": False, "null": None}


def same(a, b) -> bool:
    """Equal and of the same types all the way down (True is not 1 here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def write(value) -> str:
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        plain = is_bare(value) and fold(value) == value and not INT.match(fold(value)) and not FLOAT.match(fold(value)) \
            and fold(value) not in LITERALS and ":" not in value
        return value if plain else quote(value)
    if isinstance(value, list):
        return "[" + " ".join(write(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + " ".join(f"{k if KEY.match(k) else quote(k)}:{write(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"not a JSON value: {value!r}")


def read(atoms: list[Atom], item: Item):
    """The value written by `atoms` (the part of an item after `key=`)."""
    if len(atoms) != 1:
        raise item.error("値は1つだけ書きます（空白を含む文字列は「」で囲みます）")
    atom = atoms[0]
    if atom.kind == "quoted":
        return atom.text
    if atom.kind == "word":
        if INT.match(atom.text):
            return int(atom.text)
        if FLOAT.match(atom.text):
            return float(atom.text)
        return LITERALS[atom.text] if atom.text in LITERALS else atom.text
    if atom.bracket == "[":
        return [read(i.atoms, i) for i in atom.items]
    if atom.bracket == "{":
        out: dict = {}
        for i in atom.items:
            key, rest = split_key(i, ":")
            if key in out:
                raise i.error(f"キー「{key}」が2回あります")
            out[key] = read(rest, i)
        return out
    raise item.error("値は 数・true・false・null・文字列・[…]・{キー:値 …} のどれかです")


def split_key(item: Item, sep: str) -> tuple[str, list[Atom]]:
    """`key<sep>value` -> (key, the value's atoms); the key is a name or a quoted string."""
    atoms = item.atoms
    if atoms[0].kind == "quoted" and len(atoms) > 1 and atoms[1].kind == "word" and atoms[1].text.startswith(sep):
        key, head, rest = atoms[0].text, atoms[1], atoms[2:]
    elif atoms[0].kind == "word" and sep in atoms[0].text:
        head, rest = atoms[0], atoms[1:]
        key = head.raw[:head.text.index(sep)]
        head = Atom("word", head.raw[len(key):], head.pos + len(key), text=head.text[len(key):])
        if not KEY.match(fold(key)):
            raise item.error(f"「{key}」はキーの名前になりません（英字・数字・_ で書くか「」で囲みます）")
        key = fold(key)
    else:
        raise NotationError(f"「{item.raw}」（{item.pos + 1}文字目）: キー{sep}値 の形で書きます", item.raw, item.pos)
    tail = head.raw[1:]
    if tail:
        rest = [Atom("word", tail, head.pos + 1, text=head.text[1:]), *rest]
    if not rest:
        raise item.error(f"「{key}{sep}」の後に値がありません")
    return key, rest
