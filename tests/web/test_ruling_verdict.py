"""A saved ruling answers the question it was made for (issue 36): a refused attempt is a trace entry, saved,
replayed and shown as 「いいえ」 with its clause; the verdict of the page, its JSON twin and the exported scenario
agree; the judge moves the end of the window with one tap; the ruling list shows each headline."""
import re
from pathlib import Path

import yaml

from judge_app.scenarios import load_scenario, run_scenario
from tests.web.forms import token

ROOT = Path(__file__).resolve().parents[2]
FIRST_TURN = ROOT / "scenarios" / "opcg" / "50_first_turn_attack_withheld.yaml"
QUESTION = "後攻の最初のターンです。リーダーでアタックできますか？"


def _first_turn_session(client) -> str:
    board = load_scenario(FIRST_TURN)["board"]
    r = client.post("/api/sessions", json={"game": "opcg", "board": board, "seed": 0})
    assert r.status_code == 201, r.get_json()
    sid = r.get_json()["id"]
    assert client.post(f"/api/sessions/{sid}/step", json={"until": "decision"}).get_json()["pending"]["player"] == "p2"
    return sid


def _session(client, sid):
    return client.get(f"/api/sessions/{sid}").get_json()


def test_opcg_6_5_6_1_refused_attack_is_a_trace_entry_that_changes_nothing(client):
    sid = _first_turn_session(client)
    before = _session(client, sid)
    # a plain answer of the withheld attack: still a 422, nothing stored
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": before["pending"]["id"], "value": "attack:p2-L"})
    assert r.status_code == 422 and r.get_json()["rule"] == "opcg:6-5-6-1"
    assert _session(client, sid)["answers"] == before["answers"]
    # tried: one refused entry, the state as it was, the try stored with the answers
    r = client.post(f"/api/sessions/{sid}/answer",
                    json={"decision": before["pending"]["id"], "value": "attack:p2-L", "try": True})
    assert r.status_code == 200, r.get_json()
    c = r.get_json()
    [entry] = c["entries"]
    assert entry["kind"] == "refused" and entry["rule"] == "opcg:6-5-6-1" and entry["changes"] == []
    assert "opcg:6-5-2" in entry["cites"] and entry["player"] == "p2" and "リーダー" in entry["action"]
    assert "できません" in entry["message"]
    after = _session(client, sid)
    assert after["state"] == before["state"] and after["pending"] == before["pending"]
    assert after["answers"] == [*before["answers"], {"try": "attack:p2-L", "decision": before["pending"]["id"]}]
    assert after["trace"][:-1] == before["trace"] and after["undo"]["items"] == 1
    # undo drops it like any answer
    assert client.post(f"/api/sessions/{sid}/undo", json={}).status_code == 200
    back = _session(client, sid)
    assert back["answers"] == before["answers"] and back["trace"] == before["trace"]


def test_opcg_6_5_6_1_refused_attack_saved_as_no(client):
    sid = _first_turn_session(client)
    pending = _session(client, sid)["pending"]
    client.post(f"/api/sessions/{sid}/answer", json={"decision": pending["id"], "value": "attack:p2-L", "try": True})
    r = client.post("/api/rulings", json={"session": sid, "title": "後攻1ターン目のアタック", "question": QUESTION})
    assert r.status_code == 201, r.get_json()
    slug = r.get_json()["slug"]
    v = client.get(f"/api/rulings/{slug}").get_json()["verdict"]
    assert v["answer"] == "いいえ" and v["headline"].startswith("いいえ。") and "opcg:6-5-6-1" in v["headline"]
    assert v["question"] == QUESTION
    assert [(x["rule"], x["seq"]) for x in v["refused"]] == [("opcg:6-5-6-1", v["window"]["end"])]
    assert {"rule": "opcg:6-5-6-1"} in v["clauses"] and v["changes"] == [] and v["result"] is None
    assert v["next"]["text"].startswith("次: p2 が選びます")
    # the page opens with it, and its JSON twin is the same verdict
    html = client.get(f"/r/{slug}").get_data(as_text=True)
    head = re.search(r'<h2 id="verdict-title">(.*?)</h2>', html, re.S).group(1)
    assert "いいえ" in head and "opcg:6-5-6-1" in head
    assert html.index('id="verdict"') < html.index('class="verdict-refused"') < html.index('id="next"') \
        < html.index('id="trace-list"')
    assert QUESTION in html
    assert client.get(f"/r/{slug}?format=json").get_json()["verdict"] == v
    # replayed: under the current edition, and continued as a new session, the refusal is still there
    assert client.get(f"/r/{slug}/replay").status_code == 200
    cont = client.post(f"/r/{slug}/continue", data={"csrf": token(client, f"/r/{slug}")})
    new_sid = cont.headers["Location"].rsplit("/", 1)[-1]
    assert _session(client, new_sid)["trace"][-1]["kind"] == "refused"
    # the list shows its headline
    listed = client.get("/api/rulings").get_json()["rulings"]
    assert [i["headline"] for i in listed if i["slug"] == slug] == [v["headline"]]
    assert v["headline"] in client.get("/rulings").get_data(as_text=True)


