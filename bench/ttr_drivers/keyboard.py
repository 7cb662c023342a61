"""A judge at a laptop with the keyboard only (issue 40): the `after` path (the game's builder from the home page,
the notation line, 読み込んで開始, the session page, the save form), every step of it a key.

No control is clicked or focused by the robot: from wherever the page left the focus, the driver presses Tab (or
Shift+Tab, whichever gets there in fewer presses: it tries both first, uncounted, and puts the focus back, as a
judge who knows the page would) until the control it wants has the focus, then Enter (a button, a link) or types (a field: one typed field, as the
other drivers count it). It follows a skip link on the way when the link leads to where the control is (a link
to `#x` whose element holds the control: 本文へ, the session page's link past the trace to the save form), as a
keyboard user does, and never a link twice. Shortcut keys the page offers are not used: the count is what the
focus order costs. Each press is one `tap` (the bench's taps column is key presses here); `tabs` counts the
Tabs among them.

    .venv/bin/python bench/time_to_ruling.py --driver keyboard --games opcg --widths 1280 --runs 1 --no-questions
"""
from __future__ import annotations

import json
from typing import Any

from ttr_drivers.after import Driver as After
from ttr_drivers.after import css_str

MAX_TABS = 250

# whether the focused element is the control wanted (a CSS selector), or an in-page link whose target holds it
_FOCUS = """(sel) => {
  const a = document.activeElement;
  if (!a || a === document.body) return "none";
  if (a.matches(sel)) return "there";
  const want = document.querySelector(sel);
  const href = a.tagName === "A" ? (a.getAttribute("href") || "") : "";
  if (want && href.startsWith("#") && href.length > 1) {
    const target = document.getElementById(decodeURIComponent(href.slice(1)));
    if (target && target.contains(want)) return "skip:" + href;
  }
  return "other";
}"""


class Driver(After):
    name = "keyboard"
    path = ("keyboard only: Tab to each control (following a skip link that leads to it) and Enter, or type into "
            "a field: the game's link on the home page, the notation line typed, 読み込んで開始, each answer's "
            "option, a step control when no decision is open, the save form's title typed and Enter.")

    def _tab_to(self, w, selector: str, what: str) -> None:
        page = w.page
        page.wait_for_selector(selector, state="visible")
        followed: set[str] = set()
        for _ in range(8):   # a skip link or two on the way
            if page.evaluate("() => document.activeElement === document.body"):
                w.key("Tab", f"Tab (to {what})")   # a page just opened: Tab starts at its top, nowhere to go back
            key, n = self._nearer(page, selector, followed)
            for _ in range(n):
                w.key(key, f"{key} (to {what})")
            where = page.evaluate(_FOCUS, selector)
            if where == "there":
                return
            followed.add(where)
            w.key("Enter", f"skip link {where[5:]} (to {what})")
            page.wait_for_timeout(50)
            if page.evaluate(_FOCUS, selector) == "there":
                return
        raise RuntimeError(f"{what}: {selector} never took the focus")

    #: the keys the judge moves the focus with (keyboard_tab.py: Tab only, as issue 40 counted)
    directions = ("Tab", "Shift+Tab")

    def _nearer(self, page, selector: str, followed: set[str]) -> tuple[str, int]:
        """Tab or Shift+Tab, and how many presses reach the control (or a skip link to it): both are tried
        from where the focus is (uncounted: the judge knows the page), the focus put back, the nearer taken."""
        page.evaluate("() => { window.__kbStart = document.activeElement; }")
        best = None
        for key in self.directions:
            for n in range(MAX_TABS + 1):
                where = page.evaluate(_FOCUS, selector)
                if where == "there" or (where.startswith("skip:") and where not in followed):
                    if best is None or n < best[1]:
                        best = (key, n)
                    break
                if best is not None and n >= best[1]:
                    break
                page.keyboard.press(key)
            page.evaluate("() => window.__kbStart.focus({preventScroll: true})")
        if best is None:
            raise RuntimeError(f"{selector} cannot be reached with Tab or Shift+Tab")
        return best

    def _activate(self, w, selector: str, what: str) -> None:
        self._tab_to(w, selector, what)
        w.key("Enter", what)

    # ---- the builder -------------------------------------------------------------------------------------
    def open_builder(self, w, game: str) -> None:
        page = w.page
        self._line = False
        with page.expect_navigation():
            self._activate(w, f"main .game-links a[href='/board/{game}']", f"home: game {game}")
        self._builder_drawn(page, game)

    def enter_board(self, w, case) -> None:
        if case.facts.unmet(self._board(w.page)):
            self._tab_to(w, "#notation", "記法")
            w.key("Control+A", "Control+A: select what the 記法 field holds, so the typing replaces it")
            w.type_here(case.notation, "記法")
            self._line = True

    def start_session(self, w) -> str:
        page = w.page
        if self._line:
            self._activate(w, "#notation-start", "読み込んで開始")
        else:
            self._activate(w, "#start-session", "この盤面で開始")
        page.wait_for_url("**/sessions/*", timeout=30000)
        page.wait_for_load_state()
        return page.url.rsplit("/sessions/", 1)[1].split("?")[0].split("#")[0]

    # ---- the session page --------------------------------------------------------------------------------
    def answer(self, w, value: Any) -> None:
        page = w.page
        self._settle(page)
        if page.locator("#decision.open").count() == 0:
            self._activate(w, "button[name=until][value=decision]", "次の決定まで")
            self._settle(page)
            page.wait_for_selector("#decision.open")
        button = f"#decision button[name=value][value={css_str(json.dumps(value, ensure_ascii=False))}]"
        if page.locator(button).count() == 0:
            options = page.locator("#decision button[name=value]").evaluate_all("els => els.map(e => e.value)")
            raise RuntimeError(f"the decision has no option {value!r} (it has {options})")
        self._activate(w, button, f"answer {value}")
        self._settle(page)

    def step(self, w, until: str) -> None:
        page = w.page
        self._settle(page)
        if self._carried_on(page, until):
            return
        self._activate(w, f"button[name=until][value={until}]", f"step until {until}")
        self._settle(page)

    def save(self, w, title: str) -> str:
        page = w.page
        self._tab_to(w, "#save input[name=title]", "ruling title")
        w.type_here(title, "ruling title")
        with page.expect_navigation():
            w.key("Enter", "この裁定を保存 (Enter in the title)")
        page.wait_for_url("**/r/*")
        page.wait_for_load_state()
        return page.url.rsplit("/r/", 1)[1].split("?")[0].split("#")[0]

    # ---- search: the box, Enter, Tab to the first answering result ---------------------------------------
    def type_question(self, w, q: str) -> None:
        self._tab_to(w, "#q", "search box")
        w.type_here(q, "search box")

    def next_tap_to_clause(self, w, ids: list[str]) -> str | None:
        page = w.page
        if "/search" not in page.url and "/rules/" not in page.url:
            with page.expect_navigation():
                w.key("Enter", "Enter in the search box")
            return "enter"
        if "/search" in page.url:
            hrefs = [f"/rules/{i.split(':', 1)[0]}/{i.split(':', 1)[1]}" for i in ids]
            sel = ", ".join(f"main a[href^={css_str(h)}]" for h in hrefs)
            if page.locator(sel).count() == 0:
                return None
            with page.expect_navigation():
                self._activate(w, sel, "result link")
            return "result"
        return None
