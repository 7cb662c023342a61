"""Zones and the cards in them.

    card  := NAME | NAME(attr …) | (attr …)        the name and the id default to the card's place (キャラ1, p1-c1)
    zone  := TAG N | TAG[card …] | TAG N[card …]   N: how many cards the zone holds (see Zone)
    slot  := TAG[card] | TAG[]                     one card or none (opcg リーダー, ステージ)
    row   := TAG[card|- …]                         fixed squares, - for an empty one (los 前衛, 後衛)
"""
from __future__ import annotations

import re
from typing import Callable

from judge_app.engine._notation import values
from judge_app.engine._notation.codecs import MISSING, At, Codec, Prefixed, Reading, _forms
from judge_app.engine._notation.fields import Fields
from judge_app.engine._notation.lex import Item, fold, is_bare, quote

EMPTY_SQUARE = "-"
EMPTY_SQUARES = {"-", "ー", "―", "‐", "・"}   # a Japanese keyboard's dash is often the long-vowel mark


class CardSpec(Fields):
    """A card's attributes; `required` are the fields a card must hold, filled in when the text leaves them out."""

    def __init__(self, codecs: list[Codec], required: dict | None = None, always: tuple[str, ...] = ()):
        required = dict(required or {})
        super().__init__("カードの（）の中", [Prefixed("id", "カードID（@）", ("@",)), *codecs],
                         lambda at: {"id": at.default_id, "name": at.name, **required}, always)

    def default_card(self, at: At) -> dict:
        return self.defaults(at)


def write_card(card, spec: CardSpec, at: At) -> str | None:
    if not isinstance(card, dict):
        return None
    name, head, skip = card.get("name", MISSING), "", ()
    if isinstance(name, str):
        skip = ("name",)
        if name != at.name:
            head = name if is_bare(name) and fold(name) not in EMPTY_SQUARES else quote(name)
    attrs = spec.write(card, at, skip)
    return head + (f"({' '.join(attrs)})" if attrs or not head else "")


def read_card(item: Item, spec: CardSpec, at: At, r: Reading) -> dict:
    card: dict = {}
    atoms = item.atoms
    if atoms[0].kind in ("word", "quoted"):
        r.put(card, "name", atoms[0].raw if atoms[0].kind == "word" else atoms[0].text, item, at, "カード名")
        atoms = atoms[1:]
    if len(atoms) > 1 or (atoms and atoms[0].bracket != "("):
        raise item.error("カードは 名前(属性 …) と書きます（名前も属性も省けます: ゾロ / ゾロ(5000) / (5000) / ()）")
    spec.read(atoms[0].items if atoms else [], card, at, r)
    r.spans[at.path] = item
    return {"id": card.pop("id"), "name": card.pop("name"), **card}   # as boards are written: id, name first


class Zone(Codec):
    """A list of cards. With `count` (the board's `<zone>_count`) N is the zone's size: in `extra` games the count
    adds anonymous cards under the listed ones, so N = listed + count; otherwise N is the count as the board holds
    it. Without `count`, N pads the listed cards with cards at their defaults, and `C0` is an empty zone."""

    checked = True

    def __init__(self, key: str, label: str, tags: tuple[str, ...], spec: CardSpec, code: str,
                 name: Callable[[int], str], count: str | None = None, extra: bool = False):
        self.keys = (key, count) if count else (key,)
        self.key, self.label, self.tags, self.spec, self.code, self.name = key, label, tags, spec, code, name
        self.count, self.extra = count, extra
        self.pattern = re.compile(rf"^(?:{_forms(tags)})(\d*)$", re.I)

    @property
    def hint(self) -> str:
        return f"{self.label}（{self.tags[0]}3・{self.tags[0]}[…]）"

    def at(self, at: At, i: int) -> At:
        return at.card(self.key, i, f"{self.code}{i + 1}", self.name(i + 1))

    def _is_default(self, card, at: At) -> bool:
        return values.same(card, self.spec.default_card(at))

    def write(self, obj, at):
        cards = obj.get(self.key, MISSING)
        n = obj.get(self.count, MISSING) if self.count else MISSING
        if (cards is not MISSING and not isinstance(cards, list)) or (n is not MISSING and (type(n) is not int or n < 0)):
            return None
        listed = [] if cards is MISSING else cards
        if self.count:
            number = None if n is MISSING else n + len(listed) if self.extra else n
            group = cards is not MISSING
        else:
            k = len(listed)
            while k and self._is_default(listed[k - 1], self.at(at, k - 1)):
                k -= 1
            number = len(listed) if k < len(listed) or not listed else None
            listed, group = listed[:k], k > 0
        texts = [write_card(c, self.spec, self.at(at, i)) for i, c in enumerate(listed)]
        if None in texts:
            return None
        return [self.tags[0] + ("" if number is None else str(number)) + (f"[{' '.join(texts)}]" if group else "")]

    def read(self, item, obj, at, r):
        m = self.pattern.match(item.atoms[0].text) if item.atoms[0].kind == "word" else None
        if not m:
            return False
        group = item.atoms[1] if len(item.atoms) == 2 and item.atoms[1].bracket == "[" else None
        if len(item.atoms) != (2 if group else 1) or (group is None and not m.group(1)):
            raise item.error(f"{self.label}は {self.tags[0]}枚数 か {self.tags[0]}[カード …] と書きます（例 {self.tags[0]}3）")
        cards = [read_card(c, self.spec, self.at(at, i), r) for i, c in enumerate(group.items)] if group else []
        number = int(m.group(1)) if m.group(1) else None
        if number is not None and (self.count is None or self.extra) and number < len(cards):
            raise item.error(f"{self.label}の枚数{number}が、並べたカード（{len(cards)}枚）より少なくなっています")
        if self.count is None:
            cards += [self.spec.default_card(self.at(at, i)) for i in range(len(cards), number or 0)]
            r.put(obj, self.key, cards, item, at, self.label)
            return True
        if group:
            r.put(obj, self.key, cards, item, at, self.label)
        if number is not None:
            r.put(obj, self.count, number - len(cards) if self.extra else number, item, at, f"{self.label}の枚数")
        for key in self.keys:   # an error about the zone or its count is said at this token
            r.spans.setdefault(f"{at.path}.{key}", item)
        return True


