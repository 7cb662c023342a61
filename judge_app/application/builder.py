"""The board builder's bookkeeping: what a judge should not have to do by hand (issue 25).

- `tidy(ruleset, board)`: every card gets an id and a name where the judge left them out (the ones the game's
  notation fills in: `p1-c2` and キャラ2 for the second character, docs/notation.md), a card's required fields their
  defaults, a board under way a turn player and a turn, and what the ruleset's own `board.tidy_board` derives (opcg:
  the DON!! deck holds the DON!! found nowhere else, so attaching one takes it from there).
- `next_cards`: the id and name the next card of each zone (and each empty square or slot) will get.
- `counted_zones`: the zones whose size is a count (`deck` + `deck_count` …): one control for the judge.
- `derived`: values the rules derive that the board leaves out (opcg's DON!! deck), to show beside the rest.
- `problem`: what the ruleset refuses in a board, in words (the place named as a judge reads it, never a JSON path).
- `from_notation` / `notation_of`: quick entry, the board in the game's one-line notation and back.

No Flask: the web layer's builder pages call these.
"""
from __future__ import annotations

import copy
import importlib
import random
import re
from typing import Any, Iterator

from judge_app.application import games
from judge_app.application.engine_calls import engine_call
from judge_app.application.schema_nodes import schema_child
from judge_app.engine import BoardError, EngineError
from judge_app.engine.bounds import ShapeError, check_list_limits, check_shape
from judge_app.engine.ruleset import Ruleset

FRESH_PHASES = (None, "setup", "preparation")   # before the game: no turn player needed
_PATH = re.compile(r"\bboard(?:\.[A-Za-z_][\w]*|\[\d+\])+")


# ---- where the cards are: the game's notation knows every zone, its default ids and names, and its counts ----------
def _notation(ruleset: Ruleset):
    module = getattr(ruleset, "notation", None)
    return getattr(module, "NOTATION", None)


def _codec_kinds():
    from judge_app.engine._notation import Row, Slot, Zone
    return Zone, Slot, Row


def _places(fields, obj: dict, at) -> Iterator[tuple[dict, Any, Any, Any]]:
    """(card, its CardSpec, its At, the codec) for every card `fields` holds in `obj`, cards set on cards included."""
    Zone, Slot, Row = _codec_kinds()
    for codec in fields.codecs:
        if isinstance(codec, (Zone, Row)):
            cards = obj.get(codec.keys[0])
            for i, card in enumerate(cards if isinstance(cards, list) else ()):
                if isinstance(card, dict):
                    where = codec.at(at, i)
                    yield card, codec.spec, where, codec
                    yield from _places(codec.spec, card, where)
        elif isinstance(codec, Slot):
            card = obj.get(codec.keys[0])
            if isinstance(card, dict):
                where = codec.at(at)
                yield card, codec.spec, where, codec
                yield from _places(codec.spec, card, where)


def _player_at(pid: str):
    from judge_app.engine._notation import At
    return At(f"board.players.{pid}", pid)


def _players(board: dict) -> Iterator[tuple[str, dict]]:
    players = board.get("players") if isinstance(board, dict) else None
    if isinstance(players, dict):
        for pid, pl in players.items():
            if isinstance(pl, dict) and isinstance(pid, str):
                yield pid, pl


def dotted(field: str | None) -> str:
    """`board.players.p1.hand[0].id` -> `players.p1.hand.0.id` (the drawing's data-path)."""
    if not field:
        return ""
    path = re.sub(r"\[(\d+)\]", r".\1", field)
    return path[len("board."):] if path.startswith("board.") else ("" if path == "board" else path)


def _unique(wanted: str, taken: set[str]) -> str:
    if wanted not in taken:
        return wanted
    m = re.match(r"^(.*?)(\d+)$", wanted)
    stem, n = (m.group(1), int(m.group(2))) if m else (wanted + "-", 1)
    while f"{stem}{n}" in taken:
        n += 1
    return f"{stem}{n}"


def _board_module(ruleset: Ruleset):
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.board")
    except ImportError:
        return None


# ---- the bookkeeping ----------------------------------------------------------------------------------------------
# A list this long is refused before any work; a shorter one over its bound is a problem the builder words
BIG_LIST = 200


