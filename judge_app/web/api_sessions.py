"""The session JSON API (DESIGN.md "JSON API"): games, sessions, judge actions, saved rulings.

Bodies are JSON only (Content-Type application/json): a cross-site HTML form cannot send that, which is
this API's CSRF protection. Bad input answers 4xx `{error, field}` and stores nothing.
"""
from __future__ import annotations

import json
import random
from typing import Any

from flask import Blueprint, current_app, jsonify, request, url_for
from werkzeug.exceptions import HTTPException

from judge_app.engine import UNTIL
from judge_app.web import session_core as core
from judge_app.web.rulings import listing, wants_review
from judge_app.web.session_core import ApiError
from judge_app.web.shared.services import migrate_store
from judge_app.web.views import MESSAGES, error

bp = Blueprint("api_sessions", __name__, url_prefix="/api")


def init_app(app) -> None:
    migrate_store(app)


# ---- input -----------------------------------------------------------------------------------
def json_body(required: tuple[str, ...] = (), optional: tuple[str, ...] | None = ()) -> dict:
    """The request's JSON object; `optional=None` lets any other keys through (the ruleset checks them)."""
    if request.mimetype != "application/json":
        raise ApiError(415, "Content-Type: application/json で送ってください", "Content-Type")
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 1024 * 1024
    if request.content_length is not None and request.content_length > limit:
        raise ApiError(413, f"body: 大きすぎます（上限 {limit} バイト）", "body")
    raw = request.get_data(cache=False)
    if len(raw) > limit:
        raise ApiError(413, f"body: 大きすぎます（上限 {limit} バイト）", "body")
    if not raw.strip():
        body: Any = {}
    else:
        try:
            body = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ApiError(400, "body: UTF-8 ではありません", "body") from None
        except (ValueError, RecursionError) as e:
            raise ApiError(400, f"body: JSON として読めません（{str(e)[:80]}）", "body") from None
    if not isinstance(body, dict):
        raise ApiError(400, "body: JSON オブジェクトを送ってください", "body")
    for key in body if optional is not None else ():
        if key not in required and key not in optional:
            raise ApiError(400, f"{key}: 不明な項目です（使える項目: {', '.join(required + optional)}）", str(key)[:60])
    for key in required:
        if key not in body:
            raise ApiError(400, f"{key}: 必須の項目です", key)
    return body


@bp.errorhandler(ApiError)
def _api_error(e: ApiError):
    return error(e.status, e.message, e.field)


@bp.errorhandler(HTTPException)
def _http_error(e: HTTPException):
    return error(e.code, MESSAGES.get(e.code, e.name), "body" if e.code == 413 else None)


# ---- games -----------------------------------------------------------------------------------
def game_summary(ruleset) -> dict:
    return {
        "game": ruleset.game, "doc": ruleset.doc, "title": ruleset.title,
        "board_schema": ruleset.board_schema,
        "schema_url": url_for("api_sessions.game_schema", game=ruleset.game),
        "new_board_url": url_for("api_sessions.new_board", game=ruleset.game),
        "builder_url": url_for("board.builder", game=ruleset.game),
        "rule_options": [o.to_json() for o in ruleset.rule_options],
        "adjustments": [a.to_json() for a in ruleset.adjustments],
    }


@bp.get("/games")
def games():
    return jsonify({"games": [game_summary(r) for r in core.rulesets().values()]})


@bp.get("/games/<game>/schema")
def game_schema(game: str):
    ruleset = core.ruleset_of(game, status=404)
    schema = dict(ruleset.board_schema)
    schema.setdefault("$schema", "https://json-schema.org/draft/2020-12/schema")
    schema.setdefault("title", f"{ruleset.title} 盤面")
    return jsonify(schema)


def fresh_board(ruleset, seed: int) -> dict:
    with core._engine_guard("seed"):
        return ruleset.new_game_board(random.Random(seed))


@bp.get("/games/<game>/new-board")
def new_board(game: str):
    ruleset = core.ruleset_of(game, status=404)
    raw = request.args.get("seed")
    if raw is None:
        seed = core.random_seed()
    else:
        try:
            seed = core.check_seed(int(raw))
        except ValueError:
            raise ApiError(400, "seed: 整数を指定してください", "seed") from None
    return jsonify({"game": ruleset.game, "seed": seed, "board": fresh_board(ruleset, seed)})


