"""Saved rulings: save a session as one, import a scenario file as one, list them (with what a newer edition made
stale, and each one's verdict headline), open one replayed, move the end of its window, replay it under the edition
in force, export it as a scenario file, and continue it as a new session (the ruling itself never changes). A ruling
stores the session's four parts, the editions it was made under, the judge's question and where its window ends
when the judge moved it; everything else is replayed.

A ruling does not run on past the judge: saved, its game stands where the session stood; imported from a scenario,
the rules run on after the script's last item only to the end of that turn (scenarios.play_script)."""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from judge_app.application import review as reviews
from judge_app.application import scenario_input, sessions
from judge_app.application.citations import cited, editions_in_force, ruling_citations
from judge_app.application.engine_calls import engine_call, replay
from judge_app.application.game_json import game_json
from judge_app.application.games import as_stored, stored_ruleset
from judge_app.application.inputs import NOTE_MAX, QUESTION_MAX, TITLE_MAX, check_text
from judge_app.application.verdict import verdict
from judge_app.engine import EngineError, Game
from judge_app.engine.verdict import verdict as decided
from judge_app.store import Conflict, NotFound, RulingRecord, Store


@dataclass
class Ruling:
    """A saved ruling and its game, replayed."""
    record: RulingRecord
    game: Game

    def to_json(self) -> dict:
        """The ruling with its verdict (application/verdict.py) and its trace read in its own editions, and its review
        under the current ones."""
        r = self.record
        cite = ruling_citations(r)
        out = summary(r)
        out["verdict"] = verdict(self.game, cite, r.window_end, r.question)
        out.update({"board": r.board, "seed": r.seed, "answers": r.answers})
        out.update({k: v for k, v in game_json(self.game, citations=cite).items()
                    if k not in ("board", "seed", "answers", "game")})
        out["review"] = reviews.review(r, cited(self.game))
        return out


def summary(r: RulingRecord) -> dict:
    return {"slug": r.slug, "game": r.game, "title": r.title, "note": r.note, "question": r.question or None,
            "window_end": r.window_end, "headline": r.headline, "created": r.created, "editions": dict(r.editions)}


def _window_end(value: Any, g: Game) -> int | None:
    """A window's end as the judge gives it: a trace entry's seq (1 … the last), or null for the default."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= len(g.trace):
        raise EngineError(f"window_end: 1 から {len(g.trace)} までの手順番号を指定してください（省略すると既定の範囲）",
                          "window_end")
    return value


# ---- save ----------------------------------------------------------------------------------------------------------
def save(store: Store, sid: Any, title: Any, note: Any, question: Any = None, window_end: Any = None,
         client: str | None = None) -> RulingRecord:
    """The session as it stands, saved under a title with the judge's question (a session that no longer replays
    is not saved), counted against `client`'s rulings (JUDGE_APP_RULINGS_PER_CLIENT); `window_end` moves the end of
    its window from the default."""
    rec = sessions.record(store, sid)
    title = check_text(title, "title", TITLE_MAX, required=True)
    note = check_text(note, "note", NOTE_MAX, required=False)
    question = check_text(question, "question", QUESTION_MAX, required=False)
    g = sessions.game_of(rec)
    end = _window_end(window_end, g)
    return store.save_ruling(rec.game, rec.board, rec.seed, rec.answers, title, note, editions_in_force(g),
                             question, end, decided(g, end)["headline"], client=client)


def import_scenario(store: Store, source: Any, title: Any = None, note: Any = None,
                    client: str | None = None) -> RulingRecord:
    """A scenario file saved as a ruling: its script replayed and checked first."""
    with engine_call("scenario"):
        data = scenario_input.read(source)
        g = scenario_input.play(data, carry_on="turn")
    title = check_text(title if title else data["title"], "title", TITLE_MAX, required=True)
    note = check_text(note if note else data.get("description", ""), "note", NOTE_MAX, required=False)
    question = check_text(data.get("question", ""), "question", QUESTION_MAX, required=False)
    end = _window_end((data.get("expect") or {}).get("verdict", {}).get("window"), g)
    return store.save_ruling(g.ruleset.game, g.board, g.seed, g.answers, title, note, editions_in_force(g),
                             question, end, decided(g, end)["headline"], client=client)


# ---- read ------------------------------------------------------------------------------------------------------------
def get(store: Store, slug: Any) -> RulingRecord:
    if not isinstance(slug, str) or not slug or len(slug) > 32:
        raise NotFound("slug: その裁定はありません", "slug")
    try:
        return as_stored(store.get_ruling(slug))
    except NotFound:
        raise NotFound(f"slug: 裁定「{slug}」はありません", "slug") from None


def replayed(r: RulingRecord) -> Game:
    """The ruling's four parts run by the engine in force (a ruling that no longer replays is a Conflict)."""
    r = as_stored(r)
    ruleset = stored_ruleset(r.game, "game")
    try:
        return replay(ruleset, r.board, r.seed, r.answers, "answers")
    except EngineError as e:
        raise Conflict(f"保存された裁定を再生できません: {e.message}", e.field) from None