def check_bounds(ruleset: Ruleset, board: Any) -> None:
    """A board's bounds, before anything tidies, copies or draws it: every list within its schema's length (a zone's
    200 cards), then depth and number of values (engine/bounds.py). BoardError naming the field."""
    if not isinstance(board, dict):
        return
    try:   # lengths first: they refuse a 12,000-card zone without looking at its cards
        check_list_limits(ruleset.board_schema, board, "board", floor=BIG_LIST)
        check_shape(board, "board")
    except ShapeError as e:
        raise BoardError(e.message, e.field) from None


def tidy(ruleset: Ruleset, board: Any) -> Any:
    """A copy of `board` with the bookkeeping done (see the module's doc), once its bounds are checked. A board
    that is not an object is returned as it is: the checks then say what is wrong."""
    if not isinstance(board, dict):
        return board
    check_bounds(ruleset, board)
    board = copy.deepcopy(board)
    _tidy_head(ruleset, board)
    notation = _notation(ruleset)
    if notation is not None:
        _tidy_cards(notation.player, board)
    hook = getattr(_board_module(ruleset), "tidy_board", None)
    if callable(hook):
        board = hook(board)
    return board


def _tidy_head(ruleset: Ruleset, board: dict) -> None:
    """Set in any order: a phase of a game under way asks for a turn player and a turn ≥ 1, so they are filled in
    (p1, turn 1) until the judge sets them."""
    props = (ruleset.board_schema or {}).get("properties") or {}
    if board.get("phase") in FRESH_PHASES or "turn_player" not in props:
        return
    players = [pid for pid, _ in _players(board)]
    if board.get("turn_player") is None and players:
        board["turn_player"] = players[0]
    turn = board.get("turn")
    if "turn" in props and (turn is None or (type(turn) is int and turn < 1)):
        board["turn"] = 1


def _tidy_cards(player_fields, board: dict) -> None:
    taken: set[str] = set()
    found = []
    for pid, pl in _players(board):
        for k, v in player_fields.defaults(_player_at(pid)).items():
            pl.setdefault(k, copy.deepcopy(v))
        for card, spec, at, _codec in _places(player_fields, pl, _player_at(pid)):
            found.append((card, spec, at))
            if isinstance(card.get("id"), str) and card["id"]:
                taken.add(card["id"])
    for card, spec, at in found:
        defaults = spec.default_card(at)
        missing_id = not (isinstance(card.get("id"), str) and card["id"])
        missing_name = not (isinstance(card.get("name"), str) and card["name"].strip())
        if not (missing_id or missing_name or any(k not in card for k in defaults)):
            continue
        new_id = _unique(defaults["id"], taken) if missing_id else card["id"]
        taken.add(new_id)
        rest = {k: v for k, v in card.items() if k not in ("id", "name")}
        name = defaults["name"] if missing_name else card["name"]
        card.clear()
        card.update({"id": new_id, "name": name, **rest})   # id and name first, as boards are written
        for k, v in defaults.items():
            card.setdefault(k, copy.deepcopy(v))


def next_cards(ruleset: Ruleset, board: Any) -> dict[str, dict]:
    """{path: {id, name}}: the id and name the next card added at `path` gets — a zone's path (the card goes at its
    end), or an empty square's or slot's path."""
    notation = _notation(ruleset)
    if notation is None or not isinstance(board, dict):
        return {}
    Zone, Slot, Row = _codec_kinds()
    taken = {card["id"] for pid, pl in _players(board)
             for card, *_ in _places(notation.player, pl, _player_at(pid)) if isinstance(card.get("id"), str)}
    out: dict[str, dict] = {}

    def put(path: str, spec, at) -> None:
        d = spec.default_card(at)
        out[dotted(path)] = {"id": _unique(d["id"], taken), "name": d["name"]}

    for pid, pl in _players(board):
        at = _player_at(pid)
        for codec in notation.player.codecs:
            if isinstance(codec, Zone):
                cards = pl.get(codec.key)
                n = len(cards) if isinstance(cards, list) else 0
                put(f"{at.path}.{codec.key}", codec.spec, codec.at(at, n))
            elif isinstance(codec, Row):
                squares = pl.get(codec.keys[0])
                for i, sq in enumerate(squares if isinstance(squares, list) else [None] * 4):
                    if sq is None:
                        put(f"{at.path}.{codec.keys[0]}.{i}", codec.spec, codec.at(at, i))
            elif isinstance(codec, Slot) and pl.get(codec.keys[0]) is None:
                put(f"{at.path}.{codec.keys[0]}", codec.spec, codec.at(at))
    return out


