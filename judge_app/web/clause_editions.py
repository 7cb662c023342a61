"""A clause through the editions kept: where it stood in each, how it changed, and which printed history entry
announced the change. Shown on the clause page (HTML and JSON) when a rulebook has more than one edition."""
from __future__ import annotations

from flask import url_for

from judge_app.corpus import Clause, Document
from judge_app.corpus.diff import edition_diff, editions, lineage
from judge_app.web.editions import KIND_LABELS, edition_clause_url


def edition_context(doc: Document, clause: Clause, version: str | None) -> dict | None:
    kept = editions(doc.key)
    if len(kept) < 2 or version is None:
        return None
    names = [e["version"] for e in kept]
    steps = lineage(doc.key, clause.number, version)
    announced: dict[tuple, str] = {}
    for i, step in enumerate(steps):
        step["url"] = edition_clause_url(doc.key, step["number"], step["version"])
        step["viewing"] = step["version"] == version
        step["change"] = None
        if i and step["kind"]:
            d = edition_diff(doc.key, names[i - 1], names[i])
            ch = d.change_for_new(step["number"]) if step["number"] else d.change_for_old(steps[i - 1]["number"])
            step["change"] = ch
            step["changes_url"] = url_for("editions.changes", doc=doc.key, **{"from": names[i - 1], "to": names[i]}) \
                + f"#c-{ch.old_number or ''}-{ch.new_number or ''}"
            for h in ch.history:
                announced[(h["date"], h["text"])] = step["changes_url"]
    current = next(s for s in steps if s["current"])
    return {
        "version": version, "current_version": current["version"], "viewing_current": version == current["version"],
        "lineage": steps, "now": current, "labels": KIND_LABELS,
        "changed_in": [s for s in steps if s["kind"]],
        "announced": announced,   # printed history entry (date, text) -> the change it describes
        "json": [{"version": s["version"], "date": s["date"], "current": s["current"], "number": s["number"],
                  "kind": s["kind"], "url": s["url"],
                  "change": s["change"].to_json() if s["change"] else None} for s in steps],
    }
