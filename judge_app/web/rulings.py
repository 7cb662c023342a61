"""Saved rulings: their pages and their API, side by side, over `application.rulings`.

Pages (`bp`): `/rulings` (list and import; `?review=1` only those a newer edition makes stale), `/r/<slug>` (the
permalink, replayed for anyone who opens it, with a banner when the current edition changed a clause it cites),
`/r/<slug>/replay` (run again under the current edition, outcome compared), `/r/<slug>/window` (「ここまで」: move
the end of its window), `/r/<slug>/scenario.yaml` (export as a
scenario file), `/r/<slug>/continue` (a new session from it). API (`api`): `POST /api/rulings` (save a session, or
import a scenario), `GET /api/rulings`, `GET /api/rulings/<slug>`, `POST /api/rulings/<slug>/window`.
"""
from __future__ import annotations

import datetime as dt

import yaml
from flask import Blueprint, Response, jsonify, redirect, request, url_for

from judge_app.application import games, rulings
from judge_app.application.citations import ruling_citations
from judge_app.engine import EngineError
from judge_app.web.shared import csrf
from judge_app.web.shared.api_schemas import NEW_RULING, keys
from judge_app.web.shared.board_drawing import render_board
from judge_app.web.shared.clause_links import clause_href, edition_clause_url
from judge_app.web.shared.failures import Failure, RequestError, answer_errors_as_json, error_of, status_of
from judge_app.web.shared.json_body import json_body
from judge_app.web.shared.negotiation import render, wants_json
from judge_app.web.shared.rate_limits import client_address
from judge_app.web.shared.services import get_store
from judge_app.web.shared.trace_view import selected_entry, trace_window

bp = Blueprint("rulings", __name__)
bp.before_request(csrf.check)
api = answer_errors_as_json(Blueprint("rulings_api", __name__, url_prefix="/api"))

IMPORT_MAX = 512 * 1024


# ---- the JSON of a ruling, with its links ----------------------------------------------------------------------------
def with_links(review: dict) -> dict:
    """Each changed clause linked in the edition the ruling was made under and in the current one."""
    for c in review["clauses"]:
        c["old_url"] = edition_clause_url(c["doc"], c["old"], c["from"])
        c["new_url"] = edition_clause_url(c["doc"], c["new"], c["to"]) if c["new_id"] else None
    return review


def ruling_json(ruling: rulings.Ruling) -> dict:
    slug = ruling.record.slug
    out = ruling.to_json()
    with_links(out["review"])
    out.update(links(slug), scenario_url=url_for("rulings.export", slug=slug),
               replay_url=url_for("rulings.replay", slug=slug))
    return out


def links(slug: str) -> dict:
    """A ruling's page (`url`, the permalink) and its JSON (`api_url`)."""
    return {"url": url_for("rulings.show", slug=slug), "api_url": url_for("rulings_api.show_api", slug=slug)}


def listing(game: str | None, only_review: bool, limit: int = 100) -> list[dict]:
    return [dict(item, **links(item["slug"])) for item in rulings.listing(get_store(), game, only_review, limit)]


def wants_review() -> bool:
    return request.args.get("review") in ("1", "true", "yes")


