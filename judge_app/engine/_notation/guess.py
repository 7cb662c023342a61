"""Notation that refuses to guess (issue 40): a bare word where a card's name goes is a name only when it could be
nothing else. `L[5000]` is not a leader named 「5000」, `C[3000 ブロッカー]` not two characters named 「3000」 and
「ブロッカー」: the line is refused at that word, and the reading the judge most likely meant is offered as a fix
(the corrected span and what it says, 「パワー5000 のリーダー？」). A name that is a number or reads as an attribute is
written quoted, 「5000」, and then it is a name."""
from __future__ import annotations

import re
import unicodedata

from judge_app.engine._notation.codecs import At, FreeWords, Reading
from judge_app.engine._notation.lex import Item, read as read_items
from judge_app.engine.trace import NotationError

NUMBERISH = re.compile(r"^[+-]?\d+(?:[/.,:][+-]?\d+)*$")   # 5000, +1000, 6/2, 500/300/200


class Ambiguous(NotationError):
    """A bare word read as a card's name that also reads as more: `item` is the card, `name` its name atom."""

    def __init__(self, message: str, item: Item, attribute: bool):
        super().__init__(message, item.atoms[0].raw, item.atoms[0].pos)
        self.item, self.attribute = item, attribute


def as_attribute(word_item: Item, spec, at: At) -> dict | None:
    """The fields a bare word sets inside the card's (), or None. A word the IME wrote half-width (ｷｬﾗ) is read as
    its full-width form too. thv's free keywords (any word) do not count: its board check names an unknown one."""
    candidates = [word_item]
    wide = unicodedata.normalize("NFKC", word_item.word or "")
    if wide and wide != word_item.word:
        try:
            items = read_items(wide)
        except NotationError:
            items = []
        candidates += items[:1] if len(items) == 1 else []
    for item in candidates:
        for codec in spec.codecs:   # key=value too: C[foo=1] is no card named 「foo=1」
            if isinstance(codec, FreeWords) and codec.pattern is None and not (
                    codec.known and item.word and codec.known(item.word)):
                continue
            obj: dict = {}
            try:
                if codec.read(item, obj, at, Reading()):
                    return obj
            except NotationError:
                continue
    return None


def check_name(item: Item, spec, at: At) -> None:
    """Refuse a card's bare name that is a number or reads as one of the card's attributes."""
    atom = item.atoms[0]
    if atom.kind != "word":
        return
    word = Item([atom], atom.raw, atom.pos)
    if as_attribute(word, spec, at) is not None:
        raise Ambiguous(f"「{atom.raw}」（{atom.pos + 1}文字目）: カードの名前としては読みません（（）の中なら属性です。"
                        f"名前なら「{atom.raw}」と かぎ括弧で囲みます）", item, True)
    if NUMBERISH.match(unicodedata.normalize("NFKC", atom.text)):
        raise Ambiguous(f"「{atom.raw}」（{atom.pos + 1}文字目）: 数だけの名前は読みません（名前なら「{atom.raw}」と"
                        f" かぎ括弧で囲みます。数値は（）の中に書きます）", item, False)


def is_attribute_word(item: Item, spec, at: At) -> bool:
    return item.word is not None and as_attribute(item, spec, at) is not None


def fixes(items: list[Item], i: int, spec, at_of, error: Ambiguous) -> list[tuple[int, int, int, str]]:
    """(first card index, start, end, text): spans that may say what was meant, most likely first. A number that is
    no attribute: quoted as a name. A name glued to its (): moved inside (5000(c3) -> (5000 c3)). Attribute words
    around item `i`: given to the card before them (ゾロ 5000 -> ゾロ(5000)), or made one card
    ((3000 ブロッカー)), or each its own card ((3000) (5000))."""
    item = items[i]
    a = item.atoms
    if not error.attribute:
        return [(i, a[0].pos, a[0].pos + len(a[0].raw), f"「{a[0].raw}」{''.join(x.raw for x in a[1:])}")]
    if len(a) > 1:
        rest = a[1].raw[1:-1].strip() if a[1].kind == "group" else ""
        return [(i, item.pos, item.pos + len(item.raw), f"({a[0].raw}{' ' + rest if rest else ''})")]
    j = k = i
    while j > 0 and is_attribute_word(items[j - 1], spec, at_of(j - 1)):
        j -= 1
    while k + 1 < len(items) and is_attribute_word(items[k + 1], spec, at_of(k + 1)):
        k += 1
    run = items[j:k + 1]
    words = " ".join(it.raw for it in run)
    start, end = run[0].pos, run[-1].pos + len(run[-1].raw)
    out = []
    if j > 0:
        prev, pa = items[j - 1], items[j - 1].atoms
        if len(pa) == 1 and pa[0].kind in ("word", "quoted"):
            out.append((j - 1, prev.pos, end, f"{prev.raw}({words})"))
        elif pa[-1].kind == "group" and pa[-1].bracket == "(" and len(pa) <= 2:
            inner = pa[-1].raw[1:-1].strip()
            head = prev.raw[:len(prev.raw) - len(pa[-1].raw)]
            out.append((j - 1, prev.pos, end, f"{head}({inner + ' ' if inner else ''}{words})"))
    out.append((j, start, end, f"({words})"))
    if len(run) > 1:
        out.append((j, start, end, " ".join(f"({it.raw})" for it in run)))
    return out
