"""A board or a state drawn as HTML (templates/board/_board.html), for the builder, the session and the ruling
pages; the elements a trace entry changed are marked."""
from __future__ import annotations

from typing import Any, Callable

from flask import render_template
from markupsafe import Markup

from judge_app.engine import registry
from judge_app.web.shared import board_model


def highlighter(changes: list[dict] | None) -> Callable[[str], str]:
    exact = board_model.highlight_paths(changes or [])

    def hl(path: str) -> str:
        if not exact or not path:
            return ""
        if path in exact:
            return "changed"
        # a change inside this element (a card's field) marks the element; a change of the whole
        # zone marks its cards too
        if any(p.startswith(path + ".") for p in exact) or any(path.startswith(p + ".") for p in exact):
            return "changed-in"
        return ""
    return hl


def render_board(game: str, data: Any, edit: bool = False, changes: list[dict] | None = None,
                 counted: dict | None = None, derived: dict | None = None, problem: dict | None = None) -> Markup:
    """`edit`: the builder's drawing (board_model.build with ghosts; `counted`, `derived` and `problem` as there)."""
    ruleset = registry.rulesets().get(game)
    schema = ruleset.board_schema if ruleset else None
    view = board_model.build(game, data, schema, ghosts=edit, counted=counted, derived=derived, problem=problem)
    return Markup(render_template("board/_board.html", view=view, edit=edit, hl=highlighter(changes)))
