"""What the browser tests of the session page's effect forms (issues 37, 38) share: an opcg session at its main
phase decision, open in the page, and a select moved from the keyboard."""
from tests.browser.conftest import post
from tests.rulesets.opcg.helpers import board


def open_at_main(page, server: str) -> str:
    """A new opcg session stepped to its first decision, shown in `page`; its id."""
    sid = post(page, f"{server}/api/sessions", {"game": "opcg", "board": board(), "seed": 1})["id"]
    post(page, f"{server}/api/sessions/{sid}/step", {"until": "decision"})
    page.goto(f"{server}/sessions/{sid}")
    return sid


def pick_from_keyboard(page, select, value: str) -> int:
    """Focus a select and move to `value` with the arrow keys (its change event loads the row's fields); the keys
    pressed."""
    select.focus()
    values = select.evaluate("s => Array.from(s.options).map(o => o.value)")
    steps = values.index(value) - values.index(select.input_value())
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowDown" if steps > 0 else "ArrowUp")
    assert select.input_value() == value
    return abs(steps)


class Keys:
    """A judge at the keyboard, counted as bench/time_to_ruling.py counts its keyboard driver: every key pressed
    (Tab, Enter, Space, an arrow in a select) is one, a typed field is one (its characters counted apart). The
    focus moves only by the page's own order: Tab until the control wanted has it, never focused by the robot."""

    MAX_TABS = 400

    def __init__(self, page):
        self.page, self.keys, self.tabs, self.chars, self.log = page, 0, 0, 0, []
        self.reached: dict = {}   # the counts when the adjustment forms opened

    def press(self, key: str, what: str = "") -> None:
        self.page.keyboard.press(key)
        self.keys += 1
        self.log.append(what or key)

    def tab_to(self, selector: str) -> None:
        """Tab until the first element matching `selector` has the focus."""
        self.page.wait_for_selector(selector, state="visible")
        for _ in range(self.MAX_TABS):
            if self.page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
                return
            self.press("Tab", f"Tab (to {selector})")
            self.tabs += 1
        raise AssertionError(f"{selector} never took the focus in {self.MAX_TABS} Tabs")

    def type(self, selector: str, text: str) -> None:
        self.tab_to(selector)
        self.page.keyboard.insert_text(text)
        self.keys += 1
        self.chars += len(text)
        self.log.append(f"type {text}")

    def pick(self, selector: str, value: str) -> None:
        """Tab to a select and move to `value` with the arrow keys."""
        self.tab_to(selector)
        select = self.page.locator(selector)
        values = select.evaluate("s => Array.from(s.options).map(o => o.value)")
        steps = values.index(value) - values.index(select.input_value())
        for _ in range(abs(steps)):
            self.press("ArrowDown" if steps > 0 else "ArrowUp", f"arrow in {selector}")
        assert select.input_value() == value, (selector, select.input_value())
        self.page.wait_for_function("() => !document.getElementById('live').hasAttribute('aria-busy')")

    def summary(self) -> dict:
        return {"keys": self.keys, "tabs": self.tabs, "chars": self.chars}
