"""Small 開運 boards for the tests: cards by their printed stats, players by zone."""
from __future__ import annotations

from judge_app.engine import Game, get_ruleset


def card(cid: str, janken: str = "グー", kachi: int = 3, aiko_make: int = 1, cost: int = 0, **extra) -> dict:
    return {"id": cid, "name": f"カード{cid}", "janken": janken, "unchi_kachi": kachi,
            "unchi_aiko_make": aiko_make, "cost": cost, **extra}


def player(battle: dict | None = None, deck: int = 10, barrier: int | None = 3, **zones) -> dict:
    pl = {"deck_count": deck, **zones}
    if barrier is not None:
        pl["barrier_count"] = barrier
    if battle is not None:
        pl["battle_area"] = [battle]
    return pl


def game(players: dict, phase: str = "battle", turn: int = 3, seed: int = 0, game_key: str = "kaiun", **top) -> Game:
    board = {"turn": turn, "phase": phase, "players": players, **top}
    return Game(get_ruleset(game_key), board, seed)


def run_to_decision(g: Game) -> Game:
    if g.pending is None and not g.finished:
        g.step("decision")
    return g


def rules(g: Game) -> list[str]:
    return [e.rule for e in g.trace]


def messages(g: Game) -> str:
    return "\n".join(e.message for e in g.trace)
