"""Clause numbers: the three numbering schemes, typed-number normalisation and sort keys.

A number is stored as printed, half-width, without the trailing dot:
hyphen `7-1-4-1`, dotted `5.5.1` (los, with step suffixes `.II`, `.V.A`, `.s1`), dotted-letter `6.2.4.b` (thv).
"""
from __future__ import annotations

import re
import unicodedata

HYPHEN, DOTTED, DOTTED_LETTER = "hyphen", "dotted", "dotted-letter"
SCHEMES = (HYPHEN, DOTTED, DOTTED_LETTER)

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
ROMAN_VALUE = {r: i + 1 for i, r in enumerate(ROMAN)}

# Everything people type between the parts of a number: hyphens and dashes of every width, dots, spaces.
_SEPARATORS = "-‐‑‒–—―−ーｰ－.．。・･ /／_"
_SEP_RE = re.compile("[" + re.escape(_SEPARATORS) + r"\s]+")
_TOKEN_RE = re.compile(r"\d+|[A-Za-z]+")
_DOC_PREFIX_RE = re.compile(r"^\s*([a-z-]+)\s*:\s*", re.I)


def fold(text: str) -> str:
    """NFKC plus the dashes NFKC leaves alone; used for matching, never for display."""
    text = unicodedata.normalize("NFKC", text)
    return text.translate(str.maketrans({c: "-" for c in "‐‑‒–—―−ーｰ"}))


def tokens(typed: str) -> list[str] | None:
    """Split a typed number into digit and letter tokens; None when something else is in it."""
    text = fold(typed).strip()
    m = _DOC_PREFIX_RE.match(text)
    if m and not m.group(1).isdigit():
        text = text[m.end():]
    text = text.strip().rstrip(_SEPARATORS).strip()
    if not text or len(text) > 60:
        return None
    parts = [p for p in _SEP_RE.split(text) if p]
    out: list[str] = []
    for part in parts:
        toks = _TOKEN_RE.findall(part)
        if "".join(toks) != part:
            return None
        out.extend(toks)
    return out or None


def canonical(scheme: str, typed: str) -> str | None:
    """The number as the document prints it, or None when `typed` cannot be a number of this scheme."""
    toks = tokens(typed)
    if not toks or not toks[0].isdigit():
        return None
    digits: list[str] = []
    i = 0
    while i < len(toks) and toks[i].isdigit():
        digits.append(str(int(toks[i])))
        i += 1
    rest = toks[i:]
    if scheme == HYPHEN:
        return "-".join(digits) if not rest else None
    if scheme == DOTTED_LETTER:
        if not rest:
            return ".".join(digits)
        if len(rest) == 1 and len(rest[0]) == 1 and len(digits) >= 3:
            return ".".join(digits) + "." + rest[0].lower()
        return None
    # los: Roman step, optional letter step, or numbered item `s1`
    if not rest:
        return ".".join(digits)
    if len(rest) == 2 and rest[0].lower() == "s" and rest[1].isdigit():
        return ".".join(digits) + ".s" + str(int(rest[1]))
    if len(rest) == 1 and re.fullmatch(r"s\d+", rest[0], re.I):
        return ".".join(digits) + ".s" + str(int(rest[0][1:]))
    roman = rest[0].upper()
    if roman not in ROMAN_VALUE:
        return None
    if len(rest) == 1:
        return ".".join(digits) + "." + roman
    if len(rest) == 2 and len(rest[1]) == 1 and rest[1].isalpha():
        return ".".join(digits) + "." + roman + "." + rest[1].upper()
    return None


def doc_prefix(typed: str) -> str | None:
    """`opcg` from `opcg:7-1-4`, else None."""
    m = _DOC_PREFIX_RE.match(fold(typed))
    return m.group(1).lower() if m and not m.group(1).isdigit() else None


def parts(number: str) -> list[str]:
    return [p for p in re.split(r"[-.]", number) if p]


def parent_number(scheme: str, number: str) -> str | None:
    sep = "-" if scheme == HYPHEN else "."
    if sep not in number:
        return None
    return number.rsplit(sep, 1)[0]


def sort_key(number: str) -> tuple:
    """Numeric order: 2 < 10, letters after digits, steps in printed order."""
    key = []
    for p in parts(number):
        if p.isdigit():
            key.append((0, int(p), ""))
        elif p in ROMAN_VALUE:
            key.append((1, ROMAN_VALUE[p], ""))
        elif re.fullmatch(r"s\d+", p):
            key.append((1, int(p[1:]), "s"))
        else:
            key.append((2, 0, p))
    return tuple(key)
