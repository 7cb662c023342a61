"""Sessions: the session page and the session API, side by side, over `application.sessions`.

The page (`bp`), `/sessions/<id>`: the board now, the pending decision, step controls, judge adjustments, the trace
beside the board, 「この裁定を保存」. Its controls are plain forms (POST, then 303 back to `#live`; an error redraws
the page with its status) that static/session.js enhances. The API (`api`), `/api/sessions…`: the same actions as
JSON (DESIGN.md "JSON API"); each answers with what changed (`Change.to_json`).

What happens when a judge taps a control, 次の決定まで for one: `step_form` (or `step_api`) reads `until` and calls
`application.sessions.step`, which replays, steps and stores.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from flask import Blueprint, jsonify, redirect, request, url_for

from judge_app.application import rulings, sessions
from judge_app.application.citations import Citations
from judge_app.application.game_json import players_of
from judge_app.application.inputs import TITLE_MAX, check_text, random_seed
from judge_app.web.shared import csrf
from judge_app.web.shared.board_drawing import render_board
from judge_app.web.shared.clause_links import clause_href
from judge_app.web.shared.failures import Failure, RequestError, answer_errors_as_json, error_of, status_of
from judge_app.web.shared.json_body import json_body
from judge_app.web.shared.negotiation import render, wants_json
from judge_app.web.shared.services import get_store
from judge_app.web.shared.trace_view import selected_entry, trace_window

bp = Blueprint("sessions", __name__)
bp.before_request(csrf.check)
api = answer_errors_as_json(Blueprint("sessions_api", __name__, url_prefix="/api"))

UNTIL_LABELS = {"step": "1 ステップ", "decision": "次の決定まで", "phase": "フェイズの終わりまで",
                "turn": "ターンの終わりまで", "end": "ゲームの終わりまで"}


def session_json(s: sessions.Session) -> dict:
    return dict(s.to_json(), url=url_for("sessions.show", sid=s.record.id))


# ---- the page ------------------------------------------------------------------------------------------------------
def page(sid: str, error: Exception | None = None):
    try:
        s = sessions.load(get_store(), sid)
    except Failure as e:
        return error_of(e)
    if error is not None and wants_json():
        return error_of(error)
    g = s.game
    cite = Citations(g.ruleset)   # the engine's ids shown in the current edition
    entry = cite.entry(selected_entry(g, request.args.get("entry")))
    trace, hidden = trace_window(g, entry, request.args.get("all") == "1")
    adjustments = [dict(a.to_json(), rule=cite.show(a.rule)[0], fields=adjustment_fields(a.to_json()))
                   for a in g.ruleset.adjustments]
    chosen = g.ruleset.options_of(g.board)
    rule_options = [dict(o.to_json(), clauses=[cite.show(c)[0] for c in o.clauses],
                         chosen=dict(o.choices).get(chosen.get(o.name), chosen.get(o.name)))
                    for o in g.ruleset.rule_options]
    return render(
        session_json(s), "sessions/show.html", status_of(error) if error else 200,
        rec=s.record, g=g, trace=[cite.entry(e) for e in trace], trace_hidden=hidden,
        pending=cite.entry(g.pending.to_json() if g.pending else None), entry=entry,
        drawing=render_board(g.ruleset.game, g.state.data, changes=entry["changes"] if entry else None),
        adjustments=adjustments, players=players_of(g), until_labels=UNTIL_LABELS, error=error,
        clause_href=clause_href, answers=g.answers, rule_options=rule_options,
    )


@bp.get("/sessions/<sid>")
def show(sid: str):
    return page(sid)


def _form_action(sid: str, act: Callable[[], Any]):
    """A control's form: done, then back to the page; refused, the page again with the error (404: the error)."""
    try:
        act()
    except Failure as e:
        return error_of(e) if status_of(e) == 404 else page(sid, error=e)
    return redirect(url_for("sessions.show", sid=sid) + "#live", 303)


# ---- the page's controls as forms ----------------------------------------------------------------------------------
@bp.post("/sessions/<sid>/step")
def step_form(sid: str):
    return _form_action(sid, lambda: sessions.step(get_store(), sid, request.form.get("until", "step")))


@bp.post("/sessions/<sid>/answer")
def answer_form(sid: str):
    def answer():
        raw = request.form.get("value")
        if raw is None:
            raise RequestError(400, "value: 選択肢を選んでください", "value")
        try:
            value = json.loads(raw)  # option values are sent JSON-encoded, so 1 and "1" stay apart
        except ValueError:
            raise RequestError(400, "value: 選択肢が不正です", "value") from None
        sessions.answer(get_store(), sid, request.form.get("decision") or None, value)
    return _form_action(sid, answer)


