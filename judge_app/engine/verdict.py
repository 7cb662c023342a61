"""What a ruling decided, read from its game: one shape for every game (issue 36, DESIGN.md "JSON API").

A ruling's **window** runs from the board to an entry of its trace. By default it ends where the last thing the
judge did ends (an answer, an adjustment or a try, with the rules it set off before the next decision), and never
past the turn in which the judge did it. The **verdict** of the window:

- `answer`: 「いいえ」 when the window holds a refused attempt, 「結果」 when the game ended inside it, else 「はい」;
- `headline`: that answer in one sentence a player understands;
- `changes`: the state inside the window as differences before → after in the game's words (a card that moved
  zone, a count, a card turned), each with the entry that made it (`seq`, `rule`, `cites`);
- `refused`: every refused attempt in the window, with its clause;
- `result`: only when the game ended inside the window;
- `clauses`: the deciding clauses: every clause of the last action's entries, of each change and each refusal,
  and of the entry that ended the game;
- `next`: the decision open at the end, as a line of its own (it is not the verdict).

Clause ids are raw here; the application layer shows them with the ruling's editions. A ruleset gives the words
of its zones and fields as `verdict_words` (a `Words`).
"""
from __future__ import annotations

from typing import Any

from judge_app.engine.game import Game
from judge_app.engine.trace import TraceEntry
from judge_app.engine.verdict_words import Words

ANSWERS = ("はい", "いいえ", "結果")
MAX_CHANGES = 12   # a short list: the rest is counted, and the trace below holds all


def judge_items(answers: list) -> list[int]:
    """The indexes of the answers-list items the judge did as an action (not a bare step)."""
    return [i for i, item in enumerate(answers) if isinstance(item, dict) and "step" not in item]


def last_action_start(g: Game) -> int:
    """How many trace entries stood before the last thing the judge did (0: the judge did nothing but step)."""
    items = judge_items(g.answers)
    return g.starts[items[-1]] if items else 0


def default_end(g: Game) -> int:
    """The seq that ends the default window: the last entry of the last action and the rules it set off, inside
    the turn it was done in (0 for an empty trace)."""
    start = last_action_start(g)
    trace = g.trace
    if start >= len(trace):
        return len(trace)
    turn = trace[start].turn
    end = start + 1
    while end < len(trace) and trace[end].turn == turn:
        end += 1
    return end


def _card_id(card: Any) -> Any:
    return card.get("id") if isinstance(card, dict) else None


def _name(card: dict) -> str:
    return f"「{card.get('name') or card.get('id')}」"


class _Diff:
    """The net differences of the window's changes: for each path, its first `before` and last `after`."""

    def __init__(self, entries: list[TraceEntry]):
        self.first: dict[str, Any] = {}
        self.last: dict[str, tuple[Any, TraceEntry]] = {}
        self.seen: dict[str, list] = {}   # every value the path held inside the window, in order
        for e in entries:
            for c in e.changes:
                self.first.setdefault(c.path, c.before)
                self.last[c.path] = (c.after, e)
                self.seen.setdefault(c.path, [c.before]).append(c.after)
        self._held: dict[str, dict[Any, dict[int, dict]]] = {}

    def card_varied(self, path: str, cid: Any, key: str) -> bool:
        """Whether a card's field took more than one value inside the window (came back to where it was)."""
        values = {repr(c.get(key)) for c in self._held_by_card(path).get(cid, {}).values()}
        return len(values) > 1

    def _held_by_card(self, path: str) -> dict[Any, dict[int, dict]]:
        """Card id -> the states of that card the zone at `path` held inside the window (by object: a card the
        engine did not touch is the same dict in the next value of its zone). Read once per path: asked card by card
        and field by field, a scan of every value each time was cards² × entries."""
        held = self._held.get(path)
        if held is None:
            held = self._held[path] = {}
            for v in self.seen.get(path, ()):
                for c in _cards(v):
                    held.setdefault(_card_id(c), {})[id(c)] = c
        return held

    def paths(self):
        return list(self.last)


def _player_path(path: str) -> tuple[str, str, str | None] | None:
    """"players.p1.hand" → ("p1", "hand", None); "players.p1.field.0" → ("p1", "field", "0")."""
    parts = path.split(".")
    if len(parts) < 3 or parts[0] != "players":
        return None
    return parts[1], parts[2], (parts[3] if len(parts) > 3 else None)


def _cards(value: Any) -> list[dict]:
    if isinstance(value, dict) and "id" in value:
        return [value]
    if isinstance(value, list):
        return [c for c in value if isinstance(c, dict) and "id" in c]
    return []


