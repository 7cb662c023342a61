"""The keyboard driver (keyboard.py) moving the focus with Tab only, never Shift+Tab: how issue 40 counted a
keyboard ruling (123 key presses, 81 of them Tabs from the last decision to the title)."""
from ttr_drivers.keyboard import Driver as Keyboard


class Driver(Keyboard):
    name = "keyboard_tab"
    path = Keyboard.path.replace("Tab to each control", "Tab (never Shift+Tab) to each control")
    directions = ("Tab",)
