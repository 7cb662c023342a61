"""Tables of contents: read them, and compare their numbers and titles with the body."""
from __future__ import annotations

import difflib
import re

from judge_app.corpus import numbers
from judge_app.corpus.model import Document, TocEntry

TOC_HEADER = re.compile(r"^目次$")
_TABLE_ROW = re.compile(r"^\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^\|[\s\-:|]*\|\s*$")
_LEADER = re.compile(r"\s*\.{2,}\s*$")
_ENTRY = re.compile(r"^(\d+(?:[-.]\d+)*)\.?\s+(.*)$")


def is_toc_line(raw: str) -> bool:
    s = raw.strip()
    if _TABLE_ROW.match(s):
        return True
    return "\t" in raw.strip("\t\n ") or bool(re.search(r"\.{3,}\s*\d*\s*$", s))


def read_entry(no: int, raw: str, scheme: str) -> TocEntry | None:
    """One TOC line -> entry; None for table rules and empty rows."""
    s = raw.strip()
    if _TABLE_RULE.match(s):
        return None
    m = _TABLE_ROW.match(s)
    if m:
        cells = [c.strip() for c in m.group(1).split("|")]
        entry = cells[0] if cells else ""
    else:
        entry = re.split(r"\t", s, maxsplit=1)[0]
    entry = _LEADER.sub("", entry).strip()
    if not entry:
        return None
    em = _ENTRY.match(entry)
    if em:
        return TocEntry(line=no, number=numbers.canonical(scheme, em.group(1)), title=em.group(2).strip())
    return TocEntry(line=no, number=None, title=entry)


def _fold_title(t: str | None) -> str:
    return re.sub(r"\s+", "", numbers.fold(t or ""))


def title_ratio(a: str | None, b: str | None) -> float:
    fa, fb = _fold_title(a), _fold_title(b)
    if not fa or not fb:
        return 0.0
    return difflib.SequenceMatcher(None, fa, fb).ratio()


def compare(doc: Document) -> list[dict]:
    """TOC entries whose number or title differs from the body, with the body number the title is printed at."""
    out = []
    headings = [c for c in doc.clauses.values() if c.title and c.kind != "step"]
    for e in doc.toc:
        if e.number is None:
            continue
        body = doc.clause_by_number(e.number)
        if body is not None and title_ratio(body.title, e.title) >= 0.8:
            continue
        best, best_r = None, 0.0
        for c in headings:
            r = title_ratio(c.title, e.title)
            if r > best_r:
                best, best_r = c, r
        out.append({
            "toc_line": e.line, "toc_number": e.number, "toc_title": e.title,
            "body_number": best.number if best is not None and best_r >= 0.5 else None,
            "body_title": best.title if best is not None and best_r >= 0.5 else None,
            "body_title_at_toc_number": body.title if body is not None else None,
        })
    return out
