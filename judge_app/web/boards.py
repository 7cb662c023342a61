"""Boards: the builder's pages and the games API, side by side.

Pages (`bp`): `/board` (the games), `/board/<game>` draws the table for that game, lets the judge edit it, and starts
a session (from the board, a scenario on the shelf, or a fresh set-up). It opens on the game's mid-game board
(`?fresh=1`: a new game; `?scenario=`: a worked ruling). `/board/<game>/render` does the bookkeeping on a board,
redraws and checks it, without storing it; `/board/<game>/notation` reads the game's one-line notation (quick
entry). Without JavaScript the board is edited as JSON text or as notation in plain forms; static/board.js turns
the drawing into the editor and keeps the JSON text and the notation line in step.
API (`api`): `/api/games`, `/api/games/<game>/schema`, `/api/games/<game>/new-board?seed=`.
"""
from __future__ import annotations

import functools
import json
from typing import Any

from flask import Blueprint, jsonify, redirect, request, url_for

from judge_app.application import builder as bookkeeping, games, sessions
from judge_app.application.inputs import TITLE_MAX, check_seed, check_text, random_seed
from judge_app.engine import EngineError, NotationError
from judge_app.web.shared import board_model, carry_on, csrf
from judge_app.web.shared.board_drawing import render_board
from judge_app.web.shared.fixed_json import FixedJSON, fixed_json
from judge_app.web.shared.failures import Failure, RequestError, answer_errors_as_json, error_body, error_of, status_of
from judge_app.web.shared.rate_limits import stores_nothing, stores_only_if
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


def _seed_arg() -> int:
    """The seed the builder's board is made from: 0 unless asked (?seed=), so the page opens the same way every time
    (issue 40): the documented mid-game board (docs/notation.md)."""
    raw = request.args.get("seed")
    try:
        return check_seed(int(raw)) if raw else 0
    except ValueError:
        raise RequestError(400, "seed: 整数を指定してください", "seed") from None


def _players_arg(ruleset) -> int | None:
    """?players= (kaiun-multi: 3, 4 or 5), where the game lets the judge choose how many sit at the table."""
    raw = request.args.get("players")
    if not raw or not ruleset.player_counts:
        return None
    counts = ruleset.player_counts
    if not raw.isdigit() or int(raw) not in counts:
        raise RequestError(400, f"players: 人数は {'・'.join(map(str, counts))} のどれかです", "players")
    return int(raw)


def _initial(ruleset) -> tuple[dict, int, str, str, str]:
    """The board the builder opens with, and where it came from (`start`: midgame, fresh or scenario): a scenario's
    (?scenario=), a fresh set-up (?fresh=1), or by default the game's mid-game board (turn 3, both sides set up), the
    one docs/notation.md shows (seed 0); ?seed= and, in kaiun-multi, ?players= choose another."""
    name = request.args.get("scenario")
    if name:
        board, seed, title = games.scenario_board(ruleset.game, name)
        return board, seed, title, f"シナリオ「{title}」", "scenario"
    seed, players = _seed_arg(), _players_arg(ruleset)
    board = None if request.args.get("fresh") else bookkeeping.midgame(ruleset, seed, players)
    if board is None:
        return games.fresh_board(ruleset, seed, players=players), seed, "", \
            f"新しいゲーム（対局前、シード {seed}）", "fresh"
    return board, seed, "", "対局の途中（3ターン目、両者とも準備済み）", "midgame"


@bp.get("/board/<game>")
def builder(game: str):
    try:
        ruleset = games.game_named(game)
        board, seed, title, source, start = _initial(ruleset)
    except Failure as e:
        return error_of(e)
    return _builder_page(ruleset, board, seed, title, source, start=start)


# What only changes with a deploy is worked out once per process (issue 39): the shelf's links, and the hints
# drawn from the board schema (a recursive walk of it).
_SHELF_LINKS: dict[tuple, list[dict]] = {}


def _shelf(game: str) -> list[dict]:
    """The game's scenarios with their builder links (shared: never changed by a caller)."""
    scenarios = games.scenario_list(game)
    key = (game, request.script_root, id(scenarios))
    if key not in _SHELF_LINKS:
        _SHELF_LINKS[key] = [dict(s, url=url_for("board.builder", game=game, scenario=s["name"])) for s in scenarios]
    return _SHELF_LINKS[key]


