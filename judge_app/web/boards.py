"""Boards: the builder's pages and the games API, side by side.

Pages (`bp`): `/board` (the games), `/board/<game>` draws the table for that game, lets the judge edit it, and starts
a session (from the board, a scenario on the shelf, or a fresh set-up); `/board/<game>/render` redraws and checks a
board without storing it. Without JavaScript the board is edited as JSON text in a plain form; static/board.js
turns the drawing into the editor and keeps the JSON text in step.
API (`api`): `/api/games`, `/api/games/<game>/schema`, `/api/games/<game>/new-board?seed=`.
"""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, jsonify, redirect, request, url_for

from judge_app.application import games, sessions
from judge_app.application.inputs import TITLE_MAX, check_seed, check_text, random_seed
from judge_app.engine import EngineError
from judge_app.web.shared import board_model, csrf
from judge_app.web.shared.board_drawing import render_board
from judge_app.web.shared.failures import Failure, RequestError, answer_errors_as_json, error_body, error_of, status_of
from judge_app.web.shared.rate_limits import stores_nothing
from judge_app.web.shared.json_body import json_body
from judge_app.web.shared.negotiation import render, wants_json
from judge_app.web.shared.services import get_store

bp = Blueprint("board", __name__)
bp.before_request(csrf.check)
api = answer_errors_as_json(Blueprint("games_api", __name__, url_prefix="/api"))


# ---- the builder's pages -------------------------------------------------------------------------------------------
@bp.get("/board")
def index():
    items = [{"game": r.game, "title": r.title, "url": url_for("board.builder", game=r.game),
              "scenarios": len(games.scenario_list(r.game))} for r in games.rulesets().values()]
    return render({"games": items}, "board/index.html", games=items)


def _initial(ruleset) -> tuple[dict, int, str, str]:
    """The board the builder opens with: a scenario's (?scenario=), or a fresh set-up (?fresh=seed)."""
    name = request.args.get("scenario")
    if name:
        board, seed, title = games.scenario_board(ruleset.game, name)
        return board, seed, title, f"シナリオ「{title}」"
    raw = request.args.get("seed")  # ?fresh=1 alone gives a random seed
    try:
        seed = check_seed(int(raw)) if raw else random_seed()
    except ValueError:
        raise RequestError(400, "seed: 整数を指定してください", "seed") from None
    return games.fresh_board(ruleset, seed), seed, "", f"新しいゲーム（シード {seed}）"


@bp.get("/board/<game>")
def builder(game: str):
    try:
        ruleset = games.game_named(game)
        board, seed, title, source = _initial(ruleset)
    except Failure as e:
        return error_of(e)
    return _builder_page(ruleset, board, seed, title, source)


def _builder_page(ruleset, board: Any, seed: int, title: str, source: str, error: Exception | None = None,
                  board_text: str | None = None):
    layout = board_model.layout_of(ruleset.game)
    info = {"game": ruleset.game, "title": ruleset.title, "board": board, "seed": seed, "source": source,
            "board_schema": ruleset.board_schema, "rule_options": [o.to_json() for o in ruleset.rule_options],
            "adjustments": [a.to_json() for a in ruleset.adjustments],
            "scenarios": [dict(s, url=url_for("board.builder", game=ruleset.game, scenario=s["name"]))
                          for s in games.scenario_list(ruleset.game)],
            "new_board_url": url_for("games_api.new_board", game=ruleset.game),
            "labels": {**board_model.LABELS, **layout.labels},
            "value_labels": {**board_model.VALUE_LABELS, **layout.value_labels},
            "minor_fields": sorted(layout.card_hidden)}
    if error is not None and wants_json():
        return error_of(error)
    try:
        options = ruleset.options_of(board) if isinstance(board, dict) else {}
    except EngineError:
        options = {o.name: o.default for o in ruleset.rule_options}
    drawing = render_board(ruleset.game, board, edit=True) if isinstance(board, dict) else None
    text = board_text if board_text is not None else json.dumps(board, ensure_ascii=False, indent=1)
    return render(info, "board/builder.html", status_of(error) if error else 200, info=info, ruleset=ruleset,
                  drawing=drawing, board_text=text, options=options, error=error, title=title)


