"""Clause numbers as people type them: 「７－１－４」, 「7.1.4」 for a hyphen document, 「6-2-4-b」,
「7-1-4.」, 「7 1 4」, 「opcg 7-1-4」, 「opcg:7-1-4」, 「5.5.1.V.A」 (los steps).

A number is parsed into its components (["7", "1", "4"]) and rebuilt in each document's own
numbering (hyphen: 7-1-4; dotted: 7.1.4; thv letters lower case; los Roman steps upper case), so
one typed form finds the clause in every document that has it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from judge_app.search.normalize import DASHES, nfkc

DOC_ALIASES = {
    "kaiun-multi": ["kaiun-multi", "kaiunmulti", "kaiun_multi", "多人数制", "多人数", "開運多人数", "multi", "マルチ"],
    "kaiun": ["kaiun", "開運コロシアム", "開運コロシウム", "開運", "コロシアム", "コロシウム"],
    "los": ["los", "legend of stars", "legendofstars", "レジェンドオブスターズ", "レジェスタ"],
    "thv": ["thv", "東方vision", "東方ヴィジョン", "東方", "phantom magic vision", "pmv", "touhou"],
    "opcg": ["opcg", "onepiece", "one piece", "ワンピースカード", "ワンピース", "ワンピ", "op"],
}
_ALIASES = sorted(((a.lower(), k) for k, v in DOC_ALIASES.items() for a in v), key=lambda x: -len(x[0]))

_SEP = r"[\-\.\s/_・,、]"
_COMP = r"(?:\d{1,3}|[a-z]|[ivx]{1,4}|s\d{1,2})"
# A whole query that is a number: digits first, then components; a trailing dot; 第…条 tolerated.
_WHOLE = re.compile(rf"^第?\s*(\d{{1,2}}(?:\s*{_SEP}+\s*{_COMP})*)\s*(?:条|項)?\s*[.。]?$", re.I)
# A number inside a longer query needs at least one separator, so a lone 「3枚」 is not a clause.
_INSIDE = re.compile(rf"(?<![\w.\-])(\d{{1,2}}(?:[\-.]{_COMP}){{1,6}})\.?(?![\w\-])", re.I)
_ROMAN = {"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"}


@dataclass(frozen=True)
class NumberQuery:
    components: tuple[str, ...]
    doc: str | None          # a doc prefix typed in the query, if any
    whole: bool              # the query is nothing but the number (and prefix)


_DASH_BETWEEN = re.compile(rf"(?<=[0-9a-z])\s*[{re.escape(DASHES)}]\s*(?=[0-9a-z])")


def _normalise(text: str) -> str:
    """NFKC, lower case, and any dash between two number components made "-" (「ワンピース」 keeps its 「ー」)."""
    return _DASH_BETWEEN.sub("-", nfkc(text).strip().lower())


def split_doc_prefix(query: str) -> tuple[str | None, str]:
    """('opcg', '7-1-4') for 「opcg 7-1-4」 / 「opcg:7-1-4」; (None, query) without a prefix."""
    q = _normalise(query)
    for alias, key in _ALIASES:
        if q.startswith(alias):
            rest = q[len(alias):]
            if rest[:1] in (":", " ", "　") or (rest[:1].isdigit() and not alias[-1:].isdigit()):
                return key, rest.lstrip(": 　")
    return None, q


def _components(number: str) -> tuple[str, ...]:
    return tuple(c for c in re.split(rf"{_SEP}+", number.strip(" .")) if c)


def parse(query: str) -> list[NumberQuery]:
    """Every clause number in `query`; a whole-query number comes alone with whole=True."""
    doc, rest = split_doc_prefix(query)
    m = _WHOLE.match(rest)
    if m:
        return [NumberQuery(_components(m.group(1)), doc, True)]
    return [NumberQuery(_components(m.group(1)), doc, False) for m in _INSIDE.finditer(rest)]


def render(components: tuple[str, ...], numbering: str) -> list[str]:
    """The number as `numbering` prints it (several when a letter could be a step or a thv item)."""
    if not components or not components[0].isdigit():
        return []
    sep = "-" if numbering == "hyphen" else "."
    variants: list[list[str]] = [[]]
    for c in components:
        opts = []
        if c.isdigit():
            opts.append(str(int(c)))
        elif c.startswith("s") and c[1:].isdigit():
            opts.append(c)
        else:
            if len(c) == 1:
                opts.append(c.lower())           # thv 6.2.4.b, los step A-C is upper
                opts.append(c.upper())
            if c in _ROMAN:
                opts.append(c.upper())           # los 5.5.1.II
        variants = [v + [o] for v in variants for o in dict.fromkeys(opts)]
    return list(dict.fromkeys(sep.join(v) for v in variants))


def looks_like_number(query: str) -> bool:
    return bool(parse(query)) and parse(query)[0].whole
