"""Issue 39: a step continues the game this process holds (application/live_games.py) instead of replaying the
session; a held game must never differ from a replay of the stored row, whoever wrote the row last.

Two workers are two LiveGames over one store: each request picks one, as nginx hands requests to either worker."""
from __future__ import annotations

import json
import random

import pytest

from judge_app.application import live_games, sessions
from judge_app.application.engine_calls import replay
from judge_app.application.games import stored_ruleset
from judge_app.application.judged import JudgedGame
from judge_app.engine import EngineError, rulesets
from judge_app.store import Store

GAMES = ("opcg", "kaiun", "kaiun-multi", "los", "thv")


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "db.sqlite3")
    s.init_schema()
    yield s
    s.close()


class CheckedGames(live_games.LiveGames):
    """A worker's live games that check every game they hand out against a replay of the row it is taken for."""

    def take(self, rec):
        game = super().take(rec)
        if game is not None:
            assert as_json(rec, game) == as_json(rec, replayed(rec))
        return game


@pytest.fixture
def workers(monkeypatch):
    """Two workers' live games; `use(i)` makes worker i's the one the next request finds."""
    pair = [CheckedGames(), CheckedGames()]

    def use(i: int) -> live_games.LiveGames:
        monkeypatch.setattr(sessions, "GAMES", pair[i])
        return pair[i]
    use(0)
    return pair, use


def replayed(rec):
    """The row's game as a new process has it: replayed from the stored parts."""
    return replay(stored_ruleset(rec.game, "session"), rec.board, rec.seed, rec.answers, "session",
                  game_class=JudgedGame)


def as_json(rec, game) -> str:
    return json.dumps(sessions.Session(rec, game).to_json(), sort_keys=True)


def replayed_json(store: Store, sid: str) -> str:
    rec = store.get_session(sid)
    return as_json(rec, replayed(rec))


def shown_json(store: Store, sid: str, game) -> str:
    return as_json(store.get_session(sid), game)


def act(store: Store, sid: str, rng: random.Random, undo: float = 0.1):
    """One thing a judge does: a step control, an answer (carried on or not), or (one time in ten) 元に戻す."""
    g = sessions.load(store, sid).game
    if rng.random() < undo and g.answers:
        return sessions.undo(store, sid)
    if g.pending is not None:
        value = rng.choice(g.pending.options).value
        return sessions.answer(store, sid, g.pending.id, value, rng.choice([None, "decision", "step"]))
    return sessions.step(store, sid, rng.choice(["step", "step", "decision", "phase", "turn"]))


@pytest.mark.parametrize("game", GAMES)
def test_a_held_game_never_differs_from_a_replay_across_two_workers(store, workers, game):
    pair, use = workers
    rng = random.Random(f"live-{game}")
    ruleset = rulesets()[game]
    sid = sessions.create(store, game, ruleset.new_game_board(random.Random(3)), 11).record.id
    for _ in range(45):
        use(rng.randrange(2))
        try:
            change = act(store, sid, rng)
        except EngineError:   # an answer the rules withhold: refused, nothing stored
            continue
        assert shown_json(store, sid, change.game) == replayed_json(store, sid)
        if change.game.finished:
            break
    counts = {k: pair[0].counts[k] + pair[1].counts[k] for k in pair[0].counts}
    assert counts["caught_up"] > 0 and counts["same"] > 0   # both paths ran, not only replays


def test_another_writer_carried_the_session_on_the_held_game_catches_up(store, workers):
    pair, use = workers
    sid = sessions.create(store, "kaiun", rulesets()["kaiun"].new_game_board(random.Random(5)), 5).record.id
    sessions.step(store, sid, "decision")          # worker 0 holds the game at this version
    use(1)
    sessions.load(store, sid)
    rng = random.Random(2)
    for _ in range(3):                              # worker 1 carries on three times
        act(store, sid, rng, undo=0)
    use(0)
    g = sessions.load(store, sid).game
    assert pair[0].counts == {"same": 1, "caught_up": 1, "missed": 0}
    assert shown_json(store, sid, g) == replayed_json(store, sid)


def test_another_writer_undid_and_answered_otherwise_the_held_game_is_not_used(store, workers):
    pair, use = workers
    sid = sessions.create(store, "opcg", rulesets()["opcg"].new_game_board(random.Random(5)), 5).record.id
    pending = sessions.step(store, sid, "decision").game.pending
    assert pending is not None and len(pending.options) >= 2
    first, second = pending.options[0].value, pending.options[1].value
    sessions.answer(store, sid, pending.id, first)            # worker 0 holds the game with the first answer
    use(1)
    sessions.undo(store, sid)
    sessions.answer(store, sid, pending.id, second)           # worker 1: the same number of items, another answer
    use(0)
    missed = pair[0].counts["missed"]
    g = sessions.step(store, sid, "step").game
    assert pair[0].counts["missed"] == missed + 1 and pair[0].counts["caught_up"] == 0
    assert g.answers[-2]["value"] == second
    assert shown_json(store, sid, g) == replayed_json(store, sid)


def test_a_row_older_than_the_held_game_is_replayed(store, workers):
    pair, _ = workers
    sid = sessions.create(store, "kaiun", rulesets()["kaiun"].new_game_board(random.Random(5)), 5).record.id
    old = store.get_session(sid)
    sessions.step(store, sid, "decision")
    assert pair[0].take(old) is None and pair[0].counts == {"same": 1, "caught_up": 0, "missed": 1}


def test_answers_are_compared_as_stored_true_is_not_1():
    assert live_games._same_items([{"decision": "d1", "value": 1}], [{"decision": "d1", "value": 1}, {"step": "turn"}])
    assert not live_games._same_items([{"decision": "d1", "value": True}], [{"decision": "d1", "value": 1}])
    assert not live_games._same_items([{"step": "turn"}, {"step": "step"}], [{"step": "turn"}])


def test_the_setting_bounds_how_many_games_a_worker_keeps(store, workers, monkeypatch):
    pair, _ = workers
    board = rulesets()["kaiun"].new_game_board(random.Random(1))
    monkeypatch.setenv("JUDGE_APP_SESSION_CACHE", "2")
    ids = [sessions.create(store, "kaiun", board, n).record.id for n in range(3)]
    assert len(pair[0]) == 2
    sessions.step(store, ids[0], "decision")       # the oldest was forgotten: replayed, then kept again
    assert pair[0].counts["missed"] == 1 and len(pair[0]) == 2
    monkeypatch.setenv("JUDGE_APP_SESSION_CACHE", "0")
    change = sessions.step(store, ids[1], "step")
    assert len(pair[0]) == 0
    assert shown_json(store, ids[1], change.game) == replayed_json(store, ids[1])
