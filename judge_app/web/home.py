"""Home page: the search box and the five rulebooks."""
from __future__ import annotations

from flask import Blueprint, render_template

from judge_app.corpus import get_corpus

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html", docs=list(get_corpus().docs.values()))