@bp.post("/sessions/<sid>/adjust")
def adjust_form(sid: str):
    def adjust():
        ruleset = sessions.load(get_store(), sid).game.ruleset
        sessions.adjust(get_store(), sid, parse_adjust_form(ruleset, request.form))
    return _form_action(sid, adjust)


@bp.post("/sessions/<sid>/undo")
def undo_form(sid: str):
    return _form_action(sid, lambda: sessions.undo(get_store(), sid))


@bp.post("/sessions/<sid>/save")
def save(sid: str):
    try:
        r = rulings.save(get_store(), sid, request.form.get("title", ""), request.form.get("note", ""))
    except Failure as e:
        return error_of(e) if status_of(e) == 404 else page(sid, error=e)
    return redirect(url_for("rulings.show", slug=r.slug), 303)


def adjustment_fields(adj: dict) -> list[dict]:
    """Form fields for an adjustment's parameters, from its JSON Schema properties."""
    fields = []
    for name, schema in (adj.get("params") or {}).items():
        schema = schema if isinstance(schema, dict) else {}
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), "string")
        fields.append({"name": name, "label": schema.get("title") or name, "type": kind or "any",
                       "enum": schema.get("enum"), "required": name in adj.get("required", []),
                       "description": schema.get("description", "")})
    return fields


def parse_adjust_form(ruleset, form) -> dict:
    op = form.get("op", "")
    spec = next((a for a in ruleset.adjustments if a.op == op), None)
    if spec is None:
        raise RequestError(400, f"op: 「{op}」はこのゲームの調整にありません", "op")
    body: dict[str, Any] = {"op": op}
    for f in adjustment_fields(spec.to_json()):
        raw = form.get(f["name"])
        if f["type"] == "boolean":
            if raw is not None or f["required"]:
                body[f["name"]] = raw is not None
        elif raw is not None and raw.strip() != "":
            body[f["name"]] = _form_value(f, raw.strip())
    return body


def _form_value(f: dict, raw: str) -> Any:
    """One adjustment field's text as its schema's type (enum values keep their own type)."""
    if f["enum"]:
        match = [v for v in f["enum"] if str(v) == raw]
        return match[0] if match else raw
    if f["type"] in ("integer", "number"):
        try:
            return int(raw) if f["type"] == "integer" else float(raw)
        except ValueError:
            what = "整数" if f["type"] == "integer" else "数値"
            raise RequestError(400, f"{f['name']}: {what}を入力してください", f["name"]) from None
    if f["type"] in ("object", "array", "any"):
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


# ---- the API -------------------------------------------------------------------------------------------------------
@api.post("/sessions")
def create():
    body = json_body(optional=("game", "board", "seed", "scenario", "play", "title"))
    if "scenario" in body:
        for key in ("game", "board", "seed"):
            if key in body:
                raise RequestError(400, f"{key}: scenario と一緒には指定できません", key)
        play = body.get("play", True)
        if not isinstance(play, bool):
            raise RequestError(400, "play: true か false を指定してください", "play")
        s = sessions.create_from_scenario(get_store(), body["scenario"], run_script=play)
    else:
        for key in ("game", "board"):
            if key not in body:
                raise RequestError(400, f"{key}: 必須の項目です（または scenario を指定）", key)
        if "play" in body:
            raise RequestError(400, "play: scenario と一緒にだけ使えます", "play")
        title = check_text(body.get("title"), "title", TITLE_MAX, required=False)
        s = sessions.create(get_store(), body["game"], body["board"], body.get("seed", random_seed()), [], title)
    return jsonify(session_json(s)), 201, {"Location": url_for("sessions_api.show_api", sid=s.record.id)}


@api.get("/sessions/<sid>")
def show_api(sid: str):
    return jsonify(session_json(sessions.load(get_store(), sid)))


@api.post("/sessions/<sid>/step")
def step_api(sid: str):
    body = json_body(optional=("until",))
    return jsonify(sessions.step(get_store(), sid, body.get("until", "step")).to_json())


@api.post("/sessions/<sid>/answer")
def answer_api(sid: str):
    body = json_body(required=("decision", "value"))
    if not isinstance(body["decision"], str):
        raise RequestError(400, "decision: 決定の id（文字列）を指定してください", "decision")
    return jsonify(sessions.answer(get_store(), sid, body["decision"], body["value"]).to_json())


@api.post("/sessions/<sid>/adjust")
def adjust_api(sid: str):
    body = json_body(required=("op",), optional=None)  # the adjustment's own schema names its fields
    return jsonify(sessions.adjust(get_store(), sid, body).to_json())


@api.post("/sessions/<sid>/undo")
def undo_api(sid: str):
    json_body()
    return jsonify(sessions.undo(get_store(), sid).to_json())
