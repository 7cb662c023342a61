"""Small builders for thv boards in tests."""
import copy


def ch(id, name="キャラ", atk=2, tough=2, **extra):
    c = {"id": id, "name": name, "type": "character", "cost": 0, "need": 0, "attack": atk, "toughness": tough,
         "race": ["人間"], "state": "active"}
    c.update(extra)
    return c


def board(p1=None, p2=None, **extra):
    b = {"turn": 3, "phase": "main", "turn_player": "p1", "starting_player": "p2",
         "players": {"p1": {"life": 25, "deck_count": 10, **(p1 or {})}, "p2": {"life": 25, "deck_count": 10, **(p2 or {})}}}
    b.update(extra)
    return copy.deepcopy(b)


def deck(p, n=50, name=None):
    return [{"id": f"{p}-{i}", "name": name or f"カード{i}", "type": "command", "cost": 0} for i in range(n)]


def hand(id, name="キャラ", atk=2, tough=2, **extra):
    c = ch(id, name, atk, tough, **extra)
    del c["state"]
    return c
