"""Per-UI drivers for bench/time_to_ruling.py: the selectors and the path through the pages, and nothing else.

A driver is one class, `Driver`, in a module of this package named after the UI it walks (`before.py`: the
pages as they were when issue 25 was filed). `python bench/time_to_ruling.py --driver NAME` loads
`bench/ttr_drivers/NAME.py`. The descriptions (bench/time_to_ruling.yaml), the counting (`Walk`), the checks
and the report belong to the bench and stay the same for every driver, so that two drivers measure the same
walk on two UIs.

Every tap goes through the `Walk` the bench passes in: `w.click`, `w.fill`, `w.press`, `w.select`, `w.check`
(count taps, typed characters and the scrolling needed to reach the control), `w.look` (scroll something into
view to read it: scrolling counted, no tap), `w.page` for reading (reading costs nothing: the judge looks at
the screen) and for waiting. A driver never calls `page.click`/`fill` itself, and it never posts to the API:
the judge only has the pages.
"""
from __future__ import annotations

import importlib
from typing import Any


class BaseDriver:
    """The interface the bench calls, in this order for a case; see before.py for a worked one."""

    name = "base"
    #: one line saying which path through the pages this driver takes (it goes into the results)
    path = ""

    def __init__(self, base_url: str):
        self.base = base_url

    # ---- a board to a saved ruling ----------------------------------------------------------------
    def open_builder(self, w, game: str) -> None:
        """From the home page (already open) to where the judge enters a board for `game`."""
        raise NotImplementedError

    def enter_board(self, w, case) -> None:
        """Enter the case's board: `case.facts` (path -> value, with `case.facts.unmet(board)` telling which
        facts a board does not hold yet: skip what is already right on screen) or `case.notation`."""
        raise NotImplementedError

    def start_session(self, w) -> str:
        """Start the session from the board entered; return the session id (the one the JSON API knows)."""
        raise NotImplementedError

    def answer(self, w, value: Any) -> None:
        """Answer the next decision with the option whose value is `value` (step to it first if none is
        open). Raise if the decision has no such option."""
        raise NotImplementedError

    def step(self, w, until: str) -> None:
        """Press the control that steps `until` (step, decision, phase, turn, end) and wait for the page."""
        raise NotImplementedError

    def show_result(self, w, case) -> None:
        """Bring into view what the judge reads as the ruling: the trace entries of `case.expect.rules`
        and the result (use `w.look`)."""
        raise NotImplementedError

    def save(self, w, title: str) -> str:
        """Save the ruling with `title`; return its slug (the page it lands on is `/r/<slug>`)."""
        raise NotImplementedError

    # ---- a question to its clause --------------------------------------------------------------------
    def type_question(self, w, q: str) -> None:
        """On the home page (already open), type `q` into the search box (one typed field)."""
        raise NotImplementedError

    def next_tap_to_clause(self, w, ids: list[str]) -> str | None:
        """After typing, take the next tap towards the page (or text) of one of `ids`: return what was
        tapped ('suggestion', 'enter', 'result', …), or None when nothing on screen leads to them (the
        bench then records the question as not found). The bench calls this until one of them is on
        screen, at most a few times."""
        raise NotImplementedError


def load(name: str):
    module = importlib.import_module(f"ttr_drivers.{name}")
    return module.Driver