def _item(text: str, e: TraceEntry) -> dict:
    return {"text": text, "seq": e.seq, "rule": e.rule, "cites": list(e.cites)}


def changes(entries: list[TraceEntry], words: Words) -> tuple[list[dict], int]:
    """The window's state differences in the game's words, in trace order; and how many more were left off."""
    diff = _Diff(entries)
    out: list[dict] = []
    where_before: dict = {}
    where_after: dict = {}
    cards: dict = {}
    slots: dict = {}   # card id -> [its place in its zone's list before, after]
    for path in diff.paths():
        pp = _player_path(path)
        after, e = diff.last[path]
        before = diff.first[path]
        added = _added(path, before, words)
        if added is not None:   # one lasting effect added to a list (GameState.append records only the item)
            out.append(_item(added, e))
            continue
        if pp is None:
            if path in words.shared:   # touched inside the window, even if it came back (効果 1 件 → 1 件)
                out.append(_item(f"{words.shared[path]} {words.value(path, before)} → {words.value(path, after)}", e))
            continue
        player, key, index = pp
        if key in words.zones:
            for c in _cards(before):
                where_before[_card_id(c)] = (player, key)
                cards[_card_id(c)] = (c, cards.get(_card_id(c), (None, e))[1])
                if index is None and isinstance(before, list):
                    slots[_card_id(c)] = [before.index(c), None]
            for c in _cards(after):
                where_after[_card_id(c)] = ((player, key), e)
                cards[_card_id(c)] = (c, e)
                if index is None and isinstance(after, list) and _card_id(c) in slots:
                    slots[_card_id(c)][1] = after.index(c)
            if key in words.counted and index is None:
                n0, n1 = len(before) if isinstance(before, list) else 0, len(after) if isinstance(after, list) else 0
                out.append(_item(f"{player} の{words.zones[key]} {n0} → {n1}", e))
        elif index is None:   # a field touched inside the window, even if it came back (ライフ 4 → 4)
            out.extend(_field(player, key, before, after, e, words))
    out.extend(_moves(diff, words, where_before, where_after, cards, slots))
    out.sort(key=lambda c: c["seq"])
    return out[:MAX_CHANGES], max(0, len(out) - MAX_CHANGES)


def _added(path: str, before: Any, words: Words) -> str | None:
    """An item appended to a list of lasting effects, in the game's words, or None: `effects.3` (a shared list:
    続いている効果 ＋1 件) or `players.p1.front.0.mods.2` (a card's list: p1 の前衛 レーン1 のカードに効果 ＋1 件)."""
    parts = path.split(".")
    if before is not None or not parts[-1].isdigit():
        return None
    if len(parts) == 2 and parts[0] in words.shared:
        return f"{words.shared[parts[0]]} ＋1 件"
    if len(parts) == 6 and parts[0] == "players" and parts[2] in words.zones and parts[3].isdigit():
        player, zone, place, key = parts[1], parts[2], int(parts[3]) + 1, parts[4]
        where = f"{words.slots[zone]}{place}" if zone in words.slots else f"{place}枚目"
        label = words.card_fields.get(key) or "効果"
        return f"{player} の{words.zones[zone]} {where} のカードに{label} ＋1 件"
    return None


def _field(player: str, key: str, before: Any, after: Any, e: TraceEntry, words: Words) -> list[dict]:
    """A player's field (p2 のライフ 3000 → 2800); a dict field key by key (`cost_area.rested`)."""
    if isinstance(before, dict) or isinstance(after, dict):
        b, a = before or {}, after or {}
        keys = [k for k in dict.fromkeys([*b, *a]) if b.get(k) != a.get(k)] or list(dict.fromkeys([*b, *a]))
        return [o for k in keys for o in _field(player, f"{key}.{k}", b.get(k), a.get(k), e, words)]
    if key not in words.fields:
        return []
    return [_item(f"{player} の{words.fields[key]} {words.value(key, before)} → {words.value(key, after)}", e)]


