"""The board builder: `/board/<game>` draws the table for that game, lets the judge edit it, and starts a session.

Without JavaScript the board is edited as JSON text in a plain form; static/board.js turns the drawing into
the editor (cards added, edited, moved and removed in place) and keeps the JSON text in step.
"""
from __future__ import annotations

import json
import random
from typing import Any

import yaml
from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from markupsafe import Markup

from judge_app.resources import data_dir
from judge_app.engine import EngineError
from judge_app.web import board_view, csrf, views
from judge_app.web import session_core as core
from judge_app.web.session_core import ApiError
from judge_app.web.views import render, wants_json

bp = Blueprint("board", __name__)
bp.before_request(csrf.check)

SCENARIO_ROOT = data_dir("scenarios")


# ---- drawing, shared with the session and ruling pages -----------------------------------------------
def highlighter(changes: list[dict] | None):
    exact = board_view.highlight_paths(changes or [])

    def hl(path: str) -> str:
        if not exact or not path:
            return ""
        if path in exact:
            return "changed"
        # a change inside this element (a card's field) marks the element; a change of the whole
        # zone marks its cards too
        if any(p.startswith(path + ".") for p in exact) or any(path.startswith(p + ".") for p in exact):
            return "changed-in"
        return ""
    return hl


def render_board(game: str, data: Any, edit: bool = False, changes: list[dict] | None = None) -> Markup:
    ruleset = core.rulesets().get(game)
    schema = ruleset.board_schema if ruleset else None
    view = board_view.build(game, data, schema, ghosts=edit)
    return Markup(render_template("board/_board.html", view=view, edit=edit, hl=highlighter(changes)))


# ---- scenarios on disk ---------------------------------------------------------------------------
_TITLES: dict[tuple[str, float, int], str] = {}   # (path, mtime, size) -> title: YAML parsing is slow


def scenario_list(game: str) -> list[dict]:
    base = SCENARIO_ROOT / game
    out = []
    for path in sorted(base.rglob("*.yaml")) if base.is_dir() else []:
        name = path.relative_to(base).as_posix()[:-5]
        try:
            st = path.stat()
            key = (str(path), st.st_mtime, st.st_size)
        except OSError:
            continue
        title = _TITLES.get(key)
        if title is None:
            try:
                title = (yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}).get("title") or name
            except (yaml.YAMLError, OSError, AttributeError):
                title = name
            _TITLES[key] = title = str(title)
        out.append({"name": name, "title": title})
    return out


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def scenario_text(game: str, name: str) -> str:
    """Only names that the listing gives are opened (no path from the request reaches the filesystem)."""
    for item in scenario_list(game):
        if item["name"] == name:
            return (SCENARIO_ROOT / game / f"{name}.yaml").read_text(encoding="utf-8")
    raise ApiError(404, f"scenario: シナリオ「{name}」はありません", "scenario")


# ---- pages -------------------------------------------------------------------------------------
@bp.get("/board")
def index():
    games = [{"game": r.game, "title": r.title, "url": url_for("board.builder", game=r.game),
              "scenarios": len(scenario_list(r.game))} for r in core.rulesets().values()]
    return render({"games": games}, "board/index.html", games=games)


def _initial(ruleset) -> tuple[dict, int, str, str]:
    """The board the builder opens with: a scenario's (?scenario=), or a fresh set-up (?fresh=seed)."""
    name = request.args.get("scenario")
    if name:
        data = yaml.safe_load(scenario_text(ruleset.game, name)) or {}
        if not isinstance(data, dict) or not isinstance(data.get("board"), dict):
            raise ApiError(400, "scenario: 盤面(board)がありません", "scenario")
        seed = data.get("seed", 0) if isinstance(data.get("seed"), int) else 0
        return data["board"], seed, str(data.get("title") or name), f"シナリオ「{data.get('title') or name}」"
    raw = request.args.get("seed")  # ?fresh=1 alone gives a random seed
    try:
        seed = core.check_seed(int(raw)) if raw else core.random_seed()
    except ValueError:
        raise ApiError(400, "seed: 整数を指定してください", "seed") from None
    with core._engine_guard("board"):
        board = ruleset.new_game_board(random.Random(seed))
    return board, seed, "", f"新しいゲーム（シード {seed}）"


@bp.get("/board/<game>")
def builder(game: str):
    try:
        ruleset = core.ruleset_of(game, status=404)
        board, seed, title, source = _initial(ruleset)
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    return _builder_page(ruleset, board, seed, title, source)


