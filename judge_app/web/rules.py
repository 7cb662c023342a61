"""Rules reference pages: documents, tables of contents, clauses; each with a JSON twin.

HTML                          JSON twin
/rules/                       /rules/?format=json  = GET /api/docs
/rules/<doc>                  /rules/<doc>?format=json
/rules/<doc>/<number>         /rules/<doc>/<number>?format=json = GET /api/clauses/<doc>/<number>
A number in any typed form (７－１－４．, 7.1.4, 6-2-4-b) is redirected (301) to the printed form.
`?edition=V` on a clause page or a table of contents shows edition V of the rulebook (default: the current one);
a clause page lists the clause in every edition kept.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, redirect, request, url_for

from judge_app.application.review import KIND_LABELS
from judge_app.corpus import Clause, Corpus, Document, get_corpus, load_edition
from judge_app.corpus.diff import edition_diff, lineage
from judge_app.corpus.diff import editions as kept_editions
from judge_app.web.shared.clause_html import render_clause_text
from judge_app.web.shared.clause_links import clause_url, edition_clause_url
from judge_app.web.shared.negotiation import error, render

bp = Blueprint("rules", __name__)


# ---- helpers -------------------------------------------------------------------------------------------
def _expand() -> bool:
    return request.args.get("expand") in ("1", "true", "yes")


def _error(status: int, code: str, message: str, *, field: str | None = None, doc: Document | None = None,
           suggestions: list[str] | None = None):
    sugg = []
    for n in suggestions or []:
        c = doc.clause_by_number(n) if doc else None
        if c is not None:
            sugg.append({"number": c.number, "id": c.id, "label": c.label, "url": clause_url(c.id)})
    return error(status, message, field, code=code, suggestions=sugg, valid_docs=list(get_corpus().docs))


def _doc_or_error(key: str):
    corpus = get_corpus()
    doc = corpus.docs.get(key)
    if doc is None:
        return None, _error(404, "unknown_doc",
                            f"文書「{key}」はありません。有効な文書キー: {', '.join(corpus.docs)}", field="doc")
    return doc, None


def _unknown_edition(d: Document, version: str):
    valid = [e["version"] for e in kept_editions(d.key)]
    return error(404, f"{d.title}に版「{version}」はありません（保存されている版: {'、'.join(valid)}）", "edition",
                 code="unknown_edition", valid_editions=valid)


def breadcrumb(clause: Clause, corpus: Corpus | None = None) -> list[Clause]:
    return (corpus or get_corpus()).ancestors(clause)


def neighbours(clause: Clause, corpus: Corpus | None = None) -> tuple[Clause | None, Clause | None]:
    doc = (corpus or get_corpus()).docs[clause.doc]
    ids = list(doc.clauses)
    i = ids.index(clause.id)
    prev = doc.clauses[ids[i - 1]] if i > 0 else None
    nxt = doc.clauses[ids[i + 1]] if i + 1 < len(ids) else None
    return prev, nxt


def clause_json(clause: Clause, corpus: Corpus | None = None, ed: dict | None = None) -> dict:
    corpus = corpus or get_corpus()
    doc = corpus.docs[clause.doc]
    prev, nxt = neighbours(clause, corpus)
    out = clause.to_json()
    version = ed["version"] if ed else doc.edition
    out["url"] = clause_url(clause.id, **({"edition": version} if ed and not ed["viewing_current"] else {}))
    out["document"] = doc.summary_json()
    out["breadcrumb"] = [{"id": a.id, "number": a.number, "title": a.title} for a in breadcrumb(clause, corpus)]
    out["prev"] = prev.id if prev else None
    out["next"] = nxt.id if nxt else None
    out["edition"] = {"version": version, "current": not ed or ed["viewing_current"]}
    out["editions"] = ed["json"] if ed else []
    return out


def toc_tree(doc: Document, ids: list[str], everything: bool, url=clause_url) -> list[dict]:
    """Headings nested as printed; with `everything`, every clause and step too."""
    out = []
    for cid in ids:
        c = doc.clauses[cid]
        children = toc_tree(doc, c.children, everything, url)
        # a clause with headings under it (opcg 7-1 above 7-1-1 アタック・ステップ) stays, to hold them
        if not everything and c.kind != "heading" and not children:
            continue
        out.append({"id": c.id, "number": c.number, "title": c.title, "kind": c.kind,
                    "inherits_from": c.inherits_from, "url": url(c.id), "children": children})
    return out


def edition_context(doc: Document, clause: Clause, version: str | None) -> dict | None:
    """The clause through the editions kept (when there are two or more): where it stood in each, how it changed,
    and which printed history entry announced the change."""
    kept = kept_editions(doc.key)
    if len(kept) < 2 or version is None:
        return None
    names = [e["version"] for e in kept]
    steps = lineage(doc.key, clause.number, version)
    announced: dict[tuple, str] = {}
    for i, step in enumerate(steps):
        step["url"] = edition_clause_url(doc.key, step["number"], step["version"])
        step["viewing"] = step["version"] == version
        step["change"] = None
        if i and step["kind"]:
            d = edition_diff(doc.key, names[i - 1], names[i])
            ch = d.change_for_new(step["number"]) if step["number"] else d.change_for_old(steps[i - 1]["number"])
            step["change"] = ch
            step["changes_url"] = url_for("editions.changes", doc=doc.key, **{"from": names[i - 1], "to": names[i]}) \
                + f"#c-{ch.old_number or ''}-{ch.new_number or ''}"
            for h in ch.history:
                announced[(h["date"], h["text"])] = step["changes_url"]
    current = next(s for s in steps if s["current"])
    return {
        "version": version, "current_version": current["version"], "viewing_current": version == current["version"],
        "lineage": steps, "now": current, "labels": KIND_LABELS,
        "changed_in": [s for s in steps if s["kind"]],
        "announced": announced,   # printed history entry (date, text) -> the change it describes
        "json": [{"version": s["version"], "date": s["date"], "current": s["current"], "number": s["number"],
                  "kind": s["kind"], "url": s["url"],
                  "change": s["change"].to_json() if s["change"] else None} for s in steps],
    }


# ---- pages -----------------------------------------------------------------------------------------------
@bp.get("/api/docs")
def api_docs():
    return jsonify({"docs": [d.summary_json() for d in get_corpus().docs.values()]})


@bp.get("/rules/")
def index():
    docs = list(get_corpus().docs.values())
    return render({"docs": [d.summary_json() for d in docs]}, "rules/index.html", docs=docs)


# What a rules page reads from its query; a redirect carries these on and drops every other parameter (issue 27:
# `?doc=x` or `?number=1` collided with url_for's own arguments, a 500; `?_external=1` made the Location absolute,
# from the Host header). The Location stays relative.
KEPT_ARGS = ("edition", "expand", "format")


def _kept_args() -> dict[str, str]:
    return {k: request.args[k] for k in KEPT_ARGS if k in request.args}


@bp.get("/rules")
def index_noslash():
    return redirect(url_for("rules.index", **_kept_args()), 301)


@bp.get("/rules/<doc>/")
def toc_slash(doc: str):
    return redirect(url_for("rules.toc", doc=doc, **_kept_args()), 301)


@bp.get("/rules/<doc>")
def toc(doc: str):
    if doc not in get_corpus().docs and doc.lower() in get_corpus().docs:
        return redirect(url_for("rules.toc", doc=doc.lower(), **_kept_args()), 301)
    d, err = _doc_or_error(doc)
    if err:
        return err
    url = clause_url
    version = request.args.get("edition")
    if version and version != d.edition:   # the table of contents of an earlier edition
        corpus = load_edition(d.key, version)
        if corpus is None:
            return _unknown_edition(d, version)
        d = corpus.docs[d.key]

        def url(cid: str, **args) -> str:
            return clause_url(cid, **dict(args, edition=version))
    else:
        version = None
    everything = _expand()
    tree = toc_tree(d, d.roots, everything, url)
    data = {"document": d.summary_json(), "edition": d.edition, "expand": everything, "toc": tree,
            "history_notes": d.history_notes}
    return render(data, "rules/toc.html", doc=d, tree=tree, expand=everything, clause_url_for=url, edition=version)


def _lookup(doc: str, number: str, api: bool):
    """(clause, None) or (None, response): canonical redirects, base-document hand-off, 4xx with suggestions."""
    corpus = get_corpus()
    if doc not in corpus.docs and doc.lower() in corpus.docs and not api:
        return None, redirect(url_for("rules.clause", doc=doc.lower(), number=number, **_kept_args()), 301)
    d, err = _doc_or_error(doc)
    if err:
        return None, err
    exact = d.clauses.get(f"{d.key}:{number}")
    if exact is not None:
        return exact, None
    canonical = d.canonical(number)
    if canonical is None:
        return None, _error(400, "malformed_number",
                            f"「{number}」は{d.title}の条文番号として読めません（例: {_example(d)}）", field="number", doc=d, suggestions=d.closest(number))
    c = d.clause_by_number(canonical)
    if c is None:
        inherited = corpus.resolve(d.key, canonical)
        if inherited is not None and not api:
            return None, redirect(clause_url(inherited.id, **_kept_args()), 302)
        if inherited is not None:
            return inherited, None
        return None, _error(404, "unknown_clause", f"{d.title}に {canonical} はありません", field="number", doc=d, suggestions=d.closest(canonical))
    if not api and canonical != number:
        return None, redirect(clause_url(c.id, **_kept_args()), 301)
    return c, None


def _example(d: Document) -> str:
    return {"hyphen": "7-1-4", "dotted": "5.5.1", "dotted-letter": "6.2.4.b"}.get(d.numbering, "1")


def _edition_lookup(doc: str, number: str, version: str, api: bool):
    """((corpus of edition `version`, clause), None) or (None, response): the clause as that edition printed it."""
    d, err = _doc_or_error(doc)
    if err:
        return None, err
    corpus = load_edition(d.key, version)
    if corpus is None:
        return None, _unknown_edition(d, version)
    ed_doc = corpus.docs[d.key]
    c = ed_doc.clauses.get(f"{d.key}:{number}") or ed_doc.find(number)
    if c is None:
        return None, _error(404, "unknown_clause", f"{d.title} {version} に {number} はありません",
                            field="number", doc=ed_doc, suggestions=ed_doc.closest(number))
    if not api and c.number != number:
        return None, redirect(clause_url(c.id, **_kept_args()), 301)
    return (corpus, c), None


def _found(doc: str, number: str, api: bool):
    """((corpus, clause, edition context), None) or (None, response), for the current edition or `?edition=`."""
    version = request.args.get("edition")
    current = get_corpus().docs.get(doc)
    if version and not (current is not None and version == current.edition):
        hit, resp = _edition_lookup(doc, number, version, api)
        if resp is not None:
            return None, resp
        corpus, c = hit
    else:
        c, resp = _lookup(doc, number, api=api)
        if resp is not None:
            return None, resp
        corpus, version = get_corpus(), get_corpus().docs[c.doc].edition
    return (corpus, c, edition_context(corpus.docs[c.doc], c, version)), None


@bp.get("/api/clauses/<doc>/<path:number>")
def api_clause(doc: str, number: str):
    hit, resp = _found(doc, number, api=True)
    if resp is not None:
        return resp
    corpus, c, ed = hit
    return jsonify(clause_json(c, corpus, ed))


@bp.get("/rules/<doc>/<path:number>")
def clause(doc: str, number: str):
    hit, resp = _found(doc, number, api=False)
    if resp is not None:
        return resp
    corpus, c, ed = hit
    d = corpus.docs[c.doc]
    prev, nxt = neighbours(c, corpus)
    url = clause_url
    text = render_clause_text
    if ed and not ed["viewing_current"]:
        def url(cid: str, **args) -> str:   # links stay in the edition shown, within its document
            return clause_url(cid, **(dict(args, edition=ed["version"]) if cid.startswith(d.key + ":") else args))

        def text(clause: Clause):
            return render_clause_text(clause, corpus=corpus, url=url)
    return render(
        clause_json(c, corpus, ed), "rules/clause.html", doc=d, clause=c, crumbs=breadcrumb(c, corpus), prev=prev,
        next=nxt, expand=_expand(), corpus=corpus, render_text=text, clause_url=url, ed=ed,
        base_clause=corpus.clause(c.inherits_from) if c.inherits_from else None,
    )

