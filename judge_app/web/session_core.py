"""Sessions and rulings for the web layer: replay stored sessions, apply a judge's action, store the result.

Shared by the JSON API (api_sessions.py) and the pages (board.py, sessions.py, rulings.py), so both
validate the same way: an action is applied to a replayed game first and stored only if it succeeded,
in one transaction, guarded by the row's version (another worker's write in between is a 409, not a loss).
"""
from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from contextlib import contextmanager
from typing import Any, Iterator

from flask import current_app, url_for

from judge_app.engine import EngineError, Game, LoopLimit, registry
from judge_app.engine.ruleset import Ruleset
from judge_app.scenarios import load_scenario, play_scenario
from judge_app.store import Conflict, NotFound, RulingRecord, SessionRecord
from judge_app.web.shared.services import get_store
from judge_app.web.ruling_review import Citations, cited, editions_in_force, review, ruling_citations

TITLE_MAX = 200
NOTE_MAX = 4000


class ApiError(Exception):
    """Bad input or a state that refuses the action: becomes `{error, field}` with `status`."""

    def __init__(self, status: int, message: str, field: str | None = None):
        super().__init__(message)
        self.status, self.message, self.field = status, message, field

    def to_json(self) -> dict:
        return {"error": self.message, "field": self.field, "status": self.status}


def rulesets() -> dict[str, Ruleset]:
    return registry.rulesets()


def ruleset_of(game: Any, field: str = "game", status: int = 400) -> Ruleset:
    known = rulesets()
    if not isinstance(game, str) or game not in known:
        raise ApiError(status, f"{field}: 「{game}」というゲームはありません（{', '.join(known) or 'なし'}）", field)
    return known[game]


# ---- a small per-process cache of replayed games ------------------------------------------------
# Replaying a long session on every request is wasteful; a game is borrowed exclusively (popped) while
# a request uses it, so two threads never share one, and put back under the version it now has.
_CACHE: "OrderedDict[str, tuple[int, Game]]" = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = 64


def _cache_take(sid: str, version: int) -> Game | None:
    with _CACHE_LOCK:
        hit = _CACHE.pop(sid, None)
    return hit[1] if hit and hit[0] == version else None


def _cache_put(sid: str, version: int, game: Game) -> None:
    with _CACHE_LOCK:
        _CACHE[sid] = (version, game)
        _CACHE.move_to_end(sid)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def cache_clear() -> None:
    with _CACHE_LOCK:
        _CACHE.clear()


def _engine_guard(where: str):
    """Turn engine failures into ApiErrors: bad input names its field; a crash inside a ruleset is
    reported (422) rather than a 500, and logged for the ruleset's author."""
    return _Guard(where)


class _Guard:
    def __init__(self, where: str):
        self.where = where

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc is None or isinstance(exc, ApiError):
            return False
        if isinstance(exc, LoopLimit):
            raise ApiError(422, exc.message, exc.field or "until") from None
        if isinstance(exc, EngineError):
            raise ApiError(400, exc.message, exc.field or self.where) from None
        if isinstance(exc, Exception):
            current_app.logger.exception("engine failure at %s", self.where)
            raise ApiError(422, f"ルールエンジンがこの入力を処理できませんでした（{type(exc).__name__}）。"
                                "盤面を確認してください", self.where) from None
        return False


def replay(ruleset: Ruleset, board: Any, seed: Any, answers: Any, where: str = "board") -> Game:
    with _engine_guard(where):
        return Game.replay(ruleset, board, seed, answers)


# ---- sessions -------------------------------------------------------------------------------
def check_seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not (0 <= seed < 2**63):
        raise ApiError(400, "seed: 0 以上 2^63 未満の整数を指定してください", "seed")
    return seed


def random_seed() -> int:
    return secrets.randbelow(2**31)


def create_session(game: Any, board: Any, seed: Any, answers: list | None = None, title: str = "") -> tuple[SessionRecord, Game]:
    ruleset = ruleset_of(game)
    seed = check_seed(seed)
    g = replay(ruleset, board, seed, answers or [])
    rec = get_store().create_session(ruleset.game, g.board, seed, g.answers, title[:TITLE_MAX])
    _cache_put(rec.id, rec.version, g)
    return rec, g


