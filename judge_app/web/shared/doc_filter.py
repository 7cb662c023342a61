"""The rulebook filter of the search box, remembered per browser, and each rulebook's game name (issue 25).

A judge at a kaiun table searches kaiun: the document last chosen in the search box (on the home page, or
submitted with a search) is kept in the cookie `judge_doc` for a year, and the home page's box opens with it
selected, so its suggestions and its searches are filtered from the first letter. `static/search.js` writes the same
cookie as soon as the select changes. A URL states its own filter: `/search?q=…` without `doc` searches every
rulebook whatever the cookie says, so a shared link answers the same for everyone; a search URL with `doc` (the
form always sends it, empty for すべての文書) also sets or clears the memory.

Game names: the badge each search hit wears is its rulebook's title without 「総合ルール…」 and the bracketed
English (「東方VISION (Phantom Magic Vision) 総合ルール」 → 「東方VISION」), so kaiun and kaiun-multi read apart
(「開運コロシアム」, 「開運コロシウム 多人数制」).
"""
from __future__ import annotations

import re

from flask import Response, current_app, request

from judge_app.corpus import get_corpus

COOKIE = "judge_doc"
MAX_AGE = 365 * 24 * 3600
_SUFFIX = re.compile(r"\s*総合ルール.*$")
_BRACKETED = re.compile(r"\s*[（(][^）)]*[）)]")


def game_name(doc: str) -> str:
    d = get_corpus().docs.get(doc)
    if d is None:
        return doc
    return _SUFFIX.sub("", _BRACKETED.sub("", d.title)).strip() or d.title


def game_names() -> dict[str, str]:
    return {key: game_name(key) for key in get_corpus().docs}


def remembered() -> str:
    """The document this browser chose last, or '' (every document); a stale or forged value reads as ''."""
    value = request.cookies.get(COOKIE, "")
    return value if value in get_corpus().docs else ""


def chosen_in_url() -> str | None:
    """The document the URL's `doc` names ('' for every document), or None when the URL names none or an unknown one."""
    if "doc" not in request.args:
        return None
    value = request.args.get("doc", "")
    return value if value == "" or value in get_corpus().docs else None


def remember(resp: Response, doc: str) -> Response:
    """Keep `doc` as this browser's choice ('' forgets it)."""
    secure = bool(current_app.config.get("SESSION_COOKIE_SECURE"))
    if doc:
        resp.set_cookie(COOKIE, doc, max_age=MAX_AGE, path="/", samesite="Lax", secure=secure)
    elif COOKIE in request.cookies:
        resp.delete_cookie(COOKIE, path="/", samesite="Lax", secure=secure)
    return resp