# ---- this process's replayed rulings -------------------------------------------------------------------------------
# A ruling's row never changes once saved (hiding it only stops it being read), so its replayed game is kept by
# slug and `created`, the row's one version: a ruling read again is not replayed again (issue 39). Readers only
# read a ruling's game; bounded, the least recently read going first.
_REPLAYED: "OrderedDict[tuple[str, float], Game]" = OrderedDict()
_REPLAYED_LOCK = threading.Lock()
_REPLAYED_SIZE = 32


def _replayed_once(r: RulingRecord) -> Game:
    key = (r.slug, r.created)
    with _REPLAYED_LOCK:
        g = _REPLAYED.get(key)
        if g is not None:
            _REPLAYED.move_to_end(key)
            return g
    g = replayed(r)
    with _REPLAYED_LOCK:
        _REPLAYED[key] = g
        while len(_REPLAYED) > _REPLAYED_SIZE:
            _REPLAYED.popitem(last=False)
    return g


def cache_clear() -> None:
    with _REPLAYED_LOCK:
        _REPLAYED.clear()


def load(store: Store, slug: Any) -> Ruling:
    r = get(store, slug)
    return Ruling(r, _replayed_once(r))


def set_window(store: Store, slug: Any, window_end: Any) -> Ruling:
    """Move the end of the ruling's window to a trace entry (null: back to the default); the four parts stay."""
    ruling = load(store, slug)
    end = _window_end(window_end, ruling.game)
    store.set_window(ruling.record.slug, end, decided(ruling.game, end)["headline"])
    ruling.record.window_end = end
    return ruling


def headline(r: RulingRecord) -> str:
    """The verdict's headline as saved; a ruling saved before headlines were is replayed for it."""
    if r.headline:
        return r.headline
    try:
        return decided(replayed(r), r.window_end)["headline"]
    except Conflict:
        return ""


def listing(store: Store, game: str | None, only_review: bool, limit: int = 100) -> list[dict]:
    """Ruling summaries with their `headline`, `outdated` ({doc: {made_under, current}}), `needs_review` and
    `review_clauses`; with `only_review`, only the rulings that need review."""
    items = []
    for r in store.list_rulings(game, limit=limit):
        item = summary(r)
        item["headline"] = headline(r)
        stale = reviews.outdated(r)
        item["outdated"] = {d: {"made_under": a, "current": b} for d, (a, b) in sorted(stale.items())}
        item["needs_review"] = False
        item["review_clauses"] = []
        if stale:   # only a ruling made under an older edition is replayed to see what it cites
            try:
                rev = reviews.review(r, reviews.cited_of(r, replayed))
                item["needs_review"], item["review_clauses"] = rev["needs_review"], [c["id"] for c in rev["clauses"]]
            except Conflict:
                item["needs_review"] = True   # it no longer replays: a judge must look at it
        if item["needs_review"] or not only_review:
            items.append(item)
    return items


def under_current_edition(store: Store, slug: Any) -> tuple[Ruling, dict]:
    """The ruling, and its outcome replayed now and read under the current edition (`review.compare`)."""
    r = get(store, slug)
    made = replayed(r)
    now = replayed(r)   # a fresh run by the engine in force, not the game shown as made
    return Ruling(r, now), reviews.compare(r, made, now)


# ---- export and continue ------------------------------------------------------------------------------------------
def as_scenario(store: Store, slug: Any) -> tuple[RulingRecord, dict]:
    """The ruling as a scenario file: the same four parts, and as `expect` what the file itself plays to (a
    scenario runs on to the end or an open decision, which may be further than the judge stepped)."""
    r = get(store, slug)
    data: dict = {"game": r.game, "title": r.title}
    if r.note:
        data["description"] = r.note
    if r.question:
        data["question"] = r.question
    made = replayed(r)
    refusals = iter([e.rule for e in made.trace if e.kind == "refused"])   # one for each try, in order
    data.update({"board": r.board, "seed": r.seed,
                 "answers": [{**item, "refused": next(refusals)} if isinstance(item, dict) and "try" in item
                             else item for item in r.answers]})
    with engine_call("answers"):
        g = scenario_input.play(dict(data))
    expect: dict = {"winner": g.state.winner, "finished": g.state.finished}
    rules = sorted({e.rule for e in g.trace})
    if rules:
        expect["rules"] = rules
    expect["pending"] = {"id": g.pending.id, "rule": g.pending.rule} if g.pending else None
    v = decided(made, r.window_end)   # the ruling's own verdict, over its own window
    expect["verdict"] = {"answer": v["answer"], "window": v["window"]["end"],
                         "rules": list(dict.fromkeys([*(c["rule"] for c in v["changes"]),
                                                      *(x["rule"] for x in v["refused"]),
                                                      *([v["result"]["rule"]] if v["result"] else [])]))}
    data["expect"] = expect
    return r, data


def continue_as_session(store: Store, slug: Any) -> sessions.Session:
    """A new session from the ruling's four parts: the permalink never changes."""
    r = get(store, slug)
    return sessions.create(store, r.game, r.board, r.seed, r.answers, r.title)
