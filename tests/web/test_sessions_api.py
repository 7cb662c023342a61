"""The session JSON API (DESIGN.md "JSON API") on the toy ruleset: shapes, replay, and every bad input
answered 4xx with the field named and nothing stored."""
import json
import sqlite3

import pytest

from judge_app import create_app
from judge_app.application import sessions as session_core
from tests.web.conftest import TOY_BOARD, TOY_SCENARIO


def new_session(client, **extra):
    body = {"game": "toy", "board": TOY_BOARD, "seed": 3, **extra}
    r = client.post("/api/sessions", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def rows(app, table):
    with sqlite3.connect(app.config["DATABASE"]) as c:
        return c.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def stored_answers(app, sid):
    with sqlite3.connect(app.config["DATABASE"]) as c:
        return json.loads(c.execute("SELECT answers FROM sessions WHERE id = ?", (sid,)).fetchone()[0])


# ---- games ----------------------------------------------------------------------------------
def test_games_lists_each_ruleset_with_schema_options_and_adjustments(client):
    games = {g["game"]: g for g in client.get("/api/games").get_json()["games"]}
    toy = games["toy"]
    assert toy["title"] == "コイン"
    assert toy["board_schema"]["required"] == ["players"]
    assert [o["name"] for o in toy["rule_options"]] == ["loop_forever"]
    assert {a["op"] for a in toy["adjustments"]} == {"points", "concede"}
    assert toy["builder_url"] == "/board/toy"


def test_schema_is_the_published_json_schema(client):
    schema = client.get("/api/games/toy/schema").get_json()
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert schema["properties"]["players"]["minProperties"] == 2


def test_new_board_is_a_valid_fresh_setup_and_seeded(client):
    a = client.get("/api/games/toy/new-board?seed=5").get_json()
    b = client.get("/api/games/toy/new-board?seed=5").get_json()
    assert a == b and a["seed"] == 5
    r = client.post("/api/sessions", json={"game": "toy", "board": a["board"], "seed": 1})
    assert r.status_code == 201


@pytest.mark.parametrize("url, status, field", [
    ("/api/games/nope/schema", 404, "game"),
    ("/api/games/nope/new-board", 404, "game"),
    ("/api/games/toy/new-board?seed=x", 400, "seed"),
    ("/api/games/toy/new-board?seed=-1", 400, "seed"),
])
def test_games_bad_input_names_the_field(client, url, status, field):
    r = client.get(url)
    assert r.status_code == status and r.get_json()["field"] == field


# ---- sessions -------------------------------------------------------------------------------
def test_create_answers_session_with_state_trace_pending_options_adjustments(client):
    s = new_session(client)
    assert s["game"] == "toy" and s["seed"] == 3 and s["answers"] == []
    assert s["trace"] == [] and s["pending"] is None
    assert s["state"]["players"]["p1"]["points"] == 0
    assert s["options"] == {"loop_forever": False}
    assert {a["op"] for a in s["adjustments"]} == {"points", "concede"}
    assert s["url"] == f"/sessions/{s['id']}"
    assert len(s["id"]) >= 20  # unguessable


def test_step_answer_undo_roundtrip(client, app):
    sid = new_session(client)["id"]
    r = client.post(f"/api/sessions/{sid}/step", json={"until": "step"}).get_json()
    assert [e["seq"] for e in r["entries"]] == [1] and r["entries"][0]["rule"] == "toy:1"
    r = client.post(f"/api/sessions/{sid}/step", json={"until": "decision"}).get_json()
    assert r["pending"]["id"] == "d1" and r["pending"]["rule"] == "toy:2"
    assert {o["value"] for o in r["pending"]["options"]} == {"heads", "tails"}
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "heads"}).get_json()
    assert r["pending"] is None
    r = client.post(f"/api/sessions/{sid}/step", json={}).get_json()  # until defaults to one step
    assert r["entries"][0]["rule"] == "toy:3" and r["trace_length"] == 2
    assert stored_answers(app, sid) == [{"step": "step"}, {"step": "decision"},
                                        {"decision": "d1", "value": "heads"}, {"step": "step"}]
    r = client.post(f"/api/sessions/{sid}/undo", json={}).get_json()
    assert r["entries"] == [] and r["trace_length"] == 1
    assert stored_answers(app, sid)[-1] == {"decision": "d1", "value": "heads"}
    whole = client.get(f"/api/sessions/{sid}").get_json()
    assert len(whole["trace"]) == 1 and whole["answers"] == stored_answers(app, sid)


