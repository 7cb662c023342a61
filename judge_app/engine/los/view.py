"""The table as one player sees it from their seat: four rows of four squares, each facing pair in one column.
For the board builder and the session page (docs/architecture.md, los board)."""
from __future__ import annotations

from judge_app.engine.los.board_terms import LANES, facing_lane, other, square_name


def seat_view(data: dict, seat: str = "p1") -> list[list[dict]]:
    """Rows top to bottom: the opponent's 後衛, the opponent's 前衛, the seat's 前衛, the seat's 後衛.
    Columns left to right are the seat's lanes 1–4; the opponent's squares above are their lanes 4–1."""
    opp = other(seat)
    rows = []
    for pid, row in ((opp, "back"), (opp, "front"), (seat, "front"), (seat, "back")):
        cells = []
        for col in range(LANES):
            lane = col if pid == seat else facing_lane(col)
            cells.append({"player": pid, "row": row, "lane": lane + 1, "name": square_name(pid, row, lane),
                          "path": f"players.{pid}.{row}.{lane}",
                          "card": (data["players"][pid].get(row) or [None] * LANES)[lane]})
        rows.append(cells)
    return rows
