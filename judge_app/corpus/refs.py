"""Cross-references: find them in a clause's text, in every form the rulebooks print them.

Forms: 「(2-5.参照)」 「6-5-2.に戻ります」 「5-1-2.で指定された」 「(9.ルール処理参照)」 「「7.カードのバトル」を参照」
(hyphen books); 「9.3に沿って」 「5.5.1 戦闘処理におけるIIとIII」 (los, Roman numerals naming steps);
「1.5.3.eに該当」 「別項「 2 カードの定義」を参照」 「a項及び b項」 「6.2.4.bから6.2.4.fまでの間」 (thv).
Markup and line breaks inside a reference are already repaired by cleanup before this runs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from judge_app.corpus import numbers

_HYPHEN_REF = re.compile(r"(?<![0-9A-Za-z\-])(\d+(?:-\d+)+)(?![\d-])\.?")
_HYPHEN_TOP_REF = re.compile(r"(?<=[(（「『])\s*(\d{1,2})\.(?![\d])")
_DOTTED_REF = re.compile(r"(?<![0-9A-Za-z.])(\d+(?:\.\d+)+)(?![\d])\.?")
_LETTER_REF = re.compile(r"(?<![0-9A-Za-z.])(\d+(?:\.\d+)+(?:\.[a-z])?)(?![0-9A-Za-z])")
_LETTER_TOP_REF = re.compile(r"「\s*(\d{1,2})\s+[^」\d]+」")
_LOCAL_LETTER = re.compile(r"(?<![A-Za-z])([a-z])項")
_ROMAN_TOKEN = re.compile(r"(?<![A-Za-z])(VI|IV|V|III|II|I)(?![A-Za-z])")
_RANGE_BETWEEN = re.compile(r"^\s*(?:から|～|〜|~)\s*$")
_RANGE_AFTER = re.compile(r"^\.?\s*まで")


@dataclass
class Found:
    start: int
    end: int
    raw: str
    number: str          # canonical number in the document's scheme
    range_with_next: bool = False


def find(scheme: str, text: str, own_number: str, steps_of: set[str]) -> list[Found]:
    """References in `text` of the clause numbered `own_number`; `steps_of` = los sections with Roman steps."""
    out: list[Found] = []
    if scheme == numbers.HYPHEN:
        for m in _HYPHEN_REF.finditer(text):
            out.append(Found(m.start(), m.end(), m.group(0), m.group(1)))
        for m in _HYPHEN_TOP_REF.finditer(text):
            out.append(Found(m.start(1), m.end(), text[m.start(1):m.end()], m.group(1)))
    elif scheme == numbers.DOTTED:
        for m in _DOTTED_REF.finditer(text):
            out.append(Found(m.start(), m.end(), m.group(0), m.group(1)))
        out.extend(_roman_refs(text, own_number, steps_of, out))
    else:
        for m in _LETTER_REF.finditer(text):
            out.append(Found(m.start(), m.end(), m.group(0), m.group(1)))
        for m in _LETTER_TOP_REF.finditer(text):
            out.append(Found(m.start(1), m.end(1), m.group(1), m.group(1)))
        # 「a項」 names a lettered item of the procedure the clause belongs to (or heads); 「前項」 the one before it
        own_letter = re.search(r"\.([a-z])$", own_number)
        procedure = numbers.parent_number(scheme, own_number) if own_letter else own_number
        for m in _LOCAL_LETTER.finditer(text):
            out.append(Found(m.start(1), m.end(1), m.group(1), f"{procedure}.{m.group(1)}"))
        if own_letter and own_letter.group(1) > "a":
            for m in re.finditer("前項", text):
                out.append(Found(m.start(), m.end(), m.group(0), f"{procedure}.{chr(ord(own_letter.group(1)) - 1)}"))
    out.sort(key=lambda f: f.start)
    for a, b in zip(out, out[1:]):
        if _RANGE_BETWEEN.match(text[a.end:b.start]) and _RANGE_AFTER.match(text[b.end:]):
            a.range_with_next = True
    return out


def _roman_refs(text: str, own_number: str, steps_of: set[str], found: list[Found]) -> list[Found]:
    """los: a Roman numeral names a step of the procedure the sentence is about."""
    own_section = next((s for s in steps_of if own_number == s or own_number.startswith(s + ".")), None)
    out = []
    for m in _ROMAN_TOKEN.finditer(text):
        sentence_start = max(text.rfind("。", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
        named = [f.number for f in found if sentence_start <= f.start < m.start() and f.number in steps_of]
        section = named[-1] if named else own_section
        if section:
            out.append(Found(m.start(), m.end(), m.group(1), f"{section}.{m.group(1)}"))
    return out