def test_step_to_end_finishes_with_winner(client):
    sid = new_session(client)["id"]
    for _ in range(40):
        s = client.get(f"/api/sessions/{sid}").get_json()
        if s["finished"]:
            break
        if s["pending"]:
            client.post(f"/api/sessions/{sid}/answer", json={"decision": s["pending"]["id"], "value": "heads"})
        else:
            client.post(f"/api/sessions/{sid}/step", json={"until": "end"})
    assert s["finished"] and s["winner"] in ("p1", "p2")
    assert s["trace"][-1]["rule"] == "toy:4"


def test_adjust_is_an_answer_list_entry_and_undoable(client, app):
    sid = new_session(client)["id"]
    r = client.post(f"/api/sessions/{sid}/adjust", json={"op": "points", "target": "p2", "value": 2})
    assert r.status_code == 200, r.get_json()
    j = r.get_json()
    assert j["entries"][0]["kind"] == "adjust" and j["state"]["players"]["p2"]["points"] == 2
    assert stored_answers(app, sid) == [{"adjust": {"op": "points", "target": "p2", "value": 2}}]
    client.post(f"/api/sessions/{sid}/undo", json={})
    assert client.get(f"/api/sessions/{sid}").get_json()["state"]["players"]["p2"]["points"] == 0


def test_create_from_the_builders_notation_line(client):
    """Issue 40: `{game, notation, seed}` starts a session on the board the builder reads from that line."""
    line = "T3 メイン p1 p1: C[ゾロ(5000 c3)] DON3 p2: ライフ2"
    read = client.post("/board/opcg/notation", json={"text": line}).get_json()
    r = client.post("/api/sessions", json={"game": "opcg", "notation": line, "seed": 5, "title": "記法"})
    assert r.status_code == 201, r.get_json()
    s = r.get_json()
    assert s["board"] == read["board"] and s["seed"] == 5 and s["title"] == "記法" and s["pending"] is None
    assert r.headers["Location"] == f"/api/sessions/{s['id']}"


def test_a_notation_line_that_cannot_be_read_is_a_400_naming_the_token(client, app):
    r = client.post("/api/sessions", json={"game": "opcg", "notation": "T3 メイン p1 p1: Q7 p2:"})
    j = r.get_json()
    assert r.status_code == 400 and j["field"] == "notation" and j["status"] == 400, j
    assert j["token"] == "Q7" and j["position"] == "T3 メイン p1 p1: Q7 p2:".index("Q7"), j
    assert rows(app, "sessions") == 0


def test_create_from_scenario_text_plays_its_script(client):
    r = client.post("/api/sessions", json={"scenario": TOY_SCENARIO})
    assert r.status_code == 201, r.get_json()
    s = r.get_json()
    assert s["title"] == "表を当て続けて勝つ" and s["finished"]
    r2 = client.post("/api/sessions", json={"scenario": TOY_SCENARIO, "play": False}).get_json()
    assert r2["trace"] == [] and r2["state"]["players"]["p1"]["points"] == 1


