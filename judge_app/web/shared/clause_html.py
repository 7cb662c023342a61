"""A clause's text as HTML: paragraphs, every cross-reference a link.

`render_clause_text(clause)` is the one place clause text becomes HTML. Other layers add their own links
(defined terms, search highlights) by passing `extra` spans: (start, end, href, title, css_class) over
`clause.text`; spans that overlap an earlier one are dropped, cross-references win.
"""
from __future__ import annotations

from typing import Iterable

from markupsafe import Markup, escape

from judge_app.corpus import Clause, get_corpus
from judge_app.search.term_links import term_spans   # defined terms link to their definition
from judge_app.web.shared.clause_links import clause_url

Span = tuple[int, int, str | None, str | None, str]


def _hover(clause_id: str, corpus=None) -> str:
    c = (corpus or get_corpus()).clause(clause_id)
    if c is None:
        return clause_id
    snippet = c.text.replace("\n", " ")
    snippet = snippet[:80] + ("…" if len(snippet) > 80 else "")
    head = c.label
    return f"{head}: {snippet}" if snippet else head


def reference_spans(clause: Clause, corpus=None, url=clause_url) -> list[Span]:
    spans: list[Span] = []
    for r in clause.refs:
        if r.targets:
            spans.append((r.start, r.end, url(r.targets[0]), _hover(r.targets[0], corpus), "ref"))
        else:
            spans.append((r.start, r.end, None, f"参照先が見つかりません（{r.reason}）", "ref ref-unresolved"))
    return spans


def render_clause_text(clause: Clause, extra: Iterable[Span] = (), corpus=None, url=None) -> Markup:
    """`corpus` and `url` render a clause of another edition than the current one: its references point into
    that edition, and defined terms (the current edition's glossary) are not linked."""
    text = clause.text
    chosen: list[Span] = []
    base = [*reference_spans(clause, corpus, url or clause_url), *extra]
    terms = [] if corpus is not None else \
        [t for t in term_spans(clause, clause_url) if all(t[1] <= s[0] or t[0] >= s[1] for s in base)]
    for span in sorted([*base, *terms], key=lambda s: s[0]):
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
