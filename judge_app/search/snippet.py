"""Snippets: a window of the clause text around the query's words, with the places to highlight.

Matching is done on the folded text (so 「りふれっしゅ」 highlights 「リフレッシュ」) and mapped back to
the original characters. The answer is plain text plus [start, end) offsets; whoever renders it
escapes the text and wraps the offsets in <mark> (templates/_search_macros.html, static/search.js).
"""
from __future__ import annotations

from judge_app.search.normalize import fold_with_map, original_span

WINDOW = 110


def find_marks(text: str, needles: list[str]) -> list[list[int]]:
    folded, where = fold_with_map(text)
    spans = []
    for n in sorted(set(needles), key=len, reverse=True):
        if not n:
            continue
        start = 0
        while True:
            i = folded.find(n, start)
            if i < 0:
                break
            spans.append(original_span(text, where, i, len(n)))
            start = i + len(n)
    spans.sort()
    merged: list[list[int]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return merged


def make_snippet(text: str, needles: list[str], window: int = WINDOW) -> tuple[str, list[list[int]]]:
    """(snippet, marks relative to the snippet) for `text`; the window holds the most marks."""
    text = " ".join((text or "").split())
    marks = find_marks(text, needles)
    if len(text) <= window:
        return text, marks
    best, best_start = -1, 0
    for a, _b in marks or [[0, 0]]:
        start = max(0, min(a - window // 4, len(text) - window))
        count = sum(1 for x, y in marks if x >= start and y <= start + window)
        if count > best:
            best, best_start = count, start
    end = best_start + window
    snippet = text[best_start:end]
    prefix = "…" if best_start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - best_start
    inside = [[x + shift, y + shift] for x, y in marks if x >= best_start and y <= end]
    return prefix + snippet + suffix, inside
