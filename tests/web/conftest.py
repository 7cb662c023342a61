"""The web layer on the toy ruleset (registered only here, by patching the registry) and a temporary database."""
import pytest

from judge_app import PROJECT_ROOT, create_app
from judge_app.engine import registry
from judge_app.application import games as board_pages
from judge_app.application import sessions as session_core
from tests.engine.toy import RULESET as TOY

TOY_BOARD = {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 2}
TOY_SCENARIO = """\
game: toy
title: 表を当て続けて勝つ
board:
  players: {p1: {points: 1}, p2: {points: 0}}
  target: 2
seed: 4
answers: [heads]
"""


@pytest.fixture
def with_toy(monkeypatch, tmp_path):
    real = dict(registry.rulesets())
    monkeypatch.setattr(registry, "rulesets", lambda: {**real, "toy": TOY})
    scen = tmp_path / "scenarios"
    (scen / "toy").mkdir(parents=True)
    (scen / "toy" / "heads.yaml").write_text(TOY_SCENARIO, encoding="utf-8")
    for game_dir in (PROJECT_ROOT / "scenarios").glob("*"):  # the rulesets' own scenario files stay visible
        if game_dir.is_dir():
            (scen / game_dir.name).symlink_to(game_dir, target_is_directory=True)
    monkeypatch.setattr(board_pages, "SCENARIO_ROOT", scen)
    session_core.cache_clear()
    yield
    session_core.cache_clear()


@pytest.fixture
def app(with_toy, tmp_path):
    return create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "INDEX_DIR": str(tmp_path / "index"), "TESTING": True,
                       "SECRET_KEY": "test-secret"})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def route_walk(tmp_path_factory):
    """The walk over every route (tests/web/route_walk.py), once per test run: the snapshot and the OpenAPI check
    read the same answers."""
    from tests.web.route_walk import run

    return run(tmp_path_factory.mktemp("route-walk"))
