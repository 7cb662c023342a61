"""A ruling's verdict, in words a player understands: who won, or what the steps decided, or — for a ruling that
stops at an open decision — what the player must choose there, what the rules allow and what they withhold.

`verdict(g, cite)` → `{kind, headline, because, entries, clauses, decision}`:
- `kind`: `winner`, `draw`, `no_winner` (a game ended with no result), `halted` (stopped by a limit),
  `decision` (an open decision), `stopped` (stepped this far, nothing open), `not_started`;
- `headline`: one sentence; `because`: the deciding step's own words (its trace message), or null;
- `entries`: the seq of the deciding trace entries; `clauses`: the deciding clauses, each `{rule, rule_edition?}`
  as the trace shows them (the ruling's own editions);
- `decision` (kind `decision` only): `{player, prompt, rule, options: [label], withheld: [{label, reason, rule}]}`
  (each `rule` with its `rule_edition` where the trace gives one).
"""
from __future__ import annotations

from judge_app.application.citations import Citations
from judge_app.engine import Game, TraceEntry


def _ending(g: Game) -> TraceEntry | None:
    """The entry that ended the game (it changed `finished`), else the last one."""
    for e in g.trace:
        if any(c.path == "finished" and c.after for c in e.changes):
            return e
    return g.trace[-1] if g.trace else None


def _shown(cite: Citations, cid: str) -> dict:
    """A clause as the ruling shows it: `{rule, rule_edition?}` (the edition only when not the current one)."""
    shown, edition = cite.show(cid)
    return {"rule": shown, **({"rule_edition": edition} if edition else {})}


def _clauses(cite: Citations, ids) -> list[dict]:
    return [_shown(cite, cid) for cid in dict.fromkeys(i for i in ids if i)]


def _player(p: str | None) -> str:
    return p or "プレイヤー"


def verdict(g: Game, cite: Citations | None = None) -> dict:
    cite = cite or Citations(g.ruleset)
    state = g.state
    out = {"kind": "stopped", "headline": "", "because": None, "entries": [], "clauses": [], "decision": None}
    if state.finished:
        end = _ending(g)
        winner = state.winner
        out["kind"] = "draw" if winner == "draw" else ("winner" if winner else "no_winner")
        out["headline"] = {"draw": "引き分け", "winner": f"{winner} の勝利",
                           "no_winner": "ゲーム終了（勝者なし）"}[out["kind"]]
        if end is not None:
            out.update(because=end.message, entries=[end.seq], clauses=_clauses(cite, end.clauses))
        return out
    if g.halted:
        out.update(kind="halted", headline=f"ここで止まりました: {g.halted}")
        return out
    if g.pending is not None:
        d = g.pending
        out["kind"] = "decision"
        out["headline"] = f"ここで {_player(d.player)} が選びます: {d.prompt}"
        out["clauses"] = _clauses(cite, d.clauses)
        out["decision"] = {
            "player": d.player, "prompt": d.prompt, **_shown(cite, d.rule), "options": [o.label for o in d.options],
            "withheld": [{"label": w.label, "reason": w.reason, **_shown(cite, w.rule)} for w in d.withheld]}
        if g.trace:
            out["because"] = g.trace[-1].message
            out["entries"] = [g.trace[-1].seq]
        return out
    if not g.trace:
        out.update(kind="not_started", headline="まだ何も処理していません")
        return out
    last = g.trace[-1]
    out.update(headline=f"手順 #{last.seq} まで進めたところです", because=last.message, entries=[last.seq],
               clauses=_clauses(cite, last.clauses))
    return out