def test_restart_safety_a_new_app_on_the_same_database_replays_the_same_session(app, client, tmp_path):
    sid = new_session(client)["id"]
    client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "tails"})
    client.post(f"/api/sessions/{sid}/step", json={"until": "turn"})
    before = client.get(f"/api/sessions/{sid}").get_json()
    session_core.cache_clear()  # a new process has no cache
    other = create_app({"DATABASE": app.config["DATABASE"], "TESTING": True, "SECRET_KEY": "x"}).test_client()
    after = other.get(f"/api/sessions/{sid}").get_json()
    assert json.dumps(after["trace"]) == json.dumps(before["trace"])
    assert after["state"] == before["state"] and after["pending"] == before["pending"]


def test_stale_version_is_a_conflict_not_a_lost_answer(client, app):
    sid = new_session(client)["id"]
    from judge_app.store import Conflict, Store
    store = Store(app.config["DATABASE"])
    store.update_answers(sid, 0, [{"step": "step"}])
    with pytest.raises(Conflict):
        store.update_answers(sid, 0, [{"step": "decision"}])
    assert stored_answers(app, sid) == [{"step": "step"}]
    store.close()


# ---- bad input: 4xx, the field named, nothing stored ---------------------------------------------
BAD_CREATE = [
    ({"game": "nope", "board": TOY_BOARD}, 400, "game"),
    ({"game": 3, "board": TOY_BOARD}, 400, "game"),
    ({"board": TOY_BOARD}, 400, "game"),
    ({"game": "toy"}, 400, "board"),
    ({"game": "toy", "board": []}, 400, "board"),
    ({"game": "toy", "board": {"players": {"p1": {"points": 0}}}}, 400, "board.players"),
    ({"game": "toy", "board": {"players": {"p1": {"points": -1}, "p2": {"points": 0}}}}, 400, "board.players.p1.points"),
    ({"game": "toy", "board": dict(TOY_BOARD, options={"nope": 1})}, 400, "board.options.nope"),
    ({"game": "toy", "board": TOY_BOARD, "seed": -1}, 400, "seed"),
    ({"game": "toy", "board": TOY_BOARD, "seed": "1"}, 400, "seed"),
    ({"game": "toy", "board": TOY_BOARD, "seed": True}, 400, "seed"),
    ({"game": "toy", "board": TOY_BOARD, "seed": 2**63}, 400, "seed"),
    ({"game": "toy", "board": TOY_BOARD, "extra": 1}, 400, "extra"),
    ({"game": "toy", "board": TOY_BOARD, "title": 5}, 400, "title"),
    ({"scenario": "game: [unclosed"}, 400, "scenario"),
    ({"scenario": 12}, 400, "scenario"),
    ({"scenario": {"game": "toy", "title": "t"}}, 400, "scenario"),
    ({"scenario": {"game": "nope", "title": "t", "board": {}}}, 400, "scenario.game"),
    ({"scenario": TOY_SCENARIO.replace("[heads]", "[edge]")}, 400, "scenario.answers[0]"),
    ({"scenario": TOY_SCENARIO, "game": "toy"}, 400, "game"),
    ({"scenario": TOY_SCENARIO, "play": "yes"}, 400, "play"),
    # an integer written 3.0 is refused naming its field, before the rules count with it (issue 40, schemathesis)
    ({"game": "toy", "board": dict(TOY_BOARD, target=2.0)}, 400, "board.target"),
    # issue 40: the one-line notation, read as the builder reads it
    ({"game": "opcg", "notation": 5}, 400, "notation"),
    ({"game": "opcg", "notation": "T3", "board": {}}, 400, "notation"),
    ({"scenario": TOY_SCENARIO, "notation": "T3"}, 400, "notation"),
    ({"game": "opcg", "notation": "T3 メイン p1 p1: C[ゾロ(5000 c3)] p2:", "seed": 1.0}, 400, "seed"),
]


@pytest.mark.parametrize("body, status, field", BAD_CREATE)
def test_bad_create_names_the_field_and_stores_nothing(client, app, body, status, field):
    r = client.post("/api/sessions", json=body)
    assert r.status_code == status, r.get_json()
    j = r.get_json()
    assert j["field"] == field and j["error"]
    assert rows(app, "sessions") == 0


