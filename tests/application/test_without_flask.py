"""The application layer works on a Store alone, with no Flask app: a session created, stepped, answered, adjusted,
undone, saved as a ruling, listed and reviewed after a new edition; errors are the engine's and the store's own.
`judge-app rulings` lists the same from the configured database."""
import json
import subprocess
import sys

import pytest

from judge_app import PROJECT_ROOT
from judge_app.application import rulings, sessions
from judge_app.application.engine_calls import RulesetFailure
from judge_app.engine import EngineError, registry
from judge_app.store import Conflict, NotFound, Store
from tests.engine.toy import RULESET as TOY
from tests.web.editions_env import corpus_env, import_fixture, scenario

BOARD = {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 2}


@pytest.fixture
def store(tmp_path, monkeypatch):
    real = dict(registry.rulesets())
    monkeypatch.setattr(registry, "rulesets", lambda: {**real, "toy": TOY})
    s = Store(tmp_path / "db.sqlite3")
    s.init_schema()
    sessions.cache_clear()
    yield s
    s.close()
    sessions.cache_clear()


def test_a_judges_session_from_start_to_saved_ruling(store):
    sid = sessions.create(store, "toy", BOARD, 3).record.id
    change = sessions.step(store, sid, "decision")
    assert change.game.pending is not None and change.to_json()["pending"]["id"] == "d1"
    change = sessions.answer(store, sid, "d1", "heads")
    answered = store.get_session(sid).answers
    assert change.record.version == 2 and answered[-1] == {"decision": "d1", "value": "heads"}
    sessions.adjust(store, sid, {"op": "points", "target": "p2", "value": 1})
    sessions.undo(store, sid)
    sessions.cache_clear()   # another process: replayed from the four stored parts
    # the adjustment is taken back; the step that took the answer in before it stays (Game.take_in_answer)
    assert sessions.load(store, sid).to_json()["answers"] == [*answered, {"step": "step"}]
    ruling = rulings.save(store, sid, "表の判定", "")
    assert rulings.load(store, ruling.slug).to_json()["title"] == "表の判定"
    assert [i["slug"] for i in rulings.listing(store, None, only_review=False)] == [ruling.slug]


def test_errors_are_the_engines_and_the_stores(store):
    sid = sessions.create(store, "toy", BOARD, 3).record.id
    with pytest.raises(EngineError) as e:
        sessions.step(store, sid, "forever")
    assert e.value.field == "until"
    with pytest.raises(EngineError, match="取り消す操作がありません"):
        sessions.undo(store, sid)
    with pytest.raises(NotFound) as e:
        sessions.step(store, "nope", "step")
    assert e.value.field == "session"
    with pytest.raises(NotFound):
        rulings.get(store, "nope")
    stale = store.get_session(sid)
    store.update_answers(sid, stale.version, ["heads"])
    with pytest.raises(Conflict):
        sessions._act(store, stale, "step", until="step")


def test_a_ruleset_crash_is_a_ruleset_failure_naming_the_field(store, monkeypatch):
    def broken(board, seed):
        raise ZeroDivisionError
    monkeypatch.setattr(TOY, "setup", broken)
    with pytest.raises(RulesetFailure) as e:
        sessions.create(store, "toy", BOARD, 3)
    assert e.value.field == "board" and "ZeroDivisionError" in e.value.message


def test_a_new_edition_marks_the_ruling_for_review_and_the_cli_lists_it(tmp_path):
    db = tmp_path / "db.sqlite3"
    with corpus_env(tmp_path / "corpus") as corpus:
        store = Store(db)
        store.init_schema()
        slug = rulings.import_scenario(store, scenario("01_equal_power_attacker_wins")).slug
        import_fixture(corpus)
        assert [i["slug"] for i in rulings.listing(store, None, only_review=True)] == [slug]
        ruling, result = rulings.under_current_edition(store, slug)
        assert result["outcome_changes"] and ruling.to_json()["review"]["needs_review"]
        store.close()
        env = {"JUDGE_APP_DATABASE": str(db), "JUDGE_APP_CORPUS": str(corpus), "PATH": "/usr/bin:/bin"}
        out = subprocess.run([sys.executable, "-m", "judge_app", "rulings", "--review", "--json"], env=env,
                             cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        listed = json.loads(out.stdout)
        assert [i["slug"] for i in listed["rulings"]] == [slug] and listed["rulings"][0]["needs_review"]
        text = subprocess.run([sys.executable, "-m", "judge_app", "rulings"], env=env, cwd=PROJECT_ROOT,
                              capture_output=True, text=True, timeout=120).stdout
        assert slug in text and "見直し: opcg:7-1-4-1" in text and "ver.1.1.6 で作成" in text
