"""Zones and the cards in them.

    card  := NAME | NAME(attr …) | (attr …)        the name and the id default to the card's place (キャラ1, p1-c1)
    zone  := TAG N | TAG[card …] | TAG N[card …]   N: how many cards the zone holds (see Zone)
    slot  := TAG[card] | TAG[]                     one card or none (opcg リーダー, ステージ)
    row   := TAG[card|- …]                         fixed squares, - for an empty one (los 前衛, 後衛)
"""
from __future__ import annotations

import re
from typing import Callable

from judge_app.engine._notation import guess, values
from judge_app.engine._notation.codecs import MISSING, At, Codec, Prefixed, Reading, _forms, plain
from judge_app.engine._notation.fields import Fields
from judge_app.engine._notation.lex import Item, fold, is_bare, quote, read as read_items
from judge_app.engine.trace import NotationError
from judge_app.engine._notation.limits import ZONE_MAX

EMPTY_SQUARE = "-"
EMPTY_SQUARES = {"-", "ー", "―", "‐", "・"}   # a Japanese keyboard's dash is often the long-vowel mark


class CardSpec(Fields):
    """A card's attributes; `required` are the fields a card must hold, filled in when the text leaves them out."""

    def __init__(self, codecs: list[Codec], required: dict | None = None, always: tuple[str, ...] = (),
                 check: Callable[[dict, At, Reading], None] | None = None):
        required = dict(required or {})
        super().__init__("カードの（）の中", [Prefixed("id", "カードID（@）", ("@",)), *codecs],
                         lambda at: {"id": at.default_id, "name": at.name, **required}, always)
        self.check = check   # the game's own refusal of a card its short tokens leave in doubt

    def read(self, items, obj, at, r):
        super().read(items, obj, at, r)
        if self.check is not None:
            self.check(obj, at, r)
        return obj

    def default_card(self, at: At) -> dict:
        return self.defaults(at)

    def name_reads_as_more(self, name: str, at: At) -> bool:
        """Whether a name written bare would be refused as a number or an attribute (then it is quoted)."""
        try:
            items = read_items(name)
        except NotationError:
            return False
        if len(items) != 1 or items[0].word is None:
            return False
        try:
            guess.check_name(items[0], self, at)
        except guess.Ambiguous:
            return True
        return False


def card_parts(card, spec: CardSpec, at: At, place: str) -> tuple[str, str] | None:
    """A card in words: what it is called by its place (キャラ1, リーダー「ルフィ」), and what it is (パワー3000【ブロッカー】)."""
    if not isinstance(card, dict):
        return None
    name = card.get("name", MISSING)
    head = place if name == at.name or name is MISSING else f"{place}「{name}」" if isinstance(name, str) else None
    if head is None:
        return None
    return head, " ".join(spec.say(card, at, ("name",))).replace(" 【", "【")


def card_words(card, spec: CardSpec, at: At, place: str) -> str | None:
    """「キャラ1 パワー3000【ブロッカー】」, 「リーダー「ルフィ」 パワー5000」."""
    parts = card_parts(card, spec, at, place)
    return None if parts is None else " ".join(p for p in parts if p)


def write_card(card, spec: CardSpec, at: At) -> str | None:
    if not isinstance(card, dict):
        return None
    name, head, skip = card.get("name", MISSING), "", ()
    if isinstance(name, str):
        skip = ("name",)
        if name != at.name:
            bare = is_bare(name) and fold(name) not in EMPTY_SQUARES and not spec.name_reads_as_more(name, at)
            head = name if bare else quote(name)
    attrs = spec.write(card, at, skip)
    return head + (f"({' '.join(attrs)})" if attrs or not head else "")


def read_card(item: Item, spec: CardSpec, at: At, r: Reading) -> dict:
    card: dict = {}
    atoms = item.atoms
    if atoms[0].kind in ("word", "quoted"):
        guess.check_name(item, spec, at)
        r.put(card, "name", atoms[0].raw if atoms[0].kind == "word" else atoms[0].text, item, at, "カード名")
        atoms = atoms[1:]
    if len(atoms) > 1 or (atoms and atoms[0].bracket != "("):
        raise item.error("カードは 名前(属性 …) と書きます（名前も属性も省けます: ゾロ / ゾロ(5000) / (5000) / ()）")
    spec.read(atoms[0].items if atoms else [], card, at, r)
    r.spans[at.path] = item
    return {"id": card.pop("id"), "name": card.pop("name"), **card}   # as boards are written: id, name first


def read_cards(items: list[Item], spec: CardSpec, at_of, place_of, r: Reading, squares: bool = False) -> list:
    """The cards of a zone, slot or row (a row's `-` an empty square). A name that reads as more is refused with
    the readings it likely had (`fix candidates`, guess.py)."""
    out: list = []
    for i, c in enumerate(items):
        if squares and c.word in EMPTY_SQUARES:
            out.append(None)
            continue
        try:
            out.append(read_card(c, spec, at_of(i), r))
        except guess.Ambiguous as e:
            offer(e, guess.fixes(items, i, spec, at_of, e), spec, at_of, place_of, len(items), squares)
            raise
    return out


