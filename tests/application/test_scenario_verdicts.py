"""Every scenario saved as a ruling opens with a verdict that says what changed inside its window, each change with
the clause of the entry that made it (issue 36); the ruling made from a file never runs on into the next turn."""
from pathlib import Path

import pytest

from judge_app import PROJECT_ROOT
from judge_app.application import rulings
from judge_app.engine import get_ruleset
from judge_app.scenarios import load_scenario, scenario_files
from judge_app.store import Store

ROOT = Path(PROJECT_ROOT) / "scenarios"
FILES = scenario_files(ROOT)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    s = Store(tmp_path_factory.mktemp("verdicts") / "db.sqlite3")
    s.init_schema()
    yield s
    s.close()


def _named_by_the_games_words(g, end: int) -> bool:
    """Whether an entry inside the window changed a path the game's verdict words name (its zones, fields, card
    states or shared fields): worked out here from the raw trace, not by the verdict."""
    w = g.ruleset.verdict_words
    for e in g.trace[:end]:
        for c in e.changes:
            parts = c.path.split(".")
            if parts[0] == "players" and len(parts) >= 3 and parts[2] in (*w.zones, *w.fields):
                if c.before != c.after:
                    return True
            if c.path in w.shared:
                return True
    return False


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_a_saved_scenario_opens_with_what_changed_and_its_clauses(store, path):
    data = load_scenario(path)
    slug = rulings.import_scenario(store, path.read_text(encoding="utf-8")).slug
    ruling = rulings.load(store, slug)
    out = ruling.to_json()
    v, g = out["verdict"], ruling.game
    assert list(out)[:1] == ["slug"] and v["answer"] in ("はい", "いいえ", "結果")
    assert v["headline"].startswith(v["answer"]) and v["question"] == ((data.get("question") or "").strip() or None)
    end = v["window"]["end"]
    assert 0 <= end <= len(g.trace)
    # never past the turn the judge last acted in, nor into the next turn by carrying on
    if end:
        last = g.trace[end - 1].turn
        assert all(e.turn == last for e in g.trace[v["window"]["action_from"] - 1:end])
    assert g.pending is not None or g.finished or g.trace[-1].turn > g.trace[max(end - 1, 0)].turn \
        or len(g.trace) == end
    # each change, refusal and result with the clause of its entry, inside the window
    for item in [*v["changes"], *v["refused"], *([v["result"]] if v["result"] else [])]:
        assert item["rule"] and 1 <= item["seq"] <= end
        assert item["rule"] == ruling_rule(ruling, g.trace[item["seq"] - 1].rule)
    for x in v["refused"]:
        assert g.trace[x["seq"] - 1].kind == "refused" and v["answer"] == "いいえ"
    if v["changes"] or v["refused"] or v["result"]:
        assert v["clauses"]
    else:   # nothing to list: the window really changed nothing the game's words name
        assert not _named_by_the_games_words(g, end), v
    assert get_ruleset(data["game"]).verdict_words is g.ruleset.verdict_words


def ruling_rule(ruling, cid: str) -> str:
    """The engine's id as the ruling shows it (its own editions)."""
    from judge_app.application.citations import ruling_citations
    return ruling_citations(ruling.record).show(cid)[0]
