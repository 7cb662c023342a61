"""Tokens that say one or a few fields of an object (the board's head, a player, a card).

A codec reads an item into an object (returning whether the item was its own) and writes the fields it owns as
tokens, or None when their values are not its to say (then they are written `key=value`). Every field an object
may hold is said by some codec or by the escape hatch, so any board round-trips."""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from judge_app.engine._notation import values
from judge_app.engine._notation.lex import Item, fold, is_bare, quote, read as read_items
from judge_app.engine.trace import NotationError

MISSING = object()


class Twice(NotationError):
    """A field given twice."""


@dataclass
class At:
    """Where an object is: its board path, its player, and for a card the code and name its defaults are made of."""

    path: str
    player: str | None = None
    code: str = ""                 # a card's place: "c2" (second character), "f3s1" (first card set on front 3)
    name: str | None = None        # the card's default name

    def card(self, key: str, index: int, code: str, name: str) -> "At":
        return At(f"{self.path}.{key}[{index}]", self.player, self.code + code, name)

    @property
    def default_id(self) -> str:
        return f"{self.player}-{self.code}"


class Reading:
    """One load: which item set each field, so that a field given twice, and a board error, name the token."""

    def __init__(self):
        self.spans: dict[str, Item] = {}
        self._lists: dict[tuple[int, str], dict] = {}   # the object is kept, so its id is not reused

    def put(self, obj: dict, key: str, value, item: Item, at: At, label: str) -> None:
        if key in obj:
            first = self.spans.get(f"{at.path}.{key}")
            where = f"（先に「{first.raw}」）" if first is not None else ""
            raise Twice(f"「{item.raw}」（{item.pos + 1}文字目）: {label}が2回指定されています{where}", item.raw, item.pos)
        obj[key] = value
        self.spans[f"{at.path}.{key}"] = item

    def append(self, obj: dict, key: str, value, item: Item, at: At, label: str) -> None:
        """Words that add to one list (colours, keywords): the list is theirs alone."""
        mark = (id(obj), key)
        if self._lists.get(mark) is not obj:
            self.put(obj, key, [], item, at, label)
            self._lists[mark] = obj
        if value is not MISSING:
            obj[key].append(value)


class Codec:
    keys: tuple[str, ...] = ()
    label = ""
    checked = False   # its tokens read back by construction (cards are checked one by one): not read again

    @property
    def hint(self) -> str:
        """How the codec is written, for an error that lists what may stand at a place."""
        return self.label

    def write(self, obj: dict, at: At) -> list[str] | None:
        raise NotImplementedError

    def say(self, obj: dict, at: At) -> list[str] | None:
        """The fields in words, for the read-back beside the line (「パワー5000」「【ブロッカー】」); None: as written."""
        return None

    def read(self, item: Item, obj: dict, at: At, r: Reading) -> bool:
        raise NotImplementedError


def plain(label: str) -> str:
    """A label without its notation hint: 「コスト（c）」 -> 「コスト」."""
    return re.sub(r"（[^）]*）", "", label)


def _forms(forms: tuple[str, ...]) -> str:
    return "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))


class Word(Codec):
    """One word per value: `メイン` (phase main), `r` (rested), `裏` (face down)."""

    def __init__(self, key: str, label: str, words: list[tuple[object, tuple[str, ...]]]):
        self.keys, self.label, self.words = (key,), label, words
        self.lookup = {fold(f).lower(): v for v, forms in words for f in forms}

    def say(self, obj, at):
        v = obj[self.keys[0]]
        forms = next((forms for value, forms in self.words if values.same(value, v)), None)
        if forms is None:
            return None
        spoken = max((f for f in forms if not f.isascii()), key=len, default=None)
        return [spoken or f"{plain(self.label)} {forms[0]}"]

    def write(self, obj, at):
        v = obj[self.keys[0]]
        return next(([forms[0]] for value, forms in self.words if values.same(value, v)), None)

    def read(self, item, obj, at, r):
        w = item.word
        if w is None or w.lower() not in self.lookup:
            return False
        r.put(obj, self.keys[0], copy.deepcopy(self.lookup[w.lower()]), item, at, self.label)
        return True


