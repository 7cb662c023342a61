"""Home page: the search box and the five rulebooks. JSON twin: the documents, with links to the API."""
from __future__ import annotations

from flask import Blueprint, jsonify, render_template, url_for

from judge_app.corpus import get_corpus
from judge_app.web.errors import wants_json

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    docs = list(get_corpus().docs.values())
    if wants_json():
        return jsonify({
            "docs": [d.summary_json() | {"url": url_for("rules.toc", doc=d.key),
                                         "glossary": url_for("search.glossary_page", doc=d.key),
                                         "board": url_for("board.builder", game=d.key)} for d in docs],
            "api": {"docs": url_for("rules.api_docs"), "search": url_for("search.api_search") + "?q=",
                    "clause": "/api/clauses/<doc>/<number>", "sessions": "/api/sessions",
                    "rulings": url_for("rulings.index") + "?format=json"},
        })
    return render_template("home.html", docs=docs)
