"""Saved rulings: `/rulings` (list and import; `?review=1` only those a newer edition makes stale), `/r/<slug>`
(the permalink, replayed for anyone who opens it, with a banner when the current edition changed a clause it
cites), `/r/<slug>/replay` (the ruling run again under the current edition, outcome compared),
`/r/<slug>/scenario.yaml` (export as a scenario file), and continuing a ruling as a new session.
"""
from __future__ import annotations

import datetime as dt

import yaml
from flask import Blueprint, Response, redirect, request, url_for

from judge_app.web.shared.services import get_store
from judge_app.web import csrf, views
from judge_app.web import session_core as core
from judge_app.web import ruling_review
from judge_app.web.board import render_board
from judge_app.web.session_core import ApiError
from judge_app.web.views import render, wants_json
from judge_app.web.sessions import clause_href, selected_entry, trace_window

bp = Blueprint("rulings", __name__)
bp.before_request(csrf.check)

IMPORT_MAX = 512 * 1024


def when(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


@bp.get("/rulings")
def index(error: ApiError | None = None, text: str = ""):
    game = request.args.get("game") or None
    if game is not None and game not in core.rulesets() and error is None:
        error = ApiError(400, f"game: 「{game}」というゲームはありません（{', '.join(core.rulesets())}）", "game")
        game = None
    only_review = wants_review()
    items = [dict(i, when=when(i["created"]), game_title=_title(i["game"]))
             for i in listing(game, only_review, limit=200)]
    if error is not None and wants_json():
        return views.error(error.status, error.message, error.field)
    data = {"review": only_review,
            "rulings": [{k: v for k, v in i.items() if k not in ("when", "game_title")} for i in items]}
    return render(data, "rulings/index.html", error.status if error else 200, items=items, error=error, text=text,
                  games=core.rulesets(), only_review=only_review)


def wants_review() -> bool:
    return request.args.get("review") in ("1", "true", "yes")


def listing(game: str | None, only_review: bool, limit: int = 100) -> list[dict]:
    """Ruling summaries with `outdated` ({doc: {made_under, current}}), `needs_review` and `review_clauses`;
    with `only_review`, only the rulings that need review."""
    items = []
    for r in get_store().list_rulings(game, limit=limit):
        item = core.ruling_summary(r)
        stale = ruling_review.outdated(r)
        item["outdated"] = {d: {"made_under": a, "current": b} for d, (a, b) in sorted(stale.items())}
        item["needs_review"] = False
        item["review_clauses"] = []
        if stale:   # only a ruling made under an older edition is replayed to see what it cites
            try:
                rev = ruling_review.review(r, ruling_review.cited_of(r, core.replay_ruling))
                item["needs_review"], item["review_clauses"] = rev["needs_review"], [c["id"] for c in rev["clauses"]]
            except ApiError:
                item["needs_review"] = True   # it no longer replays: a judge must look at it
        if item["needs_review"] or not only_review:
            items.append(item)
    return items


def _title(game: str) -> str:
    r = core.rulesets().get(game)
    return r.title if r else game


@bp.post("/rulings/import")
def import_():
    text = request.form.get("scenario", "")
    upload = request.files.get("file")
    try:
        if upload and upload.filename:
            raw = upload.read(IMPORT_MAX + 1)
            if len(raw) > IMPORT_MAX:
                raise ApiError(413, "file: 大きすぎます", "file")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise ApiError(400, "file: UTF-8 のテキストではありません", "file") from None
        if not text.strip():
            raise ApiError(400, "scenario: シナリオの YAML を貼り付けるか、ファイルを選んでください", "scenario")
        if len(text) > IMPORT_MAX:
            raise ApiError(413, "scenario: 大きすぎます", "scenario")
        r = core.import_ruling(text, request.form.get("title") or None, request.form.get("note") or None)
    except ApiError as e:
        return index(error=e, text=text[:IMPORT_MAX])
    return redirect(url_for("rulings.show", slug=r.slug), 303)


@bp.get("/r/<slug>")
def show(slug: str):
    try:
        r = core.get_ruling(slug)
        g = core.replay_ruling(r)
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    cite = ruling_review.ruling_citations(r)   # the ruling keeps citing its own editions' ids
    entry = cite.entry(selected_entry(g, request.args.get("entry")))
    trace, hidden = trace_window(g, entry, request.args.get("all") == "1")
    trace = [cite.entry(e) for e in trace]
    data = core.ruling_json(r, g)
    return render(
        data, "rulings/show.html", r=r, g=g, when=when(r.created), trace=trace, trace_hidden=hidden,
        review=data["review"], pending=cite.entry(g.pending.to_json() if g.pending else None), entry=entry,
        clause_href=clause_href,
        drawing=render_board(g.ruleset.game, g.state.data, changes=entry["changes"] if entry else None))


@bp.get("/r/<slug>/scenario.yaml")
def export(slug: str):
    try:
        r = core.get_ruling(slug)
        data = core.scenario_of(r)
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=False)
    return Response(text, mimetype="application/yaml",
                    headers={"Content-Disposition": f'attachment; filename="{r.game}-{r.slug}.yaml"'})


@bp.post("/r/<slug>/continue")
def continue_(slug: str):
    """A permalink never changes: continuing it starts a new session from the same four parts."""
    try:
        r = core.get_ruling(slug)
        rec, _ = core.create_session(r.game, r.board, r.seed, r.answers, r.title)
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    return redirect(url_for("sessions.show", sid=rec.id), 303)


@bp.get("/r/<slug>/replay")
def replay(slug: str):
    """The ruling replayed now and read under the current edition: does its outcome change?"""
    try:
        r = core.get_ruling(slug)
        g_made = core.replay_ruling(r)
        g_now = core.replay_ruling(r)   # a fresh run by the engine in force, not the cached game
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    result = ruling_review.replay(r, g_made, g_now)
    data = dict(result, slug=r.slug, title=r.title, url=url_for("rulings.show", slug=r.slug))
    return render(data, "rulings/replay.html", r=r, g=g_now, res=result, clause_href=clause_href)