class Num(Codec):
    """A prefix and an integer: `c3` (cost), `T3` (turn), `+1000` (counter), `5000` (no prefix: power); `literals`
    are strings the field may hold instead (thv `c-`, `cNullity`)."""

    def __init__(self, key: str, label: str, prefixes: tuple[str, ...], signed: bool = False,
                 literals: tuple[str, ...] = ()):
        self.keys, self.label, self.prefixes, self.signed, self.literals = (key,), label, prefixes, signed, literals
        number = ("[+-]?" if signed else "") + r"\d+"
        words = "".join("|" + re.escape(x) for x in literals)
        self.pattern = re.compile(rf"^(?:{_forms(prefixes)})({number}{words})$", re.I)

    def say(self, obj, at):
        said = self.write(obj, at)
        if said is None:
            return None
        prefix = max((p for p in self.prefixes if not p.isascii()), key=len, default=None)
        return [prefix + said[0][len(self.prefixes[0]):]] if prefix else said

    def write(self, obj, at):
        v = obj[self.keys[0]]
        if v in self.literals and isinstance(v, str):
            return [f"{self.prefixes[0]}{v}"]
        if type(v) is not int or (v < 0 and not self.signed):
            return None
        return [f"{self.prefixes[0]}{v}"]

    def read(self, item, obj, at, r):
        m = self.pattern.match(item.word or "")
        if not m:
            return False
        v = m.group(1)
        literal = next((x for x in self.literals if x.lower() == v.lower()), None)
        r.put(obj, self.keys[0], literal if literal is not None else int(v), item, at, self.label)
        return True


class Tuple(Codec):
    """Numbers printed together: `6/2` (運値), `3/2` (攻撃力/耐久力), `+1/-1` (修正), `500/300/200`."""

    def __init__(self, keys: tuple[str, ...], label: str, signed: bool = False, dash: bool = False):
        self.keys, self.label, self.signed, self.dash = keys, label, signed, dash
        part = r"[+-]\d+" if signed else (r"\d+|-" if dash else r"\d+")
        self.pattern = re.compile("^" + "/".join(f"({part})" for _ in keys) + "$")

    def _say(self, v) -> str | None:
        if self.dash and v == "-":
            return "-"
        if type(v) is not int or (v < 0 and not self.signed):
            return None
        return f"{v:+d}" if self.signed else str(v)

    def write(self, obj, at):
        parts = [self._say(obj.get(k, MISSING)) for k in self.keys]
        return None if None in parts else ["/".join(parts)]

    def say(self, obj, at):
        said = self.write(obj, at)
        return None if said is None else [f"{plain(self.label)} {said[0]}"]

    def read(self, item, obj, at, r):
        m = self.pattern.match(item.word or "")
        if not m:
            return False
        for k, part in zip(self.keys, m.groups()):
            r.put(obj, k, part if part == "-" else int(part), item, at, self.label)
        return True


class Words(Codec):
    """Words that make up one list, in order: `ブロッカー 速攻`, colours glued `赤緑`; `empty` says the list is []."""

    def __init__(self, key: str, label: str, vocabulary: dict[str, tuple[str, ...]], glue: bool = False,
                 empty: str | None = None):
        self.keys, self.label, self.vocabulary, self.glue, self.empty = (key,), label, vocabulary, glue, empty
        self.lookup = {fold(f).lower(): v for v, forms in vocabulary.items() for f in forms}

    def say(self, obj, at):
        said = self.write(obj, at)
        if said is None:
            return None
        if said == [self.empty]:
            return [f"{plain(self.label)}なし"]
        words = [self.vocabulary[x][0] for x in obj[self.keys[0]]]
        if self.empty == "【】":   # the rulebook's keywords, bracketed as printed
            return ["".join(f"【{w}】" for w in words)]
        return [f"{plain(self.label)} {''.join(words) if self.glue else '・'.join(words)}"]

    def write(self, obj, at):
        v = obj[self.keys[0]]
        if not isinstance(v, list) or not all(isinstance(x, str) and x in self.vocabulary for x in v):
            return None
        if not v:
            return [self.empty] if self.empty else None
        words = [self.vocabulary[x][0] for x in v]
        return ["".join(words)] if self.glue else words

    def read(self, item, obj, at, r):
        w = item.word
        if w is None:
            return False
        if w == self.empty:
            r.append(obj, self.keys[0], MISSING, item, at, self.label)
            return True
        w = w[1:-1] if w.startswith("【") and w.endswith("】") else w
        if w.lower() in self.lookup:
            found = [self.lookup[w.lower()]]
        elif self.glue and w and all(c.lower() in self.lookup for c in w):
            found = [self.lookup[c.lower()] for c in w]
        else:
            return False
        for v in found:
            r.append(obj, self.keys[0], v, item, at, self.label)
        return True


