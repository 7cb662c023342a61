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
