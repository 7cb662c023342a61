"""Where a clause lives on the site: its page, in the current edition or a named one."""
from __future__ import annotations

from urllib.parse import urlencode

from flask import url_for

from judge_app.corpus import get_corpus


def clause_url(clause_id: str, **args) -> str:
    doc, _, number = clause_id.partition(":")
    return url_for("rules.clause", doc=doc, number=number, **args)


def clause_href(rule: str, edition: str | None = None) -> str:
    """The clause page of a cited id; `edition` names the edition it is an id of, when not the current one."""
    doc, _, number = (rule or "").partition(":")
    if not number:
        return "#"
    return f"/rules/{doc}/{number}" + (f"?{urlencode({'edition': edition})}" if edition else "")


def edition_clause_url(doc: str, number: str | None, version: str) -> str | None:
    """Clause `number` as edition `version` printed it (no `edition` argument for the current edition)."""
    if number is None:
        return None
    cur = get_corpus().docs[doc].edition
    return clause_url(f"{doc}:{number}", **({} if version == cur else {"edition": version}))