def _builder_page(ruleset, board: Any, seed: int, title: str, source: str, error: ApiError | None = None,
                  board_text: str | None = None):
    info = {"game": ruleset.game, "title": ruleset.title, "board": board, "seed": seed, "source": source,
            "board_schema": ruleset.board_schema, "rule_options": [o.to_json() for o in ruleset.rule_options],
            "adjustments": [a.to_json() for a in ruleset.adjustments],
            "scenarios": [dict(s, url=url_for("board.builder", game=ruleset.game, scenario=s["name"]))
                          for s in scenario_list(ruleset.game)],
            "new_board_url": url_for("api_sessions.new_board", game=ruleset.game),
            "labels": {**board_view.LABELS, **board_view.layout_of(ruleset.game).labels},
            "value_labels": {**board_view.VALUE_LABELS, **board_view.layout_of(ruleset.game).value_labels},
            "minor_fields": sorted(board_view.layout_of(ruleset.game).card_hidden)}
    if error is not None and wants_json():
        return views.error(error.status, error.message, error.field)
    try:
        options = ruleset.options_of(board) if isinstance(board, dict) else {}
    except EngineError:
        options = {o.name: o.default for o in ruleset.rule_options}
    drawing = render_board(ruleset.game, board, edit=True) if isinstance(board, dict) else None
    text = board_text if board_text is not None else json.dumps(board, ensure_ascii=False, indent=1)
    return render(info, "board/builder.html", error.status if error else 200, info=info, ruleset=ruleset,
                  drawing=drawing, board_text=text, options=options, error=error, title=title)


def _form_board(ruleset) -> tuple[Any, str]:
    text = request.form.get("board", "")
    if len(text) > 512 * 1024:
        raise ApiError(413, "board: 大きすぎます", "board")
    try:
        board = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise ApiError(400, f"board: JSON として読めません（{str(e)[:80]}）", "board") from None
    if not isinstance(board, dict):
        raise ApiError(400, "board: JSON オブジェクトを入力してください", "board")
    for o in ruleset.rule_options:  # the option selects win over the text's `options`
        raw = request.form.get(f"option.{o.name}")
        if raw is not None:
            try:
                value = json.loads(raw)
            except ValueError:
                raise ApiError(400, f"board.options.{o.name}: 選択肢が不正です", f"board.options.{o.name}") from None
            board.setdefault("options", {})
            if not isinstance(board["options"], dict):
                raise ApiError(400, "board.options: オブジェクトである必要があります", "board.options")
            board["options"][o.name] = value
    return board, text


def _form_seed() -> int:
    raw = (request.form.get("seed") or "").strip()
    if not raw:
        return core.random_seed()
    try:
        return core.check_seed(int(raw))
    except ValueError:
        raise ApiError(400, "seed: 整数を入力してください", "seed") from None


@bp.post("/board/<game>")
def start(game: str):
    try:
        ruleset = core.ruleset_of(game, status=404)
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    board, text, seed = None, request.form.get("board", ""), 0
    try:
        board, text = _form_board(ruleset)
        seed = _form_seed()
        title = core.check_text(request.form.get("title") or "", "title", core.TITLE_MAX, required=False)
        rec, _ = core.create_session(ruleset.game, board, seed, [], title)
    except ApiError as e:
        return _builder_page(ruleset, board if board is not None else {}, seed, request.form.get("title", ""),
                             "入力した盤面", error=e, board_text=text)
    return redirect(url_for("sessions.show", sid=rec.id), 303)


@bp.post("/board/<game>/scenario")
def start_scenario(game: str):
    try:
        core.ruleset_of(game, status=404)
        name = request.form.get("name", "")
        text = scenario_text(game, name)
        if request.form.get("play") == "load":  # into the builder, to edit before starting
            return redirect(url_for("board.builder", game=game, scenario=name), 303)
        rec, _ = core.create_from_scenario(text, run_script=request.form.get("play", "1") != "0")
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    return redirect(url_for("sessions.show", sid=rec.id), 303)


@bp.post("/board/<game>/fresh")
def start_fresh(game: str):
    try:
        ruleset = core.ruleset_of(game, status=404)
        seed = _form_seed()
        with core._engine_guard("board"):
            board = ruleset.new_game_board(random.Random(seed))
        rec, _ = core.create_session(ruleset.game, board, seed, [], "新しいゲーム")
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
    return redirect(url_for("sessions.show", sid=rec.id), 303)


@bp.post("/board/<game>/render")
def render_fragment(game: str):
    """The builder's live preview: a board (JSON body) drawn and checked, nothing stored."""
    from judge_app.web.api_sessions import json_body

    try:
        ruleset = core.ruleset_of(game, status=404)
        body = json_body(required=("board",))
        board = body["board"]
        if not isinstance(board, dict):
            raise ApiError(400, "board: オブジェクトである必要があります", "board")
        problem = None
        try:
            with core._engine_guard("board"):
                ruleset.validate_board(board)
                ruleset.options_of(board)
        except ApiError as e:
            problem = e.to_json()
        return jsonify({"html": str(render_board(ruleset.game, board, edit=True)), "problem": problem})
    except ApiError as e:
        return views.error(e.status, e.message, e.field)