# ---- sessions --------------------------------------------------------------------------------
@bp.post("/sessions")
def create():
    body = json_body(optional=("game", "board", "seed", "scenario", "play", "title"))
    if "scenario" in body:
        for key in ("game", "board", "seed"):
            if key in body:
                raise ApiError(400, f"{key}: scenario と一緒には指定できません", key)
        play = body.get("play", True)
        if not isinstance(play, bool):
            raise ApiError(400, "play: true か false を指定してください", "play")
        rec, g = core.create_from_scenario(body["scenario"], run_script=play)
    else:
        for key in ("game", "board"):
            if key not in body:
                raise ApiError(400, f"{key}: 必須の項目です（または scenario を指定）", key)
        if "play" in body:
            raise ApiError(400, "play: scenario と一緒にだけ使えます", "play")
        title = core.check_text(body.get("title"), "title", core.TITLE_MAX, required=False)
        rec, g = core.create_session(body["game"], body["board"], body.get("seed", core.random_seed()), [], title)
    return jsonify(core.session_json(rec, g)), 201, {"Location": url_for("api_sessions.show", sid=rec.id)}


@bp.get("/sessions/<sid>")
def show(sid: str):
    rec, g = core.load_session(sid)
    return jsonify(core.session_json(rec, g))


@bp.post("/sessions/<sid>/step")
def step(sid: str):
    body = json_body(optional=("until",))
    until = body.get("until", "step")
    if until not in UNTIL:
        raise ApiError(400, f"until: {', '.join(UNTIL)} のどれかを指定してください", "until")
    core.get_record(sid)
    return _changed(*core.act(sid, "step", until=until))


@bp.post("/sessions/<sid>/answer")
def answer(sid: str):
    body = json_body(required=("decision", "value"))
    if not isinstance(body["decision"], str):
        raise ApiError(400, "decision: 決定の id（文字列）を指定してください", "decision")
    core.get_record(sid)
    return _changed(*core.act(sid, "answer", decision=body["decision"], value=body["value"]))


@bp.post("/sessions/<sid>/adjust")
def adjust(sid: str):
    body = json_body(required=("op",), optional=None)  # the adjustment's own schema names its fields
    rec = core.get_record(sid)
    ruleset = core.ruleset_of(rec.game, "session", status=409)
    spec = next((a for a in ruleset.adjustments if a.op == body["op"]), None)
    if spec is not None:  # name an unknown parameter itself (the schema error would only say "body")
        for key in body:
            if key != "op" and key not in spec.params:
                raise ApiError(400, f"{key}: 調整「{spec.label}」にない項目です（{', '.join(spec.params) or 'なし'}）", str(key)[:60])
    return _changed(*core.act(sid, "adjust", body=body))


@bp.post("/sessions/<sid>/undo")
def undo(sid: str):
    json_body()
    core.get_record(sid)
    return _changed(*core.act(sid, "undo"))


def _changed(rec, g, trace_from: int):
    return jsonify(core.change_json(rec, g, trace_from))


# ---- rulings ---------------------------------------------------------------------------------
@bp.post("/rulings")
def save_ruling():
    body = json_body(optional=("session", "title", "note", "scenario"))
    if "scenario" in body:
        if "session" in body:
            raise ApiError(400, "session: scenario と一緒には指定できません", "session")
        r = core.import_ruling(body["scenario"], body.get("title"), body.get("note"))
    else:
        if "session" not in body:
            raise ApiError(400, "session: 必須の項目です（または scenario を指定）", "session")
        r = core.save_ruling(body["session"], body.get("title"), body.get("note"))
    return jsonify({"slug": r.slug, "url": url_for("rulings.show", slug=r.slug)}), 201


@bp.get("/rulings")
def list_rulings():
    game = request.args.get("game") or None
    if game is not None:
        core.ruleset_of(game)
    return jsonify({"review": wants_review(), "rulings": listing(game, wants_review())})


@bp.get("/rulings/<slug>")
def show_ruling(slug: str):
    r = core.get_ruling(slug)
    return jsonify(core.ruling_json(r, core.replay_ruling(r)))
