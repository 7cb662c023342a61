"""A whole board: the head (turn, phase, who plays), then one section per player, `p1: …`, in seat order."""
from __future__ import annotations

import re

from judge_app.engine._notation import limits
from judge_app.engine._notation.codecs import At, Reading, Twice, generic
from judge_app.engine._notation.fields import Fields
from judge_app.engine._notation.lex import read as read_items
from judge_app.engine.trace import BoardError, NotationError

SECTION = re.compile(r"^(p\d+):$", re.I)
PLAYER_KEY = re.compile(r"^p\d+$")
_PARENT = re.compile(r"(\.[^.\[\]]+|\[\d+\])$")   # the last step of a board path: .key or [i]


class Notation:
    """`schema`: the game's board schema, for the players' seats and each zone's limits (limits.py)."""

    def __init__(self, head: Fields, player: Fields, schema: dict | None = None):
        self.head, self.player = head, player
        self.seats, self.required = limits.seats(schema) if schema else ((), ())
        if schema:
            seat = limits.node(limits.properties(limits.node(limits.properties(schema, schema).get("players"),
                                                             schema), schema).get(self.seats[0]), schema)
            limits.bind(player, seat, schema)

    def read_back(self, board: dict) -> list[dict]:
        """What the board says, in words, one entry per part: `{who: "盤面" | "p1" …, says: [phrases]}`."""
        out = [{"who": "盤面", "says": self.head.say({k: v for k, v in board.items() if k != "players"},
                                                    At("board"))}]
        players = board.get("players")
        for p, pl in (players.items() if isinstance(players, dict) else ()):
            if isinstance(pl, dict):
                out.append({"who": p, "says": self.player.say(pl, At(f"board.players.{p}", p))})
        return out

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

    def parse(self, text: str, offer: bool = True) -> tuple[dict, Reading]:
        """The board, and which token set each of its fields (so that a board error can name the token). An error
        the notation sees a likely reading for carries it as `fix` ({text, reading}: the corrected line) unless
        `offer` is False."""
        try:
            return self._parse(text)
        except NotationError as e:
            if offer and getattr(e, "candidates", None) and e.fix is None:
                e.fix, e.fix_end = self._first_fix(text, e.candidates)   # fix_end: where the fix's change ends
            raise

    def _first_fix(self, text: str, candidates) -> tuple[dict | None, int]:
        """The first candidate that reads up to the end of what it changed (a later slip is the next tap's)."""
        for start, end, new, reading in candidates:
            fixed = text[:start] + new + text[end:]
            if fixes_up_to(fixed, start + len(new), lambda t: self.parse(t, offer=False)):
                return {"text": fixed, "reading": reading}, start + len(new)
        return None, 0


    def _parse(self, text: str) -> tuple[dict, Reading]:
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
            for n, (p, its) in enumerate(sections):
                try:
                    players[p] = self.player.read(its, {}, At(f"board.players.{p}", p), r)
                except Twice as e:   # p1: D40 H5 D40 H5 — most likely the next player's fields, its p2: left out
                    self._next_seat_left_out(e, p, [q for q, _ in sections])
                    raise
            self._every_seat(text, items, [q for q, _ in sections])
        elif "players" not in board:
            raise NotationError(f"「{text}」: プレイヤーの欄（p1: …）がありません", text, 0)
        return board, r


    def _next_seat_left_out(self, e: NotationError, p: str, written: list[str]) -> None:
        nxt = self.seats[self.seats.index(p) + 1] if p in self.seats[:-1] else None
        if nxt and nxt not in written:
            e.message += f"。ここから {nxt} の欄なら、前に「{nxt}:」を書きます"
            e.candidates = [(e.position, e.position, f"{nxt}: ", f"ここから {nxt} の欄？")]

    def _every_seat(self, text: str, items: list, written: list[str]) -> None:
        """A seat the game needs and the line leaves out is said at the end of the line, where it goes."""
        missing = [p for p in self.required if p not in written]
        if missing:
            last = items[-1]
            raise NotationError(f"「{last.raw}」（{last.pos + 1}文字目）の後: {missing[0]} の欄（{missing[0]}: …）が"
                                f"ありません。行の終わりに「{missing[0]}:」から書き足します", last.raw, last.pos,
                                fix=None) from None


def fixes_up_to(text: str, end: int, read) -> bool:
    """Whether `read(text)` succeeds, or fails only at a token after `end`."""
    try:
        read(text)
    except NotationError as e:
        return e.position >= end
    return True


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
