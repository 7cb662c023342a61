"""The los table in the rulebook's terms: squares (マス), rows (前衛/後衛), lanes (レーン), displays, lead icons.

Positions (3.3): each player's キャラクターゾーン is two rows of four squares. In the state a row is a list of
four entries (a card or null); index 0 is lane 1, counted from the owner's own left as the owner sits.
Players sit facing each other, so one player's lane 1 is across from the other's lane 4 (see facing_lane).
"""
from __future__ import annotations

ROWS = ("front", "back")                 # 前衛 (3.3.2), 後衛 (3.3.3)
ROW_JA = {"front": "前衛", "back": "後衛"}
LANES = 4

DISPLAYS = ("attack", "defense_right", "defense_left")   # 6.1, 6.2 (右向き / 左向き)
DISPLAY_JA = {"attack": "アタック表示", "defense_right": "ディフェンス表示（右向き）",
              "defense_left": "ディフェンス表示（左向き）"}

# Lead icons (2.1.1) as printed, relative to the upright card: its top edge (▲), bottom (▼), left, right.
ICONS = ("up", "down", "left", "right")
ICON_JA = {"up": "▲", "down": "▼", "left": "◀", "right": "▶"}

# Directions on the owner's side of the table, as the owner sees it.
DIR_JA = {"forward": "前（相手側）", "backward": "後（自分側）", "left": "左", "right": "右"}

# Where each printed icon points for each display. Attack display is upright as the owner reads it (6.1), so ▲
# points at the opponent. A defense display turns the card a quarter: which way 「右向き」 turns it is the
# rule option `defense_right_turn` (clockwise by default: the card's top then points to the owner's right).
_UPRIGHT = {"up": "forward", "down": "backward", "left": "left", "right": "right"}
_CLOCKWISE = {"up": "right", "right": "backward", "down": "left", "left": "forward"}
_COUNTER = {"up": "left", "left": "backward", "down": "right", "right": "forward"}


def icon_directions(icons: list[str], display: str, defense_right_turn: str = "clockwise") -> dict[str, str]:
    """{direction on the table: printed icon} for a character's lead icons in a display."""
    if display == "attack":
        turn = _UPRIGHT
    else:
        clockwise = (display == "defense_right") == (defense_right_turn == "clockwise")
        turn = _CLOCKWISE if clockwise else _COUNTER
    return {turn[i]: i for i in icons}


def step_from(row: str, lane: int, direction: str) -> tuple[str, int] | None:
    """The square one step away (lane is 0-based), or None when the step leaves the owner's zone (8.2)."""
    if direction == "forward":
        return ("front", lane) if row == "back" else None
    if direction == "backward":
        return ("back", lane) if row == "front" else None
    lane2 = lane - 1 if direction == "left" else lane + 1
    return (row, lane2) if 0 <= lane2 < LANES else None


def facing_lane(lane: int) -> int:
    """The opposing lane (同じレーン of 5.5) across the table: lane 1 faces the opponent's lane 4."""
    return LANES - 1 - lane


def square_name(player: str, row: str, lane: int) -> str:
    return f"{player} レーン{lane + 1} {ROW_JA[row]}"


def other(player: str) -> str:
    return "p2" if player == "p1" else "p1"


def parse_keywords(card: dict) -> dict:
    """8.13 keywords as printed (「スピード耐性：3」 or 「スピード耐性:3」) -> {name: value or True}."""
    found: dict = {}
    for kw in card.get("keywords") or []:
        text = kw.replace("：", ":").strip()
        if ":" in text:
            name, _, num = text.partition(":")
            found[name] = int(num)
        else:
            found[text] = True
    return found


def has_keyword(card: dict, name: str) -> bool:
    """A face-down character's text is not in effect (its face is hidden: 6.4, 9.6.1)."""
    return not card.get("face_down") and name in parse_keywords(card)