class Prefixed(Codec):
    """A mark and a string: `@p1-c3` (id), `#OP01-001` (card number), `術者:霧雨魔理沙`."""

    checked = True

    def __init__(self, key: str, label: str, prefixes: tuple[str, ...]):
        self.keys, self.label, self.prefixes = (key,), label, prefixes
        self.pattern = re.compile(rf"^({_forms(prefixes)})", re.I)

    def write(self, obj, at):
        v = obj[self.keys[0]]
        if not isinstance(v, str):
            return None
        bare = is_bare(v) and fold(v) == v and not v.startswith(("「", '"'))
        return [self.prefixes[0] + (v if bare else quote(v))]

    def say(self, obj, at):
        v = obj[self.keys[0]]
        return [f"{plain(self.label)}「{v}」"] if isinstance(v, str) else None

    def read(self, item, obj, at, r):
        first = item.atoms[0]
        m = self.pattern.match(first.text) if first.kind == "word" else None
        if not m:
            return False
        rest = first.text[m.end():]
        if rest and len(item.atoms) == 1:
            value = rest
        elif not rest and len(item.atoms) == 2 and item.atoms[1].kind == "quoted":
            value = item.atoms[1].text
        else:
            raise item.error(f"{self.label}は {self.prefixes[0]}値 の形で書きます（空白などを含むなら {self.prefixes[0]}「…」）")
        r.put(obj, self.keys[0], value, item, at, self.label)
        return True


class FreeWords(Codec):
    """Other words kept as typed, added to a list: thv's keywords (`抵抗(2)`, `装備/場`) and los's (`スピード耐性:3`),
    which the board check reads. With `pattern`, only words it matches (after folding). `known`: the words the game
    really has (thv's chapter 10), so that a card's bare name that is one is not taken for a name (guess.py)."""

    def __init__(self, key: str, label: str, pattern: str | None = None, known=None):
        self.keys, self.label = (key,), label
        self.pattern = re.compile(pattern) if pattern else None
        self.known = known

    def write(self, obj, at):
        v = obj[self.keys[0]]
        if not isinstance(v, list) or not v or not all(isinstance(x, str) and x for x in v):
            return None
        return [x if self._plain(x) else quote(x) for x in v]

    def say(self, obj, at):
        v = obj[self.keys[0]]
        if not isinstance(v, list) or not v or not all(isinstance(x, str) and x for x in v):
            return None
        return ["".join(f"【{x}】" for x in v)]

    @staticmethod
    def _plain(x: str) -> bool:
        try:
            items = read_items(x)
        except NotationError:
            return False
        return len(items) == 1 and items[0].raw == x and _word_like(items[0])

    def read(self, item, obj, at, r):
        if _word_like(item):
            value = item.raw
        elif len(item.atoms) == 1 and item.atoms[0].kind == "quoted":
            value = item.atoms[0].text
        else:
            return False
        if self.pattern and not self.pattern.match(fold(value)):
            return False
        r.append(obj, self.keys[0], value, item, at, self.label)
        return True


def _word_like(item: Item) -> bool:
    a = item.atoms
    return a[0].kind == "word" and "=" not in a[0].text and (
        len(a) == 1 or (len(a) == 2 and a[1].kind == "group" and a[1].bracket == "(" and "=" not in a[1].raw))


class Generic(Codec):
    """`key=value`: any field, any JSON value (values.py)."""

    def read(self, item, obj, at, r):
        first = item.atoms[0]
        if not ((first.kind == "word" and "=" in first.text) or
                (first.kind == "quoted" and len(item.atoms) > 1 and item.atoms[1].text.startswith("="))):
            return False
        key, rest = values.split_key(item, "=")
        r.put(obj, key, values.read(rest, item), item, at, f"「{key}」")
        return True


GENERIC = Generic()


def generic(key: str, value) -> str:
    return f"{key if values.KEY.match(key) else quote(key)}={values.write(value)}"


def phase_word(labels: dict[str, str], short: dict[str, str], extra: dict[str, tuple[str, ...]] | None = None) -> Word:
    """The phase in the rulebook's words: its short name (メイン), its id (main), its printed name (メインフェイズ)."""
    return Word("phase", "フェイズ", [(p, (s, p, labels[p], *(extra or {}).get(p, ()))) for p, s in short.items()])


def player_word(key: str, label: str, players: tuple[str, ...], prefix: str = "") -> Word:
    """A player named in the head: `p1` (the turn player), `先攻p1`, `親p1`, `勝者p1`."""
    return Word(key, label, [(p, (f"{prefix}{p}",)) for p in players])