@functools.lru_cache(maxsize=64)
def _layout_hints(ruleset) -> dict:
    """What static/board.js needs to know of the game beyond its schema: which card fields come first, which are
    internal, which zones are counted, which header fields are one control."""
    layout = board_model.layout_of(ruleset.game)
    props = (ruleset.board_schema or {}).get("properties") or {}
    return {"card_main": list(layout.card_main), "field_order": _field_order(ruleset.board_schema), "card_internal": sorted(layout.card_internal),
            "player_internal": sorted(layout.player_internal),
            "turn_keys": [k for k in layout.turn_keys if k in props],
            "counted": bookkeeping.counted_zones(ruleset)}


def _field_order(schema: Any) -> list[str]:
    """Every property name in the order the schema writes it (the page's JSON sorts keys: the dialog's 詳細 follows
    the rulebook's order as the schema gives it)."""
    out: dict[str, None] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in (node.get("properties") or {}).items():
                out.setdefault(k, None)
                walk(v)
            for k, v in node.items():
                if k != "properties":
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(schema)
    return list(out)


def _builder_state(ruleset, board: Any) -> dict:
    """The board with its bookkeeping done, and what the page shows beside it (the problem in words, the
    notation line, the next cards' ids and names, the values the rules derive)."""
    layout = board_model.layout_of(ruleset.game)
    problem = bookkeeping.problem(ruleset, board) if isinstance(board, dict) else None
    return {"board": board,
            "problem": bookkeeping.in_words(ruleset, problem) if problem else None,
            "notation": bookkeeping.notation_of(ruleset, board),
            "reading": bookkeeping.read_back(ruleset, board),
            "next": bookkeeping.next_cards(ruleset, board),
            "derived": bookkeeping.derived(ruleset, board, layout.derived)}


def _drawing(ruleset, state: dict):
    return render_board(ruleset.game, state["board"], edit=True, derived=state["derived"],
                        counted=bookkeeping.counted_zones(ruleset), problem=state["problem"])


def _fixed_info(ruleset) -> FixedJSON:
    """What the builder's data holds that only changes with a deploy (the schema is most of it): encoded once."""
    scenarios = _shelf(ruleset.game)
    layout = board_model.layout_of(ruleset.game)
    return fixed_json(("builder", ruleset.game, request.script_root, id(scenarios)), lambda: {
        "game": ruleset.game, "title": ruleset.title,
        "board_schema": ruleset.board_schema, "rule_options": [o.to_json() for o in ruleset.rule_options],
        "adjustments": [a.to_json() for a in ruleset.adjustments],
        "scenarios": scenarios,
        "new_board_url": url_for("games_api.new_board", game=ruleset.game),
        "notation_url": url_for("board.notation", game=ruleset.game),
        "render_url": url_for("board.render_fragment", game=ruleset.game),
        "labels": {**board_model.LABELS, **layout.labels},
        "value_labels": {**board_model.VALUE_LABELS, **layout.value_labels},
        "minor_fields": sorted(layout.card_hidden),
        "builder": _layout_hints(ruleset)})


def _builder_page(ruleset, board: Any, seed: int, title: str, source: str, error: Exception | None = None,
                  board_text: str | None = None, start: str = "", notation_text: str | None = None):
    if error is None:
        board = bookkeeping.tidy(ruleset, board)
    state = _builder_state(ruleset, board)
    fixed = _fixed_info(ruleset)
    own = {"board": board, "seed": seed, "source": source, "start": start,
           **{k: state[k] for k in ("problem", "notation", "reading", "next", "derived")}}
    info = fixed.merged(own)
    if error is not None and wants_json():
        return error_of(error)
    if wants_json():
        return render(info, "board/builder.html", json_text=fixed.json(own))
    try:
        options = ruleset.options_of(board) if isinstance(board, dict) else {}
    except EngineError:
        options = {o.name: o.default for o in ruleset.rule_options}
    drawing = _drawing(ruleset, state) if isinstance(board, dict) else None
    text = board_text if board_text is not None else json.dumps(board, ensure_ascii=False, indent=1)
    shown_error = bookkeeping.in_words(ruleset, error) if isinstance(error, EngineError) else (
        {"error": error.message, "field": error.field, "place": ""} if error is not None else None)
    return render(info, "board/builder.html", status_of(error) if error else 200, info=info,
                  info_json=fixed.html_json(own), ruleset=ruleset,
                  drawing=drawing, board_text=text, options=options, error=error, shown_error=shown_error,
                  title=title, notation_text=notation_text if notation_text is not None else (state["notation"] or ""),
                  has_notation=getattr(ruleset, "notation", None) is not None,
                  guide=bookkeeping.notation_guide(ruleset), carry_on=carry_on.carries_on())


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
    bookkeeping.check_bounds(ruleset, board)
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


