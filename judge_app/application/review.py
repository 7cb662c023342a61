"""A saved ruling against the edition in force. When the current edition rewords, renumbers or removes a clause
the ruling cites, it needs review: `review()` names each such clause with its text before and after; `compare()`
runs the ruling again and reads its outcome under the current edition (winner, final state, each cited rule's id
in the current edition). Clause URLs are the web's to add (`old`/`new` numbers and editions are here)."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable

from judge_app.application.citations import Citations, cited, made_under, ruling_citations
from judge_app.corpus import get_corpus
from judge_app.corpus.diff import UnknownEdition, edition_diff
from judge_app.engine import Game, registry
from judge_app.store import RulingRecord

REVIEW_KINDS = ("reworded", "renumbered", "removed")
KIND_LABELS = {"reworded": "文言変更", "renumbered": "番号変更", "added": "追加", "removed": "削除"}

# The cited ids of a ruling depend only on its four parts and the engine: cache them per process.
_CITED: "OrderedDict[tuple, list[str]]" = OrderedDict()
_CITED_LOCK = threading.Lock()


def cited_of(r: RulingRecord, replay: Callable[[RulingRecord], Game]) -> list[str]:
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
            if ch is not None and ch.kind in REVIEW_KINDS:
                clauses.append(_changed(cid, d, ch, made[d], current[d]))
    return {"needs_review": bool(clauses), "made_under": made, "current": current, "clauses": clauses,
            "problems": problems}


def _changed(cid: str, doc: str, ch, made: str, current: str) -> dict:
    return {
        "id": cid, "doc": doc, "kind": ch.kind, "label": KIND_LABELS[ch.kind], "from": made, "to": current,
        "old": ch.old_number, "new": ch.new_number, "new_id": ch.new.id if ch.new else None,
        "text_changed": ch.text_changed, "refs_only": ch.refs_only,
        "before": _text(ch.old), "after": _text(ch.new) if ch.new else None,
        "words": [dict(w) for w in ch.words],
    }


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


def compare(r: RulingRecord, g_made: Game, g_now: Game) -> dict:
    """The ruling's outcome as made (its trace read in its own editions) and replayed now under the current ones.

    `g_made` is the ruling's game, `g_now` the same four parts run again by the engine in force. A cited rule keeps
    its id when unchanged or reworded, takes its new number when renumbered, and has none when removed."""
    to_made = ruling_citations(r).show
    ids_made = [to_made(cid)[0] for cid in cited(g_made)]
    rev = review(r, cited(g_now))
    rules = _rules_now(ids_made, {c["id"]: c for c in rev["clauses"]}, g_now)
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


def _rules_now(ids_made: list[str], changed: dict[str, dict], g_now: Game) -> list[dict]:
    """Each rule the ruling cited, with its id now; then the rules the engine cites now that it did not."""
    rules = []
    for cid in dict.fromkeys(ids_made):
        c = changed.get(cid)
        now_id = (c["new_id"] if c["kind"] != "reworded" else cid) if c else cid
        rules.append({"made": cid, "current": now_id, "kind": c["kind"] if c else None,
                      "label": c["label"] if c else "変更なし"})
    to_now = Citations(g_now.ruleset).to
    for cid in [to_now(c) for c in cited(g_now)]:
        if cid and cid not in {x["current"] for x in rules}:
            rules.append({"made": None, "current": cid, "kind": None, "label": "新たに引用"})
    return rules
