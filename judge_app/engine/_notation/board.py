"""A whole board: the head (turn, phase, who plays), then one section per player, `p1: …`, in seat order."""
from __future__ import annotations

import re

from judge_app.engine._notation.codecs import At, Reading, generic
from judge_app.engine._notation.fields import Fields
from judge_app.engine._notation.lex import read as read_items
from judge_app.engine.trace import BoardError, NotationError

SECTION = re.compile(r"^(p\d+):$", re.I)
PLAYER_KEY = re.compile(r"^p\d+$")
_PARENT = re.compile(r"(\.[^.\[\]]+|\[\d+\])$")   # the last step of a board path: .key or [i]


class Notation:
    def __init__(self, head: Fields, player: Fields):
        self.head, self.player = head, player

    def dump(self, board: dict) -> str:
        tokens = self.head.write({k: v for k, v in board.items() if k != "players"}, At("board"))
        players = board.get("players")
        if isinstance(players, dict) and all(PLAYER_KEY.match(p) and isinstance(v, dict) for p, v in players.items()):
            for p, pl in players.items():
                tokens += [f"{p}:", *self.player.write(pl, At(f"board.players.{p}", p))]
        elif "players" in board:
            tokens.append(generic("players", players))
        return " ".join(tokens)

    def load(self, text: str) -> dict:
        return self.parse(text)[0]

    def parse(self, text: str) -> tuple[dict, Reading]:
        """The board, and which token set each of its fields (so that a board error can name the token)."""
        items = read_items(text)
        if not items:
            raise NotationError(f"「{text}」: 盤面の記法が空です（例: T3 メイン p1 p1: D30 H5 p2: D30 H5）", text, 0)
        r, board = Reading(), {}
        r.spans["board"] = items[0]
        sections: list[tuple[str, list]] = []
        head: list = []
        for item in items:
            m = SECTION.match(item.word or "")
            if m:
                p = m.group(1).lower()
                if any(p == q for q, _ in sections):
                    raise item.error(f"{p} の欄が2回あります")
                sections.append((p, []))
                r.spans[f"board.players.{p}"] = item
            else:
                (sections[-1][1] if sections else head).append(item)
        try:
            self.head.read(head, board, At("board"), r)
        except NotationError as e:   # most often a section written without its colon: p1 D20
            raise NotationError(f"{e.message}。プレイヤーの欄は「p1:」のように : を付けて始めます", e.token,
                                e.position) from None
        if sections:
            players: dict = {}
            r.put(board, "players", players, items[0], At("board"), "プレイヤー")
            for p, its in sections:
                players[p] = self.player.read(its, {}, At(f"board.players.{p}", p), r)
        elif "players" not in board:
            raise NotationError(f"「{text}」: プレイヤーの欄（p1: …）がありません", text, 0)
        return board, r


def token_error(error: BoardError, r: Reading) -> NotationError:
    """A board error (schema or check) said at the token that wrote the field, or the nearest one above it."""
    path = error.field or "board"
    while path not in r.spans and _PARENT.search(path):
        path = _PARENT.sub("", path)
    item = r.spans.get(path) or r.spans["board"]
    message = error.message
    if error.field and message.startswith(error.field + ": "):   # the token names the place
        message = message[len(error.field) + 2:]
    return NotationError(f"「{item.raw}」（{item.pos + 1}文字目）: {message}", item.raw, item.pos,
                         error.field or "notation")
