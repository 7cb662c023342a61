"""Game state: a JSON-shaped tree that rulesets change only through recorded operations.

Values are replaced, never mutated in place, so a change's `before` stays true without copying.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import pickle
import random
from typing import Any, Callable, Iterable

from judge_app.engine.trace import Change, Decision, Option, TraceEntry, Withheld


def _choices(options: Iterable, withheld: Iterable) -> tuple[tuple[Option, ...], tuple[Withheld, ...]]:
    opts = tuple([o if o.__class__ is Option else Option(*o) for o in options])
    if not withheld:
        return opts, ()
    offered = {o[0] for o in opts}
    kept: dict = {}
    for w in withheld:   # one pass: offered values dropped, a repeated value keeps its first place and its last entry
        if w[0] not in offered:
            kept[w[0]] = w
    return opts, tuple([w if w.__class__ is Withheld else Withheld(*w) for w in kept.values()])


@functools.lru_cache(maxsize=4096)
def _split(path: str) -> tuple[str | int, ...]:
    """"players.p1.hand.0" → ("players", "p1", "hand", 0); the same few hundred paths recur all game."""
    return tuple(int(p) if p.lstrip("-").isdigit() else p for p in path.split("."))


def _copied(data: dict) -> dict:
    """A deep copy of the JSON-shaped state, by pickle: a fifth of deepcopy's time on a whole board, and it is taken
    before every adjustment."""
    try:
        return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):   # something only deepcopy can copy
        return copy.deepcopy(data)


class GameState:
    def __init__(self, data: dict, seed: int):
        self.data = data
        self.seed = seed
        self.rng = random.Random(seed)  # all chance in the game (shuffles, ジャンケン) comes from here
        self.trace: list[TraceEntry] = []
        self._changes: list[Change] = []
        self._decisions = 0
        self._next_cites: list[str] = []   # clauses the next entry relies on (as much as possible, …)
        self.group: int | None = None      # while an effect resolves: its entry's seq
        self.resolving: str | None = None  # while an effect resolves: "cost" or "effect"
        self.acting: str | None = None     # while an effect resolves: its player (who chooses 「〜まで」)
        self.choices: list = []            # the answers already given to this adjustment's choices (effect_parts)
        self.chosen = 0                    # how many of them are used
        self.lasting_except: tuple = ()    # while an op runs: players a prohibition leaves out of `both`
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
        if len(keys) > 1:   # a value inside a container: copy the containers on the way, never change them in place
            node = self._own(keys)
        node[last] = value
        self._changes.append(Change(path, before, value))

    def _own(self, keys: tuple) -> Any:
        """The container holding keys[-1], made new along the path from the top: an earlier change may hold any of
        these containers as its `before` or `after` (a whole card, a player's `this_turn`), and must keep it as it was."""
        holder: Any = self.data
        for key in keys[:-1]:
            node = holder[key]
            copied = dict(node) if isinstance(node, dict) else list(node)
            holder[key] = copied
            holder = copied
        return holder

    def add(self, path: str, amount: int) -> int:
        value = self.get(path, 0) + amount
        self.set(path, value)
        return value

    def append(self, path: str, item: Any, whole: str | None = None) -> None:
        """Put `item` at the end of the list at `path` (made when absent) as `set(whole, <a copy with it added>)`
        would: every container from `whole` (the value the ruleset replaces: a card, a row; by default the list
        itself) down to the list is a new copy, so what earlier changes recorded stays as it was. Recorded as the
        one value added, `{path: "<path>.<index>", before: null, after: item}`, never as the list or card whole:
        a list of lasting effects grows by one a step, and copied whole it would fill every entry (issue 39)."""
        whole = whole or path
        if whole != path and not path.startswith(whole + "."):
            raise ValueError(f"{path} is not inside {whole}")
        keys, top = _split(path), _split(whole)
        holder: Any = self.data
        for key in top[:-1]:
            holder = holder[key]
        key = top[-1]
        for inner in keys[len(top):]:   # a copy of each container between `whole` and the list
            node = holder[key]
            copied = dict(node) if isinstance(node, dict) else list(node)
            holder[key] = copied
            holder, key = copied, inner
        items = holder.get(key) if isinstance(holder, dict) else holder[key]
        grown = [*(items or ()), item]
        holder[key] = grown
        self._changes.append(Change(f"{path}.{len(grown) - 1}", None, item))

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
        if cites or self._next_cites:   # deduplicated in order, the deciding clause left out
            cited = dict.fromkeys([*cites, *self._next_cites] if self._next_cites else cites)
            cited.pop(rule, None)
            cited = tuple(cited)
        else:
            cited = ()
        entry = TraceEntry(
            seq=len(self.trace) + 1, turn=self.turn, phase=self.phase, player=player,
            rule=rule, kind=kind, message=message, changes=tuple(self._changes), cites=cited, group=self.group,
        )
        self._changes = []
        self._next_cites = []
        self.trace.append(entry)
        return entry

    def log_refused(self, rule: str, action: str, message: str, player: str | None, cites: Iterable[str]) -> TraceEntry:
        """A refused attempt (Game.attempt): an entry of its own that changes nothing, so it neither takes the
        changes nor the clauses a step in progress has gathered for its own entry."""
        cited = tuple(c for c in dict.fromkeys(cites) if c != rule)
        entry = TraceEntry(seq=len(self.trace) + 1, turn=self.turn, phase=self.phase, player=player, rule=rule,
                           kind="refused", message=message, cites=cited, action=action)
        self.trace.append(entry)
        return entry

    def ask(self, player: str | None, prompt: str, options: Iterable[Option | tuple[Any, str]],
            rule: str, kind: str = "choice",
            withheld: Iterable[Withheld | tuple[Any, str, str, str]] = (),
            remake: Callable[[], tuple[Iterable, Iterable]] | None = None) -> Decision:
        """A decision; `withheld` are (value, label, rule, reason) of the actions the rules forbid here. `remake`,
        where the options depend on the state, gives (options, withheld) again after a judge's adjustment."""
        opts, held = _choices(options, withheld)
        if not opts:
            raise ValueError(f"decision without options at {rule}")
        self._decisions += 1
        return Decision(id=f"d{self._decisions}", player=player, prompt=prompt, options=opts, rule=rule, kind=kind,
                        withheld=held, remake=remake)

    def reask(self, decision: Decision) -> Decision:
        """The same decision (same id, prompt and clause) with its options and withheld actions worked out again
        from the state as it is now; unchanged when it has no `remake` or nothing would be left to choose."""
        if decision.remake is None:
            return decision
        opts, held = _choices(*decision.remake())
        if not opts:
            return decision
        return dataclasses.replace(decision, options=opts, withheld=held)

    def cite_next(self, *rules: str) -> None:
        """The next entry also relies on these clauses (a step done only as far as possible, …)."""
        self._next_cites.extend(rules)

    def end_game(self, winner: str | None) -> None:
        """`winner` is a player id, "draw", or None for a game stopped with no result."""
        self.set("winner", winner)
        self.set("finished", True)

    def snapshot(self) -> dict:
        return copy.deepcopy(self.data)

    def checkpoint(self) -> tuple:
        """Everything an action may change, to put back when the action is refused part-way."""
        return (_copied(self.data), len(self.trace), self.rng.getstate(), list(self._changes),
                self._decisions, list(self._next_cites), self.group, self.resolving)

    def restore(self, point: tuple) -> None:
        data, length, rng, changes, decisions, next_cites, group, resolving = point
        self.data.clear()
        self.data.update(data)
        del self.trace[length:]
        self.rng.setstate(rng)
        self._changes, self._decisions, self._next_cites = changes, decisions, next_cites
        self.group, self.resolving = group, resolving
