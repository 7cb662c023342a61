"""The trace as the session and ruling pages draw it: a window of the latest entries (a whole game is a thousand
or more, too heavy for a phone), the entry a judge selected, and each change's value in brief."""
from __future__ import annotations

import json
from typing import Any

from judge_app.engine import Game

TRACE_WINDOW = 150  # entries drawn by default


def selected_entry(g: Game, raw: str | None) -> dict | None:
    if not raw:
        return None
    try:
        seq = int(raw)
    except ValueError:
        return None
    return g.trace[seq - 1].to_json() if 1 <= seq <= len(g.trace) else None


def trace_window(g: Game, entry: dict | None, show_all: bool) -> tuple[list[dict], int]:
    """The entries the page draws (the latest ones, or from a selected older entry on) and how many are left out."""
    start = 0 if show_all else max(0, len(g.trace) - TRACE_WINDOW)
    if entry is not None and entry["seq"] - 1 < start:
        start = max(0, entry["seq"] - 6)
    return [e.to_json() for e in g.trace[start:]], start


def _card_name(v: dict) -> str | None:
    for key in ("name", "id"):
        if isinstance(v.get(key), str):
            return v[key] + (f"({v['id']})" if key == "name" and isinstance(v.get("id"), str) else "")
    return None


def brief(value: Any, limit: int = 120) -> str:
    """A trace change's value, short: cards by name, lists of cards as names and a count (full values are in
    the JSON twin). The `brief` template filter."""
    if isinstance(value, dict) and _card_name(value):
        return _card_name(value)
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        names = [_card_name(v) or "…" for v in value[:5]]
        more = f" 他{len(value) - 5}枚" if len(value) > 5 else ""
        return f"[{len(value)}] " + "、".join(names) + more
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + "…"
