"""Text folding shared by the index and the query side, so both sides meet in one form.

NFKC first (full-width digits and letters, half-width katakana), then lower case, katakana to
hiragana, and the long-vowel mark dropped: 「カウンタ」 and 「カウンター」, 「リフレッシュ」 and
「りふれっしゅ」 all fold to the same string.
"""
from __future__ import annotations

import functools
import unicodedata

# Dash-like characters people type between clause numbers (and the PDF conversion produced).
DASHES = "-‐‑‒–—―−－ｰ─━ー"
_KATA_START, _KATA_END = 0x30A1, 0x30F6
_DROP = {"ー", "〜", "～", "・", "ｰ"}


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "")


def fold_char(ch: str) -> str:
    """Fold one already-NFKC character; returns '' for characters folded away."""
    if ch in _DROP:
        return ""
    o = ord(ch)
    if _KATA_START <= o <= _KATA_END and ch not in "ヵヶ":
        return chr(o - 0x60)
    return ch.lower()


# fold_char as one table for str.translate: the marks dropped, katakana shifted to hiragana.
_FOLD_TABLE = {ord(c): None for c in _DROP}
_FOLD_TABLE.update({o: o - 0x60 for o in range(_KATA_START, _KATA_END + 1) if chr(o) not in "ヵヶ"})


def fold(text: str) -> str:
    """The searchable form of a string: NFKC, lower case, hiragana, no long-vowel marks.

    The same as fold_char over each character, in C: lower() of the whole string differs from lower() of
    each character only for a final sigma, which takes the per-character path."""
    t = nfkc(text)
    if t.isascii():
        return t.lower()
    if "Σ" in t:
        return "".join(fold_char(c) for c in t)
    return t.translate(_FOLD_TABLE).lower()


@functools.lru_cache(maxsize=8192)
def fold_with_map(text: str) -> tuple[str, list[int]]:
    """Fold `text` and return, for each folded character, the index of the original character.

    Used to put highlight marks back on the original text. NFKC is applied per character, which
    is exact for everything in the rulebooks (no combining sequences)."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        for f in nfkc(ch):
            g = fold_char(f)
            for c in g:
                out.append(c)
                where.append(i)
    return "".join(out), where


def is_word_char(ch: str) -> bool:
    """Letters, digits, kana and kanji: the characters that make up tokens."""
    cat = unicodedata.category(ch)
    return cat[0] in ("L", "N") or ch in "々〆ヶ"


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (0x3040 <= o <= 0x30FF) or (0x3400 <= o <= 0x9FFF) or (0xF900 <= o <= 0xFAFF) or ch in "々〆ヶ"


def original_span(text: str, where: list[int], i: int, length: int) -> tuple[int, int]:
    """The span of `text` behind folded[i:i+length] (see fold_with_map), taking in characters folded
    away right after it, so 「ぶろっか」 covers all of 「ブロッカー」."""
    a, end = where[i], where[i + length - 1] + 1
    nxt = where[i + length] if i + length < len(where) else len(text)
    if nxt > end and not text[end:nxt].strip("".join(_DROP)):
        end = nxt
    return a, end
