"""Board facts of bench/time_to_ruling.yaml: a path into the board and the value it must hold.

Shared by the bench and its drivers (bench/ttr_drivers/), so that every driver reads "is this fact already
right?" the same way.
"""
from __future__ import annotations

import copy
from typing import Any


def _path(path: str) -> list:
    return [int(p) if p.isdigit() else p for p in path.split(".")]


def get_path(data: Any, path: str, default: Any = None) -> Any:
    node = data
    for key in _path(path):
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and -len(node) <= key < len(node):
            node = node[key]
        else:
            return default
    return node


_MISSING = object()


def matches(have: Any, want: Any) -> bool:
    """`want` as a board fact: a dict matches on its keys, a list item by item, a value by equality."""
    if isinstance(want, dict):
        return isinstance(have, dict) and all(matches(have.get(k, _MISSING), v) for k, v in want.items())
    if isinstance(want, list):
        return isinstance(have, list) and len(have) == len(want) and all(matches(h, w) for h, w in zip(have, want))
    if have is _MISSING:
        return False
    if isinstance(want, bool) or isinstance(have, bool):
        return have is want
    return have == want


class Facts:
    """The board facts of a case: path -> value, checked on the engine's initial state of a board (the
    ruleset's own `setup`, so defaults and counts read as the engine reads them), or on the raw board while it
    is not yet a board the engine accepts (half entered)."""

    def __init__(self, game: str, facts: dict):
        self.game = game
        self.items: list[tuple[str, Any]] = list(facts.items())

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)

    def initial_state(self, board: dict, seed: int = 0) -> dict | None:
        from judge_app.engine.registry import get_ruleset

        rs = get_ruleset(self.game)
        try:
            return rs.setup(rs.validate_board(copy.deepcopy(board)), seed).data
        except Exception:   # noqa: BLE001 - a board not (yet) accepted: read the raw board
            return None

    @staticmethod
    def holds_in(data: dict, path: str, want: Any, raw: bool) -> bool:
        if path.endswith("_count"):
            zone = path[: -len("_count")]
            listed = get_path(data, zone)
            count = get_path(data, path)
            if not raw:   # the engine's state: the zone's cards, anonymous ones included
                n = len(listed) if isinstance(listed, list) else count
                return n == want
            n_list = len(listed) if isinstance(listed, list) else 0
            return (count == want) or (count is None and n_list == want)
        have = get_path(data, path, _MISSING)
        return matches(have, want)

    def unmet(self, board: dict, seed: int = 0) -> list[tuple[str, Any]]:
        state = self.initial_state(board, seed)
        out = []
        for path, want in self.items:
            ok = self.holds_in(board, path, want, raw=True)
            if not ok and state is not None:
                ok = self.holds_in(state, path, want, raw=False)
            if not ok:
                out.append((path, want))
        return out




def apply(board: dict, facts: "Facts") -> dict:
    """`board` with every fact written into it (a copy): what a judge who starts from that board enters. A
    `<zone>_count` fact sets the count and empties the zone's listed cards."""
    out = copy.deepcopy(board)
    for path, value in facts:
        keys = _path(path)
        node = out
        for k, nxt in zip(keys, keys[1:]):
            if isinstance(node, list):
                while len(node) <= k:
                    node.append(None)
                if node[k] is None:
                    node[k] = [] if isinstance(nxt, int) else {}
                node = node[k]
            else:
                node = node.setdefault(k, [] if isinstance(nxt, int) else {})
        last = keys[-1]
        if isinstance(node, list):
            while len(node) <= last:
                node.append(None)
        node[last] = copy.deepcopy(value)
        if isinstance(last, str) and last.endswith("_count") and isinstance(node.get(last[:-6]), list):
            node[last[:-6]] = []
    return out