def _started(sid: str, to_decision: bool):
    """The new session's page; with `to_decision` (「最初の決定まで進める」) the rules are run on to the first decision
    first, as an answer carries on to the next one. If the engine stops on the way, the page shows the game where it
    stopped and its step controls say the same again."""
    if to_decision:
        try:
            sessions.step(get_store(), sid, "decision")
        except Failure:
            pass
    return redirect(url_for("sessions.show", sid=sid), 303)


@bp.post("/board/<game>")
def start(game: str):
    """この盤面で開始. The form's checkbox `then` (with its marker `then_shown`) runs on to the first decision."""
    try:
        ruleset = games.game_named(game)
    except Failure as e:
        return error_of(e)
    board, text, seed = None, request.form.get("board", ""), 0
    try:
        board, text = _form_board(ruleset)
        board = bookkeeping.tidy(ruleset, board)   # the bookkeeping the page does as the judge edits, done here too
        seed = _form_seed()
        title = check_text(request.form.get("title") or "", "title", TITLE_MAX, required=False)
        s = sessions.create(get_store(), ruleset.game, board, seed, [], title)
    except Failure as e:
        return _builder_page(ruleset, board if board is not None else {}, seed, request.form.get("title", ""),
                             "入力した盤面", error=e, board_text=text)
    shown = request.form.get("then_shown") is not None
    return _started(s.record.id, shown and request.form.get("then") == "decision")


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
    """The builder's live preview: a board (JSON body) with the bookkeeping done (`bookkeeping.tidy`), drawn and checked,
    nothing stored. Answers `{board, html, problem, notation, reading, next, derived}`; `problem` is the error shape in words
    (`error`, `field`, `path`, `place`) or null."""
    try:
        ruleset = games.game_named(game)
        board = json_body(required=("board",))["board"]
        if not isinstance(board, dict):
            raise RequestError(400, "board: オブジェクトである必要があります", "board")
        state = _builder_state(ruleset, bookkeeping.tidy(ruleset, board))
        return jsonify({**state, "html": str(_drawing(ruleset, state))})
    except Failure as e:
        return error_of(e)


@bp.post("/board/<game>/notation")
@stores_only_if(lambda: request.form.get("start") is not None)
def notation(game: str):
    """Quick entry: the game's one-line notation (docs/notation.md) read into a board, with the builder's bookkeeping.
    JSON `{text}` -> `{board, notation, reading}` (the canonical line, and the board in words beside it), or 400
    `{error, field: "notation", token, position, fix?}` naming the token that is wrong (`fix`: `{text, reading}`, the
    corrected line where the notation sees the likely reading). A plain form (`text`) opens the builder on that board, or on the error; with
    `start` (読み込んで開始) it starts a session from that board (on to the first decision, as the judge's setting
    says)."""
    try:
        ruleset = games.game_named(game)
    except Failure as e:
        return error_of(e)
    as_json = request.mimetype == "application/json"
    try:
        # the error's one-tap fix (a button of the plain form) is the corrected line itself
        text = json_body(required=("text",))["text"] if as_json else request.form.get("fix") or request.form.get("text", "")
        board, line = bookkeeping.from_notation(ruleset, text)
    except NotationError as e:
        body = {**bookkeeping.in_words(ruleset, e), "field": "notation", "status": 400, "board_field": e.field}
        if as_json:
            return jsonify(body), 400
        return _builder_page(ruleset, {}, 0, "", "入力した記法", error=e, board_text="",
                             notation_text=text if isinstance(text, str) else "")
    except Failure as e:
        if as_json:
            return error_of(e)
        return _builder_page(ruleset, {}, 0, "", "入力した記法", error=e, board_text="",
                             notation_text=text if isinstance(text, str) else "")
    if as_json:
        return jsonify({"board": board, "notation": line, "reading": bookkeeping.read_back(ruleset, board)})
    try:   # the builder's seed travels with the line (a hidden field); without it, 0
        seed = check_seed(int(request.form.get("seed") or 0))
    except ValueError:
        seed = 0
    if request.form.get("start") is not None:   # 読み込んで開始: the line's board started at once
        try:
            s = sessions.create(get_store(), ruleset.game, board, seed, [], "")
        except Failure as e:
            return _builder_page(ruleset, board, seed, "", "入力した記法", error=e, notation_text=line)
        return _started(s.record.id, carry_on.carries_on())
    return _builder_page(ruleset, board, seed, "", "入力した記法", notation_text=line)


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