def _moves(diff: _Diff, words: Words, where_before: dict, where_after: dict, cards: dict, slots: dict) -> list[dict]:
    """A card that changed zone (キャラ「X」 キャラクターエリア → トラッシュ), or, staying, moved within it (a
    game whose zones have numbered places: レーン1 → レーン2) or turned (レスト)."""
    out = []
    old = {cid: c for path in diff.paths() if (_player_path(path) or ("", "", None))[1] in words.zones
           for c in _cards(diff.first[path]) for cid in [_card_id(c)]}
    for cid, ((player, zone), e) in where_after.items():
        card = cards[cid][0]
        was = where_before.get(cid)
        if was is not None and was != (player, zone):
            owner = f"{player} の" if was[0] == player else f"{was[0]} → {player} の"
            out.append(_item(f"{owner}{_name(card)} {words.zones[was[1]]} → {words.zones[zone]}", e))
        elif was is None:
            continue   # came from a zone the window did not touch: shown by the zone it left, if any
        else:
            place = slots.get(cid)
            if zone in words.slots and place and None not in place and place[0] != place[1]:
                slot = words.slots[zone]
                out.append(_item(f"{player} の{_name(card)} {words.zones[zone]} {slot}{place[0] + 1} → "
                                 f"{slot}{place[1] + 1}", e))
            before = old.get(cid, {})
            path = f"players.{player}.{zone}"
            for key, label in words.card_fields.items():
                if before.get(key) != card.get(key) or diff.card_varied(path, cid, key):
                    said = f"{label}: " if label else ""
                    out.append(_item(f"{player} の{_name(card)} {said}{words.value(key, before.get(key))} → "
                                     f"{words.value(key, card.get(key))}", e))
    for cid, (player, zone) in where_before.items():
        if cid not in where_after:   # left for somewhere the window did not record as a zone
            card = cards[cid][0]
            e = next((e for p, (_, e) in diff.last.items() if p.startswith(f"players.{player}.{zone}")), None)
            if e is not None:
                out.append(_item(f"{player} の{_name(card)} {words.zones[zone]} → （なし）", e))
    return out


def _ending(entries: list[TraceEntry]) -> TraceEntry | None:
    for e in entries:
        if any(c.path == "finished" and c.after for c in e.changes):
            return e
    return None


def result_words(winner: Any) -> str:
    if winner == "draw":
        return "引き分け"
    return f"{winner} の勝利" if winner else "ゲーム終了（勝者なし）"


def _yes(window: list[TraceEntry], start: int, listed: list[dict]) -> str:
    """「はい」 and what happened: the changes the last action made first, else the window's, else its last words."""
    if listed:
        ours = [c for c in listed if c["seq"] > start] or listed
        return "はい。" + "、".join(c["text"] for c in ours[:3]) + "。"
    if window:
        return f"はい。{window[-1].message}"
    return "はい。盤面のとおりです（まだ何も処理していません）。"


def verdict(g: Game, window_end: int | None = None) -> dict:
    """The verdict of `g` over the window that ends at entry `window_end` (None: the default window)."""
    trace = g.trace
    default = default_end(g)
    end = default if window_end is None else max(0, min(int(window_end), len(trace)))
    window = trace[:end]
    start = min(last_action_start(g), end)
    words: Words = getattr(g.ruleset, "verdict_words", None) or Words()
    listed, more = changes(window, words)
    refused = [e for e in window if e.kind == "refused"]
    ending = _ending(window)
    clauses: list[str] = []
    for e in [*window[start:], *refused, *([ending] if ending else [])]:
        clauses.extend(e.clauses)
    for c in listed:
        clauses.extend([c["rule"], *c["cites"]])
    out: dict = {
        "window": {"end": end, "default_end": default, "last": len(trace), "action_from": start + 1},
        "changes": listed, "more_changes": more,
        "refused": [{"seq": e.seq, "player": e.player, "action": e.action, "message": e.message, "rule": e.rule,
                     "cites": list(e.cites)} for e in refused],
        "result": None, "clauses": list(dict.fromkeys(clauses)), "next": None,
    }
    if refused:
        last = refused[-1]
        who = f"{last.player} の" if last.player else ""
        out["answer"], out["headline"] = "いいえ", f"いいえ。{who}{last.action}はできません（{last.rule}）。"
    elif ending is not None:
        out["answer"], out["headline"] = "結果", f"結果: {result_words(g.state.winner)}（{ending.rule}）。"
    else:
        out["answer"], out["headline"] = "はい", _yes(window, start, listed)
    if ending is not None:
        out["result"] = {"winner": g.state.winner, "text": result_words(g.state.winner), "seq": ending.seq,
                         "rule": ending.rule, "cites": list(ending.cites)}
    if g.pending is not None:
        d = g.pending
        who = f"{d.player} が" if d.player else ""
        out["next"] = {"player": d.player, "prompt": d.prompt, "rule": d.rule, "text": f"次: {who}選びます — {d.prompt}"}
    elif g.halted:
        out["next"] = {"player": None, "prompt": g.halted, "rule": None, "text": f"次: 止まりました — {g.halted}"}
    return out
