"""Clause numbers written in a trace message must be cited by the entry, in `rule` or `cites`.

A judge reads the message aloud and taps the links: a number that appears only in the prose has no link, no
hover text and no test behind it. `prose_only(entry)` names every such number.
"""
from __future__ import annotations

import re

from judge_app.engine.trace import TraceEntry

DOC_KEYS = ("kaiun-multi", "kaiun", "opcg", "los", "thv")

# A clause number as the rulesets write one in prose: `7-1-2-2`, `1.12.9.b`, `5.5.1`, optionally `doc:`-prefixed.
# Not preceded by a letter, digit or hyphen, so card ids such as `OP-p1-006` and `p1-26` are not read as numbers;
# not followed by `=`, so arithmetic such as 運値 `3-5=0` is not either.
_NUMBER = re.compile(
    r"(?<![\w\-.:])(?:(?P<doc>" + "|".join(re.escape(k) for k in DOC_KEYS) + r"):)?"
    r"(?P<number>\d+(?:[-.]\d+)+(?:\.[a-z])?)(?![\w\-=])"
)
_BARE_DOC = re.compile(r"(?<![\w\-])(?P<doc>" + "|".join(re.escape(k) for k in DOC_KEYS) + r"):(?P<number>\d[\w.\-]*)")


def numbers_in(message: str) -> list[tuple[str | None, str]]:
    """Every clause number written in `message`, as (doc or None, number)."""
    found = [(m.group("doc"), m.group("number")) for m in _NUMBER.finditer(message)]
    for m in _BARE_DOC.finditer(message):
        pair = (m.group("doc"), m.group("number").rstrip("-."))
        if pair not in found:
            found.append(pair)
    return found


def prose_only(entry: TraceEntry | dict) -> list[str]:
    """Clause numbers named in the message but neither the entry's `rule` nor one of its `cites`."""
    if isinstance(entry, dict):
        message, clauses = entry["message"], [entry["rule"], *entry.get("cites", ())]
    else:
        message, clauses = entry.message, list(entry.clauses)
    numbers = {c.partition(":")[2] for c in clauses}
    missing = []
    for doc, number in numbers_in(message):
        if doc is not None:
            if f"{doc}:{number}" not in clauses:
                missing.append(f"{doc}:{number}")
        elif number not in numbers:
            missing.append(number)
    return missing
