"""A ruling's verdict as its page, its JSON twin and its exported scenario show it: what the ruling decided over its
window (engine/verdict.py: `answer` はい/いいえ/結果, `headline`, `changes`, `refused`, `result`, `clauses`, and
the open decision as `next`, a line of its own), with every clause shown in the ruling's own editions.

`verdict(g, cite, window_end, question)` → the engine's verdict with `question` (the judge's words, or null), and
each `rule` (of a change, a refusal, the result and the next decision) and each of `clauses` as `{rule,
rule_edition?}` the way the trace shows them.
"""
from __future__ import annotations

from judge_app.application.citations import Citations
from judge_app.engine import Game
from judge_app.engine.verdict import verdict as decided


def _shown(cite: Citations, cid: str | None) -> dict:
    """A clause as the ruling shows it: `{rule, rule_edition?}` (the edition only when not the current one)."""
    if not cid:
        return {"rule": None}
    shown, edition = cite.show(cid)
    return {"rule": shown, **({"rule_edition": edition} if edition else {})}


def _with_clause(cite: Citations, item: dict | None) -> dict | None:
    if item is None:
        return None
    out = {**item, **_shown(cite, item.get("rule"))}
    if "cites" in item:
        out["cites"] = [_shown(cite, c) for c in item["cites"]]
    return out


def verdict(g: Game, cite: Citations | None = None, window_end: int | None = None,
            question: str | None = None) -> dict:
    cite = cite or Citations(g.ruleset)
    v = decided(g, window_end)
    return {
        "question": question or None, "answer": v["answer"], "headline": v["headline"], "window": v["window"],
        "changes": [_with_clause(cite, c) for c in v["changes"]], "more_changes": v["more_changes"],
        "refused": [_with_clause(cite, r) for r in v["refused"]], "result": _with_clause(cite, v["result"]),
        "clauses": [_shown(cite, c) for c in v["clauses"]], "next": _with_clause(cite, v["next"]),
    }
