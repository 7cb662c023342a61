"""Issue 38 on the session page: `at_once` (effects that happen at the same time, opcg 8-6-1) is built from effect
blocks of pickers like the effect form (the judge writes no JSON), read back into the API's body."""
import re

from tests.web.forms import form_of, opcg_at_main, token


def test_the_at_once_form_is_effect_blocks_of_pickers_not_json(client):
    sid = opcg_at_main(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    form = form_of(html, "adjust-at-once")
    assert 'name="op" value="at_once"' in form and "<textarea" not in form
    for k in (0, 1):
        assert re.search(rf'<select name="effects\[{k}\]\.parts\[0\]\.op"', form)
        assert f'name="effects[{k}].label"' in form and f'name="effects[{k}].optional"' in form
        assert f'name="effects[{k}].parts[0].up_to.max"' in form and f'name="effects[{k}].parts[0].if.zone"' in form
    assert 'value="at_once"' not in form_of(html, "adjust-one")   # no longer a JSON field in the one-op form


def test_opcg_8_6_1_two_effects_from_the_form_wait_on_the_turn_player_s_order(client):
    sid = opcg_at_main(client)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "at_once",
        "effects[0].player": "p1", "effects[0].label": "カードを1枚引く",
        "effects[0].parts[0].op": "draw", "effects[0].parts[0].target": "p1", "effects[0].parts[0].value": "1",
        "effects[1].player": "p1", "effects[1].keyword": "起動メイン", "effects[1].optional": "1",
        "effects[1].parts[1].op": "draw", "effects[1].parts[1].target": "p1", "effects[1].parts[1].up_to.max": "2",
        "effects[2].parts[0].op": ""})
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]
    s = client.get(f"/api/sessions/{sid}").get_json()
    assert s["answers"][-1] == {"adjust": {"op": "at_once", "effects": [
        {"player": "p1", "label": "カードを1枚引く", "parts": [{"op": "draw", "target": "p1", "value": 1}]},
        {"player": "p1", "keyword": "起動メイン", "optional": True,
         "parts": [{"op": "up_to", "max": 2, "part": {"op": "draw", "target": "p1"}}]}]}}
    assert s["pending"]["rule"] == "opcg:8-6-1" and s["pending"]["player"] == "p1"


def test_a_row_s_error_names_its_block(client):
    sid = opcg_at_main(client)
    t = token(client, f"/sessions/{sid}")
    before = client.get(f"/api/sessions/{sid}").get_json()["answers"]
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "at_once", "effects[0].parts[0].op": "draw", "effects[0].parts[0].target": "p1",
        "effects[0].parts[0].value": "x", "effects[1].parts[0].op": "draw", "effects[1].parts[0].target": "p2"})
    assert r.status_code == 400
    assert "effects[0].parts[0].value" in r.get_data(as_text=True)
    assert client.get(f"/api/sessions/{sid}").get_json()["answers"] == before   # nothing half-applied


def test_the_fields_of_a_block_s_row_come_under_its_prefix(client):
    sid = opcg_at_main(client)
    r = client.get(f"/sessions/{sid}/adjust-fields?op=draw&prefix=effects[1].parts[2].")
    assert r.status_code == 200 and 'name="effects[1].parts[2].target"' in r.get_data(as_text=True)
    assert client.get(f"/sessions/{sid}/adjust-fields?op=draw&prefix=effects[1].").status_code == 400


def test_without_script_the_rows_show_their_op_s_fields_and_a_third_effect_is_added_by_opening_it(client):
    sid = opcg_at_main(client)
    form = form_of(client.get(f"/sessions/{sid}").get_data(as_text=True), "adjust-at-once")
    assert re.search(r'<details class="effect-block">\s*<summary>効果 3 を加える</summary>', form)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "at_once", "prepare": "1", "effects[1].parts[0].op": "draw", "effects[2].parts[1].op": "draw"})
    form = form_of(r.get_data(as_text=True), "adjust-at-once")
    assert 'name="effects[1].parts[0].target"' in form and 'name="effects[2].parts[1].value"' in form
    assert 'name="effects[0].parts[0].target"' not in form
    assert re.search(r'<details class="effect-block" open>\s*<summary>効果 3 を加える</summary>', form)


def test_more_effects_are_added_one_block_at_a_time_up_to_what_the_engine_holds(client):
    sid = opcg_at_main(client)
    form = form_of(client.get(f"/sessions/{sid}").get_data(as_text=True), "adjust-at-once")
    assert 'name="blocks" value="3"' in form and "効果を加える（4つ目、6つまで）" in form
    t = token(client, f"/sessions/{sid}")
    blocks = 3
    for n in (4, 5, 6):
        r = client.post(f"/sessions/{sid}/adjust", data={"csrf": t, "op": "at_once", "prepare": "more",
                                                         "blocks": str(blocks), "effects[0].label": "残る"})
        form = form_of(r.get_data(as_text=True), "adjust-at-once")
        blocks = n
        assert f'name="blocks" value="{n}"' in form and f'name="effects[{n - 1}].label"' in form
        assert re.search(rf'<fieldset class="effect-block" id="at-once-{n}" tabindex="-1" autofocus>', form)
        assert 'value="残る"' in form   # what the judge wrote stays
    assert "効果を加える" not in form   # six: as many as the engine holds at once


def test_opcg_8_6_1_five_effects_from_the_form_are_held_together(client):
    sid = opcg_at_main(client)
    t = token(client, f"/sessions/{sid}")
    data = {"csrf": t, "op": "at_once", "blocks": "5"}
    for k in range(5):
        data.update({f"effects[{k}].player": "p1", f"effects[{k}].label": f"効果{k + 1}",
                     f"effects[{k}].parts[0].op": "draw", f"effects[{k}].parts[0].target": "p1",
                     f"effects[{k}].parts[0].value": "1"})
    r = client.post(f"/sessions/{sid}/adjust", data=data)
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]
    s = client.get(f"/api/sessions/{sid}").get_json()
    assert [e["label"] for e in s["answers"][-1]["adjust"]["effects"]] == [f"効果{k}" for k in range(1, 6)]
    assert s["pending"]["kind"] == "simultaneous" and len(s["pending"]["options"]) == 5