class Slot(Codec):
    """One card or none: `L[ルフィ(5000)]`, `S[]` (null)."""

    checked = True

    def __init__(self, key: str, label: str, tags: tuple[str, ...], spec: CardSpec, code: str,
                 name: Callable[[str], str]):
        self.keys, self.label, self.tags, self.spec, self.code, self.name = (key,), label, tags, spec, code, name
        self.pattern = re.compile(rf"^(?:{_forms(tags)})$", re.I)

    @property
    def hint(self) -> str:
        return f"{self.label}（{self.tags[0]}[…]）"

    def at(self, at: At) -> At:
        """The card's place; its default name may name the player (リーダーp1)."""
        return At(f"{at.path}.{self.keys[0]}", at.player, at.code + self.code, self.name(at.player))

    def default_card(self, at: At) -> dict:
        return self.spec.default_card(self.at(at))

    def write(self, obj, at):
        v = obj[self.keys[0]]
        text = "" if v is None else write_card(v, self.spec, self.at(at))
        return None if text is None else [f"{self.tags[0]}[{text}]"]

    def read(self, item, obj, at, r):
        a = item.atoms
        if not (a[0].kind == "word" and self.pattern.match(a[0].text)):
            return False
        if len(a) != 2 or a[1].bracket != "[" or len(a[1].items) > 1:
            raise item.error(f"{self.label}は {self.tags[0]}[カード] か {self.tags[0]}[]（なし）と書きます")
        card = read_card(a[1].items[0], self.spec, self.at(at), r) if a[1].items else None
        r.put(obj, self.keys[0], card, item, at, self.label)
        return True


class Row(Codec):
    """Squares in order, each a card or `-`: los `F[(300/200/100) - - -]` (index 0 = レーン1)."""

    checked = True

    def __init__(self, key: str, label: str, tags: tuple[str, ...], spec: CardSpec, code: str,
                 name: Callable[[int], str]):
        self.keys, self.label, self.tags, self.spec, self.code, self.name = (key,), label, tags, spec, code, name
        self.pattern = re.compile(rf"^(?:{_forms(tags)})$", re.I)

    @property
    def hint(self) -> str:
        return f"{self.label}（{self.tags[0]}[…]）"

    def at(self, at: At, i: int) -> At:
        return at.card(self.keys[0], i, f"{self.code}{i + 1}", self.name(i + 1))

    def write(self, obj, at):
        squares = obj[self.keys[0]]
        if not isinstance(squares, list):
            return None
        texts = [EMPTY_SQUARE if c is None else write_card(c, self.spec, self.at(at, i)) for i, c in enumerate(squares)]
        return None if None in texts else [f"{self.tags[0]}[{' '.join(texts)}]"]

    def read(self, item, obj, at, r):
        a = item.atoms
        if not (a[0].kind == "word" and self.pattern.match(a[0].text)):
            return False
        if len(a) != 2 or a[1].bracket != "[":
            raise item.error(f"{self.label}は {self.tags[0]}[マスごとにカードか - …] と書きます（例 {self.tags[0]}[() - - -]）")
        squares = [None if c.word in EMPTY_SQUARES else read_card(c, self.spec, self.at(at, i), r)
                   for i, c in enumerate(a[1].items)]
        r.put(obj, self.keys[0], squares, item, at, self.label)
        return True
