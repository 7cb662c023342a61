"""Saved rulings and sessions against the edition in force.

The engine cites clause ids of the edition each ruleset was written from (`Ruleset.cites_editions`, default each
rulebook's first edition kept). A ruling records the edition of each rulebook it was made under
(`rulings.editions`, `{doc: version}`; a ruling saved before editions existed: each rulebook's first edition), and
its pages show the engine's ids read in that edition (`Citations`), so it keeps citing its own edition's ids;
a session shows them in the current edition. The clauses a trace relies on are every entry's `rule`, its `cites`
where the engine gives them, and the open decision's `rule`. When the current edition rewords, renumbers or
removes one of them, the ruling needs review: `review()` names each such clause with its text before and after;
`replay()` runs the ruling again and reads its outcome under the current edition: winner, final state, and each
cited rule's id in the current edition.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from judge_app.corpus import get_corpus
from judge_app.corpus.diff import UnknownEdition, edition_diff, editions, renumber
from judge_app.engine import Game, registry
from judge_app.store import RulingRecord
from judge_app.web.editions import KIND_LABELS, edition_clause_url

REVIEW_KINDS = ("reworded", "renumbered", "removed")


def cited(g: Game) -> list[str]:
    """Every clause id the ruling's trace relies on, in the order first cited."""
    out: dict[str, None] = {}
    for e in g.trace:
        for cid in [e.rule, *(getattr(e, "cites", None) or [])]:
            if cid:
                out.setdefault(cid, None)
    if g.pending is not None and g.pending.rule:
        out.setdefault(g.pending.rule, None)
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
        return e


def made_under(r: RulingRecord, doc: str) -> str | None:
    v = r.editions.get(doc)
    if v:
        return v
    kept = editions(doc)
    return kept[0]["version"] if kept else None


# The cited ids of a ruling depend only on its four parts and the engine: cache them per process.
_CITED: "OrderedDict[tuple, list[str]]" = OrderedDict()
_CITED_LOCK = threading.Lock()


def cited_of(r: RulingRecord, replay) -> list[str]:
    key = (r.slug, r.game, r.seed, repr(r.answers))
    with _CITED_LOCK:
        hit = _CITED.get(key)
    if hit is None:
        hit = cited(replay(r))
        with _CITED_LOCK:
            _CITED[key] = hit
            while len(_CITED) > 512:
                _CITED.popitem(last=False)
    return hit


def outdated(r: RulingRecord) -> dict[str, tuple[str, str]]:
    """{doc: (made under, current)} for the rulebooks whose current edition is not the ruling's. Cheap: no replay."""
    corpus = get_corpus()
    ruleset = registry.rulesets().get(r.game)
    docs = set(r.editions)
    if ruleset is not None and ruleset.doc in corpus.docs:
        docs |= {ruleset.doc, *([corpus.docs[ruleset.doc].base] if corpus.docs[ruleset.doc].base else [])}
    out = {}
    for d in docs:
        if d in corpus.docs:
            made, cur = made_under(r, d), corpus.docs[d].edition
            if made and cur and made != cur:
                out[d] = (made, cur)
    return out


def ruling_citations(r: RulingRecord) -> Citations:
    """Engine ids -> the ids of the editions the ruling was made under."""
    docs = set(r.editions) | set(get_corpus().docs)
    return Citations(registry.rulesets().get(r.game), {d: made_under(r, d) for d in docs})


