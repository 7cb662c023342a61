"""A judge's session: create it (from a board or a scenario), load it, and the controls of the session page —
step (1 ステップ, 次の決定まで, フェイズの終わりまで, ターンの終わりまで, ゲームの終わりまで), answer a decision
(and carry on to the next one in this turn, `then`), try what the rules may withhold (`attempt`), adjust, undo. The form on the page and the JSON API both call these.

One 元に戻す takes back the last thing the judge did: a step, an adjustment, or an answer with the steps that
carried on from it (`judged.undo_step`, which also words it for the button).

What happens when a judge taps a control (`step`, `answer`, `adjust`, `undo` → `_act`): the stored session is read,
its game taken from this process's live games (application/live_games.py: the game the last request left, caught up
with the row) or replayed from the four stored parts, the action applied to that game, and only if the engine
accepts it the new answers list is written, in one transaction, guarded by the row's version (another request's
write in between is a Conflict, never a lost answer).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge_app.application.engine_calls import engine_call, replay
from judge_app.application.game_json import change_json, session_json
from judge_app.application.games import as_stored, ruleset_of, stored_ruleset
from judge_app.application.inputs import TITLE_MAX, check_seed
from judge_app.application.judged import JudgedGame, undo_step
from judge_app.application.live_games import GAMES
from judge_app.application import builder, scenario_input
from judge_app.engine import UNTIL, EngineError, Game, NotationError
from judge_app.engine.game import check_adjustment_count
from judge_app.store import Conflict, NotFound, SessionRecord, Store


@dataclass
class Session:
    record: SessionRecord
    game: Game

    def to_json(self) -> dict:
        return session_json(self.record, self.game)


@dataclass
class Change:
    """What one action did: the session as stored now, and where its new trace entries start."""
    record: SessionRecord
    game: Game
    trace_from: int

    def to_json(self) -> dict:
        return change_json(self.record, self.game, self.trace_from)


def cache_clear() -> None:
    """Forget this process's live games (as a new worker starts)."""
    GAMES.clear()


# ---- create and load ---------------------------------------------------------------------------------------------
def create(store: Store, game: Any, board: Any, seed: Any, answers: list | None = None, title: str = "") -> Session:
    """A new session from a board: the board and answers are replayed first, and stored only if they play."""
    ruleset = ruleset_of(game)
    seed = check_seed(seed)
    check_adjustment_count(answers, "answers")
    g = replay(ruleset, board, seed, answers or [], game_class=JudgedGame)
    rec = store.create_session(ruleset.game, g.board, seed, g.answers, title[:TITLE_MAX])
    GAMES.put(rec.id, rec.version, g)
    return Session(rec, g)


def create_from_notation(store: Store, game: Any, text: Any, seed: Any, title: str = "") -> Session:
    """A new session from the game's one-line notation, read as the builder reads it (`builder.from_notation`:
    tidied, and a pile the line leaves out in a game under way given its mid-game count). A line that cannot be
    read is a NotationError naming `notation`, its token and position."""
    ruleset = ruleset_of(game)
    seed = check_seed(seed)
    try:
        board, _line = builder.from_notation(ruleset, text)
    except NotationError as e:
        raise NotationError(e.message, e.token, e.position) from None   # the body's field, not the board's
    return create(store, ruleset.game, board, seed, [], title)


def create_from_scenario(store: Store, source: Any, run_script: bool = True) -> Session:
    """A new session from a scenario file: its script played (or, with `run_script` false, at its board), then the
    rules run on to the next decision, where the judge takes over (a ruling imported from the file stops at the end
    of the script's turn instead: rulings.import_scenario)."""
    with engine_call("scenario"):
        data = scenario_input.read(source)
        if not run_script:
            return create(store, data["game"], data["board"], data.get("seed", 0), [], data["title"])
        played = scenario_input.play(data)
    # replayed once more as a judge's game, so that its answers have words for 元に戻す
    g = replay(played.ruleset, played.board, played.seed, played.answers, "scenario", game_class=JudgedGame)
    rec = store.create_session(g.ruleset.game, g.board, g.seed, g.answers, data["title"][:TITLE_MAX])
    GAMES.put(rec.id, rec.version, g)
    return Session(rec, g)


def record(store: Store, sid: Any) -> SessionRecord:
    if not isinstance(sid, str) or not sid or len(sid) > 64:
        raise NotFound("session: そのセッションはありません", "session")
    try:
        return as_stored(store.get_session(sid))
    except NotFound:
        raise NotFound(f"session: セッション「{sid}」はありません", "session") from None


def _replayed(rec: SessionRecord) -> Game:
    """The stored session's game: from this process's live games (caught up with the row), else replayed (a session
    that no longer replays is a Conflict)."""
    g = GAMES.take(rec)
    if g is None:
        ruleset = stored_ruleset(rec.game, "session")
        try:
            g = replay(ruleset, rec.board, rec.seed, rec.answers, "session", game_class=JudgedGame)
        except EngineError as e:
            raise Conflict(f"保存されたセッションを再生できません: {e.message}", e.field) from None
    return g


