"""The builder, session and ruling pages on the toy ruleset: HTML and JSON twins of the same page, plain-form
flows (POST + redirect) with CSRF, errors naming their field with nothing stored, and escaping."""
import json
import re
import sqlite3

import pytest
import yaml

from judge_app.application import sessions as session_core
from tests.web import forms
from tests.web.conftest import TOY_BOARD, TOY_SCENARIO

XSS = '<script>window.__xss=1</script>"><img src=x onerror="window.__xss=1">'


def token(client, url="/board/toy"):
    return forms.token(client, url)


def rows(app, table):
    with sqlite3.connect(app.config["DATABASE"]) as c:
        return c.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def start(client, board=TOY_BOARD, seed="3", title=""):
    r = client.post("/board/toy", data={"csrf": token(client), "board": json.dumps(board), "seed": seed,
                                        "title": title})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return r.headers["Location"].rsplit("/", 1)[1]


def test_builder_html_and_json_twin(client):
    html = client.get("/board/toy").get_data(as_text=True)
    assert "コイン の盤面" in html and 'id="board-text"' in html and "裁定例から（1 件）" in html
    assert 'data-path="players.p1.points"' in html
    for j in (client.get("/board/toy?format=json").get_json(),
              client.get("/board/toy", headers={"Accept": "application/json"}).get_json()):
        assert j["game"] == "toy" and j["board_schema"]["required"] == ["players"]
        assert j["scenarios"] == [{"name": "heads", "title": "表を当て続けて勝つ", "url": "/board/toy?scenario=heads"}]
    assert client.get("/board?format=json").get_json()["games"][-1]["game"] == "toy"


def test_builder_loads_a_scenario_board(client):
    j = client.get("/board/toy?scenario=heads&format=json").get_json()
    assert j["board"]["players"]["p1"]["points"] == 1 and j["seed"] == 4
    assert client.get("/board/toy?scenario=../../etc/passwd").status_code == 404


def test_unknown_game_builder_is_404(client):
    r = client.get("/board/nope")
    assert r.status_code == 404 and "nope" in r.get_data(as_text=True)
    assert client.get("/board/nope?format=json").get_json()["field"] == "game"


def test_form_without_csrf_is_refused_and_stores_nothing(client, app):
    r = client.post("/board/toy", data={"board": json.dumps(TOY_BOARD), "seed": "1"})
    assert r.status_code == 400 and "csrf" in r.get_data(as_text=True)
    r = client.post("/board/toy", data={"board": json.dumps(TOY_BOARD), "csrf": "forged"})
    assert r.status_code == 400
    assert rows(app, "sessions") == 0


@pytest.mark.parametrize("board_text, seed, field", [
    ("{nope", "1", "board"),
    ("[]", "1", "board"),
    (json.dumps({"players": {"p1": {"points": 0}}}), "1", "board.players"),
    (json.dumps(TOY_BOARD), "abc", "seed"),
    (json.dumps(TOY_BOARD), "-5", "seed"),
])
def test_builder_bad_input_rerenders_with_field_and_keeps_text(client, app, board_text, seed, field):
    r = client.post("/board/toy", data={"csrf": token(client), "board": board_text, "seed": seed})
    html = r.get_data(as_text=True)
    assert r.status_code == 400 and f"<code>{field}</code>" in html
    assert "nope" not in board_text or "{nope" in html
    assert rows(app, "sessions") == 0


def test_start_from_scenario_and_fresh_in_one_click(client):
    t = token(client)
    r = client.post("/board/toy/scenario", data={"csrf": t, "name": "heads", "play": "1"})
    assert r.status_code == 303
    s = client.get(r.headers["Location"] + "?format=json").get_json()
    assert s["finished"] and s["title"] == "表を当て続けて勝つ"
    r = client.post("/board/toy/scenario", data={"csrf": t, "name": "heads", "play": "0"})
    assert client.get(r.headers["Location"] + "?format=json").get_json()["trace"] == []
    r = client.post("/board/toy/fresh", data={"csrf": t, "seed": "9"})
    assert r.status_code == 303 and client.get(r.headers["Location"] + "?format=json").get_json()["seed"] == 9
    assert client.post("/board/toy/scenario", data={"csrf": t, "name": "nope"}).status_code == 404
    r = client.post("/board/toy/scenario", data={"csrf": t, "name": "heads", "play": "load"})
    assert r.status_code == 303 and r.headers["Location"] == "/board/toy?scenario=heads"


