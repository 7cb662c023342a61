"""Where a clause lives on the site: its page, in the current edition or a named one."""
from __future__ import annotations

from urllib.parse import urlencode

from flask import current_app, has_request_context, request, url_for

from judge_app.corpus import get_corpus


# A clause's page URL depends only on the app's URL map and the request's script root: kept per app (a search
# answer names 10 to 100 clauses, and url_for cost ~10 µs each, issue 39). Bounded: emptied when full.
URLS = "judge_app.clause_urls"
URLS_KEPT = 50_000


def clause_url(clause_id: str, **args) -> str:
    doc, _, number = clause_id.partition(":")
    if args:
        return url_for("rules.clause", doc=doc, number=number, **args)
    urls: dict = current_app.extensions.setdefault(URLS, {})
    key = (request.script_root if has_request_context() else None, clause_id)
    url = urls.get(key)
    if url is None:
        if len(urls) >= URLS_KEPT:
            urls.clear()
        url = urls[key] = url_for("rules.clause", doc=doc, number=number)
    return url


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
