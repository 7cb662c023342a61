"""Issue 37 on the session page: an effect's 「〜してもよい」, 「〜まで」 and 「〜なら」 are pickers (the judge writes no JSON),
read back into `optional`, `up_to` and `condition`; the choice they leave open is the right player's decision."""
import re

from tests.rulesets.opcg.helpers import board


def token(client, url):
    return re.search(r'name="csrf" value="([^"]+)"', client.get(url).get_data(as_text=True)).group(1)


def start(client):
    r = client.post("/api/sessions", json={"game": "opcg", "board": board(p2={"hand": []}), "seed": 1})
    assert r.status_code == 201, r.get_json()
    sid = r.get_json()["id"]
    client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    return sid


def test_the_effect_form_offers_optional_up_to_and_condition_as_pickers(client):
    sid = start(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    form = html[html.index('id="adjust-effect"'):]
    form = form[:form.index("</form>")]
    assert 'name="optional"' in form and "〜してもよい" in form
    assert 'name="parts[0].up_to.max"' in form and 'name="parts[0].if.zone"' in form
    assert re.search(r'<select name="parts\[0\]\.if\.zone"[^>]*>.*<option value="hand">手札</option>', form, re.S)
    assert re.search(r'<select name="parts\[0\]\.if\.player"[^>]*>.*<option value="opponent">', form, re.S)
    assert "<textarea" not in form
    single = html[html.index('id="adjust-one"'):]
    single = single[:single.index("</form>")]
    assert 'value="condition"' not in single and 'value="up_to"' not in single


def test_an_up_to_part_under_a_condition_from_the_form_is_the_effect_player_s_decision(client):
    sid = start(client)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "effect", "label": "相手の手札が0枚なら、カードを2枚まで引く", "optional": "1",
        "parts[0].op": "draw", "parts[0].target": "p1", "parts[0].up_to.max": "2",
        "parts[0].if.player": "opponent", "parts[0].if.zone": "hand", "parts[0].if.at_most": "0"})
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]
    s = client.get(f"/api/sessions/{sid}").get_json()
    assert s["answers"][-1] == {"adjust": {
        "op": "effect", "label": "相手の手札が0枚なら、カードを2枚まで引く", "optional": True,
        "parts": [{"op": "condition", "check": {"player": "opponent", "zone": "hand", "at_most": 0},
                   "parts": [{"op": "up_to", "max": 2, "part": {"op": "draw", "target": "p1"}}]}]}}
    assert s["pending"]["kind"] == "effect_choice" and s["pending"]["rule"] == "opcg:8-1-2"
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": s["pending"]["id"], "value": True})
    assert r.status_code == 200, r.get_json()
    pending = r.get_json()["pending"]
    assert pending["rule"] == "opcg:8-4-4-1" and [o["value"] for o in pending["options"]] == [0, 1, 2]
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": pending["id"], "value": 1, "then": "decision"})
    assert r.status_code == 200, r.get_json()   # nothing to carry on to: the main phase decision waits again
    s = client.get(f"/api/sessions/{sid}").get_json()
    assert s["pending"]["kind"] != "effect_choice"
    assert [e["rule"] for e in s["trace"][-4:]] == ["opcg:1-3-8", "opcg:8-3-3", "opcg:8-4-4-1", "opcg:4-5-3"]