def create_from_scenario(source: Any, run_script: bool = True) -> tuple[SessionRecord, Game]:
    if not isinstance(source, (str, dict)):
        raise ApiError(400, "scenario: YAML の文字列またはオブジェクトを指定してください", "scenario")
    with _engine_guard("scenario"):
        data = _load_scenario(source)
        if not run_script:
            return create_session(data["game"], data["board"], data.get("seed", 0), [], data["title"])
        g = _play_scenario(data)
    rec = get_store().create_session(g.ruleset.game, g.board, g.seed, g.answers, data["title"][:TITLE_MAX])
    _cache_put(rec.id, rec.version, g)
    return rec, g


def _scenario_error(e: EngineError) -> ApiError:
    field = e.field if (e.field or "").startswith("scenario") else f"scenario.{e.field or ''}".rstrip(".")
    return ApiError(400, f"scenario: {e.message}", field)


def _load_scenario(source: Any) -> dict:
    try:
        return load_scenario(source)
    except EngineError as e:
        raise _scenario_error(e) from None


def _play_scenario(data: dict) -> Game:
    try:
        return play_scenario(data)
    except LoopLimit:
        raise
    except EngineError as e:
        raise _scenario_error(e) from None


def get_record(sid: Any) -> SessionRecord:
    if not isinstance(sid, str) or not sid or len(sid) > 64:
        raise ApiError(404, "session: そのセッションはありません", "session")
    try:
        return get_store().get_session(sid)
    except NotFound:
        raise ApiError(404, f"session: セッション「{sid}」はありません", "session") from None


@contextmanager
def borrowed(rec: SessionRecord) -> Iterator[Game]:
    """The session's game, replayed (or from the cache); put back afterwards unless the block failed."""
    g = _cache_take(rec.id, rec.version)
    if g is None:
        ruleset = ruleset_of(rec.game, "session", status=409)
        try:
            g = replay(ruleset, rec.board, rec.seed, rec.answers, "session")
        except ApiError as e:
            raise ApiError(409, f"保存されたセッションを再生できません: {e.message}", e.field) from None
    yield g
    _cache_put(rec.id, rec.version, g)


def load_session(sid: Any) -> tuple[SessionRecord, Game]:
    rec = get_record(sid)
    with borrowed(rec) as g:
        return rec, g


def act(sid: Any, action: str, **params: Any) -> tuple[SessionRecord, Game, int]:
    """Apply one judge action to a session and store it. Returns (record, game, trace length before)."""
    rec = get_record(sid)
    g = _cache_take(rec.id, rec.version)
    if g is None:
        with borrowed(rec) as g:
            pass
        g = _cache_take(rec.id, rec.version)
    before = len(g.trace)
    with _engine_guard(action):
        if action == "step":
            g.step(params["until"])
        elif action == "answer":
            g.answer(params["decision"], params["value"])
        elif action == "adjust":
            g.adjust(params["body"])
        elif action == "undo":
            if not g.answers:
                raise ApiError(400, "取り消す操作がありません", "answers")
            g = g.undo()
        else:  # pragma: no cover - callers pass fixed names
            raise ValueError(action)
    try:
        rec.version = get_store().update_answers(rec.id, rec.version, g.answers)
    except Conflict:
        raise ApiError(409, "別の操作と同時に更新されました。ページを読み込み直してください", "session") from None
    except NotFound:
        raise ApiError(404, "session: そのセッションはありません", "session") from None
    rec.answers = list(g.answers)
    _cache_put(rec.id, rec.version, g)
    return rec, g, (min(before, len(g.trace)) if action != "undo" else len(g.trace))


# ---- JSON shapes --------------------------------------------------------------------------------
def game_json(g: Game, trace_from: int = 0, citations: Citations | None = None) -> dict:
    """The game as JSON, cited ids shown in the current edition (or the editions `citations` names)."""
    out = (citations or Citations(g.ruleset)).apply(g.to_json(trace_from))
    out["adjustments"] = [a.to_json() for a in g.ruleset.adjustments]
    out["players"] = _players(g)
    out["trace_length"] = len(g.trace)
    return out


def _players(g: Game) -> list[str]:
    try:
        return list(g.ruleset.players(g.state))
    except Exception:
        return []


def session_json(rec: SessionRecord, g: Game) -> dict:
    out = {"id": rec.id, "url": url_for("sessions.show", sid=rec.id), "title": rec.title,
           "game_title": g.ruleset.title, "version": rec.version, "created": rec.created, "updated": rec.updated}
    out.update(game_json(g))
    return out