@pytest.mark.parametrize("data, content_type, status, field", [
    ("{not json", "application/json", 400, "body"),
    ("[1, 2]", "application/json", 400, "body"),
    ('"text"', "application/json", 400, "body"),
    ("game=toy", "application/x-www-form-urlencoded", 415, "Content-Type"),
    ("{}", "text/plain", 415, "Content-Type"),
    (b"\xff\xfe{}", "application/json", 400, "body"),
    ("[" * 100000 + "]" * 100000, "application/json", 400, "body"),
])
def test_malformed_bodies_are_refused(client, app, data, content_type, status, field):
    r = client.post("/api/sessions", data=data, content_type=content_type)
    assert r.status_code == status and r.get_json()["field"] == field
    assert rows(app, "sessions") == 0


def test_huge_body_is_413_and_stores_nothing(client, app):
    big = json.dumps({"game": "toy", "board": TOY_BOARD, "title": "x" * (2 * 1024 * 1024)})
    r = client.post("/api/sessions", data=big, content_type="application/json")
    assert r.status_code == 413 and r.get_json()["field"] == "body"
    assert rows(app, "sessions") == 0


@pytest.mark.parametrize("path, body, field", [
    ("step", {"until": "forever"}, "until"),
    ("step", {"until": 1}, "until"),
    ("step", {"until": "step", "x": 1}, "x"),
    ("answer", {"decision": "d1"}, "value"),
    ("answer", {"value": "heads"}, "decision"),
    ("answer", {"decision": 1, "value": "heads"}, "decision"),
    ("answer", {"decision": "d1", "value": "heads"}, "decision"),   # nothing pending yet
    ("adjust", {"op": "nope"}, "op"),
    ("adjust", {"target": "p1"}, "op"),
    ("adjust", {"op": "points", "target": "p1"}, "value"),
    ("adjust", {"op": "points", "target": "p1", "value": "two"}, "value"),
    ("adjust", {"op": "points", "target": "p1", "value": 1, "extra": 2}, "extra"),
    ("undo", {}, "answers"),   # nothing to undo
    ("undo", {"x": 1}, "x"),
])
def test_bad_actions_name_the_field_and_change_nothing(client, app, path, body, field):
    sid = new_session(client)["id"]
    before = client.get(f"/api/sessions/{sid}").get_json()
    r = client.post(f"/api/sessions/{sid}/{path}", json=body)
    assert 400 <= r.status_code < 500, r.get_json()
    assert r.get_json()["field"] == field, r.get_json()
    after = client.get(f"/api/sessions/{sid}").get_json()
    assert after["answers"] == before["answers"] == stored_answers(app, sid)
    assert after["trace"] == before["trace"]


def test_wrong_answer_value_names_value_and_lists_options(client, app):
    sid = new_session(client)["id"]
    client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    stored = stored_answers(app, sid)
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "edge"})
    assert r.status_code == 400 and r.get_json()["field"] == "value" and "heads" in r.get_json()["error"]
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": "d9", "value": "heads"})
    assert r.status_code == 400 and r.get_json()["field"] == "decision"
    r = client.post(f"/api/sessions/{sid}/step", json={"until": "step"})  # a decision is pending
    assert r.status_code == 400 and r.get_json()["field"] == "decision"
    assert stored_answers(app, sid) == stored


@pytest.mark.parametrize("method, url", [
    ("get", "/api/sessions/nope"), ("post", "/api/sessions/nope/step"), ("post", "/api/sessions/nope/answer"),
    ("post", "/api/sessions/nope/adjust"), ("post", "/api/sessions/nope/undo"),
])
def test_unknown_session_is_404_naming_session(client, method, url):
    r = getattr(client, method)(url, json={"until": "step"} if method == "post" else None)
    assert r.status_code in (400, 404)
    assert r.get_json()["field"] in ("session", "decision", "op", "until")
    r = client.get("/api/sessions/nope")
    assert r.status_code == 404 and r.get_json()["field"] == "session"


