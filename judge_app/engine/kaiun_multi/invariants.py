"""What holds after every step of a multiplayer game: the two-player invariants, and a 親 while it runs."""
from __future__ import annotations

from judge_app.engine.kaiun import invariants as kaiun_invariants
from judge_app.engine.state import GameState


def invariants(g: GameState) -> list[str]:
    broken = kaiun_invariants.invariants(g, may_end_without_winner=g.data["options"]["concede"] == "end_game")
    if not g.finished and g.phase != "setup":
        if g.data["parent"] not in g.data["players"]:
            broken.append(f"no 親: {g.data['parent']!r}")
        if not any(not pl["left"] and not pl["lost"] for pl in g.data["players"].values()):
            broken.append("no player left in an unfinished game")
    return broken