def counted_zones(ruleset: Ruleset) -> dict[str, dict]:
    """{zone: {count, extra}}: the zones a board may count rather than list. `extra`: the count is the anonymous
    cards under the listed ones (opcg, los); otherwise it is the zone's whole size (kaiun, thv)."""
    notation = _notation(ruleset)
    Zone, _, _ = _codec_kinds()
    return {c.key: {"count": c.count, "extra": bool(c.extra)}
            for c in (notation.player.codecs if notation is not None else ()) if isinstance(c, Zone) and c.count}


def derived(ruleset: Ruleset, board: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    """{path: value} of the players' `keys` that the board leaves out and the rules fill in (the engine's initial
    state), e.g. opcg's DON!! deck; {} while the board is not one the engine accepts."""
    if not keys or not isinstance(board, dict):
        return {}
    want = [(pid, k) for pid, pl in _players(board) for k in keys if k not in pl]
    if not want or problem(ruleset, board) is not None:
        return {}
    try:
        with engine_call("board"):
            state = ruleset.setup(board, 0).data
    except EngineError:
        return {}
    out = {}
    for pid, k in want:
        value = ((state.get("players") or {}).get(pid) or {}).get(k)
        if value is not None:
            out[f"players.{pid}.{k}"] = value
    return out


# ---- problems in words ---------------------------------------------------------------------------------------------
def place_words(ruleset: Ruleset, field: str | None) -> str:
    """A board path as a judge reads it: `board.players.p1.characters[0].power` -> 「p1 のキャラクターエリア 1枚目のパワー」
    (the schema's titles)."""
    path = dotted(field)
    if not path:
        return "盤面"
    root = ruleset.board_schema or {}
    schema, words, parts = root, [], path.split(".")
    for i, part in enumerate(parts):
        key: Any = int(part) if part.isdigit() else part
        schema = schema_child(schema, key, root)
        if i == 1 and parts[0] == "players":
            words.append(f"{part} の")
        elif part == "players" and i == 0:
            continue
        elif isinstance(key, int):
            words.append(f" {key + 1}枚目" + ("" if i == len(parts) - 1 else "の"))
        else:
            words.append(str(schema.get("title") or key))
    return "".join(words).strip()


def in_words(ruleset: Ruleset, error: EngineError) -> dict:
    """The error shape with a message in words: the leading `field: ` cut (the place is said apart, as `place`),
    and any other board path in it said as a place."""
    message = error.message
    field = error.field
    if field and message.startswith(field + ": "):
        message = message[len(field) + 2:]
    message = _PATH.sub(lambda m: f"「{place_words(ruleset, m.group(0))}」", message)
    out = {"error": message, "field": field, "path": dotted(field), "place": place_words(ruleset, field)}
    for extra in ("token", "position"):
        if hasattr(error, extra):
            out[extra] = getattr(error, extra)
    if getattr(error, "fix", None):
        out["fix"] = error.fix
    return out


problem = games.board_problem   # what the ruleset refuses in a board (schema, invariants, rule options), or None


# ---- quick entry: the notation ---------------------------------------------------------------------------------------
def notation_of(ruleset: Ruleset, board: Any) -> str | None:
    """The board in the game's one-line notation, or None (no notation for this game, or not a board at all)."""
    if _notation(ruleset) is None or not isinstance(board, dict):
        return None
    try:
        return ruleset.dump_notation(board)
    except Exception:   # noqa: BLE001 - a half-entered board the notation cannot say: the field keeps its text
        return None


def from_notation(ruleset: Ruleset, text: Any) -> tuple[dict, str]:
    """(board, canonical notation) from what a judge typed, with the bookkeeping done before it is checked, so that
    only what is really wrong is refused; a NotationError (`token`, `position`, and `fix` where the notation sees
    the likely reading: kept only if the corrected line is a board this would accept) otherwise."""
    from judge_app.engine import NotationError
    from judge_app.engine._notation.board import fixes_up_to

    try:
        return _from_notation(ruleset, text)
    except NotationError as e:
        if e.fix:
            end = getattr(e, "fix_end", len(e.fix["text"]))
            if not fixes_up_to(e.fix["text"], end, lambda t: _from_notation(ruleset, t)):
                e.fix = None
        raise


def read_back(ruleset: Ruleset, board: dict) -> list[dict]:
    """The board in words, next to the line: [{who: 盤面 | p1 …, says: [「リーダー パワー5000」, …]}]."""
    notation = _notation(ruleset)
    if notation is None or not isinstance(board, dict):
        return []
    try:
        return notation.read_back(board)
    except Exception:   # noqa: BLE001 - a half-entered board the words cannot say: the drawing still shows it
        return []


def _from_notation(ruleset: Ruleset, text: Any) -> tuple[dict, str]:
    from judge_app.engine import NotationError
    from judge_app.engine._notation import token_error

    if not isinstance(text, str):
        raise BoardError("notation: 盤面の記法を文字列で入力してください", "notation")
    if len(text) > 20000:
        raise NotationError("盤面の記法が長すぎます（20000文字まで）", text[:20], 0)
    if _notation(ruleset) is None:
        ruleset.dump_notation({})   # raises the ruleset's own "no notation" error
    with engine_call("notation"):
        board, reading = ruleset.notation.parse(text)
        board = tidy(ruleset, _unsaid_piles(ruleset, board))
        try:
            ruleset.validate_board(board)
        except NotationError:
            raise
        except BoardError as e:
            raise token_error(e, reading) from e
        return board, ruleset.dump_notation(board)


LEFT_OUT = ("deck", "life")   # piles whose emptiness decides a game (a deck out, a leader at 0 life)


def _unsaid_piles(ruleset: Ruleset, board: dict) -> dict:
    """A line typed for a game under way says what the ruling depends on; a deck or a life pile it says nothing
    about is not an empty one (that would end the game at once): it gets the mid-game board's count, and the line
    shown back says it."""
    if board.get("phase") in FRESH_PHASES or not isinstance(board.get("players"), dict):
        return board
    counted = {z: c for z, c in counted_zones(ruleset).items() if z in LEFT_OUT}
    base = midgame(ruleset, 0) if counted else None
    if not base:
        return board
    base_players = base.get("players") or {}
    first = next(iter(base_players.values()), {})
    for pid, pl in _players(board):
        model = base_players.get(pid, first)
        for zone, spec in counted.items():
            if zone not in pl and spec["count"] not in pl and spec["count"] in model:
                pl[spec["count"]] = model[spec["count"]]
    return board


# ---- where the builder starts --------------------------------------------------------------------------------------
def midgame(ruleset: Ruleset, seed: int, players: int | None = None) -> dict | None:
    """The ruleset's mid-game board for `seed` (turn 3, both sides set up), or None where it has none; `players`:
    the seats, where the game lets the judge choose (Ruleset.player_counts)."""
    if type(ruleset).midgame_board is Ruleset.midgame_board:
        return None
    with engine_call("board"):
        if players and ruleset.player_counts:
            return ruleset.midgame_board(random.Random(seed), players=players)
        return ruleset.midgame_board(random.Random(seed))


def notation_guide(ruleset: Ruleset) -> dict | None:
    """What may be written where, in the notation's own words ({head, player, card}: lists of hints), for the
    builder's short guide beside the line; None for a game without a notation."""
    notation = _notation(ruleset)
    if notation is None:
        return None
    specs = [c.spec for c in notation.player.codecs if hasattr(c, "spec")]
    card = max(specs, key=lambda s: len(s.codecs)) if specs else None
    return {"head": [c.hint for c in notation.head.codecs if c.hint],
            "player": [c.hint for c in notation.player.codecs if c.hint],
            "card": [c.hint for c in card.codecs if c.hint] if card else []}
