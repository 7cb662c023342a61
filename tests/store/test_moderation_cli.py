"""Issue 27 #7: `judge-app rulings hide SLUG` takes a ruling off the list and its page while keeping the row,
`unhide` puts it back; `judge-app db prune` deletes idle sessions and never a ruling."""
from __future__ import annotations

import random
import time

import pytest
from sqlalchemy import update

from judge_app import PROJECT_ROOT, create_app
from judge_app.cli import main
from judge_app.engine import rulesets
from judge_app.store import Store, sessions


@pytest.fixture
def env(tmp_path, monkeypatch):
    db = tmp_path / "db.sqlite3"
    monkeypatch.setenv("JUDGE_APP_DATABASE", str(db))
    monkeypatch.delenv("JUDGE_APP_DATABASE_URL", raising=False)
    monkeypatch.delenv("JUDGE_APP_SESSION_IDLE_DAYS", raising=False)
    app = create_app({"TESTING": True, "DATABASE": str(db), "INDEX_DIR": str(PROJECT_ROOT / "instance" / "index"),
                      "SECRET_KEY": "moderation"})
    client = app.test_client()
    board = rulesets()["opcg"].new_game_board(random.Random(1))
    sid = client.post("/api/sessions", json={"game": "opcg", "board": board, "seed": 1}).get_json()["id"]
    slugs = [client.post("/api/rulings", json={"session": sid, "title": f"裁定{i}"}).get_json()["slug"]
             for i in range(2)]
    return {"client": client, "db": db, "sid": sid, "slugs": slugs}


def _listed(client) -> set[str]:
    return {r["slug"] for r in client.get("/api/rulings").get_json()["rulings"]}


def test_hide_takes_a_ruling_off_the_list_and_its_page_and_unhide_puts_it_back(env, capsys):
    client, (spam, real) = env["client"], env["slugs"]
    before = client.get(f"/api/rulings/{spam}").get_data()
    assert main(["rulings", "hide", spam]) == 0
    assert "隠しました" in capsys.readouterr().out
    assert _listed(client) == {real}
    for path in (f"/r/{spam}", f"/api/rulings/{spam}", f"/r/{spam}/scenario.yaml", f"/r/{spam}/replay"):
        assert client.get(path).status_code == 404, path
    assert client.get(f"/r/{real}").status_code == 200
    assert Store(str(env["db"])).count("rulings") == 2          # the row is kept
    assert main(["rulings", "hidden"]) == 0
    assert spam in capsys.readouterr().out
    assert main(["rulings", "hide", f"https://judge.example/r/{spam}"]) == 0   # a permalink works too
    assert "何も変えていません" in capsys.readouterr().out
    assert main(["rulings", "unhide", spam]) == 0
    assert _listed(client) == {spam, real}
    assert client.get(f"/api/rulings/{spam}").get_data() == before
    assert main(["rulings", "hide", "nosuchslug"]) == 1
    assert "ありません" in capsys.readouterr().err


def test_db_prune_deletes_idle_sessions_only(env, capsys, monkeypatch):
    client = env["client"]
    store = Store(str(env["db"]))
    with store.transaction() as c:
        c.execute(update(sessions).where(sessions.c.id == env["sid"]).values(updated=time.time() - 40 * 86400))
    fresh = client.post("/api/sessions", json={"game": "opcg", "seed": 2,
                                               "board": rulesets()["opcg"].new_game_board(random.Random(2))})
    assert fresh.status_code == 201
    assert main(["db", "prune"]) == 0                          # the default: 30 days
    out = capsys.readouterr().out
    assert "1 件消しました" in out and "開かなかった裁定を 0 件消しました（残り 2 件）" in out   # not 30 days old
    assert store.count("sessions") == 1 and store.count("rulings") == 2
    assert client.get(f"/api/sessions/{env['sid']}").status_code == 404
    assert client.get(f"/api/sessions/{fresh.get_json()['id']}").status_code == 200
    assert main(["db", "prune", "--idle-days", "0.0000001"]) == 0
    assert store.count("sessions") == 0 and store.count("rulings") == 2
    monkeypatch.setenv("JUDGE_APP_SESSION_IDLE_DAYS", "0")
    assert main(["db", "prune"]) == 2                           # no expiry set and none given: says so
    store.close()


def test_an_idle_session_reads_as_gone_before_it_is_pruned(env, monkeypatch):
    monkeypatch.setenv("JUDGE_APP_SESSION_IDLE_DAYS", "1")
    app = create_app({"TESTING": True, "DATABASE": str(env["db"]),
                      "INDEX_DIR": str(PROJECT_ROOT / "instance" / "index"), "SECRET_KEY": "moderation"})
    client = app.test_client()
    assert client.get(f"/api/sessions/{env['sid']}").status_code == 200
    store = Store(str(env["db"]))
    with store.transaction() as c:
        c.execute(update(sessions).where(sessions.c.id == env["sid"]).values(updated=time.time() - 2 * 86400))
    store.close()
    resp = client.get(f"/api/sessions/{env['sid']}")
    assert resp.status_code == 404 and resp.get_json()["field"] == "session"
