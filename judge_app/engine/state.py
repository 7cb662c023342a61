"""Game state: a JSON-shaped tree that rulesets change only through recorded operations.

Values are replaced, never mutated in place, so a change's `before` stays true without copying.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Iterable

from judge_app.engine.trace import Change, Decision, Option, TraceEntry


def _split(path: str) -> list[str | int]:
    parts: list[str | int] = []
    for p in path.split("."):
        parts.append(int(p) if p.lstrip("-").isdigit() else p)
    return parts


class GameState:
    def __init__(self, data: dict, seed: int):
        self.data = data
        self.seed = seed
        self.rng = random.Random(seed)  # all chance in the game (shuffles, ジャンケン) comes from here
        self.trace: list[TraceEntry] = []
        self._changes: list[Change] = []
        self._decisions = 0
        data.setdefault("turn", 0)
        data.setdefault("phase", None)
        data.setdefault("winner", None)
        data.setdefault("finished", False)

    # ---- reading ------------------------------------------------------
    def get(self, path: str, default: Any = None) -> Any:
        node: Any = self.data
        for key in _split(path):
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                return default
        return node

    @property
    def turn(self) -> int:
        return self.data["turn"]

    @property
    def phase(self) -> str | None:
        return self.data["phase"]

    @property
    def finished(self) -> bool:
        return bool(self.data["finished"])

    @property
    def winner(self) -> str | None:
        return self.data["winner"]

    # ---- changing (recorded) ------------------------------------------
    def set(self, path: str, value: Any) -> None:
        keys = _split(path)
        node: Any = self.data
        for key in keys[:-1]:
            node = node[key]
        last = keys[-1]
        before = node[last] if (isinstance(node, dict) and last in node) or (isinstance(node, list) and -len(node) <= last < len(node)) else None
        if before == value and type(before) is type(value):
            return
        node[last] = value
        self._changes.append(Change(path, before, value))

    def add(self, path: str, amount: int) -> int:
        value = self.get(path, 0) + amount
        self.set(path, value)
        return value

    def remove_from(self, path: str, item: Any) -> None:
        items = list(self.get(path))
        items.remove(item)
        self.set(path, items)

    def insert_into(self, path: str, item: Any, index: int | None = None) -> None:
        """Put `item` into the list at `path`: at the end by default, index 0 for the top/front."""
        items = list(self.get(path))
        if index is None:
            items.append(item)
        else:
            items.insert(index, item)
        self.set(path, items)

    def move(self, item: Any, src: str, dst: str, index: int | None = None) -> None:
        self.remove_from(src, item)
        self.insert_into(dst, item, index)

    def shuffle(self, path: str) -> None:
        items = list(self.get(path))
        self.rng.shuffle(items)
        self.set(path, items)

    # ---- trace and decisions -------------------------------------------
    def log(self, rule: str, kind: str, message: str, player: str | None = None,
            cites: Iterable[str] = ()) -> TraceEntry:
        """Close a step: every change since the last entry is attributed to `rule`, the clause that decided it;
        `cites` are the other clauses the step relied on, in reasoning order."""
        entry = TraceEntry(
            seq=len(self.trace) + 1, turn=self.turn, phase=self.phase, player=player,
            rule=rule, kind=kind, message=message, changes=tuple(self._changes),
            cites=tuple(c for c in dict.fromkeys(cites) if c != rule),
        )
        self._changes = []
        self.trace.append(entry)
        return entry

    def ask(self, player: str | None, prompt: str, options: Iterable[Option | tuple[Any, str]],
            rule: str, kind: str = "choice") -> Decision:
        opts = tuple(o if isinstance(o, Option) else Option(*o) for o in options)
        if not opts:
            raise ValueError(f"decision without options at {rule}")
        self._decisions += 1
        return Decision(id=f"d{self._decisions}", player=player, prompt=prompt, options=opts, rule=rule, kind=kind)

    def end_game(self, winner: str | None) -> None:
        """`winner` is a player id, "draw", or None for a game stopped with no result."""
        self.set("winner", winner)
        self.set("finished", True)

    def snapshot(self) -> dict:
        return copy.deepcopy(self.data)
