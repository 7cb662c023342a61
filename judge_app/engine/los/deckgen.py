"""Random legal set-ups for fuzzing and 「新しいゲーム」: two decks of 50 (at most 3 of a name, 3.1)."""
from __future__ import annotations

import random

KEYWORDS = ("上空", "2回攻撃", "毒呪", "スピード耐性:3", "エネルギー耐性:2")


def random_card(rng: random.Random, pid: str, n: int) -> dict:
    kind = rng.choices(["character", "effect", "support"], [6, 3, 1])[0]
    card = {"id": f"{pid}-{n}", "name": f"{pid}カード{n}", "type": kind,
            "cost": rng.choice([0, 1, 1, 2, 2, 3, 4]), "speed": rng.randint(1, 9)}
    if kind == "character":
        card["atk"] = rng.randrange(0, 1100, 100)
        card["def"] = rng.randrange(0, 1100, 100)
        card["down"] = rng.randrange(100, 600, 100)
        icons = ["up"] + [i for i in ("down", "left", "right") if rng.random() < 0.4]
        card["lead"] = icons if rng.random() < 0.9 else [rng.choice(["down", "left", "right"])]
        if rng.random() < 0.25:
            card["keywords"] = [rng.choice(KEYWORDS)]
    elif kind == "effect":
        card["flash"] = rng.random() < 0.5
    else:
        card["field"] = rng.random() < 0.3
    return card


def random_deck(rng: random.Random, pid: str) -> list[dict]:
    names = [random_card(rng, pid, i) for i in range(1, 18)]
    deck = []
    for i in range(50):
        base = names[i // 3]
        deck.append(dict(base, id=f"{pid}-c{i + 1}"))
    return deck


def random_board(rng: random.Random) -> dict:
    return {"players": {pid: {"life": 3000, "deck": random_deck(rng, pid)} for pid in ("p1", "p2")}}
