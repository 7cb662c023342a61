"""What changed between two editions of a rulebook: `/rules/<doc>/changes?from=A&to=B` (HTML, grouped by section,
reworded text highlighted word by word) and its JSON twin `?format=json` → `{doc, from, to, changes: [...]}`.

Without `from`/`to` the page compares the edition before the current one with the current one.
"""
from __future__ import annotations

from flask import Blueprint, request, url_for

from judge_app.application.review import KIND_LABELS
from judge_app.corpus import get_corpus
from judge_app.corpus.diff import UnknownEdition, edition_diff, editions
from judge_app.web.shared.clause_links import edition_clause_url
from judge_app.web.shared.negotiation import error, render

bp = Blueprint("editions", __name__)


def default_pair(doc: str) -> tuple[str, str]:
    """(the edition before the current one, the current one); the current one twice when only one is kept."""
    kept = editions(doc)
    names = [e["version"] for e in kept]
    cur = next(i for i, e in enumerate(kept) if e["current"])
    return names[max(cur - 1, 0)], names[cur]


def changes_json(d) -> dict:
    out = d.to_json()
    for c in out["changes"]:
        c["old_url"] = edition_clause_url(d.doc, c["old"], d.old_version)
        c["new_url"] = edition_clause_url(d.doc, c["new"], d.new_version)
    return out


def groups(d) -> list[dict]:
    """Changes grouped by section (the second level: 7-1, 10-1), in the later edition's order."""
    out: list[dict] = []
    for c in d.changes:
        key = c.section.get("id")
        if not out or out[-1]["key"] != key:
            out.append({"key": key, "section": c.section, "changes": []})
        out[-1]["changes"].append(c)
    return out


@bp.get("/rules/<doc>/changes")
def changes(doc: str):
    corpus = get_corpus()
    if doc not in corpus.docs:
        return error(404, f"文書「{doc}」はありません。有効な文書キー: {', '.join(corpus.docs)}", "doc",
                     code="unknown_doc", valid_docs=list(corpus.docs))
    old, new = default_pair(doc)
    old = request.args.get("from") or old
    new = request.args.get("to") or new
    try:
        d = edition_diff(doc, old, new)
    except UnknownEdition as e:
        return error(400, str(e), e.field, code="unknown_edition", valid_editions=e.valid)
    return render(changes_json(d), "rules/changes.html", doc=corpus.docs[doc], d=d, groups=groups(d),
                  kept=editions(doc), labels=KIND_LABELS,
                  url_old=lambda n: edition_clause_url(doc, n, d.old_version),
                  url_new=lambda n: edition_clause_url(doc, n, d.new_version),
                  json_url=url_for("editions.changes", doc=doc, format="json", **{"from": old, "to": new}))