def review(r: RulingRecord, ids: list[str]) -> dict:
    """What the current edition changed among the clauses `ids` (engine ids) the ruling cites."""
    corpus = get_corpus()
    to_made = ruling_citations(r).show
    ids = list(dict.fromkeys(to_made(cid)[0] for cid in ids))   # now in the ruling's own editions
    docs = list(dict.fromkeys(cid.split(":", 1)[0] for cid in ids))
    made = {d: made_under(r, d) for d in docs if d in corpus.docs}
    current = {d: corpus.docs[d].edition for d in made}
    clauses, problems = [], []
    for d in made:
        if made[d] == current[d] or not made[d]:
            continue
        try:
            diff = edition_diff(d, made[d], current[d])
        except UnknownEdition:
            problems.append(f"{d}: 裁定が作られた版 {made[d]} はこのコーパスに保存されていません")
            continue
        for cid in ids:
            doc, _, number = cid.partition(":")
            ch = diff.change_for_old(number) if doc == d else None
            if ch is None or ch.kind not in REVIEW_KINDS:
                continue
            clauses.append({
                "id": cid, "doc": d, "kind": ch.kind, "label": KIND_LABELS[ch.kind], "from": made[d], "to": current[d],
                "old": ch.old_number, "new": ch.new_number, "new_id": ch.new.id if ch.new else None,
                "text_changed": ch.text_changed, "refs_only": ch.refs_only,
                "before": _text(ch.old), "after": _text(ch.new) if ch.new else None,
                "words": [dict(w) for w in ch.words],
                "old_url": edition_clause_url(d, ch.old_number, made[d]),
                "new_url": edition_clause_url(d, ch.new_number, current[d]) if ch.new else None,
            })
    return {"needs_review": bool(clauses), "made_under": made, "current": current, "clauses": clauses,
            "problems": problems}


def _text(c) -> str:
    return f"{c.title}\n{c.text}".strip() if c.title else c.text


def state_summary(g: Game) -> dict:
    """The final state in a few numbers: turn, phase, winner, and per player the size of each zone."""
    data = g.state.data
    out: dict = {k: data.get(k) for k in ("turn", "phase", "winner", "finished")}
    players = data.get("players")
    if isinstance(players, dict):
        for p, zones in players.items():
            if isinstance(zones, dict):
                out[p] = {k: (len(v) if isinstance(v, list) else v) for k, v in sorted(zones.items())
                          if isinstance(v, (list, int)) and not isinstance(v, bool)}
    return out


def replay(r: RulingRecord, g_made: Game, g_now: Game) -> dict:
    """The ruling's outcome as made (its trace read in its own editions) and replayed now under the current ones.

    `g_made` is the ruling's game, `g_now` the same four parts run again by the engine in force. A cited rule keeps
    its id when unchanged or reworded, takes its new number when renumbered, and has none when removed."""
    to_made = ruling_citations(r).show
    ids_made = [to_made(cid)[0] for cid in cited(g_made)]
    to_now = Citations(g_now.ruleset).to
    rev = review(r, cited(g_now))
    by_id = {c["id"]: c for c in rev["clauses"]}
    rules = []
    for cid in dict.fromkeys(ids_made):
        c = by_id.get(cid)
        now_id = (c["new_id"] if c["kind"] != "reworded" else cid) if c else cid
        rules.append({"made": cid, "current": now_id, "kind": c["kind"] if c else None,
                      "label": c["label"] if c else "変更なし"})
    engine_now = [to_now(cid) for cid in cited(g_now)]
    for cid in engine_now:   # a rule the engine cites now that the ruling did not (the engine changed)
        if cid and cid not in {x["current"] for x in rules}:
            rules.append({"made": None, "current": cid, "kind": None, "label": "新たに引用"})
    made = {"winner": g_made.state.winner, "finished": g_made.finished, "state": state_summary(g_made),
            "rules": ids_made}
    now = {"winner": g_now.state.winner, "finished": g_now.finished, "state": state_summary(g_now),
           "rules": [x["current"] for x in rules if x["current"]]}
    same = {"winner": made["winner"] == now["winner"] and made["finished"] == now["finished"],
            "state": made["state"] == now["state"],
            "rules": made["rules"] == now["rules"]}
    reread = [x["current"] for x in rules if x["kind"] == "reworded"]
    return {"made": made, "current": now, "same": same, "rules": rules, "outcome_changes": not all(same.values()),
            "reread": reread, "review": rev}
