"""The multiplayer table: the two-player board (kaiun.board) for 3–5 players seated p1, p2, … clockwise, and the 親."""
from __future__ import annotations

import random

from judge_app.engine.kaiun import board as kb
from judge_app.engine.trace import BoardError

BOARD_SCHEMA = kb.board_schema(3, 5, {"parent": {
    "type": ["string", "null"], "title": "親", "description": "親のプレイヤー",
    "x-choices": [{"value": f"p{i}", "label": f"p{i}", "rule": "kaiun-multi:1-1-1-1"} for i in range(1, 6)]}})


def tidy_board(board: dict) -> dict:
    """The board builder's bookkeeping (application/builder.py): a game under way has a 親 (6-6-7), so a judge who
    sets the phase first gets p1 as the 親 until they choose another, and may set the two in either order."""
    if isinstance(board, dict) and board.get("phase") not in (None, "setup") and board.get("parent") is None \
            and isinstance(board.get("players"), dict) and "p1" in board["players"]:
        board["parent"] = "p1"
    return board


def check_seats(board: dict) -> None:
    """Beyond the two-player checks: the 親 is a player, and a game under way has one still playing (6-6-7) and
    at least two players left (1-2-1)."""
    players = board["players"]
    parent = board.get("parent")
    if parent is not None and parent not in players:
        raise BoardError(f"board.parent: プレイヤー「{parent}」はいません（{', '.join(players)}）", "board.parent")
    if board.get("phase") not in (None, "setup"):
        remaining = [p for p, pl in players.items() if not pl.get("left")]
        if len(remaining) < 2 and not board.get("finished"):
            raise BoardError("board.players: ゲームに残っているプレイヤーが2人未満です（1-2-1）", "board.players")
        if parent is None or players[parent].get("left"):
            raise BoardError("board.parent: 進行中のゲームには、ゲームに残っている親が必要です（6-6-7）", "board.parent")


def new_game_board(rng: random.Random, players: int | None = None) -> dict:
    """`players`: 3 to 5 seats (the builder's control); left out, drawn from `rng`."""
    n = rng.randint(3, 5)
    n = players or n   # drawn either way, so a seed gives the same decks whatever the count
    return {"players": {f"p{i}": {"deck": kb.random_deck(rng, f"p{i}")} for i in range(1, n + 1)}}


def midgame_board(rng: random.Random, seats: int | None = None) -> dict:
    """Turn 3 at the start of the battle phase, as in kaiun (kb.midgame_board): every player's card is open and the
    親, two seats clockwise from the first 親 (6-6-7), is about to battle each 子 in turn. `seats`: 3 to 5 (the
    builder's control); left out, drawn from `rng`."""
    drawn = rng.randint(3, 5)
    players = [f"p{i}" for i in range(1, (seats or drawn) + 1)]
    size = kb.played_turns(rng, players, 2)
    first = rng.randrange(len(players))
    return {"turn": 3, "phase": "battle", "parent": players[(first + 2) % len(players)],
            "players": {p: kb.midgame_player(rng, p, z) for p, z in size.items()}}