def change_json(rec: SessionRecord, g: Game, trace_from: int) -> dict:
    """Step/answer/adjust/undo answer: the new entries; `trace_length` tells a client where they start."""
    return Citations(g.ruleset).apply({
        "id": rec.id, "version": rec.version, "entries": [e.to_json() for e in g.trace[trace_from:]],
        "trace_length": len(g.trace), "state": g.state.data,
        "pending": g.pending.to_json() if g.pending else None, "answers": g.answers,
        "winner": g.state.winner, "finished": g.finished, "halted": g.halted})


# ---- rulings -----------------------------------------------------------------------------------
def check_text(value: Any, field: str, limit: int, required: bool) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise ApiError(400, f"{field}: 文字列で指定してください", field)
    value = value.strip()
    if required and not value:
        raise ApiError(400, f"{field}: 入力してください", field)
    if len(value) > limit:
        raise ApiError(400, f"{field}: {limit} 文字以内にしてください（{len(value)} 文字）", field)
    if any(ord(ch) < 32 and ch not in "\n\t\r" for ch in value):
        raise ApiError(400, f"{field}: 制御文字は使えません", field)
    return value


def save_ruling(sid: Any, title: Any, note: Any) -> RulingRecord:
    rec = get_record(sid)
    title = check_text(title, "title", TITLE_MAX, required=True)
    note = check_text(note, "note", NOTE_MAX, required=False)
    with borrowed(rec) as g:  # a session that no longer replays is not saved
        editions = editions_in_force(g)
    return get_store().save_ruling(rec.game, rec.board, rec.seed, rec.answers, title, note, editions)


def import_ruling(source: Any, title: Any = None, note: Any = None) -> RulingRecord:
    """A scenario file becomes a saved ruling (its script replayed and checked first)."""
    if not isinstance(source, (str, dict)):
        raise ApiError(400, "scenario: YAML の文字列またはオブジェクトを指定してください", "scenario")
    with _engine_guard("scenario"):
        data = _load_scenario(source)
        g = _play_scenario(data)
    title = check_text(title if title else data["title"], "title", TITLE_MAX, required=True)
    note = check_text(note if note else data.get("description", ""), "note", NOTE_MAX, required=False)
    return get_store().save_ruling(g.ruleset.game, g.board, g.seed, g.answers, title, note, editions_in_force(g))


def get_ruling(slug: Any) -> RulingRecord:
    if not isinstance(slug, str) or not slug or len(slug) > 32:
        raise ApiError(404, "slug: その裁定はありません", "slug")
    try:
        return get_store().get_ruling(slug)
    except NotFound:
        raise ApiError(404, f"slug: 裁定「{slug}」はありません", "slug") from None


def replay_ruling(r: RulingRecord) -> Game:
    ruleset = ruleset_of(r.game, "game", status=409)
    try:
        return replay(ruleset, r.board, r.seed, r.answers, "answers")
    except ApiError as e:
        raise ApiError(409, f"保存された裁定を再生できません: {e.message}", e.field) from None


def ruling_summary(r: RulingRecord) -> dict:
    return {"slug": r.slug, "url": url_for("rulings.show", slug=r.slug), "game": r.game, "title": r.title,
            "note": r.note, "created": r.created, "editions": dict(r.editions)}


def ruling_json(r: RulingRecord, g: Game) -> dict:
    out = ruling_summary(r)
    out.update({"board": r.board, "seed": r.seed, "answers": r.answers,
                "scenario_url": url_for("rulings.export", slug=r.slug)})
    out.update({k: v for k, v in game_json(g, citations=ruling_citations(r)).items()
                if k not in ("board", "seed", "answers", "game")})
    out["review"] = review(r, cited(g))
    out["replay_url"] = url_for("rulings.replay", slug=r.slug)
    return out


def scenario_of(r: RulingRecord) -> dict:
    """A ruling as a scenario file: the same four parts, and as `expect` what the file itself plays to
    (a scenario runs on to the end or an open decision, which may be further than the judge stepped)."""
    data: dict = {"game": r.game, "title": r.title}
    if r.note:
        data["description"] = r.note
    data.update({"board": r.board, "seed": r.seed, "answers": r.answers})
    with _engine_guard("answers"):
        g = _play_scenario(dict(data))
    expect: dict = {"winner": g.state.winner, "finished": g.state.finished}
    rules = sorted({e.rule for e in g.trace})
    if rules:
        expect["rules"] = rules
    expect["pending"] = {"id": g.pending.id, "rule": g.pending.rule} if g.pending else None
    data["expect"] = expect
    return data
