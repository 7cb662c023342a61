"""Small los boards for tests: a mid-game table with the named characters placed on their squares."""
from __future__ import annotations

import copy

from judge_app.engine import Game, get_ruleset

RULESET = get_ruleset("los")


def char(cid: str, atk: int = 500, def_: int = 300, down: int = 200, **kw) -> dict:
    card = {"id": cid, "name": kw.pop("name", cid), "atk": atk, "def": def_, "down": down,
            "lead": kw.pop("lead", ["up"]), "display": kw.pop("display", "attack")}
    card.update(kw)
    return card


def board(phase: str = "attack", turn: int = 5, turn_player: str = "p1", options: dict | None = None,
          **squares) -> dict:
    """squares: p1_front=[...4], p2_back=[...4], p1_hand=[...], p1_life=..., p1_deck_count=..."""
    b = {"turn": turn, "phase": phase, "turn_player": turn_player,
         "players": {p: {"life": 3000, "deck_count": 20} for p in ("p1", "p2")}}
    for key, value in squares.items():
        pid, _, field = key.partition("_")
        b["players"][pid][field] = copy.deepcopy(value)
    if options:
        b["options"] = options
    return b


def play(b: dict, answers: list, seed: int = 0) -> Game:
    """Answer decisions in order (running the rules up to each), then run to the next open decision."""
    g = Game(RULESET, b, seed)
    for a in answers:
        if isinstance(a, dict) and "adjust" in a:
            g.adjust(a["adjust"])
            continue
        if isinstance(a, dict) and "step" in a:
            g.step(a["step"])
            continue
        if g.pending is None:
            g.step("decision")
        g.answer(None, a)
    if g.pending is None and not g.finished:
        g.step("decision")
    return g


def rules(g: Game) -> list[str]:
    return [e.rule for e in g.trace]
