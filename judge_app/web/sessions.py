"""The session page `/sessions/<id>`: the board now, the pending decision, step controls, judge adjustments,
and the trace beside the board. Plain forms (POST, then redirect back) that static/session.js enhances.
"""
from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, redirect, request, url_for

from judge_app.engine import UNTIL
from judge_app.web import csrf, views
from judge_app.web import session_core as core
from judge_app.web.board import render_board
from judge_app.web.ruling_review import Citations
from judge_app.web.session_core import ApiError
from judge_app.web.views import render, wants_json

bp = Blueprint("sessions", __name__)
bp.before_request(csrf.check)

UNTIL_LABELS = {"step": "1 ステップ", "decision": "次の決定まで", "phase": "フェイズの終わりまで",
                "turn": "ターンの終わりまで", "end": "ゲームの終わりまで"}


def _card_name(v: dict) -> str | None:
    for key in ("name", "id"):
        if isinstance(v.get(key), str):
            return v[key] + (f"({v['id']})" if key == "name" and isinstance(v.get("id"), str) else "")
    return None


@bp.app_template_filter("brief")
def brief(value: Any, limit: int = 120) -> str:
    """A trace change's value, short: cards by name, lists of cards as names and a count (full values are in
    the JSON twin)."""
    if isinstance(value, dict) and _card_name(value):
        return _card_name(value)
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        names = [_card_name(v) or "…" for v in value[:5]]
        more = f" 他{len(value) - 5}枚" if len(value) > 5 else ""
        return f"[{len(value)}] " + "、".join(names) + more
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + "…"


def clause_href(rule: str, edition: str | None = None) -> str:
    """The clause page of a cited id; `edition` names the edition it is an id of, when not the current one."""
    doc, _, number = (rule or "").partition(":")
    if not number:
        return "#"
    return f"/rules/{doc}/{number}" + (f"?{urlencode({'edition': edition})}" if edition else "")


def selected_entry(g, raw: str | None) -> dict | None:
    if not raw:
        return None
    try:
        seq = int(raw)
    except ValueError:
        return None
    return g.trace[seq - 1].to_json() if 1 <= seq <= len(g.trace) else None


TRACE_WINDOW = 150  # entries drawn by default: a whole game is a thousand or more, too heavy for a phone


def trace_window(g, entry: dict | None, show_all: bool) -> tuple[list[dict], int]:
    """The entries the page draws (the latest ones, or from a selected older entry on) and how many are left out."""
    start = 0 if show_all else max(0, len(g.trace) - TRACE_WINDOW)
    if entry is not None and entry["seq"] - 1 < start:
        start = max(0, entry["seq"] - 6)
    return [e.to_json() for e in g.trace[start:]], start


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
        raise ApiError(400, f"op: 「{op}」はこのゲームの調整にありません", "op")
    body: dict[str, Any] = {"op": op}
    for f in adjustment_fields(spec.to_json()):
        raw = form.get(f["name"])
        if f["type"] == "boolean":
            if raw is not None or f["required"]:
                body[f["name"]] = raw is not None
            continue
        if raw is None or raw.strip() == "":
            continue
        raw = raw.strip()
        if f["enum"]:
            match = [v for v in f["enum"] if str(v) == raw]
            body[f["name"]] = match[0] if match else raw
        elif f["type"] == "integer":
            try:
                body[f["name"]] = int(raw)
            except ValueError:
                raise ApiError(400, f"{f['name']}: 整数を入力してください", f["name"]) from None
        elif f["type"] == "number":
            try:
                body[f["name"]] = float(raw)
            except ValueError:
                raise ApiError(400, f"{f['name']}: 数値を入力してください", f["name"]) from None
        elif f["type"] in ("object", "array", "any"):
            try:
                body[f["name"]] = json.loads(raw)
            except ValueError:
                body[f["name"]] = raw
        else:
            body[f["name"]] = raw
    return body


def page(sid: str, error: ApiError | None = None, status: int = 200):
    try:
        rec, g = core.load_session(sid)
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    if error is not None and wants_json():
        return views.error(error.status, error.message, error.field)
    cite = Citations(g.ruleset)   # the engine's ids shown in the current edition
    entry = cite.entry(selected_entry(g, request.args.get("entry")))
    trace, hidden = trace_window(g, entry, request.args.get("all") == "1")
    trace = [cite.entry(e) for e in trace]
    adjustments = [dict(a.to_json(), rule=cite.show(a.rule)[0], fields=adjustment_fields(a.to_json()))
                   for a in g.ruleset.adjustments]
    chosen = g.ruleset.options_of(g.board)
    rule_options = [dict(o.to_json(), clauses=[cite.show(c)[0] for c in o.clauses],
                         chosen=dict(o.choices).get(chosen.get(o.name), chosen.get(o.name)))
                    for o in g.ruleset.rule_options]
    return render(
        core.session_json(rec, g), "sessions/show.html", error.status if error else status,
        rec=rec, g=g, trace=trace, trace_hidden=hidden,
        pending=cite.entry(g.pending.to_json() if g.pending else None), entry=entry,
        drawing=render_board(g.ruleset.game, g.state.data, changes=entry["changes"] if entry else None),
        adjustments=adjustments, players=core._players(g), until_labels=UNTIL_LABELS, error=error,
        clause_href=clause_href, answers=g.answers, rule_options=rule_options,
    )


@bp.get("/sessions/<sid>")
def show(sid: str):
    return page(sid)


def _back(sid: str):
    return redirect(url_for("sessions.show", sid=sid) + "#live", 303)


def _do(sid: str, action: str, **params):
    try:
        core.act(sid, action, **params)
    except ApiError as e:
        if e.status == 404:
            return views.error(e.status, e.message, e.field)
        return page(sid, error=e)
    return _back(sid)


@bp.post("/sessions/<sid>/step")
def step(sid: str):
    until = request.form.get("until", "step")
    if until not in UNTIL:
        return page(sid, ApiError(400, f"until: {', '.join(UNTIL)} のどれかを指定してください", "until"))
    return _do(sid, "step", until=until)


@bp.post("/sessions/<sid>/answer")
def answer(sid: str):
    raw = request.form.get("value")
    if raw is None:
        return page(sid, ApiError(400, "value: 選択肢を選んでください", "value"))
    try:
        value = json.loads(raw)  # option values are sent JSON-encoded, so 1 and "1" stay apart
    except ValueError:
        return page(sid, ApiError(400, "value: 選択肢が不正です", "value"))
    return _do(sid, "answer", decision=request.form.get("decision") or None, value=value)


@bp.post("/sessions/<sid>/adjust")
def adjust(sid: str):
    try:
        rec, g = core.load_session(sid)
        body = parse_adjust_form(g.ruleset, request.form)
    except ApiError as e:
        if e.status == 404:
            return views.error(e.status, e.message, e.field)
        return page(sid, error=e)
    return _do(sid, "adjust", body=body)


@bp.post("/sessions/<sid>/undo")
def undo(sid: str):
    return _do(sid, "undo")


@bp.post("/sessions/<sid>/save")
def save(sid: str):
    try:
        r = core.save_ruling(sid, request.form.get("title", ""), request.form.get("note", ""))
    except ApiError as e:
        if e.status == 404:
            return views.error(e.status, e.message, e.field)
        return page(sid, error=e)
    return redirect(url_for("rulings.show", slug=r.slug), 303)
