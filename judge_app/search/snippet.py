"""Snippets: the sentence of the clause that answers the question, with the places to highlight.

A result shows one sentence of its clause (issue 42): the sentence holding most of the query's words, lifted
when it does what the question asks — states a permission or prohibition for 「〜できる？」, a number for
「何枚？」, a condition (「〜場合」「〜時」) for a question about one, the same number the query names. A
sentence longer than the window is cut around its marks, as a whole clause was before.

Matching is done on the folded text (so 「りふれっしゅ」 highlights 「リフレッシュ」) and mapped back to
the original characters. The answer is plain text plus [start, end) offsets; whoever renders it
escapes the text and wraps the offsets in <mark> (templates/_search_macros.html, static/search.js).

What does not depend on the query — the folded text, its sentences and what each states — is read once per
clause text (`Reading`); a query then finds its words once in the whole text, and the chosen sentence's marks
are those inside it (folding is per character, and no needle holds 「。」, so the same as finding them anew).
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from judge_app.search import rerank
from judge_app.search.normalize import fold_with_map, nfkc, original_span

WINDOW = 110
_SENTENCE_END = re.compile(r"(?<=[。])")
_CONDITION = re.compile(r"場合|とき|時[、は]|際[にはの]|なら|たら|限り")
_DIGITS = re.compile(r"\d+")
FORM_BONUS = 1.5      # a sentence doing what the question asks outweighs one more matched word, not two


class Reading(NamedTuple):
    """One clause text as a snippet reads it, whatever the query."""
    text: str                   # whitespace runs made one space
    folded: str
    where: tuple                # folded character → original index (normalize.fold_with_map)
    sentences: tuple            # ((start, end, facts), …) of each sentence; facts: sentence_facts


@functools.lru_cache(maxsize=8192)
def read(text: str) -> Reading:
    """The Reading of a clause text (a caller holding one per clause need not come back here)."""
    text = " ".join((text or "").split())
    folded, where = fold_with_map(text)
    spans = sentences(text)
    facts = tuple((a, b, sentence_facts(text[a:b])) for a, b in spans) if len(spans) > 1 else ()
    return Reading(text, folded, tuple(where), facts)


def ordered_needles(needles) -> tuple[str, ...]:
    """The query's words to mark, longest first, each once: worked out once per query."""
    return tuple(sorted({n for n in needles if n}, key=len, reverse=True))


def marks_of(r: Reading, needles: tuple[str, ...]) -> list[list[int]]:
    """[start, end) spans of r.text where the (ordered_needles) words occur, overlapping ones merged."""
    folded, where, text = r.folded, r.where, r.text
    spans = []
    for n in needles:
        i = folded.find(n)
        while i >= 0:
            spans.append(original_span(text, where, i, len(n)))
            i = folded.find(n, i + len(n))
    spans.sort()
    merged: list[list[int]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return merged


def find_marks(text: str, needles) -> list[list[int]]:
    return marks_of(read(text), ordered_needles(needles))


def _window(text: str, marks: list[list[int]], window: int) -> tuple[str, list[list[int]]]:
    """(snippet, marks relative to it) of `text`: the whole when it fits, else the window holding most marks."""
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


def make_snippet(text: str, needles, window: int = WINDOW) -> tuple[str, list[list[int]]]:
    """(snippet, marks relative to the snippet) for `text`; the window holds the most marks."""
    r = read(text)
    return _window(r.text, marks_of(r, ordered_needles(needles)), window)


def sentences(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence of `text` (split after 「。」), blank ones left out."""
    out, start = [], 0
    for part in _SENTENCE_END.split(text):
        end = start + len(part)
        if part.strip():
            out.append((start, end))
        start = end
    return out


def sentence_facts(sentence: str) -> tuple[bool, bool, bool, frozenset[str]]:
    """What a sentence states: (a permission or limit, a quantity, a condition, its numbers)."""
    t = nfkc(sentence)
    return (bool(rerank.STATES_MODALITY.search(t) or rerank.STATES_LIMITS.search(t)),
            bool(rerank.STATES_QUANTITY.search(t)), bool(_CONDITION.search(t)), frozenset(_DIGITS.findall(t)))


def sentence_score(facts, marks_in: int, form, numbers) -> float:
    """How well one sentence answers: the query's words it holds, and whether it does what the question asks
    (`facts`: its sentence_facts)."""
    score = float(marks_in)
    if form is None:
        return score
    modality, quantity, condition, digits = facts
    if form.modality and modality:
        score += FORM_BONUS
    if form.quantity and quantity:
        score += FORM_BONUS
    if form.condition and condition:
        score += FORM_BONUS / 2
    if numbers and not numbers.isdisjoint(digits):
        score += FORM_BONUS / 2
    return score


def answering_snippet(text: str, needles, form=None, query_numbers=frozenset(),
                      window: int = WINDOW) -> tuple[str, list[list[int]]]:
    """(snippet, marks) of the one sentence of `text` that answers best (`form`: the question's
    rerank.QueryForm, None for words only); a clause of one sentence is make_snippet's window."""
    return answer_in(read(text), ordered_needles(needles), form, query_numbers, window)


def answer_in(r: Reading, needles: tuple[str, ...], form=None, query_numbers=frozenset(),
              window: int = WINDOW) -> tuple[str, list[list[int]]]:
    """answering_snippet of a clause text already read, with the query's words as ordered_needles."""
    marks = marks_of(r, needles)
    if not r.sentences:
        return _window(r.text, marks, window)
    best, best_a, best_b = -1.0, 0, 0
    for a, b, facts in r.sentences:
        held = sum(1 for x, y in marks if x >= a and y <= b)
        score = sentence_score(facts, held, form, query_numbers)
        if score > best:
            best, best_a, best_b = score, a, b
    whole = r.text
    part = whole[best_a:best_b]
    sentence = part.strip()
    a = best_a + len(part) - len(part.lstrip())
    z = a + len(sentence)
    snippet, inside = _window(sentence, [[x - a, y - a] for x, y in marks if x >= a and y <= z], window)
    # the sentence is one of several: say so where text was left out
    prefix = "…" if a > 0 and not snippet.startswith("…") else ""
    suffix = "…" if z < len(whole) and not snippet.endswith("…") else ""
    shift = len(prefix)
    return prefix + snippet + suffix, [[x + shift, y + shift] for x, y in inside]
