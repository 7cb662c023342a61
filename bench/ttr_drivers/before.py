"""The pages as they were when issue 25 was filed (main at 24a4758): the builder's drawing with its edit dialog,
the session page's step buttons and decision buttons, the save form, the home search box with suggestions.

Path through the builder: the one a new user takes. The builder opens with a fresh game (random decks, no turn
or phase); the judge enters each described fact on the drawing: a counter or a header value (ターン, フェイズ,
バリア（内容不明） …) is tapped and its one field typed or chosen, then 保存; a card already on the table (a leader,
an empty los slot) is tapped and only its fields that differ are set; a new card is added with the zone's
「＋ 追加」 and its fields typed (the id too: the dialog requires one), then 保存. Facts already true on screen
are skipped. Not taken: the JSON textarea (a judge does not edit JSON at the table) and loading one of the saved
scenarios as a template (a new user does not know which is close, and the cases are close to some of them).
"""
from __future__ import annotations

import json
from typing import Any

from ttr_drivers import BaseDriver
from ttr_facts import get_path, matches


def css_str(s: str) -> str:
    return json.dumps(s)   # a CSS string: double quotes, backslash escapes


class Driver(BaseDriver):
    name = "before"
    path = ("builder opened from the nav (盤面 → game), fresh game as it opens; each fact entered on the drawing "
            "with the edit dialog (tap, type/choose the fields that differ, 保存; new cards with ＋ 追加 and an id); "
            "この盤面で開始; 次の決定まで + the option for each decision, the step control for the rest; "
            "save with a title. No JSON textarea, no scenario template.")

    # ---- builder --------------------------------------------------------------------------------------
    def open_builder(self, w, game: str) -> None:
        page = w.page
        w.click("header.site nav a[href='/board']", "nav 盤面")
        page.wait_for_url("**/board")
        w.click(f"main a[href='/board/{game}']", f"game {game}")
        self._builder_drawn(page, game)

    @staticmethod
    def _builder_drawn(page, game: str) -> None:
        page.wait_for_url(f"**/board/{game}")
        page.wait_for_load_state()
        page.wait_for_selector("#board-drawing .player")

    def _board(self, page) -> dict:
        return json.loads(page.input_value("#board-text"))

    def enter_board(self, w, case) -> None:
        page = w.page
        todo = case.facts.unmet(self._board(page))
        cards: dict[str, dict] = {}   # a card's path -> its fields to set (one dialog per card)
        order: list[tuple[str, Any]] = []
        for path, value in todo:
            drawn = page.locator(f"#board-drawing .editable[data-path={css_str(path)}]")
            if isinstance(value, list) and page.locator(
                    f"#board-drawing button[data-act=add][data-path={css_str(path)}]").count():
                order.append(("list", (path, value)))
            elif drawn.count():
                if isinstance(value, dict):
                    order.append(("card", (path, dict(value))))
                else:
                    order.append(("value", (path, value)))
            else:   # a field of a card on the table: the card is tapped once for all its fields
                parent, key = path.rsplit(".", 1)
                if not page.locator(f"#board-drawing .card.editable[data-path={css_str(parent)}]").count():
                    raise RuntimeError(f"nothing on the drawing edits {path}")
                if parent not in cards:
                    cards[parent] = {}
                    order.append(("card", (parent, cards[parent])))
                cards[parent][key] = value
        for kind, (path, value) in order:
            if kind == "value":
                self._edit(w, f"#board-drawing .editable[data-path={css_str(path)}]", {path.rsplit('.', 1)[-1]: value},
                           f"edit {path}")
            elif kind == "card":
                self._edit(w, f"#board-drawing .card.editable[data-path={css_str(path)}]", value, f"edit {path}")
            else:
                self._list(w, path, value)
        left = case.facts.unmet(self._board(page))
        if left:
            raise RuntimeError(f"the builder's board does not hold {left}")

    def _list(self, w, path: str, cards: list) -> None:
        page = w.page
        for i, card in enumerate(cards):
            have = self._board(page)
            current = get_path(have, f"{path}.{i}")
            if current is not None and matches(current, card):
                continue
            if current is not None:
                self._edit(w, f"#board-drawing .card.editable[data-path={css_str(f'{path}.{i}')}]", card,
                           f"edit {path}.{i}")
            else:
                self._edit(w, f"#board-drawing button[data-act=add][data-path={css_str(path)}]", card, f"add to {path}")
        have = get_path(self._board(page), path) or []
        for i in range(len(have) - 1, len(cards) - 1, -1):   # cards the description does not have
            w.click(f"#board-drawing .card.editable[data-path={css_str(f'{path}.{i}')}]", f"open {path}.{i}")
            self._save(w, "#edit-dialog button[value=delete]", f"delete {path}.{i}")

    def _edit(self, w, opener: str, fields: dict, what: str) -> None:
        page = w.page
        w.click(opener, what)
        page.wait_for_selector("#edit-dialog[open]")
        inputs = page.locator("#edit-fields [name]")
        names = inputs.evaluate_all("els => els.map(e => e.name)")
        missing = [k for k in fields if k not in names]
        if missing:
            raise RuntimeError(f"{what}: the dialog has no field {missing} (it has {names})")
        for name in names:   # top to bottom, as a person fills a form
            if name not in fields:
                continue
            self._set(w, page.locator(f"#edit-fields [name={css_str(name)}]"), fields[name], f"{what}.{name}")
        self._save(w, "#edit-dialog button[value=save]", f"{what}: 保存")

    def _save(self, w, button: str, what: str) -> None:
        page = w.page
        with page.expect_response(lambda r: r.url.endswith("/render")):
            w.click(button, what)
        page.wait_for_function("() => !document.getElementById('edit-dialog').open")
        err = page.locator("#edit-error").inner_text()
        if err:
            raise RuntimeError(f"{what}: {err}")

    @staticmethod
    def _set(w, loc, value: Any, what: str) -> None:
        kind = loc.get_attribute("data-kind")
        tag = loc.evaluate("e => e.tagName")
        if tag == "SELECT":
            want = json.dumps(value, ensure_ascii=False)
            if loc.input_value() != want:
                w.select(loc, want, what)
            return
        if kind == "boolean":
            if loc.is_checked() != bool(value):
                w.check(loc, bool(value), what)
            return
        if kind == "list":
            text = ", ".join(str(v) for v in value)
        elif kind == "json":
            text = json.dumps(value, ensure_ascii=False)
        else:
            text = str(value)
        if loc.input_value() != text:
            w.fill(loc, text, what)

    def start_session(self, w) -> str:
        page = w.page
        w.click("#builder-form button[type=submit].primary", "この盤面で開始")
        page.wait_for_url("**/sessions/*")
        page.wait_for_load_state()
        return page.url.rsplit("/sessions/", 1)[1].split("?")[0].split("#")[0]

    # ---- session ---------------------------------------------------------------------------------------
    @staticmethod
    def _settle(page) -> None:
        page.wait_for_load_state()
        page.wait_for_function("() => !document.getElementById('live').hasAttribute('aria-busy')")

    decision_open = "#decision"        # the page's open decision (the judge's hand marks it .open)
    option_button = "#decision button"  # an option's button in it

    def answer(self, w, value: Any) -> None:
        page = w.page
        self._settle(page)
        if page.locator(self.decision_open).count() == 0:
            w.click("button[name=until][value=decision]", "次の決定まで")
            self._settle(page)
            page.wait_for_selector(self.decision_open)
        button = f"{self.option_button}[value={css_str(json.dumps(value, ensure_ascii=False))}]"
        if page.locator(button).count() == 0:
            options = page.locator("#decision button[name=value]").evaluate_all("els => els.map(e => e.value)")
            raise RuntimeError(f"the decision has no option {value!r} (it has {options})")
        w.click(button, f"answer {value}")
        self._settle(page)

    def step(self, w, until: str) -> None:
        page = w.page
        self._settle(page)
        w.click(f"button[name=until][value={until}]", f"step until {until}")
        self._settle(page)

    def show_result(self, w, case) -> None:
        page = w.page
        for rule in case.expect.get("rules") or []:
            entry = page.locator(f"#trace-list a.clause[data-clause={css_str(rule)}]")
            if entry.count():
                w.look(entry.first, f"read {rule}")
        w.look("#status", "read the result")

    def save(self, w, title: str) -> str:
        page = w.page
        w.fill("#save input[name=title]", title, "ruling title")
        w.click("#save button[type=submit]", "この裁定を保存")
        page.wait_for_url("**/r/*")
        page.wait_for_load_state()
        return page.url.rsplit("/r/", 1)[1].split("?")[0].split("#")[0]

    # ---- search ------------------------------------------------------------------------------------------
    def type_question(self, w, q: str) -> None:
        w.fill("#q", q, "search box")

    def next_tap_to_clause(self, w, ids: list[str]) -> str | None:
        page = w.page
        hrefs = {f"/rules/{i.split(':', 1)[0]}/{i.split(':', 1)[1]}" for i in ids}
        if "/search" not in page.url and "/rules/" not in page.url:
            # the suggestions under the box: the first one that is an answering clause
            for k, li in enumerate(page.locator("#suggestions li[role=option]").all()):
                if not li.is_visible():
                    continue
                url = li.get_attribute("data-url") or ""
                if url.split("?")[0] in hrefs:
                    with page.expect_navigation():
                        w.click(li, f"suggestion {k + 1}")
                    return f"suggestion {k + 1}"
            with page.expect_navigation():
                w.press("#q", "Enter", "Enter")
            return "enter"
        if "/search" in page.url:
            links = page.locator("main a[href^='/rules/']").all()
            for k, a in enumerate(links):
                href = (a.get_attribute("href") or "").split("?")[0].split("#")[0]
                if href in hrefs:
                    with page.expect_navigation():
                        w.click(a, f"result link {k + 1}")
                    return f"result {k + 1}"
            return None
        return None