def test_session_page_html_and_json_twin_and_form_flow(client):
    sid = start(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "1 ステップ" in html and "元に戻す" in html and "トレース" in html
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/step", data={"csrf": t, "until": "decision"})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/sessions/{sid}#live")
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert "決定: 表か裏か" in html and 'href="/rules/toy/2"' in html
    assert 'value="&#34;heads&#34;"' in html  # option values travel JSON-encoded
    r = client.post(f"/sessions/{sid}/answer", data={"csrf": t, "decision": "d1", "value": '"heads"'})
    assert r.status_code == 303
    client.post(f"/sessions/{sid}/step", data={"csrf": t, "until": "step"})
    j = client.get(f"/sessions/{sid}", headers={"Accept": "application/json"}).get_json()
    assert [e["rule"] for e in j["trace"]] == ["toy:1", "toy:3"]
    assert j == client.get(f"/api/sessions/{sid}").get_json()
    client.post(f"/sessions/{sid}/undo", data={"csrf": t})
    assert len(client.get(f"/api/sessions/{sid}").get_json()["trace"]) == 1


def test_selected_entry_highlights_its_changes(client):
    sid = start(client)
    client.post(f"/api/sessions/{sid}/adjust", json={"op": "points", "target": "p1", "value": 1})
    html = client.get(f"/sessions/{sid}?entry=1").get_data(as_text=True)
    assert re.search(r'class="zone zone-points kind-counter changed[^"]*" data-path="players.p1.points"', html)
    assert "手順 #1" in html


def test_session_form_errors_name_the_field_and_change_nothing(client, app):
    sid = start(client)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/step", data={"csrf": t, "until": "nope"})
    assert r.status_code == 400 and "<code>until</code>" in r.get_data(as_text=True)
    r = client.post(f"/sessions/{sid}/answer", data={"csrf": t, "decision": "d1", "value": '"heads"'})
    assert r.status_code == 400 and "<code>decision</code>" in r.get_data(as_text=True)
    r = client.post(f"/sessions/{sid}/adjust", data={"csrf": t, "op": "points", "target": "p1", "value": "x"})
    assert r.status_code == 400 and "<code>value</code>" in r.get_data(as_text=True)
    r = client.post(f"/sessions/{sid}/undo", data={"csrf": t})
    assert r.status_code == 400
    r = client.post(f"/sessions/{sid}/save", data={"csrf": t, "title": ""})
    assert r.status_code == 400 and "<code>title</code>" in r.get_data(as_text=True)
    assert client.get(f"/api/sessions/{sid}").get_json()["answers"] == []
    assert rows(app, "rulings") == 0
    assert client.get("/sessions/nope").status_code == 404
    assert client.post("/sessions/nope/step", data={"csrf": t, "until": "step"}).status_code == 404


def test_adjust_form(client):
    sid = start(client)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/adjust", data={"csrf": t, "op": "points", "target": "p2", "value": "3"})
    assert r.status_code == 303
    assert client.get(f"/api/sessions/{sid}").get_json()["answers"] == [
        {"adjust": {"op": "points", "target": "p2", "value": 3}}]


def test_save_ruling_permalink_export_import_roundtrip(client, app):
    sid = start(client)
    t = token(client, f"/sessions/{sid}")
    client.post(f"/sessions/{sid}/step", data={"csrf": t, "until": "decision"})
    client.post(f"/sessions/{sid}/answer", data={"csrf": t, "decision": "d1", "value": '"tails"'})
    client.post(f"/sessions/{sid}/step", data={"csrf": t, "until": "end"})
    trace = client.get(f"/api/sessions/{sid}").get_json()["trace"]
    r = client.post(f"/sessions/{sid}/save", data={"csrf": t, "title": "裏の判定", "note": "一行目\n二行目"})
    assert r.status_code == 303 and re.search(r"/r/[a-z0-9]+$", r.headers["Location"])
    url = r.headers["Location"]
    session_core.cache_clear()
    fresh = app.test_client()  # anyone, without this browser's cookie
    html = fresh.get(url).get_data(as_text=True)
    assert "裏の判定" in html and "<p>二行目</p>" in html and "この裁定から続ける" in html
    assert fresh.get(url + "?format=json").get_json()["trace"] == trace
    listing = fresh.get("/rulings").get_data(as_text=True)
    assert "裏の判定" in listing
    assert fresh.get("/rulings?format=json").get_json()["rulings"][0]["url"] == url
    exported = fresh.get(url + "/scenario.yaml")
    assert exported.status_code == 200 and exported.mimetype == "application/yaml"
    data = yaml.safe_load(exported.get_data(as_text=True))
    assert data["game"] == "toy" and data["title"] == "裏の判定" and "expect" in data
    # the export is a scenario file: imported again it replays to the same trace
    r = fresh.post("/rulings/import", data={"csrf": token(fresh, "/rulings"), "scenario": exported.get_data(as_text=True)})
    assert r.status_code == 303
    assert fresh.get(r.headers["Location"] + "?format=json").get_json()["trace"] == trace
    # continuing a ruling makes a new session; the permalink stays
    r = fresh.post(url + "/continue", data={"csrf": token(fresh, url)})
    assert r.status_code == 303 and "/sessions/" in r.headers["Location"]
    assert rows(app, "rulings") == 2


