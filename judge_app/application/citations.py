"""The engine's clause ids shown in the editions a page is about.

The engine cites clause ids of the edition each ruleset was written from (`Ruleset.cites_editions`, default each
rulebook's first edition kept). A ruling records the edition of each rulebook it was made under (`rulings.editions`,
`{doc: version}`; a ruling saved before editions existed: each rulebook's first edition), and its pages show the
engine's ids read in that edition, so it keeps citing its own edition's ids; a session shows them in the current
edition. The clauses a trace relies on are every entry's `rule`, its `cites`, and the open decision's `rule`.
"""
from __future__ import annotations

from judge_app.corpus import get_corpus
from judge_app.corpus.diff import editions, renumber
from judge_app.engine import Game, registry
from judge_app.store import RulingRecord


def cited(g: Game) -> list[str]:
    """Every clause id the game's trace relies on, in the order first cited."""
    out: dict[str, None] = {}
    for e in g.trace:
        for cid in [e.rule, *(getattr(e, "cites", None) or [])]:
            if cid:
                out.setdefault(cid, None)
    if g.pending is not None:
        for cid in g.pending.clauses:   # its rule, and the clause of each action it withholds
            if cid:
                out.setdefault(cid, None)
    return list(out)


def _docs(g: Game, ids: list[str]) -> list[str]:
    corpus = get_corpus()
    doc = g.ruleset.doc
    wanted = [doc] + ([corpus.docs[doc].base] if doc in corpus.docs and corpus.docs[doc].base else [])
    wanted += [cid.split(":", 1)[0] for cid in ids]
    return [d for d in dict.fromkeys(wanted) if d in corpus.docs]


def editions_in_force(g: Game) -> dict[str, str]:
    """What a ruling saved now records: the current edition of each rulebook it can cite."""
    corpus = get_corpus()
    return {d: corpus.docs[d].edition for d in _docs(g, cited(g)) if corpus.docs[d].edition}


def engine_edition(ruleset, doc: str) -> str | None:
    v = (getattr(ruleset, "cites_editions", None) or {}).get(doc)
    if v:
        return v
    kept = editions(doc)
    return kept[0]["version"] if kept else None


def made_under(r: RulingRecord, doc: str) -> str | None:
    v = r.editions.get(doc)
    if v:
        return v
    kept = editions(doc)
    return kept[0]["version"] if kept else None


class Citations:
    """The engine's ids shown in the editions `target` ({doc: version}; the current edition where it names none).

    `show(cid)` gives (id in that edition, edition to link or None for the current one). An id whose clause that
    edition does not have (removed) stays as the engine cites it, linked to the engine's own edition."""

    def __init__(self, ruleset, target: dict[str, str | None] | None = None):
        self.ruleset, self.target, self.corpus = ruleset, dict(target or {}), get_corpus()
        self._maps: dict[str, tuple] = {}

    def _map(self, doc: str) -> tuple:
        if doc not in self._maps:
            current = self.corpus.docs[doc].edition if doc in self.corpus.docs else None
            want = self.target.get(doc) or current
            src = engine_edition(self.ruleset, doc)
            self._maps[doc] = (renumber(doc, src, want), src, want if want != current else None)
        return self._maps[doc]

    def show(self, cid: str) -> tuple[str, str | None]:
        if not isinstance(cid, str) or ":" not in cid:
            return cid, None
        doc, _, number = cid.partition(":")
        m, src, link = self._map(doc)
        if m is None:
            return cid, link
        if number in m:
            return f"{doc}:{m[number]}", link
        return cid, src

    def to(self, cid: str) -> str | None:
        """The id in the target edition, or None when it has no such clause."""
        doc, _, number = cid.partition(":")
        m = self._map(doc)[0]
        return cid if m is None else (f"{doc}:{m[number]}" if number in m else None)

    def apply(self, out: dict) -> dict:
        """A game's JSON (trace or new entries, open decision) with every cited id shown in the target editions;
        `rule_edition` is added where the link must name an edition other than the current one."""
        for e in [*(out.get("trace") or []), *(out.get("entries") or []), *([out["pending"]] if out.get("pending") else [])]:
            self.entry(e)
        return out

    def entry(self, e: dict | None) -> dict | None:
        if e:
            e["rule"], edition = self.show(e["rule"])
            if edition:
                e["rule_edition"] = edition
            if e.get("cites"):
                e["cites"] = [self.show(c)[0] for c in e["cites"]]
            for w in e.get("withheld") or []:   # an open decision's withheld actions, each with its clause
                self.entry(w)
        return e


def ruling_citations(r: RulingRecord) -> Citations:
    """Engine ids -> the ids of the editions the ruling was made under."""
    docs = set(r.editions) | set(get_corpus().docs)
    return Citations(registry.rulesets().get(r.game), {d: made_under(r, d) for d in docs})
