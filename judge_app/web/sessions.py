"""Sessions: the session page and the session API, side by side, over `application.sessions`.

The page (`bp`), `/sessions/<id>`: the judge's hand (the open decision first, with what the rules withhold there;
the step controls and 元に戻す, which says what it takes back; where the game stands), the board, the trace,
the adjustments (one op, or an effect of several parts, as pickers: web/shared/adjust_form.py), 「この裁定を保存」.
Its controls are plain forms (POST, then 303 back to `#live`; an error redraws the page with its status and the
refusal beside its control) that static/session.js sends to the API instead, updating the page in place; it fetches
what the server draws from `/sessions/<id>/view` and `/sessions/<id>/adjust-fields`. The API (`api`),
`/api/sessions…`: the same actions as JSON (DESIGN.md "JSON API"); each answers with what changed
(`Change.to_json`).

What happens when a judge taps a control, 次の決定まで for one: `step_form` (or `step_api`) reads `until` and calls
`application.sessions.step`, which replays, steps and stores.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict
from typing import Any, Callable

from flask import Blueprint, jsonify, redirect, request, url_for
from werkzeug.datastructures import MultiDict

from judge_app.application import rulings, sessions
from judge_app.application.citations import Citations
from judge_app.application.game_json import players_of
from judge_app.application.inputs import TITLE_MAX, check_text, random_seed
from judge_app.application.judged import UNTIL_WORDS, undo_step
from judge_app.engine import Refused
from judge_app.web.shared import adjust_form, carry_on, csrf
from judge_app.web.shared.api_schemas import ANSWER_BODY, STEP_BODY, UNDO_BODY, keys, new_session_body
from judge_app.web.shared.board_drawing import render_board
from judge_app.web.shared.clause_links import clause_href
from judge_app.web.shared.failures import Failure, RequestError, answer_errors_as_json, error_of, status_of
from judge_app.web.shared.json_body import json_body
from judge_app.web.shared.negotiation import render, wants_json
from judge_app.web.shared.rate_limits import client_address
from judge_app.web.shared.services import get_store
from judge_app.web.shared.trace_view import selected_entry, trace_window

bp = Blueprint("sessions", __name__)
bp.before_request(csrf.check)
api = answer_errors_as_json(Blueprint("sessions_api", __name__, url_prefix="/api"))

UNTIL_LABELS = UNTIL_WORDS


def session_json(s: sessions.Session) -> dict:
    return dict(s.to_json(), url=url_for("sessions.show", sid=s.record.id))


# ---- the page ------------------------------------------------------------------------------------------------------
def page(sid: str, error: Exception | None = None, at: str | None = None, form=None, status: int | None = None):
    """The session page; `error` (and `at`, the control it came from: answer, adjust, step, undo, save) redraws
    it with the refusal beside that control; `form` refills the adjustment forms as the judge left them."""
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
    chosen = g.ruleset.options_of(g.board)
    rule_options = [dict(o.to_json(), clauses=[cite.show(c)[0] for c in o.clauses],
                         chosen=dict(o.choices).get(chosen.get(o.name), chosen.get(o.name)))
                    for o in g.ruleset.rule_options]
    values = form if form is not None else MultiDict()
    return render(
        session_json(s), "sessions/show.html", status or (status_of(error) if error else 200),
        rec=s.record, g=g, trace=[cite.entry(e) for e in trace], trace_hidden=hidden,
        pending=cite.entry(g.pending.to_json() if g.pending else None), entry=entry,
        drawing=render_board(g.ruleset.game, g.state.data, changes=entry["changes"] if entry else None),
        players=players_of(g), until_labels=UNTIL_LABELS, error=error, at=at,
        refusal=error if isinstance(error, Refused) else None, undo=undo_step(g), carry_on=carry_on.carries_on(),
        clause_href=clause_href, answers=g.answers, rule_options=rule_options,
        adjust=adjust_context(g, cite, values), values=values,
    )


def adjust_context(g, cite: Citations, values) -> dict:
    """The adjustment forms: one op with its fields, and (where the ruleset has effects) an effect's rows, and
    (where it has `at_once`) its effect blocks of the same rows (three, or more as the judge adds them)."""
    players, cards = players_of(g), adjust_form.cards_on(g.ruleset.game, g.state.data)
    offered = {a.op: a for a in g.ruleset.offered_adjustments()}
    # `condition` and `up_to` wrap a part, and `at_once` is made of effects: their own forms, never the one-op form
    inner = {"effect", "at_once", *(a.op for a in g.ruleset.core_adjustments())}
    ops = [dict(a.to_json(), rule=cite.show(a.rule)[0]) for a in offered.values() if a.op not in inner]
    op = values.get("op") if values.get("op") in {a["op"] for a in ops} else (ops[0]["op"] if ops else None)
    one = next((a for a in ops if a["op"] == op), None)
    out = {"ops": ops, "op": op, "fields": adjust_form.fields_for(one, "", players, cards) if one else [],
           "effect": None, "at_once": None}
    if "effect" not in offered:
        return out
    part_ops = {a["op"]: a for a in adjust_form.part_ops(g.ruleset)}
    zones = adjust_form.zones_on(g.ruleset.game, g.state.data)

    def rows(prefix: str, kind: str, n: int) -> list[dict]:
        out = []
        for i in range(n):
            row = f"{prefix}{kind}[{i}]."
            chosen = values.get(row + "op") or ""
            spec = part_ops.get(chosen)
            out.append({"prefix": row, "op": chosen if spec else "",
                        "fields": adjust_form.fields_for(spec, row, players, cards) if spec else [],
                        "extras": adjust_form.part_extras(g.ruleset, row, players, cards, zones)
                        if kind == "parts" else []})
        return out

    def block(prefix: str) -> dict:
        return {"prefix": prefix, "given": any(v for k, v in values.items(multi=True) if k.startswith(prefix)),
                "fields": adjust_form.effect_fields(players, cards, g.ruleset, prefix),
                "cost": rows(prefix, "cost", adjust_form.COST_ROWS), "parts": rows(prefix, "parts", adjust_form.PART_ROWS)}
    out["effect"] = dict(block(""), rule=cite.show(offered["effect"].rule)[0], ops=list(part_ops.values()))
    if "at_once" in offered:
        n = at_once_blocks(values)
        out["at_once"] = {"rule": cite.show(offered["at_once"].rule)[0], "ops": list(part_ops.values()),
                          "blocks": [block(f"effects[{k}].") for k in range(n)], "more": n < adjust_form.AT_ONCE_MAX,
                          "max": adjust_form.AT_ONCE_MAX, "added": values.get("prepare") == "more"}
    return out


def at_once_blocks(form) -> int:
    """How many effect blocks to draw: three, or as many as the judge has filled or asked for (`blocks`, one more
    when 「効果を加える」 was pressed), never more than the engine takes."""
    try:
        asked = int(form.get("blocks") or adjust_form.AT_ONCE_BLOCKS)
    except ValueError:
        asked = adjust_form.AT_ONCE_BLOCKS
    asked += form.get("prepare") == "more"
    given = [int(m.group(1)) + 1 for k, v in form.items(multi=True) if v and (m := re.match(r"effects\[(\d+)\]\.", k))]
    return max(adjust_form.AT_ONCE_BLOCKS, min(adjust_form.AT_ONCE_MAX, max([asked, *given])))


@bp.get("/sessions/<sid>")
def show(sid: str):
    return page(sid)


@bp.get("/sessions/<sid>/view")
def view(sid: str):
    """What the page's script cannot draw from the JSON API: the board (the entry `?entry=N` highlighted) and the
    trace entries from `?since=N` on, as HTML to put in place. Its JSON twin is the session's new entries."""
    try:
        s = sessions.load(get_store(), sid)
    except Failure as e:
        return error_of(e)
    g = s.game
    try:
        since = max(0, min(int(request.args.get("since", "0")), len(g.trace)))
    except ValueError:
        return error_of(RequestError(400, "since: 整数を指定してください", "since"))
    cite = Citations(g.ruleset)
    entry = cite.entry(selected_entry(g, request.args.get("entry")))
    data = sessions.Change(s.record, g, since).to_json()
    return render(data, "sessions/_view.html", g=g, entries=data["entries"], entry=entry, clause_href=clause_href,
                  drawing=render_board(g.ruleset.game, g.state.data, changes=entry["changes"] if entry else None))


