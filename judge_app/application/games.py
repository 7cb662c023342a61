"""The games a judge can set up: the rulesets by name, a fresh board for a seed, a board checked without storing
it, and the scenario files the board builder offers (SCENARIO_ROOT/<game>/*.yaml)."""
from __future__ import annotations

import random
from typing import Any

import yaml

from judge_app.engine import EngineError, registry
from judge_app.engine.ruleset import Ruleset
from judge_app.resources import data_dir
from judge_app.application.engine_calls import engine_call
from judge_app.store import Conflict, NotFound

SCENARIO_ROOT = data_dir("scenarios")


def rulesets() -> dict[str, Ruleset]:
    return registry.rulesets()


def _unknown(game: Any, field: str) -> str:
    known = rulesets()
    return f"{field}: 「{game}」というゲームはありません（{', '.join(known) or 'なし'}）"


def ruleset_of(game: Any, field: str = "game") -> Ruleset:
    """The ruleset a judge named (an EngineError when there is none)."""
    known = rulesets()
    if not isinstance(game, str) or game not in known:
        raise EngineError(_unknown(game, field), field)
    return known[game]


def game_named(game: Any) -> Ruleset:
    """The ruleset a URL names (NotFound when there is none)."""
    if not isinstance(game, str) or game not in rulesets():
        raise NotFound(_unknown(game, "game"), "game")
    return rulesets()[game]


def stored_ruleset(game: Any, field: str) -> Ruleset:
    """The ruleset of a stored session or ruling (Conflict when this server no longer has it)."""
    if not isinstance(game, str) or game not in rulesets():
        raise Conflict(_unknown(game, field), field)
    return rulesets()[game]


def as_stored(rec):
    """A session or ruling row saved before its game's board schema refused unknown top-level keys (opcg and los,
    issue 27) keeps replaying: those keys never meant anything to the engine, so they are left out of its board."""
    known = rulesets().get(rec.game)
    schema = known.board_schema if known is not None else {}
    if isinstance(rec.board, dict) and schema.get("additionalProperties") is False:
        props = schema.get("properties") or {}
        if any(k not in props for k in rec.board):
            rec.board = {k: v for k, v in rec.board.items() if k in props}
    return rec


def fresh_board(ruleset: Ruleset, seed: int, where: str = "board", players: int | None = None) -> dict:
    """The ruleset's own set-up for `seed`: the board of a new game (`players`: the seats, where the game lets the
    judge choose, Ruleset.player_counts)."""
    with engine_call(where):
        if players and ruleset.player_counts:
            return ruleset.new_game_board(random.Random(seed), players=players)
        return ruleset.new_game_board(random.Random(seed))


def board_problem(ruleset: Ruleset, board: dict) -> EngineError | None:
    """What the ruleset refuses in `board` (schema, invariants, rule options), or None; nothing is stored."""
    try:
        with engine_call("board"):
            ruleset.validate_board(board)
            ruleset.options_of(board)
    except EngineError as e:
        return e
    return None


# ---- scenario files on the shelf -------------------------------------------------------------------------------
# The shelf changes only with a deploy (which restarts the server): read once per process, not a stat of every
# file and a glob per page view (issue 39). Keyed by the root too, so a test's own shelf is its own entry.
_SHELVES: dict[tuple[str, str], list[dict]] = {}
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def scenario_list(game: str) -> list[dict]:
    """[{name, title}] of `game`'s scenario files, in name order. The list is shared: read it, never change it."""
    key = (str(SCENARIO_ROOT), game)
    shelf = _SHELVES.get(key)
    if shelf is None:
        shelf = _SHELVES[key] = _read_shelf(SCENARIO_ROOT / game)
    return shelf


def _read_shelf(base) -> list[dict]:
    out = []
    for path in sorted(base.rglob("*.yaml")) if base.is_dir() else []:
        name = path.relative_to(base).as_posix()[:-5]
        try:
            title = (yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}).get("title") or name
        except (yaml.YAMLError, OSError, AttributeError):
            title = name
        out.append({"name": name, "title": str(title)})
    return out


def scenario_text(game: str, name: str) -> str:
    """Only names that the listing gives are opened (no path from a request reaches the filesystem)."""
    for item in scenario_list(game):
        if item["name"] == name:
            return (SCENARIO_ROOT / game / f"{name}.yaml").read_text(encoding="utf-8")
    raise NotFound(f"scenario: シナリオ「{name}」はありません", "scenario")


def scenario_board(game: str, name: str) -> tuple[dict, int, str]:
    """(board, seed, title) of a scenario on the shelf, to open in the builder."""
    data = yaml.safe_load(scenario_text(game, name)) or {}
    if not isinstance(data, dict) or not isinstance(data.get("board"), dict):
        raise EngineError("scenario: 盤面(board)がありません", "scenario")
    seed = data.get("seed", 0) if isinstance(data.get("seed"), int) else 0
    return data["board"], seed, str(data.get("title") or name)