def test_import_bad_yaml_names_the_field(client, app):
    t = token(client, "/rulings")
    r = client.post("/rulings/import", data={"csrf": t, "scenario": "game: ["})
    assert r.status_code == 400 and "<code>scenario</code>" in r.get_data(as_text=True)
    r = client.post("/rulings/import", data={"csrf": t, "scenario": TOY_SCENARIO.replace("[heads]", "[edge]")})
    assert r.status_code == 400 and "scenario.answers[0]" in r.get_data(as_text=True)
    r = client.post("/rulings/import", data={"csrf": t, "scenario": ""})
    assert r.status_code == 400
    assert rows(app, "rulings") == 0
    assert client.get("/r/nope").status_code == 404
    assert client.get("/r/nope?format=json").get_json()["field"] == "slug"


def test_every_user_string_is_escaped(client):
    from tests.engine.toy import RULESET  # noqa: F401 (registered by the fixture)
    board = {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 2}
    sid = start(client, board=board, title=XSS)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/save", data={"csrf": t, "title": XSS, "note": XSS})
    for url in (f"/sessions/{sid}", r.headers["Location"], "/rulings"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>window.__xss" not in html and "<img src=x" not in html
        assert "&lt;script&gt;" in html


def test_card_names_are_escaped_in_the_drawing():
    from judge_app import create_app
    from judge_app.web.shared.board_drawing import render_board
    app = create_app({"DATABASE": ":memory:", "TESTING": True})
    with app.test_request_context():
        html = str(render_board("nogame", {"players": {"p1": {"hand": [{"name": XSS, "power": XSS}]}}}, edit=True))
    assert "<script>" not in html and "<img" not in html and "&lt;script&gt;" in html


def test_trace_changes_show_cards_by_name():
    from judge_app.web.shared.trace_view import brief
    hand = [{"id": f"c{i}", "name": f"カード{i}"} for i in range(7)]
    assert brief(hand) == "[7] カード0(c0)、カード1(c1)、カード2(c2)、カード3(c3)、カード4(c4) 他2枚"
    assert brief({"id": "L", "name": "リーダー"}) == "リーダー(L)"
    assert brief(3) == "3" and brief(None) == "null" and brief("x" * 200).endswith("…")


def test_rulings_list_with_an_unknown_game_filter_is_a_400_naming_the_field(client):
    page = client.get("/rulings?game=nosuch")
    assert page.status_code == 400 and "nosuch" in page.get_data(as_text=True)
    twin = client.get("/rulings?game=nosuch&format=json")
    assert twin.status_code == 400 and twin.get_json()["field"] == "game"


def test_a_long_trace_draws_its_latest_entries_and_links_to_all(client):
    import random

    from judge_app.engine import rulesets
    from judge_app.web.shared import trace_view as sessions_view

    ruleset = rulesets()["kaiun"]
    body = {"game": "kaiun", "board": ruleset.new_game_board(random.Random(3)), "seed": 3}
    sid = client.post("/api/sessions", json=body).get_json()["id"]
    while True:
        s = client.get(f"/api/sessions/{sid}").get_json()
        if s["finished"]:
            break
        if s["pending"]:
            client.post(f"/api/sessions/{sid}/answer", json={"decision": s["pending"]["id"], "value": s["pending"]["options"][0]["value"]})
        else:
            client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    total = len(client.get(f"/api/sessions/{sid}").get_json()["trace"])
    assert total > sessions_view.TRACE_WINDOW
    page = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert f'id="e{total}"' in page and 'id="e1"' not in page
    assert f"全 {total} 手順を表示" in page
    everything = client.get(f"/sessions/{sid}?all=1").get_data(as_text=True)
    assert 'id="e1"' in everything and "手順を表示" not in everything
    older = client.get(f"/sessions/{sid}?entry=10").get_data(as_text=True)
    assert 'id="e10"' in older and "selected" in older
