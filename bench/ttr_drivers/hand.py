"""The session page as the judge's hand (issue 25, branch h25a) with the builder as `before` walks it: so that the
session part of a walk can be measured apart from the builder's.

Session path: the decision sits in a bottom sheet (the side column on a wide screen) and an answer carries on to
the next decision (the setting 「回答したら次の決定まで進める」, ticked by default), so an answer is one tap, and a
step control is pressed only when no decision is open (with one open, the page has already carried on to it: the
step controls are hidden; at the end of the game they are disabled). The result is read in the sheet's status line and the trace.
"""
from __future__ import annotations

from ttr_drivers.before import Driver as Before


class Driver(Before):
    name = "hand"
    path = ("builder as `before`; session: the bottom sheet, one tap per answer (carries on to the next decision), "
            "a step control only when no decision is open; save with a title.")

    decision_open = "#decision.open"
    option_button = "#decision button[name=value]"

    @staticmethod
    def _carried_on(page, until: str) -> bool:
        """Whether the answer already carried on to the decision (or to the end of the game)."""
        control = page.locator(f"button[name=until][value={until}]")
        return until == "decision" and bool(page.locator("#decision.open").count() or control.is_disabled())

    def step(self, w, until: str) -> None:
        page = w.page
        self._settle(page)
        if self._carried_on(page, until):
            return
        w.click(f"button[name=until][value={until}]", f"step until {until}")
        self._settle(page)
