"""A game as the JSON API shows it: state, trace and open decision, every cited clause id shown in the editions
the page is about (the current ones unless a ruling names its own). No URLs: the web adds those."""
from __future__ import annotations

from judge_app.application.citations import Citations
from judge_app.application.judged import undo_step
from judge_app.engine import Game
from judge_app.store import SessionRecord


def players_of(g: Game) -> list[str]:
    try:
        return list(g.ruleset.players(g.state))
    except Exception:   # a state the ruleset cannot read players from still shows its trace
        return []


def game_json(g: Game, trace_from: int = 0, citations: Citations | None = None) -> dict:
    out = (citations or Citations(g.ruleset)).apply(g.to_json(trace_from))
    out["adjustments"] = [a.to_json() for a in g.ruleset.adjustments]
    out["players"] = players_of(g)
    out["trace_length"] = len(g.trace)
    return out


def session_json(rec: SessionRecord, g: Game) -> dict:
    out = {"id": rec.id, "title": rec.title, "game_title": g.ruleset.title, "version": rec.version,
           "created": rec.created, "updated": rec.updated}
    out.update(game_json(g))
    out["undo"] = _undo_json(g)
    return out


def _undo_json(g: Game) -> dict | None:
    """What one 元に戻す takes back now: `{items, entries, words, label}`, or null when nothing is left to undo."""
    back = undo_step(g)
    return back.to_json() if back else None


def change_json(rec: SessionRecord, g: Game, trace_from: int) -> dict:
    """A judge action's answer: the new entries; `trace_length` tells a client where they start."""
    return Citations(g.ruleset).apply({
        "id": rec.id, "version": rec.version, "entries": [e.to_json() for e in g.trace[trace_from:]],
        "trace_length": len(g.trace), "state": g.state.data,
        "pending": g.pending.to_json() if g.pending else None, "answers": g.answers,
        "winner": g.state.winner, "finished": g.finished, "halted": g.halted, "undo": _undo_json(g)})