def _form_board(ruleset) -> tuple[Any, str]:
    text = request.form.get("board", "")
    if len(text) > 512 * 1024:
        raise RequestError(413, "board: 大きすぎます", "board")
    try:
        board = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise RequestError(400, f"board: JSON として読めません（{str(e)[:80]}）", "board") from None
    if not isinstance(board, dict):
        raise RequestError(400, "board: JSON オブジェクトを入力してください", "board")
    for o in ruleset.rule_options:  # the option selects win over the text's `options`
        raw = request.form.get(f"option.{o.name}")
        if raw is not None:
            try:
                value = json.loads(raw)
            except ValueError:
                raise RequestError(400, f"board.options.{o.name}: 選択肢が不正です", f"board.options.{o.name}") from None
            board.setdefault("options", {})
            if not isinstance(board["options"], dict):
                raise RequestError(400, "board.options: オブジェクトである必要があります", "board.options")
            board["options"][o.name] = value
    return board, text


def _form_seed() -> int:
    raw = (request.form.get("seed") or "").strip()
    if not raw:
        return random_seed()
    try:
        return check_seed(int(raw))
    except ValueError:
        raise RequestError(400, "seed: 整数を入力してください", "seed") from None


@bp.post("/board/<game>")
def start(game: str):
    try:
        ruleset = games.game_named(game)
    except Failure as e:
        return error_of(e)
    board, text, seed = None, request.form.get("board", ""), 0
    try:
        board, text = _form_board(ruleset)
        seed = _form_seed()
        title = check_text(request.form.get("title") or "", "title", TITLE_MAX, required=False)
        s = sessions.create(get_store(), ruleset.game, board, seed, [], title)
    except Failure as e:
        return _builder_page(ruleset, board if board is not None else {}, seed, request.form.get("title", ""),
                             "入力した盤面", error=e, board_text=text)
    return redirect(url_for("sessions.show", sid=s.record.id), 303)


@bp.post("/board/<game>/scenario")
def start_scenario(game: str):
    try:
        games.game_named(game)
        name = request.form.get("name", "")
        text = games.scenario_text(game, name)
        if request.form.get("play") == "load":  # into the builder, to edit before starting
            return redirect(url_for("board.builder", game=game, scenario=name), 303)
        s = sessions.create_from_scenario(get_store(), text, run_script=request.form.get("play", "1") != "0")
    except Failure as e:
        return error_of(e)
    return redirect(url_for("sessions.show", sid=s.record.id), 303)


@bp.post("/board/<game>/fresh")
def start_fresh(game: str):
    try:
        ruleset = games.game_named(game)
        seed = _form_seed()
        s = sessions.create(get_store(), ruleset.game, games.fresh_board(ruleset, seed), seed, [], "新しいゲーム")
    except Failure as e:
        return error_of(e)
    return redirect(url_for("sessions.show", sid=s.record.id), 303)


@bp.post("/board/<game>/render")
@stores_nothing
def render_fragment(game: str):
    """The builder's live preview: a board (JSON body) drawn and checked, nothing stored."""
    try:
        ruleset = games.game_named(game)
        board = json_body(required=("board",))["board"]
        if not isinstance(board, dict):
            raise RequestError(400, "board: オブジェクトである必要があります", "board")
        problem = games.board_problem(ruleset, board)
        return jsonify({"html": str(render_board(ruleset.game, board, edit=True)),
                        "problem": error_body(problem) if problem else None})
    except Failure as e:
        return error_of(e)


# ---- the games API -------------------------------------------------------------------------------------------------
def game_summary(ruleset) -> dict:
    return {
        "game": ruleset.game, "doc": ruleset.doc, "title": ruleset.title,
        "board_schema": ruleset.board_schema,
        "schema_url": url_for("games_api.game_schema", game=ruleset.game),
        "new_board_url": url_for("games_api.new_board", game=ruleset.game),
        "builder_url": url_for("board.builder", game=ruleset.game),
        "rule_options": [o.to_json() for o in ruleset.rule_options],
        "adjustments": [a.to_json() for a in ruleset.adjustments],
    }


@api.get("/games")
def list_games():
    return jsonify({"games": [game_summary(r) for r in games.rulesets().values()]})


@api.get("/games/<game>/schema")
def game_schema(game: str):
    ruleset = games.game_named(game)
    schema = dict(ruleset.board_schema)
    schema.setdefault("$schema", "https://json-schema.org/draft/2020-12/schema")
    schema.setdefault("title", f"{ruleset.title} 盤面")
    return jsonify(schema)


@api.get("/games/<game>/new-board")
def new_board(game: str):
    ruleset = games.game_named(game)
    raw = request.args.get("seed")
    if raw is None:
        seed = random_seed()
    else:
        try:
            seed = check_seed(int(raw))
        except ValueError:
            raise RequestError(400, "seed: 整数を指定してください", "seed") from None
    return jsonify({"game": ruleset.game, "seed": seed, "board": games.fresh_board(ruleset, seed, where="seed")})