def offer(error: NotationError, spans, spec: CardSpec, at_of, place_of, listed: int, squares: bool = False) -> None:
    """Keep the spans whose text reads as cards, each with what it says (「パワー3000【ブロッカー】 のキャラ1」)."""
    candidates = []
    for first, start, end, text in spans:
        try:
            cards = read_items(text)
            words = []
            for n, c in enumerate(cards):
                if squares and c.word in EMPTY_SQUARES:
                    continue
                card = read_card(c, spec, at_of(first + n), Reading())
                place, what = card_parts(card, spec, at_of(first + n), place_of(first + n)) or (c.raw, "")
                words.append(f"{what} の{place}" if what else place)   # what it is, then where: パワー5000 のリーダー
        except NotationError:
            continue
        candidates.append((start, end, text, "、".join(words) + "？"))
    error.candidates = candidates


class Zone(Codec):
    """A list of cards. With `count` (the board's `<zone>_count`) N is the zone's size: in `extra` games the count
    adds anonymous cards under the listed ones, so N = listed + count; otherwise N is the count as the board holds
    it. Without `count`, N pads the listed cards with cards at their defaults, and `C0` is an empty zone."""

    checked = True
    limit = count_limit = ZONE_MAX   # the schema's, once the game's Notation binds them (limits.py)

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

    def say(self, obj, at):
        cards = obj.get(self.key, MISSING)
        n = obj.get(self.count, MISSING) if self.count else MISSING
        if (cards is not MISSING and not isinstance(cards, list)) or (n is not MISSING and type(n) is not int):
            return None
        listed = [] if cards is MISSING else cards
        label = plain(self.label)
        if self.count:
            total = None if n is MISSING else n + len(listed) if self.extra else n
            head = label + ("" if total is None else f"{total}枚")
            k = len(listed)
        else:
            k = len(listed)
            while k and self._is_default(listed[k - 1], self.at(at, k - 1)):
                k -= 1
            head = f"{label}{len(listed)}枚" if k < len(listed) else f"{label}なし" if not listed else ""
        words = [card_words(c, self.spec, self.at(at, i), self.at(at, i).name) for i, c in enumerate(listed[:k])]
        if None in words:
            return None
        if not words:
            return [head]
        return [f"{head}（上から {'、'.join(words)}）"] if self.count else (words + ([head] if head else []))

    def read(self, item, obj, at, r):
        m = self.pattern.match(item.atoms[0].text) if item.atoms[0].kind == "word" else None
        if not m:
            return False
        group = item.atoms[1] if len(item.atoms) == 2 and item.atoms[1].bracket == "[" else None
        if len(item.atoms) != (2 if group else 1) or (group is None and not m.group(1)):
            raise item.error(f"{self.label}は {self.tags[0]}枚数 か {self.tags[0]}[カード …] と書きます（例 {self.tags[0]}3）")
        number = int(m.group(1)) if m.group(1) else None
        self._within_limit(item, number, len(group.items) if group else 0)
        cards = read_cards(group.items, self.spec, lambda i: self.at(at, i), lambda i: self.name(i + 1), r) \
            if group else []
        if len(cards) > self.limit:
            raise item.error(f"{self.label}は {self.limit} 枚までです（{len(cards)} 枚並んでいます）")
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


    def _within_limit(self, item: Item, number: int | None, listed: int) -> None:
        """N within what the zone may hold, before any card is made (N is the zone's size, or with a count the
        count as the board holds it, or in `extra` games the cards under the listed ones). The listed cards are
        as many as the line has room for; they are counted once read (an ambiguous one is said first)."""
        most = self.limit if self.count is None else self.count_limit + (listed if self.extra else 0)
        if number is not None and number > most:
            raise item.error(f"{self.label}は {most} 枚までです（{number} 枚と書かれています）")


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

    def say(self, obj, at):
        v = obj[self.keys[0]]
        said = f"{plain(self.label)}なし" if v is None else card_words(v, self.spec, self.at(at), plain(self.label))
        return None if said is None else [said]

    def read(self, item, obj, at, r):
        a = item.atoms
        if not (a[0].kind == "word" and self.pattern.match(a[0].text)):
            return False
        if len(a) != 2 or a[1].bracket != "[":
            raise item.error(f"{self.label}は {self.tags[0]}[カード] か {self.tags[0]}[]（なし）と書きます")
        if len(a[1].items) > 1:   # one card: L[5000 赤] was most likely L[(5000 赤)]
            e = item.error(f"{self.label}は {self.tags[0]}[カード] か {self.tags[0]}[]（なし）と書きます（カードは1枚）")
            words = " ".join(i.raw for i in a[1].items)
            offer(e, [(0, a[1].items[0].pos, a[1].items[-1].pos + len(a[1].items[-1].raw), f"({words})")],
                  self.spec, lambda i: self.at(at), lambda i: plain(self.label), 1)
            raise e
        card = read_cards(a[1].items, self.spec, lambda i: self.at(at), lambda i: plain(self.label), r)[0] \
            if a[1].items else None
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

    def say(self, obj, at):
        squares = obj[self.keys[0]]
        if not isinstance(squares, list):
            return None
        words = [card_words(c, self.spec, self.at(at, i), self.at(at, i).name)
                 for i, c in enumerate(squares) if c is not None]
        return None if None in words else (words or [f"{plain(self.label)}なし"])

    def read(self, item, obj, at, r):
        a = item.atoms
        if not (a[0].kind == "word" and self.pattern.match(a[0].text)):
            return False
        if len(a) != 2 or a[1].bracket != "[":
            raise item.error(f"{self.label}は {self.tags[0]}[マスごとにカードか - …] と書きます（例 {self.tags[0]}[() - - -]）")
        squares = read_cards(a[1].items, self.spec, lambda i: self.at(at, i), lambda i: self.name(i + 1), r,
                             squares=True)
        r.put(obj, self.keys[0], squares, item, at, self.label)
        return True
