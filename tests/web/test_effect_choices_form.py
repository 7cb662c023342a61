"""Issue 37 on the session page: an effect's 「〜してもよい」, 「〜まで」 and 「〜なら」 are pickers (the judge writes no JSON),
read back into `optional`, `up_to` and `condition`; the choice they leave open is the right player's decision."""
import re

from tests.web.forms import form_of, opcg_at_main, token


def test_the_effect_form_offers_optional_up_to_and_condition_as_pickers(client):
    sid = opcg_at_main(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    form = form_of(html, "adjust-effect")
    assert 'name="optional"' in form and "〜してもよい" in form
    assert 'name="parts[0].up_to.max"' in form and 'name="parts[0].if.zone"' in form
    assert 'name="parts[0].optional"' in form and 'name="cost[0].optional"' not in form
    assert re.search(r'<select name="parts\[0\]\.if\.zone"[^>]*>.*<option value="hand">手札</option>', form, re.S)
    assert re.search(r'<select name="parts\[0\]\.if\.player"[^>]*>.*<option value="opponent">', form, re.S)
    assert "<textarea" not in form
    single = form_of(html, "adjust-one")
    assert 'value="condition"' not in single and 'value="up_to"' not in single


def test_an_up_to_part_under_a_condition_from_the_form_is_the_effect_player_s_decision(client):
    sid = opcg_at_main(client)
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


def test_one_part_optional_from_the_form(client):
    sid = opcg_at_main(client)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "effect", "parts[0].op": "draw", "parts[0].target": "p1", "parts[0].value": "1",
        "parts[0].optional": "1", "parts[1].op": "draw", "parts[1].target": "p2", "parts[1].value": "1"})
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]
    s = client.get(f"/api/sessions/{sid}").get_json()
    assert s["answers"][-1]["adjust"]["parts"] == [{"op": "draw", "target": "p1", "value": 1, "optional": True},
                                                   {"op": "draw", "target": "p2", "value": 1}]
    assert s["pending"]["kind"] == "effect_choice" and s["pending"]["rule"] == "opcg:8-1-2"


def test_a_condition_over_card_fields_from_the_form_8_3_3(client):
    """「コスト5以上のキャラが1枚以上いて、ライフが相手より少ないなら」: pickers only, read into `where` / `has` / `than`."""
    sid = opcg_at_main(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    form = form_of(html, "adjust-effect")
    assert re.search(r'<select name="parts\[0\]\.if\.where\.field"[^>]*>.*<option value="cost">コスト</option>', form, re.S)
    assert re.search(r'<select name="parts\[0\]\.if\.has\.field"[^>]*>.*<option value="rested">レスト</option>', form, re.S)
    assert re.search(r'<select name="parts\[0\]\.if\.has\.value"[^>]*>.*<option value="ブロッカー">【ブロッカー】</option>',
                     form, re.S)
    assert re.search(r'<select name="parts\[0\]\.if\.compare"[^>]*>.*<option value="fewer">より少ないなら</option>', form, re.S)
    assert re.search(r'<select name="parts\[0\]\.if\.zone"[^>]*>.*<option value="leader">', form, re.S)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "effect", "parts[0].op": "draw", "parts[0].target": "p1", "parts[0].value": "1",
        "parts[0].if.player": "p1", "parts[0].if.zone": "characters", "parts[0].if.where.field": "cost",
        "parts[0].if.where.at_least": "5", "parts[0].if.has.field": "rested"})
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]
    s = client.get(f"/api/sessions/{sid}").get_json()
    assert s["answers"][-1]["adjust"]["parts"] == [{"op": "condition", "check": {
        "player": "p1", "zone": "characters", "where": {"field": "cost", "at_least": 5}, "has": {"field": "rested"}},
        "parts": [{"op": "draw", "target": "p1", "value": 1}]}]
    assert s["trace"][-1]["rule"] == "opcg:8-3-3" and "満たしません（0）" in s["trace"][-1]["message"]
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "effect", "parts[0].op": "draw", "parts[0].target": "p1", "parts[0].value": "1",
        "parts[0].if.player": "p1", "parts[0].if.zone": "life", "parts[0].if.than": "opponent",
        "parts[0].if.compare": "fewer"})
    assert r.status_code == 303
    assert "満たしません（p1 3、p2 3）" in client.get(f"/api/sessions/{sid}").get_json()["trace"][-1]["message"]


def test_a_condition_on_a_field_the_game_lacks_is_a_400_naming_it(client):
    sid = opcg_at_main(client)
    before = client.get(f"/api/sessions/{sid}").get_json()["answers"]
    r = client.post(f"/api/sessions/{sid}/adjust", json={"op": "effect", "parts": [{"op": "condition", "check": {
        "player": "p1", "zone": "characters", "where": {"field": "attack", "at_least": 5}},
        "parts": [{"op": "draw", "target": "p1", "value": 1}]}]})
    assert r.status_code == 400, r.get_json()
    body = r.get_json()
    assert "attack" in body["error"] and body["field"].endswith("check.where.field"), body
    assert client.get(f"/api/sessions/{sid}").get_json()["answers"] == before


def test_a_printed_value_condition_from_the_form_4_9_2(client):
    """「元々のパワー5000以上の」: a checkbox in the number group, read into `where.printed`."""
    sid = opcg_at_main(client)
    form = form_of(client.get(f"/sessions/{sid}").get_data(as_text=True), "adjust-effect")
    assert re.search(r'<input[^>]*name="parts\[0\]\.if\.where\.printed"', form)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "effect", "parts[0].op": "draw", "parts[0].target": "p1", "parts[0].value": "1",
        "parts[0].if.player": "p1", "parts[0].if.zone": "leader", "parts[0].if.where.field": "power",
        "parts[0].if.where.at_least": "5000", "parts[0].if.where.printed": "on"})
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]
    s = client.get(f"/api/sessions/{sid}").get_json()
    assert s["answers"][-1]["adjust"]["parts"][0]["check"]["where"] == {"field": "power", "at_least": 5000,
                                                                        "printed": True}
    entry = next(e for e in reversed(s["trace"]) if e["rule"] == "opcg:8-3-3")
    assert "元々のパワー5000以上" in entry["message"] and "opcg:4-9-2" in entry["cites"]
