"""Home page: the search box, a board for each game (one tap to its builder) and the five rulebooks. JSON twin: the
documents, with links to the API.

The box opens filtered to the rulebook this browser chose last (web/shared/doc_filter.py); `/?doc=KEY` chooses
one and `/?doc=` goes back to every rulebook (the link beside the box, one tap)."""
from __future__ import annotations

from flask import Blueprint, url_for

from judge_app.application import games
from judge_app.corpus import get_corpus
from judge_app.web.shared import doc_filter
from judge_app.web.shared.negotiation import render, wants_json

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    docs = list(get_corpus().docs.values())
    data = {
        "docs": [d.summary_json() | {"url": url_for("rules.toc", doc=d.key),
                                     "glossary": url_for("search.glossary_page", doc=d.key),
                                     "board": url_for("board.builder", game=d.key)} for d in docs],
        "api": {"docs": url_for("rules.api_docs"), "search": url_for("search.api_search") + "?q=",
                "clause": "/api/clauses/<doc>/<number>", "sessions": "/api/sessions",
                "rulings": url_for("rulings.index") + "?format=json"},
    }
    boards = [(r.game, r.title) for r in games.rulesets().values()]
    chosen = doc_filter.chosen_in_url()
    selected = doc_filter.remembered() if chosen is None else chosen
    resp = render(data, "home.html", docs=docs, boards=boards, selected=selected,
                  clear_url=url_for("home.index", doc=""))
    if not wants_json():
        resp.vary.add("Cookie")
        if chosen is not None:
            doc_filter.remember(resp, chosen)
    return resp
