"""A clause's text as HTML: paragraphs, every cross-reference a link.

`render_clause_text(clause)` is the one place clause text becomes HTML. Other layers add their own links
(defined terms, search highlights) by passing `extra` spans: (start, end, href, title, css_class) over
`clause.text`; spans that overlap an earlier one are dropped, cross-references win.
"""
from __future__ import annotations

from typing import Iterable

from flask import url_for
from markupsafe import Markup, escape

from judge_app.corpus import Clause, get_corpus

Span = tuple[int, int, str | None, str | None, str]


def clause_url(clause_id: str, **args) -> str:
    doc, _, number = clause_id.partition(":")
    return url_for("rules.clause", doc=doc, number=number, **args)


def _hover(clause_id: str) -> str:
    c = get_corpus().clause(clause_id)
    if c is None:
        return clause_id
    snippet = c.text.replace("\n", " ")
    snippet = snippet[:80] + ("…" if len(snippet) > 80 else "")
    head = c.label
    return f"{head}: {snippet}" if snippet else head


def reference_spans(clause: Clause) -> list[Span]:
    spans: list[Span] = []
    for r in clause.refs:
        if r.targets:
            spans.append((r.start, r.end, clause_url(r.targets[0]), _hover(r.targets[0]), "ref"))
        else:
            spans.append((r.start, r.end, None, f"参照先が見つかりません（{r.reason}）", "ref ref-unresolved"))
    return spans


def render_clause_text(clause: Clause, extra: Iterable[Span] = ()) -> Markup:
    text = clause.text
    chosen: list[Span] = []
    for span in sorted([*reference_spans(clause), *extra], key=lambda s: s[0]):
        if chosen and span[0] < chosen[-1][1]:
            continue
        if 0 <= span[0] < span[1] <= len(text):
            chosen.append(span)
    out: list[str] = []
    pos = 0
    for start, end, href, title, css in chosen:
        out.append(str(escape(text[pos:start])))
        inner = escape(text[start:end])
        t = f' title="{escape(title)}"' if title else ""
        if href:
            out.append(f'<a class="{escape(css)}" href="{escape(href)}"{t}>{inner}</a>')
        else:
            out.append(f'<span class="{escape(css)}"{t}>{inner}</span>')
        pos = end
    out.append(str(escape(text[pos:])))
    paragraphs = "".join(out).split("\n")
    return Markup("".join(f"<p>{p}</p>" for p in paragraphs if p))
