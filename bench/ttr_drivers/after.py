"""The rebuilt builder (issue 25): it opens on the game's mid-game board (turn 3, both sides set up) and does the
bookkeeping (ids, names, counts, the DON!! deck); the board can be typed as one line of the game's notation.

Two paths through it, one class each:

- `Driver` (`--driver after`), quick entry, the fastest a judge builds a board (README 「盤面をいちばん早く作る」):
  the game's button on the home page, the description's notation line typed into the 記法 field (one typed field),
  読み込んで開始 (the line loaded and the session started, on to its first decision).
- `DrawingDriver` (`--driver after_drawing`), a judge who does not know the notation: each fact entered on the
  drawing, starting from the mid-game board as it opens (facts already right on it are skipped): the turn control
  (ターン・ターンプレイヤー・フェイズ in one dialog), a zone's count (one control: ライフ, デッキ, バリア …), a card
  tapped and only the fields that differ set (pickers for closed sets: one tap a keyword or a ジャンケン), a new card
  with 「＋ 追加」 (its id and name are generated: only the name the description gives is typed), 保存.

The session page: the judge's hand, walked as `hand` walks it (one tap per answer, which carries on to the next
decision; a step control only when no decision is open), then the save form.
"""
from __future__ import annotations

import json
import time
from typing import Any

from ttr_drivers.hand import Driver as HandDriver
from ttr_facts import get_path, matches


def css_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)   # a CSS string: double quotes, backslash escapes, any character as is

HEAD = ("turn", "phase", "turn_player", "first_player", "starting_player", "parent")


class Driver(HandDriver):
    name = "after"
    path = ("builder opened from the home page (its game button) on its mid-game board; the description's notation "
            "line typed into the 記法 field, 読み込んで開始 (loads the line and starts, on to the first decision); "
            "the session page as the judge's hand (one tap an answer, which carries on; a step control only when no "
            "decision is open); save with a title.")

    def open_builder(self, w, game: str) -> None:
        page = w.page
        self._line = False
        w.click(f"main .game-links a[href='/board/{game}']", f"home: game {game}")
        self._builder_drawn(page, game)

    def enter_board(self, w, case) -> None:
        if case.facts.unmet(self._board(w.page)):
            w.fill("#notation", case.notation, "記法")
            self._line = True

    def start_session(self, w) -> str:
        """読み込んで開始 when a line was typed (the bench checks, through the API, that the session's board holds
        every fact); else この盤面で開始."""
        if not self._line:
            return super().start_session(w)
        page = w.page
        w.click("#notation-start", "読み込んで開始")
        try:
            page.wait_for_url("**/sessions/*", timeout=30000)
        except Exception:   # noqa: BLE001 - Playwright's TimeoutError: say what the page says instead
            said = [page.locator(s).inner_text(timeout=1000) for s in ("#notation-error", "#board-problem")]
            raise RuntimeError(f"読み込んで開始 did not open a session: {[x for x in said if x]}") from None
        page.wait_for_load_state()
        return page.url.rsplit("/sessions/", 1)[1].split("?")[0].split("#")[0]