@bp.get("/sessions/<sid>/adjust-fields")
def adjust_fields(sid: str):
    """The fields of one op, named under `?prefix=` (`""`, `parts[0].`, `cost[1].`), for the adjustment forms'
    script: the same controls the page draws without it. JSON twin: the fields."""
    try:
        g = sessions.load(get_store(), sid).game
        op, prefix = request.args.get("op", ""), request.args.get("prefix", "")
        if not re.fullmatch(r"|(?:effects\[\d\]\.)?(?:cost|parts)\[\d{1,2}\]\.", prefix):
            raise RequestError(400, "prefix: 空、または parts[N]. / cost[N]. / effects[K].parts[N]. を指定してください",
                               "prefix")
        spec = adjust_form.spec_of(g.ruleset, op) if op else {}   # no op chosen (a row left empty): no fields
        if prefix and op in ("effect", "concede"):
            raise RequestError(400, f"op: 効果の一部に「{op}」は使えません", "op")
    except Failure as e:
        return error_of(e)
    fields = adjust_form.fields_for(spec, prefix, players_of(g), adjust_form.cards_on(g.ruleset.game, g.state.data))
    return render({"op": op, "prefix": prefix, "fields": [asdict(f) for f in fields]}, "sessions/_fields_only.html",
                  fields=fields, values=MultiDict())


