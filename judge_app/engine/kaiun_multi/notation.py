"""The multiplayer 開運コロシアム board in one line: kaiun's notation (kaiun/notation.py) for p1 … p5, seated
clockwise in that order, and the 親 in the head (`親p2`). docs/notation.md."""
from __future__ import annotations

from judge_app.engine._notation import Notation, player_word
from judge_app.engine.kaiun.notation import PLAYER, head
from judge_app.engine.kaiun_multi.board import BOARD_SCHEMA

PLAYERS = tuple(f"p{i}" for i in range(1, 6))
NOTATION = Notation(head(PLAYERS, (player_word("parent", "親（親p1）", PLAYERS, "親"),)), PLAYER, BOARD_SCHEMA)
dump, load, parse = NOTATION.dump, NOTATION.load, NOTATION.parse
