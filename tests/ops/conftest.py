from __future__ import annotations

import pytest

from judge_app import PROJECT_ROOT
from tests.ops.crawl import crawl

START = ("/", "/rules", "/search?q=%E3%83%96%E3%83%AD%E3%83%83%E3%82%AB%E3%83%BC", "/rulings", "/board")


@pytest.fixture(scope="session")
def crawled(tmp_path_factory):
    from judge_app import create_app

    tmp = tmp_path_factory.mktemp("crawl")
    app = create_app({"TESTING": True, "DATABASE": str(tmp / "db.sqlite3"),
                      "INDEX_DIR": str(PROJECT_ROOT / "instance" / "index"), "SECRET_KEY": "test"})
    client = app.test_client()
    extra = []
    import random

    from judge_app.engine import rulesets

    for ruleset in rulesets().values():   # session and ruling pages are reached from a session only
        resp = client.post("/api/sessions", json={"game": ruleset.game, "seed": 1,
                                                  "board": ruleset.new_game_board(random.Random(1))})
        sid = resp.get_json()["id"]
        client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
        slug = client.post("/api/rulings", json={"session": sid, "title": "<b>試験</b>"}).get_json()["slug"]
        extra += [f"/sessions/{sid}", f"/r/{slug}"]
    return crawl(client, START + tuple(extra), limit=220), app, client