def _form_action(sid: str, at: str, act: Callable[[], Any], after=None):
    """A control's form: done, then back to the page; refused, the page again with the error beside the control
    (404: the error)."""
    try:
        act()
    except Failure as e:
        return error_of(e) if status_of(e) == 404 else page(sid, error=e, at=at, form=request.form)
    resp = redirect(url_for("sessions.show", sid=sid) + "#live", 303)
    if after is not None:
        after(resp)
    return resp


# ---- the page's controls as forms ----------------------------------------------------------------------------------
@bp.post("/sessions/<sid>/step")
def step_form(sid: str):
    return _form_action(sid, "step", lambda: sessions.step(get_store(), sid, request.form.get("until", "step")))


@bp.post("/sessions/<sid>/answer")
def answer_form(sid: str):
    """An option's button. The form carries the setting 「回答したら次の決定まで進める」 (`then`, with the marker
    `then_shown` that says the checkbox was on the form): ticked, the answer carries on to the next decision in
    this turn; the setting is remembered in this browser. A withheld value is refused (422) with its clause;
    「試す」 (`try`) records the refusal in the trace instead."""
    shown = request.form.get("then_shown") is not None
    then = request.form.get("then") or None if shown else None

    def answer():
        tried = request.form.get("try")   # 「試す」 on a withheld action: recorded as a refused attempt
        raw = request.form.get("value") if tried is None else tried
        if raw is None:
            raise RequestError(400, "value: 選択肢を選んでください", "value")
        try:
            value = json.loads(raw)  # option values are sent JSON-encoded, so 1 and "1" stay apart
        except ValueError:
            raise RequestError(400, "value: 選択肢が不正です", "value") from None
        if tried is not None:
            sessions.attempt(get_store(), sid, request.form.get("decision") or None, value)
        else:
            sessions.answer(get_store(), sid, request.form.get("decision") or None, value, then)

    def remember(resp):
        if shown:
            carry_on.remember(resp, bool(then))
    return _form_action(sid, "answer", answer, remember)


@bp.post("/sessions/<sid>/adjust")
def adjust_form_post(sid: str):
    """One op, or an effect of several parts. 「項目を表示」 (`prepare`) only draws the fields of the ops chosen
    (for a browser without script) and applies nothing."""
    if request.form.get("prepare") is not None:
        return page(sid, at="adjust", form=request.form)

    def adjust():
        g = sessions.load(get_store(), sid).game
        body = adjust_form.parse_adjust_form(g.ruleset, request.form, players_of(g),
                                             adjust_form.cards_on(g.ruleset.game, g.state.data))
        sessions.adjust(get_store(), sid, body)
    return _form_action(sid, "adjust", adjust)


