"""Boards for the opcg tests: a mid-game table the way a judge enters it."""
from judge_app.engine import Game
from judge_app.engine.opcg import RULESET


def leader(p, power=5000, **kw):
    return {"id": f"{p}-L", "name": f"リーダー{p}", "category": "リーダー", "power": power, "life": 5, "colors": ["赤"], **kw}


def char(cid, power, cost=3, counter=1000, keywords=(), **kw):
    return {"id": cid, "name": f"キャラ{cid}", "category": "キャラ", "cost": cost, "power": power, "counter": counter,
            "colors": ["赤"], "keywords": list(keywords), **kw}


def event(cid, cost, keywords):
    return {"id": cid, "name": f"イベント{cid}", "category": "イベント", "cost": cost, "colors": ["赤"], "keywords": list(keywords)}


def board(turn=5, tp="p1", phase="main", p1=None, p2=None, **kw):
    def player(p, extra):
        d = {"leader": leader(p), "characters": [], "hand": [], "deck_count": 20, "life_count": 3,
             "cost_area": {"active": 5, "rested": 0}}
        d.update(extra or {})
        return d
    return {"turn": turn, "phase": phase, "turn_player": tp, "players": {"p1": player("p1", p1), "p2": player("p2", p2)}, **kw}


def play(b, *answers, seed=0):
    """Answer the decisions in order (each runs the rules up to the next decision); returns the game."""
    g = Game(RULESET, b, seed)
    for a in answers:
        if isinstance(a, dict):
            g.apply(a)
            continue
        if g.pending is None:
            g.run("decision")
        assert g.pending is not None, f"no decision for answer {a!r}; trace ends {[e.rule for e in g.trace[-3:]]}"
        g.answer(g.pending.id, a)
    if g.pending is None and not g.finished:
        g.run("decision")
    return g


def rules(g):
    return [e.rule for e in g.trace]


def options(g):
    return [o.value for o in g.pending.options]
