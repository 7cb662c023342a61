"""The filters the templates use: `brief` (a trace change's value), `clause_snippet` (a clause's first words) and
`marked` (a search snippet with its matches in <mark>, everything else escaped); and one global, `game_name` (a
rulebook's game, as its search badge says it)."""
from __future__ import annotations

from flask import Flask
from markupsafe import Markup, escape

from judge_app.corpus import Clause
from judge_app.web.shared.doc_filter import game_name
from judge_app.web.shared.trace_view import brief


def clause_snippet(c: Clause, length: int = 60) -> str:
    text = c.text.replace("\n", " ")
    return text[:length] + ("…" if len(text) > length else "")


def marked(text: str, marks) -> Markup:
    """`text` escaped, with each [start, end) of `marks` wrapped in <mark>."""
    out, pos = [], 0
    for a, b in marks or []:
        if a < pos or b > len(text):
            continue
        out.append(str(escape(text[pos:a])))
        out.append(f"<mark>{escape(text[a:b])}</mark>")
        pos = b
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


def install(app: Flask) -> None:
    for f in (brief, clause_snippet, marked):
        app.add_template_filter(f)
    app.add_template_global(game_name)
