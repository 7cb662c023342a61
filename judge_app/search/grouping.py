"""Siblings together (issue 42): sub-clauses of one clause that score close are shown as one result.

The usual near miss of the ranking is a sibling ranked just above the answer (thv 11.5.2 over 11.5.3). When
the text results hold several children of one clause within GROUP_SHARE of the best of them, they are shown as
one result: the parent's line, then those children in rank order, each with its answering sentence. The result
keeps the first child's own fields (id, snippet, …) so a reader of the old JSON sees what it saw; the grouping
is its `group`.
"""
from __future__ import annotations

GROUP_SHARE = 0.5      # a sibling joins when it scores at least this share of the group's first child
MAX_CHILDREN = 4       # at most this many children on one card


def group_hits(hits: list, parent_of, limit: int) -> list[tuple[object, list, str | None]]:
    """[(hit, [hit, sibling hits…], parent id)] for the first `limit` results: a text hit takes in the later
    text hits with its parent that score close (and the parent's own hit, whose line the card shows); a
    hit with nothing to group stands as ([hit], None). `parent_of(id)` is a clause's parent id or None."""
    taken: set[str] = set()
    shown: set[str] = set()                   # ids on the cards above: a parent shown there is not repeated
    # each text hit's parent, looked up once: (position, hit) of the text hits under each parent, in rank order
    under: dict[str, list[tuple[int, object]]] = {}
    for n, h in enumerate(hits):
        if h.kind == "text":
            p = parent_of(h.id)
            if p:
                under.setdefault(p, []).append((n, h))
    parent = {id(h): p for p, items in under.items() for _n, h in items}
    out = []
    for n, h in enumerate(hits):
        if len(out) >= limit:
            break
        if h.id in taken:
            continue
        taken.add(h.id)
        p = parent.get(id(h))
        kids = [h]
        if p and p not in shown:
            for m, later in under[p]:
                if len(kids) >= MAX_CHILDREN:
                    break
                if m > n and later.id not in taken and later.score >= GROUP_SHARE * h.score:
                    kids.append(later)
        if len(kids) > 1:
            taken.update(k.id for k in kids)
            taken.add(p)
            shown.update(k.id for k in kids)
            shown.add(p)
            out.append((h, kids, p))
        else:
            shown.add(h.id)
            out.append((h, kids, None))
    return out