def when(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


# ---- pages ------------------------------------------------------------------------------------------------------------
@bp.get("/rulings")
def index(error: Exception | None = None, text: str = ""):
    game = request.args.get("game") or None
    if game is not None and error is None:
        try:
            games.ruleset_of(game)
        except EngineError as e:
            error, game = e, None
    only_review = wants_review()
    items = [dict(i, when=when(i["created"]), game_title=_title(i["game"]))
             for i in listing(game, only_review, limit=200)]
    if error is not None and wants_json():
        return error_of(error)
    data = {"review": only_review,
            "rulings": [{k: v for k, v in i.items() if k not in ("when", "game_title")} for i in items]}
    return render(data, "rulings/index.html", status_of(error) if error else 200, items=items, error=error,
                  text=text, games=games.rulesets(), only_review=only_review)


def _title(game: str) -> str:
    r = games.rulesets().get(game)
    return r.title if r else game


@bp.post("/rulings/import")
def import_():
    text = request.form.get("scenario", "")
    try:
        uploaded = _uploaded()
        text = text if uploaded is None else uploaded
        if not text.strip():
            raise RequestError(400, "scenario: シナリオの YAML を貼り付けるか、ファイルを選んでください", "scenario")
        if len(text) > IMPORT_MAX:
            raise RequestError(413, "scenario: 大きすぎます", "scenario")
        r = rulings.import_scenario(get_store(), text, request.form.get("title") or None,
                                    request.form.get("note") or None, client=client_address())
    except Failure as e:
        return index(error=e, text=text[:IMPORT_MAX])
    return redirect(url_for("rulings.show", slug=r.slug), 303)


def _uploaded() -> str | None:
    upload = request.files.get("file")
    if not (upload and upload.filename):
        return None
    raw = upload.read(IMPORT_MAX + 1)
    if len(raw) > IMPORT_MAX:
        raise RequestError(413, "file: 大きすぎます", "file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RequestError(400, "file: UTF-8 のテキストではありません", "file") from None


@bp.get("/r/<slug>")
def show(slug: str):
    try:
        ruling = rulings.load(get_store(), slug)
    except Failure as e:
        return error_of(e)
    r, g = ruling.record, ruling.game
    cite = ruling_citations(r)   # the ruling keeps citing its own editions' ids
    entry = cite.entry(selected_entry(g, request.args.get("entry")))
    trace, hidden = trace_window(g, entry, request.args.get("all") == "1")
    data = ruling_json(ruling)
    return render(
        data, "rulings/show.html", r=r, g=g, when=when(r.created), trace=[cite.entry(e) for e in trace],
        v=data["verdict"], window_form=url_for("rulings.window", slug=r.slug),
        window_end=data["verdict"]["window"]["end"], trace_hidden=hidden, review=data["review"], pending=cite.entry(g.pending.to_json() if g.pending else None),
        entry=entry, clause_href=clause_href,
        drawing=render_board(g.ruleset.game, g.state.data, changes=entry["changes"] if entry else None))


@bp.post("/r/<slug>/window")
def window(slug: str):
    """「ここまで」: the end of the ruling's window moved to a trace entry (empty: back to the default)."""
    try:
        rulings.set_window(get_store(), slug, request.form.get("window_end") or None)
    except Failure as e:
        return error_of(e)
    return redirect(url_for("rulings.show", slug=slug) + "#verdict", 303)


@bp.get("/r/<slug>/scenario.yaml")
def export(slug: str):
    try:
        r, data = rulings.as_scenario(get_store(), slug)
    except Failure as e:
        return error_of(e)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=False)
    return Response(text, mimetype="application/yaml",
                    headers={"Content-Disposition": f'attachment; filename="{r.game}-{r.slug}.yaml"'})


@bp.post("/r/<slug>/continue")
def continue_(slug: str):
    """A permalink never changes: continuing it starts a new session from the same four parts."""
    try:
        s = rulings.continue_as_session(get_store(), slug)
    except Failure as e:
        return error_of(e)
    return redirect(url_for("sessions.show", sid=s.record.id), 303)


@bp.get("/r/<slug>/replay")
def replay(slug: str):
    """The ruling replayed now and read under the current edition: does its outcome change?"""
    try:
        now, result = rulings.under_current_edition(get_store(), slug)
    except Failure as e:
        return error_of(e)
    r = now.record
    with_links(result["review"])
    data = dict(result, slug=r.slug, title=r.title, url=url_for("rulings.show", slug=r.slug))
    return render(data, "rulings/replay.html", r=r, g=now.game, res=result, clause_href=clause_href)


# ---- the API ----------------------------------------------------------------------------------------------------------
@api.post("/rulings")
def save_api():
    body = json_body(*keys(NEW_RULING))
    if "scenario" in body:
        if "session" in body:
            raise RequestError(400, "session: scenario と一緒には指定できません", "session")
        r = rulings.import_scenario(get_store(), body["scenario"], body.get("title"), body.get("note"),
                                    client=client_address())
    else:
        if "session" not in body:
            raise RequestError(400, "session: 必須の項目です（または scenario を指定）", "session")
        r = rulings.save(get_store(), body["session"], body.get("title"), body.get("note"), body.get("question"),
                         body.get("window_end"), client=client_address())
    made = {"slug": r.slug, **links(r.slug)}
    return jsonify(made), 201, {"Location": made["api_url"]}


@api.get("/rulings")
def list_api():
    game = request.args.get("game") or None
    if game is not None:
        games.ruleset_of(game)
    return jsonify({"review": wants_review(), "rulings": listing(game, wants_review())})


@api.post("/rulings/<slug>/window")
def window_api(slug: str):
    """`{window_end}`: a trace entry's seq, or null for the default window; answers the ruling with its verdict."""
    body = json_body(required=("window_end",))
    return jsonify(ruling_json(rulings.set_window(get_store(), slug, body["window_end"])))


@api.get("/rulings/<slug>")
def show_api(slug: str):
    return jsonify(ruling_json(rulings.load(get_store(), slug)))
