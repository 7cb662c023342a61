"""This process's live games, by session id (issue 39): a judge's next step continues the game the last one left,
rather than replaying the whole session from its answers on every request.

A session's state is a function of its four stored parts (board, seed, answers; the game's name), and replaying a
list gives the same game as playing it live (engine/game.py). So a game held here is good for a stored row when:
- the row's version is the one the game was put back under (nothing was written since), or
- the row's answers start with exactly the game's answers (another worker, or another request, carried the session
  on): the game plays the items it has not seen, as a replay would after them.
Anything else (an undo elsewhere, a different answer, a row older than the game) is a miss: the caller replays.

A game is borrowed exclusively (taken out) while a request uses it, so two threads never share one, and put back
under the version it has now. The number kept is JUDGE_APP_SESSION_CACHE per worker, the least recently used
going first; 0 keeps none.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict

from judge_app import settings
from judge_app.engine import Game
from judge_app.store import SessionRecord


def _same_items(held: list, stored: list) -> bool:
    """Whether `stored` begins with `held`, compared as the JSON they are stored as (True and 1 are equal in
    Python, but not the same answer)."""
    return len(held) <= len(stored) and (
        json.dumps(held, sort_keys=True) == json.dumps(stored[:len(held)], sort_keys=True))


class LiveGames:
    """Session id -> (version, game), bounded, least recently used first out."""

    def __init__(self, size: int | None = None):
        self._games: "OrderedDict[str, tuple[int, Game]]" = OrderedDict()
        self._lock = threading.Lock()
        self._size = size   # None: the setting, read when a game is put back (tests change it)
        self.counts = {"same": 0, "caught_up": 0, "missed": 0}   # how takes went (bench and tests read them)

    @property
    def size(self) -> int:
        return max(0, self._size if self._size is not None else settings.get("SESSION_CACHE"))

    def take(self, rec: SessionRecord) -> Game | None:
        """The game for the stored row `rec`, taken out of the cache (caught up with the row's newer answers
        where it can be), or None: replay it."""
        with self._lock:
            version, game = self._games.pop(rec.id, (None, None))
        if game is None or version == rec.version:
            how = "same" if game is not None else "missed"
        elif version < rec.version and _same_items(game.answers, rec.answers):
            game = _caught_up(game, rec.answers)
            how = "caught_up" if game is not None else "missed"
        else:
            game, how = None, "missed"
        self.counts[how] += 1
        return game

    def put(self, sid: str, version: int, game: Game) -> None:
        size = self.size
        with self._lock:
            self._games[sid] = (version, game)
            self._games.move_to_end(sid)
            while len(self._games) > size:
                self._games.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()

    def __len__(self) -> int:
        return len(self._games)


def _caught_up(game: Game, answers: list) -> Game | None:
    """`game` after the items of `answers` past its own, each applied as a replay applies it; None when one does
    not apply (the replay that follows words why, or finds it does)."""
    try:
        for item in answers[len(game.answers):]:
            game.apply(item)
    except Exception:   # noqa: BLE001 - the game may be half-changed: dropped, and the full replay decides
        return None
    return game


GAMES = LiveGames()   # this process's