@bp.post("/sessions/<sid>/undo")
def undo_form(sid: str):
    return _form_action(sid, "undo", lambda: sessions.undo(get_store(), sid))


@bp.post("/sessions/<sid>/save")
def save(sid: str):
    try:
        r = rulings.save(get_store(), sid, request.form.get("title", ""), request.form.get("note", ""),
                         request.form.get("question", ""), request.form.get("window_end") or None,
                         client=client_address())
    except Failure as e:
        return error_of(e) if status_of(e) == 404 else page(sid, error=e, at="save")
    return redirect(url_for("rulings.show", slug=r.slug), 303)


# ---- the API -------------------------------------------------------------------------------------------------------
@api.post("/sessions")
def create():
    """`{game, board, seed?, title?}`, `{game, notation, seed?, title?}` or `{scenario, play?}` (api_schemas)."""
    body = json_body(*keys(new_session_body()))
    if "scenario" in body:
        for key in ("game", "board", "notation", "seed"):
            if key in body:
                raise RequestError(400, f"{key}: scenario と一緒には指定できません", key)
        play = body.get("play", True)
        if not isinstance(play, bool):
            raise RequestError(400, "play: true か false を指定してください", "play")
        s = sessions.create_from_scenario(get_store(), body["scenario"], run_script=play)
    else:
        if "board" in body and "notation" in body:
            raise RequestError(400, "notation: board と一緒には指定できません（どちらか一方）", "notation")
        for key in ("game", "notation" if "notation" in body else "board"):
            if key not in body:
                raise RequestError(400, f"{key}: 必須の項目です（または scenario を指定）", key)
        if "play" in body:
            raise RequestError(400, "play: scenario と一緒にだけ使えます", "play")
        title = check_text(body.get("title"), "title", TITLE_MAX, required=False)
        seed = body.get("seed", random_seed())
        if "notation" in body:
            s = sessions.create_from_notation(get_store(), body["game"], body["notation"], seed, title)
        else:
            s = sessions.create(get_store(), body["game"], body["board"], seed, [], title)
    return jsonify(session_json(s)), 201, {"Location": url_for("sessions_api.show_api", sid=s.record.id)}


@api.get("/sessions/<sid>")
def show_api(sid: str):
    return jsonify(session_json(sessions.load(get_store(), sid)))


@api.post("/sessions/<sid>/step")
def step_api(sid: str):
    body = json_body(*keys(STEP_BODY))
    return jsonify(sessions.step(get_store(), sid, body.get("until", "step")).to_json())


@api.post("/sessions/<sid>/answer")
def answer_api(sid: str):
    """`{decision, value, then?, try?}`: `then` (step, decision, …) carries on after the answer, as one action;
    `try: true` tries the value: withheld, it is recorded as a refused trace entry (200), not a 422."""
    body = json_body(*keys(ANSWER_BODY))
    if not isinstance(body["decision"], str):
        raise RequestError(400, "decision: 決定の id（文字列）を指定してください", "decision")
    if _tried(body):
        if "then" in body:
            raise RequestError(400, "then: try と一緒には指定できません", "then")
        return jsonify(sessions.attempt(get_store(), sid, body["decision"], body["value"]).to_json())
    return jsonify(sessions.answer(get_store(), sid, body["decision"], body["value"], body.get("then")).to_json())


def _tried(body: dict) -> bool:
    tried = body.pop("try", False)
    if not isinstance(tried, bool):
        raise RequestError(400, "try: true か false を指定してください", "try")
    return tried


@api.post("/sessions/<sid>/adjust")
def adjust_api(sid: str):
    """The adjustment `{op, …}`; with `try: true`, one the rules withhold is recorded as a refused trace entry."""
    body = json_body(required=("op",), optional=None)  # the adjustment's own schema names its fields
    if _tried(body):
        return jsonify(sessions.attempt(get_store(), sid, None, adjustment=body).to_json())
    return jsonify(sessions.adjust(get_store(), sid, body).to_json())


@api.post("/sessions/<sid>/undo")
def undo_api(sid: str):
    json_body(*keys(UNDO_BODY))
    return jsonify(sessions.undo(get_store(), sid).to_json())
