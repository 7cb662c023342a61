"""Issue 26 on the web: trying an action the rules withhold is answered 422 with the clause that forbids it, on
the JSON API and from the page's form, and the session is unchanged (opcg 6-5-6-1: no battle on either player's
first turn)."""
import yaml

from judge_app import PROJECT_ROOT

SCENARIO = PROJECT_ROOT / "scenarios" / "opcg" / "50_first_turn_attack_withheld.yaml"


def _session(client):
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    resp = client.post("/api/sessions", json={"game": "opcg", "board": data["board"], "seed": 0})
    assert resp.status_code == 201
    sid = resp.get_json()["id"]
    step = client.post(f"/api/sessions/{sid}/step", json={"until": "decision"}).get_json()
    return sid, step["pending"]


def test_opcg_6_5_6_1_withheld_attack_is_listed_with_its_clause(client):
    _, pending = _session(client)
    held = {w["value"]: w for w in pending["withheld"]}
    assert held["attack:p2-L"]["rule"] == "opcg:6-5-6-1" and held["attack:p2-L"]["reason"]
    assert "attack:p2-L" not in [o["value"] for o in pending["options"]]


def test_opcg_6_5_6_1_withheld_answer_is_422_naming_the_clause_and_changes_nothing(client):
    sid, pending = _session(client)
    before = client.get(f"/api/sessions/{sid}").get_json()
    resp = client.post(f"/api/sessions/{sid}/answer", json={"decision": pending["id"], "value": "attack:p2-L"})
    assert resp.status_code == 422
    body = resp.get_json()
    assert body["field"] == "value" and body["status"] == 422 and body["rule"] == "opcg:6-5-6-1"
    assert "6-5-6-1" in body["error"]
    after = client.get(f"/api/sessions/{sid}").get_json()
    assert (after["answers"], after["trace_length"], after["version"]) == (before["answers"], before["trace_length"], before["version"])