def test_unknown_session_step_is_404(client):
    r = client.post("/api/sessions/doesnotexist/step", json={"until": "step"})
    assert r.status_code == 404 and r.get_json()["field"] == "session"


def test_ruleset_crash_is_reported_not_500(client, app, monkeypatch):
    from tests.engine.toy import RULESET

    def broken(board, seed):
        raise KeyError("points")
    monkeypatch.setattr(RULESET, "setup", broken)
    r = client.post("/api/sessions", json={"game": "toy", "board": TOY_BOARD})
    assert r.status_code == 422 and r.get_json()["field"] == "board"
    assert rows(app, "sessions") == 0


# ---- rulings ---------------------------------------------------------------------------------
def test_save_ruling_gives_slug_and_replays_to_the_same_trace(client, app):
    sid = new_session(client)["id"]
    client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "heads"})
    client.post(f"/api/sessions/{sid}/step", json={"until": "turn"})
    session = client.get(f"/api/sessions/{sid}").get_json()
    r = client.post("/api/rulings", json={"session": sid, "title": "表の判定", "note": "メモ"})
    assert r.status_code == 201
    slug, url = r.get_json()["slug"], r.get_json()["url"]
    assert url == f"/r/{slug}" and 6 <= len(slug) <= 16
    # issue 40: where the new ruling is, as JSON (Location and api_url), beside its page (url)
    assert r.headers["Location"] == r.get_json()["api_url"] == f"/api/rulings/{slug}"
    session_core.cache_clear()
    ruling = client.get(f"/api/rulings/{slug}").get_json()
    assert ruling["trace"] == session["trace"] and ruling["title"] == "表の判定" and ruling["note"] == "メモ"
    assert client.get(f"{url}?format=json").get_json()["trace"] == session["trace"]
    listed = client.get("/api/rulings").get_json()["rulings"]
    assert [x["slug"] for x in listed] == [slug]
    # the permalink does not move when the session goes on
    client.post(f"/api/sessions/{sid}/step", json={"until": "end"})
    assert client.get(f"/api/rulings/{slug}").get_json()["trace"] == session["trace"]


@pytest.mark.parametrize("body, status, field", [
    ({"title": "t"}, 400, "session"),
    ({"session": "nope", "title": "t"}, 404, "session"),
    ({"session": "SID"}, 400, "title"),
    ({"session": "SID", "title": "   "}, 400, "title"),
    ({"session": "SID", "title": 3}, 400, "title"),
    ({"session": "SID", "title": "x" * 201}, 400, "title"),
    ({"session": "SID", "title": "t", "note": ["a"]}, 400, "note"),
    ({"session": "SID", "title": "t", "note": "x" * 4001}, 400, "note"),
    ({"session": "SID", "title": "t\x00"}, 400, "title"),
    ({"session": "SID", "title": "t", "slug": "mine"}, 400, "slug"),
    ({"scenario": "game: ["}, 400, "scenario"),
])
def test_bad_ruling_names_the_field_and_stores_nothing(client, app, body, status, field):
    sid = new_session(client)["id"]
    body = {k: (sid if v == "SID" else v) for k, v in body.items()}
    r = client.post("/api/rulings", json=body)
    assert r.status_code == status and r.get_json()["field"] == field, r.get_json()
    assert rows(app, "rulings") == 0


def test_unknown_ruling_is_404(client):
    r = client.get("/api/rulings/zzzzzzzzzz")
    assert r.status_code == 404 and r.get_json()["field"] == "slug"


def test_import_scenario_as_ruling(client):
    r = client.post("/api/rulings", json={"scenario": TOY_SCENARIO})
    assert r.status_code == 201
    ruling = client.get(f"/api/rulings/{r.get_json()['slug']}").get_json()
    assert ruling["title"] == "表を当て続けて勝つ" and ruling["finished"]
