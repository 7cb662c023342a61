"""Search pages and their JSON twins, and the glossary.

HTML                          JSON twin
/search?q=&doc=               /api/search?q=&doc=&limit=   (also /search?...&format=json)
/glossary/<doc>               /api/glossary/<doc>          (also /glossary/<doc>?format=json)

The index is built (or loaded from INDEX_DIR) by create_app, before gunicorn forks workers.
Any query is answered: empty, overlong (cut, and said so), Whoosh syntax (AND, quotes, *, ~) is
plain text. An unknown doc is a 400 naming the valid keys; a bad limit a 400 naming `limit`.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from judge_app.corpus import get_corpus
from judge_app.search import MAX_LIMIT, UnknownDoc
from judge_app.web.shared.clause_links import clause_url
from judge_app.web.shared.negotiation import error, render
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


def _answer():
    """(answer, None) or (None, error response) for the current request's q, doc, limit."""
    limit = _limit()
    if limit is None:
        return None, error(400, f"limit は 1 から {MAX_LIMIT} までの整数で指定してください。",
                           field="limit", code="bad_limit")
    try:
        ans = search_service().search(request.args.get("q", ""), doc=request.args.get("doc") or None, limit=limit)
    except UnknownDoc as e:
        return None, _doc_error(e)
    for r in ans["results"]:
        r["url"] = clause_url(r["id"])
    return ans, None


@bp.get("/api/search")
def api_search():
    ans, err = _answer()
    return err if err is not None else jsonify(ans)


@bp.get("/search")
def search_page():
    ans, err = _answer()
    if err is not None:
        return err
    return render(ans, "search.html", answer=ans, docs=list(get_corpus().docs.values()))


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
