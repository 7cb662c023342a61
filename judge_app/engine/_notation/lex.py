"""Reading notation text: what a Japanese IME types folded to ASCII, then atoms (words, quoted strings, bracket
groups) glued into items. Folding maps one character to one character, so every offset is the offset as typed."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from judge_app.engine.trace import NotationError

# Full-width ASCII (！…～), the ideographic space, 、 as a comma, smart quotes (phones insert them), the minus sign.
_FOLD = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}
_FOLD.update({0x3000: " ", 0x3001: ",", 0x201C: '"', 0x201D: '"', 0x2212: "-", 0xFF62: "「", 0xFF63: "」"})
FOLD = str.maketrans(_FOLD)
CLOSE = {"(": ")", "[": "]", "{": "}"}
_SEPARATORS = re.compile(r"[\s,]*")
_WORD = re.compile(r'[^\s()\[\]{}「」",]+')


def fold(text: str) -> str:
    return text.translate(FOLD)


@dataclass
class Atom:
    kind: str                 # "word" | "quoted" | "group"
    raw: str                  # as typed
    pos: int
    text: str = ""            # word: folded; quoted: the string it holds
    bracket: str = ""         # group: "(", "[" or "{"
    items: list["Item"] = field(default_factory=list)


class Item:
    """Atoms written without a space between them: `D20[…]`, `ゾロ(5000)`, `name="a b"`."""

    __slots__ = ("atoms", "raw", "pos", "word")

    def __init__(self, atoms: list[Atom], raw: str, pos: int):
        self.atoms, self.raw, self.pos = atoms, raw, pos
        # the folded word when the item is one bare word
        self.word: str | None = atoms[0].text if len(atoms) == 1 and atoms[0].kind == "word" else None

    def error(self, expected: str) -> NotationError:
        return NotationError(f"「{self.raw}」（{self.pos + 1}文字目）: {expected}", self.raw, self.pos)


def read(text: str) -> list[Item]:
    """The top-level items of a text."""
    items, _ = _items(text, fold(text), 0, None)
    return items


def _items(text: str, folded: str, i: int, closer: str | None) -> tuple[list[Item], int]:
    items: list[Item] = []
    while True:
        i = _SEPARATORS.match(folded, i).end()
        if i == len(folded) or folded[i] == closer:
            return items, i
        if folded[i] in ")]}":
            raise NotationError(f"「{text[i]}」（{i + 1}文字目）: 対応する開き括弧がありません", text[i], i)
        start, atoms = i, []
        while i < len(folded) and not folded[i].isspace() and folded[i] not in ",)]}":
            atom, i = _atom(text, folded, i)
            atoms.append(atom)
        items.append(Item(atoms, text[start:i], start))


def _atom(text: str, folded: str, i: int) -> tuple[Atom, int]:
    c = folded[i]
    if c in CLOSE:
        items, j = _items(text, folded, i + 1, CLOSE[c])
        if j == len(folded):
            raise NotationError(f"「{text[i:]}」（{i + 1}文字目）: 閉じ括弧「{CLOSE[c]}」がありません", text[i:], i)
        return Atom("group", text[i:j + 1], i, bracket=c, items=items), j + 1
    if c == "「":
        depth, j = 1, i + 1
        while j < len(folded) and depth:
            depth += {"「": 1, "」": -1}.get(folded[j], 0)
            j += 1
        if depth:
            raise NotationError(f"「{text[i:]}」（{i + 1}文字目）: 閉じかぎ括弧「」」がありません", text[i:], i)
        return Atom("quoted", text[i:j], i, text=text[i + 1:j - 1]), j
    if c == '"':
        j = i + 1
        while j < len(folded) and folded[j] != '"':
            j += 2 if folded[j] == "\\" else 1
        if j >= len(folded):
            raise NotationError(f"「{text[i:]}」（{i + 1}文字目）: 閉じ引用符「\"」がありません", text[i:], i)
        try:
            value = json.loads('"' + text[i + 1:j] + '"', strict=False)
        except ValueError:
            raise NotationError(f"「{text[i:j + 1]}」（{i + 1}文字目）: 引用符の中の \\ の書き方が正しくありません",
                                text[i:j + 1], i) from None
        return Atom("quoted", text[i:j + 1], i, text=value), j + 1
    if c == "」":
        raise NotationError(f"「」」（{i + 1}文字目）: 対応する「「」がありません", text[i], i)
    j = _WORD.match(folded, i).end()
    return Atom("word", text[i:j], i, text=folded[i:j]), j


# ---- writing -------------------------------------------------------------------------------------------

def is_bare(s: str) -> bool:
    """Whether a string reads back as one word, as it is."""
    return _WORD.fullmatch(fold(s)) is not None


def quote(s: str) -> str:
    """「…」 when its own 「」 nest (they stay as they are inside), else a JSON string."""
    depth = 0
    for c in fold(s):
        depth += {"「": 1, "」": -1}.get(c, 0)
        if depth < 0:
            break
    if depth == 0:
        return f"「{s}」"
    body = json.dumps(s, ensure_ascii=False)[1:-1]
    return '"' + "".join(f"\\u{ord(c):04x}" if c != '"' and fold(c) == '"' else c for c in body) + '"'


def text_of(s: str) -> str:
    return s if is_bare(s) else quote(s)
