"""Search pages and their JSON twins, and the glossary.

HTML                          JSON twin
/search?q=&doc=&limit=        /search?...&format=json: the page's answer (`total`, `more_url`)
                              /api/search?q=&doc=&limit=   (the same results, without the count: what suggestions ask)
/glossary/<doc>               /api/glossary/<doc>          (also /glossary/<doc>?format=json)

The page shows `limit` results (10 by default) and says how many the search found, counting up to the API's 50; its
「さらに表示」 link asks for 10 more (`limit` + 10, the browser jumping to the first new one), up to 50. Each result
carries its rulebook's game name (`doc_name`), shown as a badge. A search URL with `doc` remembers that choice for
the browser's next visit to the home page (web/shared/doc_filter.py).

The index is built (or loaded from INDEX_DIR) by create_app, before gunicorn forks workers.
Any query is answered: empty, overlong (cut, and said so), Whoosh syntax (AND, quotes, *, ~) is
plain text. An unknown doc is a 400 naming the valid keys; a bad limit a 400 naming `limit`.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Blueprint, current_app, jsonify, request, url_for

from judge_app.corpus import get_corpus
from judge_app.search import ANSWER_CACHE, MAX_LIMIT, UnknownDoc
from judge_app.web.shared import doc_filter
from judge_app.web.shared.clause_links import clause_url
from judge_app.web.shared.negotiation import error, render, wants_json
from judge_app.web.shared.services import search_service

bp = Blueprint("search", __name__)


def _doc_error(e: UnknownDoc, status: int = 400):
    """An unknown document: 400 when it was a query parameter (?doc=), 404 when it was the path."""
    return error(status, f"文書「{e.doc}」はありません。有効な文書キー: {', '.join(e.valid)}",
                 field="doc", code="unknown_doc", valid_docs=e.valid)


def _limit():
    raw = request.args.get("limit", "10")
    try:
        n = int(raw)
    except ValueError:
        return None
    return n if 1 <= n <= MAX_LIMIT else None


def _answer(fetch: int | None = None):
    """(answer, limit, None) or (None, None, error response) for the current request's q, doc, limit; `fetch`
    results are asked of the index (default: limit)."""
    limit = _limit()
    if limit is None:
        return None, None, error(400, f"limit は 1 から {MAX_LIMIT} までの整数で指定してください。",
                                 field="limit", code="bad_limit")
    try:
        ans = search_service().search(request.args.get("q", ""), doc=request.args.get("doc") or None,
                                      limit=fetch or limit)
    except UnknownDoc as e:
        return None, None, _doc_error(e)
    names = doc_filter.game_names()
    for r in ans["results"]:
        r["url"] = clause_url(r["id"])
        for inner in ("parent", "answer"):      # the clause it sits in; the sub-clause under it that answers
            if r.get(inner):
                r[inner] = {**r[inner], "url": clause_url(r[inner]["id"])}
        if r.get("group"):                      # siblings on one card: the parent's line, then the children
            g = r["group"]
            r["group"] = {"parent": {**g["parent"], "url": clause_url(g["parent"]["id"])},
                          "children": [{**k, "url": clause_url(k["id"])} for k in g["children"]]}
        r["doc_name"] = names.get(r["doc"], r["doc"])
    return ans, limit, None


# A hit in the search service's answer cache still cost about a millisecond of CPU here: the answer copied, its
# clause URLs built one by one, the game names looked up, the JSON encoded again. The encoded answer is kept too,
# per search service (a changed corpus makes a new service, and with it an empty cache: nothing stale is served) and
# per script root (the URLs in it); the same bound as the service's own cache.
ENCODED = "judge_app.search_json"


class _Encoded:
    def __init__(self, svc):
        self.svc, self.bodies, self.lock = svc, OrderedDict(), threading.Lock()


def _encoded_cache() -> _Encoded:
    svc = search_service()
    cache = current_app.extensions.get(ENCODED)
    if cache is None or cache.svc is not svc:
        cache = current_app.extensions[ENCODED] = _Encoded(svc)
    return cache


@bp.get("/api/search")
def api_search():
    cache = _encoded_cache()
    key = (request.script_root, request.args.get("q", ""), request.args.get("doc") or None, _limit())
    with cache.lock:
        body = cache.bodies.get(key)
        if body is not None:
            cache.bodies.move_to_end(key)
    if body is not None:
        return current_app.response_class(body, mimetype=current_app.json.mimetype)
    ans, _, err = _answer()
    if err is not None:
        return err
    resp = jsonify(ans)
    with cache.lock:
        cache.bodies[key] = resp.get_data()
        while len(cache.bodies) > ANSWER_CACHE:
            cache.bodies.popitem(last=False)
    return resp


MORE = 10       # results added by 「さらに表示」


@bp.get("/search")
def search_page():
    """The results page: the first `limit` of up to MAX_LIMIT results, how many were found, a link to 10 more."""
    ans, limit, err = _answer(fetch=MAX_LIMIT)
    if err is not None:
        return err
    found = ans["results"]
    ans["results"] = found[:limit]
    ans["limit"] = limit
    ans["total"] = len(found)
    ans["total_capped"] = len(found) >= MAX_LIMIT      # the index may hold more than the 50 counted
    ans["more_url"] = None
    if len(found) > limit:
        more = {"q": request.args.get("q", ""), "doc": ans["doc"] or "", "limit": min(limit + MORE, MAX_LIMIT)}
        # the page lands on the first new result; the JSON twin's link stays JSON
        more.update({"format": "json"} if wants_json() else {"_anchor": f"r{limit + 1}"})
        ans["more_url"] = url_for("search.search_page", **more)
    resp = render(ans, "search.html", answer=ans, docs=list(get_corpus().docs.values()),
                  clear_url=url_for("search.search_page", q=request.args.get("q", ""), doc=""))
    chosen = doc_filter.chosen_in_url()
    if chosen is not None and not wants_json():
        doc_filter.remember(resp, chosen)
    return resp


def _glossary(doc: str) -> dict:
    terms = search_service().glossary_for(doc)
    for t in terms:
        t["url"] = clause_url(t["id"])
    return {"doc": doc, "terms": terms}


@bp.get("/api/glossary/<doc>")
def api_glossary(doc):
    try:
        return jsonify(_glossary(doc))
    except UnknownDoc as e:
        return _doc_error(e, 404)


@bp.get("/glossary/<doc>")
def glossary_page(doc):
    try:
        data = _glossary(doc)
    except UnknownDoc as e:
        return _doc_error(e, 404)
    corpus = get_corpus()
    return render(data, "glossary.html", doc=corpus.docs[doc], terms=data["terms"], docs=list(corpus.docs.values()))