class DrawingDriver(Driver):
    name = "after_drawing"
    path = ("builder opened from the home page on its mid-game board; each fact entered on the drawing (the turn control, a "
            "zone's count, a card's differing fields with pickers, new cards with ＋ 追加 and their name; ids and "
            "names generated), 保存 each; この盤面で開始; the session page as the judge's hand; save with a title.")

    def enter_board(self, w, case) -> None:
        page = w.page
        todo = case.facts.unmet(self._board(page))
        head = {p: v for p, v in todo if p in HEAD}
        if head:
            self._dialog(w, "#board-drawing .turn-edit", head, None, "ターン・フェイズ")
        cards: dict[str, dict] = {}
        for path, value in todo:
            if path in HEAD:
                continue
            parent, key = path.rsplit(".", 1)
            if key.endswith("_count"):
                zone = f"{parent}.{key[:-len('_count')]}"
                self._dialog(w, f"#board-drawing .count-edit[data-count={css_str(zone)}]", {"__count": value}, None,
                             f"{zone} の枚数")
            elif isinstance(value, list):
                self._list(w, path, value)
            elif value is None or isinstance(value, dict):
                self._place(w, path, value)
            elif page.locator(f"#board-drawing button.value[data-path={css_str(path)}]").count():
                self._dialog(w, f"#board-drawing button.value[data-path={css_str(path)}]", {key: value}, None,
                             f"edit {path}")
            else:   # a field of a card on the table: the card is opened once for all its fields
                cards.setdefault(parent, {})[key] = value
        for path, fields in cards.items():
            self._dialog(w, self._card(path), fields, get_path(self._board(page), path), f"edit {path}")
        left = case.facts.unmet(self._board(page))
        if left:
            raise RuntimeError(f"the builder's board does not hold {left}")

    @staticmethod
    def _card(path: str) -> str:
        return f"#board-drawing button.card-edit[data-path={css_str(path)}]"

    def _place(self, w, path: str, card: dict | None) -> None:
        """A square or slot: a card put there (its fields that differ), or the card there removed."""
        have = get_path(self._board(w.page), path)
        if card is None:
            if have is not None:
                w.click(self._card(path), f"open {path}")
                self._save(w, "#edit-dialog button[value=delete]", f"delete {path}")
            return
        self._dialog(w, self._card(path), card, have, f"place {path}")

    def _list(self, w, path: str, cards: list) -> None:
        page = w.page
        for i, card in enumerate(cards):
            have = get_path(self._board(page), f"{path}.{i}")
            if have is not None and matches(have, card):
                continue
            if have is not None:
                self._dialog(w, self._card(f"{path}.{i}"), card, have, f"edit {path}.{i}")
            else:
                self._dialog(w, f"#board-drawing button[data-act=add][data-path={css_str(path)}]", card, None,
                             f"add to {path}")
        have = get_path(self._board(page), path) or []
        for i in range(len(have) - 1, len(cards) - 1, -1):   # cards the description does not have
            w.click(self._card(f"{path}.{i}"), f"open {path}.{i}")
            self._save(w, "#edit-dialog button[value=delete]", f"delete {path}.{i}")

    def _dialog(self, w, opener: str, fields: dict, have: dict | None, what: str) -> None:
        """Open, set each field that differs (top to bottom, 詳細 opened only when a field there must change), 保存."""
        page = w.page
        w.click(opener, what)
        page.wait_for_selector("#edit-dialog[open]")
        keys = page.locator("#edit-dialog .field[data-key]").evaluate_all("els => els.map(e => e.dataset.key)")
        missing = [k for k in fields if k not in keys]
        if missing:
            raise RuntimeError(f"{what}: the dialog has no field {missing} (it has {keys})")
        for key in keys:
            if key not in fields:
                continue
            want = fields[key]
            if have is not None and key in have and matches(have[key], want) and not isinstance(want, list):
                continue
            wrap = page.locator(f"#edit-dialog .field[data-key={css_str(key)}]")
            if self._holds(wrap, want):
                continue
            if wrap.evaluate("e => !!e.closest('#edit-more') && !document.getElementById('edit-more').open"):
                w.click("#edit-more > summary", "詳細")
            self._set(w, wrap, want, f"{what}.{key}")
        self._save(w, "#edit-dialog button[value=save]", f"{what}: 保存")

    @staticmethod
    def _holds(wrap, want: Any) -> bool:
        """Whether the field already shows `want` (a prefilled name, a default, a value already right)."""
        kind = wrap.get_attribute("data-kind")
        if kind == "set":
            checked = wrap.locator(".choice input[type=checkbox]:checked").evaluate_all(
                "els => els.map(e => JSON.parse(e.value))")
            return sorted(map(str, checked)) == sorted(map(str, want))
        if kind == "one":
            on = wrap.locator("input[type=radio]:checked")
            return on.count() > 0 and on.first.get_attribute("value") == json.dumps(want, ensure_ascii=False)
        control = wrap.locator("input, select, textarea").first
        if kind == "boolean":
            return control.is_checked() == bool(want)
        if kind == "enum":
            return control.input_value() == json.dumps(want, ensure_ascii=False)
        return control.input_value() == ("" if want is None else str(want))

    @staticmethod
    def _set(w, wrap, value: Any, what: str) -> None:
        kind = wrap.get_attribute("data-kind")
        if kind == "set":
            for row in wrap.locator(".choice").all():
                v = json.loads(row.get_attribute("data-value"))
                box = row.locator("input[type=checkbox]")
                if box.is_checked() != (v in value):
                    w.check(box, v in value, f"{what} {v}")
            return
        if kind == "one":
            w.check(wrap.locator(f"input[type=radio][value={css_str(json.dumps(value, ensure_ascii=False))}]"), True,
                    f"{what} {value}")
            return
        control = wrap.locator("input, select, textarea").first
        if kind == "boolean":
            w.check(control, bool(value), what)
        elif kind == "enum":
            w.select(control, json.dumps(value, ensure_ascii=False), what)
        else:
            w.fill(control, str(value), what)

    def _save(self, w, button: str, what: str) -> None:
        page = w.page
        with page.expect_response(lambda r: r.url.endswith("/render")):
            w.click(button, what)
        page.wait_for_timeout(50)
        if page.evaluate("document.getElementById('edit-dialog').open"):
            errors = page.locator("#edit-dialog .field-error").all_inner_texts()
            raise RuntimeError(f"{what}: the dialog stayed open: {[e for e in errors if e]}")
