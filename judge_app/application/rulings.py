"""Saved rulings: save a session as one, import a scenario file as one, list them (with what a newer edition made
stale), open one replayed, replay it under the edition in force, export it as a scenario file, and continue it
as a new session (the ruling itself never changes). A ruling stores the session's four parts and the editions
it was made under; everything else is replayed."""
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
from judge_app.application.inputs import NOTE_MAX, TITLE_MAX, check_text
from judge_app.application.verdict import verdict
from judge_app.engine import EngineError, Game
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
        out["verdict"] = verdict(self.game, cite)
        out.update({"board": r.board, "seed": r.seed, "answers": r.answers})
        out.update({k: v for k, v in game_json(self.game, citations=cite).items()
                    if k not in ("board", "seed", "answers", "game")})
        out["review"] = reviews.review(r, cited(self.game))
        return out


def summary(r: RulingRecord) -> dict:
    return {"slug": r.slug, "game": r.game, "title": r.title, "note": r.note, "created": r.created,
            "editions": dict(r.editions)}


# ---- save ----------------------------------------------------------------------------------------------------------
def save(store: Store, sid: Any, title: Any, note: Any, client: str | None = None) -> RulingRecord:
    """The session as it stands, saved under a title (a session that no longer replays is not saved), counted
    against `client`'s rulings (JUDGE_APP_RULINGS_PER_CLIENT)."""
    rec = sessions.record(store, sid)
    title = check_text(title, "title", TITLE_MAX, required=True)
    note = check_text(note, "note", NOTE_MAX, required=False)
    editions = editions_in_force(sessions.game_of(rec))
    return store.save_ruling(rec.game, rec.board, rec.seed, rec.answers, title, note, editions, client=client)


def import_scenario(store: Store, source: Any, title: Any = None, note: Any = None,
                    client: str | None = None) -> RulingRecord:
    """A scenario file saved as a ruling: its script replayed and checked first."""
    with engine_call("scenario"):
        data = scenario_input.read(source)
        g = scenario_input.play(data)
    title = check_text(title if title else data["title"], "title", TITLE_MAX, required=True)
    note = check_text(note if note else data.get("description", ""), "note", NOTE_MAX, required=False)
    return store.save_ruling(g.ruleset.game, g.board, g.seed, g.answers, title, note, editions_in_force(g),
                             client=client)


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


def listing(store: Store, game: str | None, only_review: bool, limit: int = 100) -> list[dict]:
    """Ruling summaries with `outdated` ({doc: {made_under, current}}), `needs_review` and `review_clauses`;
    with `only_review`, only the rulings that need review."""
    items = []
    for r in store.list_rulings(game, limit=limit):
        item = summary(r)
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
    data.update({"board": r.board, "seed": r.seed, "answers": r.answers})
    with engine_call("answers"):
        g = scenario_input.play(dict(data))
    expect: dict = {"winner": g.state.winner, "finished": g.state.finished}
    rules = sorted({e.rule for e in g.trace})
    if rules:
        expect["rules"] = rules
    expect["pending"] = {"id": g.pending.id, "rule": g.pending.rule} if g.pending else None
    data["expect"] = expect
    return r, data


def continue_as_session(store: Store, slug: Any) -> sessions.Session:
    """A new session from the ruling's four parts: the permalink never changes."""
    r = get(store, slug)
    return sessions.create(store, r.game, r.board, r.seed, r.answers, r.title)