def game_of(rec: SessionRecord) -> Game:
    """The stored session's game as it stands (kept in this process's cache for the next request)."""
    g = _replayed(rec)
    GAMES.put(rec.id, rec.version, g)
    return g


def load(store: Store, sid: Any) -> Session:
    rec = record(store, sid)
    return Session(rec, game_of(rec))


# ---- the session page's controls ---------------------------------------------------------------------------------
def step(store: Store, sid: Any, until: Any = "step") -> Change:
    """Run the rules on: one step, or on to the next decision, the end of the phase, the turn or the game."""
    if until not in UNTIL:
        raise EngineError(f"until: {', '.join(UNTIL)} のどれかを指定してください", "until")
    return _act(store, record(store, sid), "step", until=until)


def answer(store: Store, sid: Any, decision: str | None, value: Any, then: Any = None) -> Change:
    """Answer the pending decision (`decision` its id; None: whichever is pending), then, with `then` (one of
    UNTIL, 次の決定まで on the page), run the rules on as a step would. The answer and its carrying on are one
    action: stored together, refused together, and taken back by one 元に戻す. A withheld value is Refused with
    the clause that forbids it, and nothing changes.

    Carrying on to the next decision (`then: decision`) stops at the end of the turn the judge answered in
    (stored as `{"step": "turn"}`, which halts at a decision or at the turn's end): an answer never carries a
    ruling into the next turn unless the judge asks, with a step control or `then: end`."""
    if then is not None and then not in UNTIL:
        raise EngineError(f"then: {', '.join(UNTIL)} のどれかを指定してください（省略すると回答だけ）", "then")
    return _act(store, record(store, sid), "answer", decision=decision, value=value,
                then="turn" if then == "decision" else then)


def attempt(store: Store, sid: Any, decision: str | None, value: Any = None, adjustment: dict | None = None) -> Change:
    """The judge tries an answer (`value`) or an adjustment the rules may withhold: refused, it is recorded as a
    `refused` trace entry and changes nothing else (Game.attempt); allowed, it is done as the plain answer or
    adjustment it is."""
    item: dict = {"try": {"adjust": adjustment}} if adjustment is not None else {"try": value}
    if decision is not None and adjustment is None:
        item["decision"] = decision
    return _act(store, record(store, sid), "try", item=item)


def adjust(store: Store, sid: Any, body: dict) -> Change:
    """A judge adjustment `{op, …its params}` in the ruleset's vocabulary."""
    rec = record(store, sid)
    ruleset = stored_ruleset(rec.game, "session")
    spec = next((a for a in ruleset.adjustments if a.op == body.get("op")), None)
    if spec is not None:   # name an unknown parameter itself (the schema error would only say "body")
        for key in body:
            if key != "op" and key not in spec.params:
                raise EngineError(f"{key}: 調整「{spec.label}」にない項目です（{', '.join(spec.params) or 'なし'}）",
                                  str(key)[:60])
    return _act(store, rec, "adjust", body=body)


def undo(store: Store, sid: Any) -> Change:
    """Take back the last thing the judge did (`judged.undo_step`): the session replays without it."""
    return _act(store, record(store, sid), "undo")


def _act(store: Store, rec: SessionRecord, action: str, **params: Any) -> Change:
    """Apply one action to the session's game and store the answers it leaves. A game the engine refused is
    dropped, never put back: it may be half-changed."""
    g = _replayed(rec)
    before = len(g.trace)
    with engine_call(action):
        if action == "step":
            g.step(params["until"])
        elif action == "answer":
            g.answer(params["decision"], params["value"])
            # an answer to a choice inside an effect leaves a decision waiting (the next choice, or the one the
            # judge adjusted at): nothing to carry on to
            if params["then"] is not None and not g.finished and g.pending is None:
                g.step(params["then"])
        elif action == "adjust":
            g.adjust(params["body"])
        elif action == "try":
            g.attempt(params["item"])
        elif not g.answers:
            raise EngineError("取り消す操作がありません", "answers")
        else:
            back = undo_step(g)
            g = replay(g.ruleset, g.board, g.seed, g.answers[:-back.items], "answers", game_class=JudgedGame)
    try:
        rec.version = store.update_answers(rec.id, rec.version, g.answers)
    except Conflict:
        raise Conflict("別の操作と同時に更新されました。ページを読み込み直してください", "session") from None
    except NotFound:
        raise NotFound("session: そのセッションはありません", "session") from None
    rec.answers = list(g.answers)
    GAMES.put(rec.id, rec.version, g)
    return Change(rec, g, len(g.trace) if action == "undo" else min(before, len(g.trace)))