def test_the_exported_scenario_writes_the_verdict_and_plays_to_it(client):
    sid = _first_turn_session(client)
    pending = _session(client, sid)["pending"]
    client.post(f"/api/sessions/{sid}/answer", json={"decision": pending["id"], "value": "attack:p2-L", "try": True})
    slug = client.post("/api/rulings", json={"session": sid, "title": "t", "question": QUESTION}).get_json()["slug"]
    data = yaml.safe_load(client.get(f"/r/{slug}/scenario.yaml").get_data(as_text=True))
    assert data["question"] == QUESTION
    assert data["answers"][-1] == {"try": "attack:p2-L", "decision": pending["id"], "refused": "opcg:6-5-6-1"}
    v = client.get(f"/api/rulings/{slug}").get_json()["verdict"]
    assert data["expect"]["verdict"] == {"answer": "いいえ", "window": v["window"]["end"], "rules": ["opcg:6-5-6-1"]}
    result = run_scenario(data)
    assert result["expect_ok"], result["expect_failures"]
    assert result["verdict"]["answer"] == "いいえ"
    # imported back, it is the same ruling with the same verdict
    r = client.post("/api/rulings", json={"scenario": yaml.safe_dump(data, allow_unicode=True)})
    assert r.status_code == 201, r.get_json()
    again = client.get(f"/api/rulings/{r.get_json()['slug']}").get_json()["verdict"]
    assert (again["answer"], again["headline"], again["question"]) == (v["answer"], v["headline"], QUESTION)


def test_a_wrong_verdict_in_a_scenario_fails_loudly(client):
    data = load_scenario(FIRST_TURN)
    data = {**data, "expect": {"verdict": {"answer": "はい", "rules": ["opcg:6-5-6-1", "opcg:7-1-4-1"]}}}
    failures = run_scenario(data)["expect_failures"]
    assert any(f.startswith("verdict.answer: expected はい, got いいえ") for f in failures)
    assert any("opcg:7-1-4-1 is not among the verdict's deciding clauses" in f for f in failures)
    assert not any(f.startswith("verdict.rules: opcg:6-5-6-1") for f in failures)


def test_the_window_end_moves_with_one_tap_and_is_stored(client):
    board = load_scenario(ROOT / "scenarios" / "opcg" / "04_blocker_is_ko.yaml")
    r = client.post("/api/rulings", json={"scenario": yaml.safe_dump(board, allow_unicode=True)})
    slug = r.get_json()["slug"]
    v = client.get(f"/api/rulings/{slug}").get_json()["verdict"]
    assert v["question"] == board["question"]
    assert any("キャラクターエリア → トラッシュ" in c["text"] and c["rule"] == "opcg:7-1-4-1-2" for c in v["changes"])
    html = client.get(f"/r/{slug}").get_data(as_text=True)
    assert html.count("ここまで</button>") == v["window"]["last"] - 1   # every entry but the window's end
    # one tap on #5 (the block): the window ends there, the KO is outside it
    t = token(client, f"/r/{slug}")
    r = client.post(f"/r/{slug}/window", data={"csrf": t, "window_end": "5"})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/r/{slug}#verdict")
    moved = client.get(f"/api/rulings/{slug}").get_json()
    assert moved["window_end"] == 5 and moved["verdict"]["window"]["end"] == 5
    assert not any("トラッシュ" in c["text"] for c in moved["verdict"]["changes"])
    assert any("レスト" in c["text"] and c["rule"] == "opcg:10-1-4-1" for c in moved["verdict"]["changes"])
    assert "（判断した範囲。既定は" in client.get(f"/r/{slug}").get_data(as_text=True)
    # out of range: a clear 400 naming the field, nothing changed; null: the default again
    bad = client.post(f"/api/rulings/{slug}/window", json={"window_end": 999})
    assert bad.status_code == 400 and bad.get_json()["field"] == "window_end"
    assert client.get(f"/api/rulings/{slug}").get_json()["window_end"] == 5
    back = client.post(f"/api/rulings/{slug}/window", json={"window_end": None}).get_json()
    assert back["window_end"] is None and back["verdict"] == v
