"""Snippets: the sentence of the clause that answers the question, with the places to highlight.

A result shows one sentence of its clause (issue 42): the sentence holding most of the query's words, lifted
when it does what the question asks — states a permission or prohibition for 「〜できる？」, a number for
「何枚？」, a condition (「〜場合」「〜時」) for a question about one, the same number the query names. A
sentence longer than the window is cut around its marks, as a whole clause was before.

Matching is done on the folded text (so 「りふれっしゅ」 highlights 「リフレッシュ」) and mapped back to
the original characters. The answer is plain text plus [start, end) offsets; whoever renders it
escapes the text and wraps the offsets in <mark> (templates/_search_macros.html, static/search.js).
"""
from __future__ import annotations

import functools
import re

from judge_app.search import rerank
from judge_app.search.normalize import fold_with_map, nfkc, original_span

WINDOW = 110
_SENTENCE_END = re.compile(r"(?<=[。])")
_CONDITION = re.compile(r"場合|とき|時[、は]|際[にはの]|なら|たら|限り")
_DIGITS = re.compile(r"\d+")
FORM_BONUS = 1.5      # a sentence doing what the question asks outweighs one more matched word, not two


@functools.lru_cache(maxsize=8192)
def _folded(text: str) -> tuple[str, tuple[int, ...]]:
    """fold_with_map, once per clause text: a clause is shown again and again, and folding is per character."""
    folded, where = fold_with_map(text)
    return folded, tuple(where)


def find_marks(text: str, needles: list[str]) -> list[list[int]]:
    folded, where = _folded(text)
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


@functools.lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(sentences(text))


def sentences(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence of `text` (split after 「。」), blank ones left out."""
    out, start = [], 0
    for part in _SENTENCE_END.split(text):
        end = start + len(part)
        if part.strip():
            out.append((start, end))
        start = end
    return out


@functools.lru_cache(maxsize=8192)
def _facts(sentence: str) -> tuple[bool, bool, bool, frozenset[str]]:
    """What a sentence states, read once per sentence: (a permission or limit, a quantity, a condition, its numbers)."""
    t = nfkc(sentence)
    return (bool(rerank.STATES_MODALITY.search(t) or rerank.STATES_LIMITS.search(t)),
            bool(rerank.STATES_QUANTITY.search(t)), bool(_CONDITION.search(t)), frozenset(_DIGITS.findall(t)))


def sentence_score(sentence: str, marks_in: int, form, numbers: set[str]) -> float:
    """How well one sentence answers: the query's words it holds, and whether it does what the question asks."""
    score = float(marks_in)
    if form is None:
        return score
    modality, quantity, condition, digits = _facts(sentence)
    if form.modality and modality:
        score += FORM_BONUS
    if form.quantity and quantity:
        score += FORM_BONUS
    if form.condition and condition:
        score += FORM_BONUS / 2
    if numbers and numbers.intersection(digits):
        score += FORM_BONUS / 2
    return score


def answering_snippet(text: str, needles: list[str], form=None, query_numbers: set[str] = frozenset(),
                      window: int = WINDOW) -> tuple[str, list[list[int]]]:
    """(snippet, marks) of the one sentence of `text` that answers best (`form`: the question's
    rerank.QueryForm, None for words only); a clause of one sentence is make_snippet's window."""
    text = " ".join((text or "").split())
    spans = _sentences(text)
    if len(spans) <= 1:
        return make_snippet(text, needles, window)
    marks = find_marks(text, needles)
    best, best_span = -1.0, spans[0]
    for a, b in spans:
        held = sum(1 for x, y in marks if x >= a and y <= b)
        score = sentence_score(text[a:b], held, form, query_numbers)
        if score > best:
            best, best_span = score, (a, b)
    a, b = best_span
    sentence = text[a:b].strip()
    a += len(text[a:b]) - len(text[a:b].lstrip())
    snippet, inside = make_snippet(sentence, needles, window)
    # the sentence is one of several: say so where text was left out
    prefix = "…" if a > 0 and not snippet.startswith("…") else ""
    suffix = "…" if a + len(sentence) < len(text) and not snippet.endswith("…") else ""
    shift = len(prefix)
    return prefix + snippet + suffix, [[x + shift, y + shift] for x, y in inside]
