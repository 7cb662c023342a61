"""The session page as the judge's hand (issue 25), what the rules withhold (issue 26) and card effects built on the
page (issue 28), through the forms and the JSON API, each page with its JSON twin; and the ruling page's verdict.
On the toy (tests/engine/toy.py) and on `toy-hand` (tests/web/hand_toy.py: withheld actions, cards, effects)."""
import re

import pytest

from judge_app.engine import registry
from tests.web.conftest import TOY_BOARD
from tests.web.hand_toy import BOARD as HAND_BOARD
from tests.web.hand_toy import RULESET as HAND
from tests.web.forms import token


@pytest.fixture
def with_hand(with_toy, monkeypatch):
    real = dict(registry.rulesets())
    monkeypatch.setattr(registry, "rulesets", lambda: {**real, "toy-hand": HAND})


@pytest.fixture
def app(with_hand, tmp_path):
    from judge_app import create_app
    return create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "INDEX_DIR": str(tmp_path / "index"), "TESTING": True,
                       "SECRET_KEY": "test-secret"})


def start(client, game="toy", board=None, seed=3):
    r = client.post("/api/sessions", json={"game": game, "board": board or TOY_BOARD, "seed": seed})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def between(html, start, end):
    """The part of `html` from `start` to the first `end` after it."""
    i = html.index(start)
    return html[i:html.index(end, i)]


def session(client, sid):
    return client.get(f"/api/sessions/{sid}").get_json()


def at_decision(client, game="toy", board=None):
    sid = start(client, game, board)
    assert client.post(f"/api/sessions/{sid}/step", json={"until": "decision"}).get_json()["pending"]["id"] == "d1"
    return sid


# ---- an answer carries on; one 元に戻す takes back what the judge did --------------------------------------------
def test_an_answer_with_then_carries_on_to_the_end_of_its_turn_and_one_undo_takes_both_back(client):
    """The toy's next decision is in the next turn: the answer carries on to the end of the turn it was given in
    (the engine's ターンの終わりまで: it stops on the new turn's first entry) and no further (issue 36)."""
    sid = at_decision(client)
    c = client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "heads", "then": "decision"}).get_json()
    assert c["pending"] is None and [e["rule"] for e in c["entries"]] == ["toy:3", "toy:1"]
    assert c["entries"][0]["turn"] + 1 == c["entries"][1]["turn"] == c["state"]["turn"]
    assert c["answers"] == [{"step": "decision"}, {"decision": "d1", "value": "heads"}, {"step": "turn"}]
    assert c["undo"] == {"items": 2, "entries": 2, "words": "回答「表」と 2 手順", "label": "元に戻す: 回答「表」と 2 手順"}
    assert session(client, sid)["undo"] == c["undo"]
    back = client.post(f"/api/sessions/{sid}/undo", json={}).get_json()
    assert back["pending"]["id"] == "d1" and back["answers"] == [{"step": "decision"}]
    assert back["undo"]["label"] == "元に戻す: 次の決定まで（1 手順）"
    # without `then` an answer is only the answer (the API as before)
    c = client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "tails"}).get_json()
    assert c["pending"] is None and c["entries"] == [] and c["undo"]["label"] == "元に戻す: 回答「裏」"
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": "d2", "value": "heads", "then": "soon"})
    assert r.status_code == 400 and r.get_json()["field"] in ("then", "decision")


def test_then_is_checked_and_nothing_is_stored_when_it_is_wrong(client):
    sid = at_decision(client)
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "heads", "then": "soon"})
    assert r.status_code == 400 and r.get_json()["field"] == "then"
    assert session(client, sid)["answers"] == [{"step": "decision"}]


def test_the_answer_form_carries_on_by_default_and_remembers_the_stop_setting(client):
    sid = at_decision(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert re.search(r'<input type="checkbox" name="then" value="decision" checked>', html)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/answer", data={"csrf": t, "decision": "d1", "value": '"heads"',
                                                     "then_shown": "1", "then": "decision"})
    assert r.status_code == 303 and "Set-Cookie" not in r.headers   # the default: nothing to remember
    s = session(client, sid)   # carried on to the end of the turn (the toy's next decision is the next turn's)
    assert s["pending"] is None and s["answers"][-1] == {"step": "turn"}
    client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    assert session(client, sid)["pending"]["id"] == "d2"
    # unticked: this answer stops, and the browser remembers to stop
    r = client.post(f"/sessions/{sid}/answer", data={"csrf": t, "decision": "d2", "value": '"heads"', "then_shown": "1"})
    assert r.status_code == 303 and "judge_answer_then=stop" in r.headers["Set-Cookie"]
    s = session(client, sid)
    assert s["pending"] is None and s["answers"][-1] == {"decision": "d2", "value": "heads"}
    client.post(f"/sessions/{sid}/step", data={"csrf": t, "until": "decision"})
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert re.search(r'<input type="checkbox" name="then" value="decision">', html)   # remembered: unticked


def test_the_undo_button_says_what_it_takes_back(client):
    sid = at_decision(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert ">元に戻す: 次の決定まで（1 手順）</button>" in html
    client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "heads", "then": "decision"})
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert ">元に戻す: 回答「表」と 2 手順</button>" in html
    client.post(f"/api/sessions/{sid}/adjust", json={"op": "points", "target": "p2", "value": 1})
    assert ">元に戻す: 調整「得点±N」</button>" in client.get(f"/sessions/{sid}").get_data(as_text=True)
    t = token(client, f"/sessions/{sid}")
    for _ in range(3):
        assert client.post(f"/sessions/{sid}/undo", data={"csrf": t}).status_code == 303
    assert session(client, sid)["answers"] == []
    assert '<button type="submit" id="undo" disabled>元に戻す</button>' in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_a_scenario_session_undoes_an_answer_with_what_followed(client):
    from tests.web.conftest import TOY_SCENARIO
    s = client.post("/api/sessions", json={"scenario": TOY_SCENARIO}).get_json()
    assert s["undo"]["items"] in (1, 2) and s["undo"]["label"].startswith("元に戻す: ")


# ---- the decision in the hand ---------------------------------------------------------------------------------------
def test_the_decision_comes_first_in_the_hand_and_is_a_live_region(client):
    sid = at_decision(client)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    hand = html[html.index('id="hand"'):html.index('class="trace-pane"')]
    assert hand.index('id="decision"') < hand.index('class="controls"') < hand.index('id="status"')
    assert re.search(r'<section id="decision" class="decision open" aria-live="polite" tabindex="-1"', hand)
    assert re.search(r'<div class="status" id="status" role="status" tabindex="-1">', hand)
    assert html.index('id="hand"') < html.index('id="board"')
    # no decision: the region stays (empty), the step buttons are back
    client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "heads"})
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    assert re.search(r'<section id="decision" class="decision" aria-live="polite" tabindex="-1" aria-label="決定">\s*</section>', html)
    assert 'class="steps" data-enhance="step">' in html


# ---- what the rules withhold ----------------------------------------------------------------------------------------
def test_withheld_actions_are_listed_under_the_options_folded_when_long(client):
    sid = at_decision(client, "toy-hand", HAND_BOARD)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    decision = html[html.index('id="decision"'):html.index('class="controls"')]
    assert decision.index('class="options"') < decision.index("できない行動（4）")
    assert '<details class="withheld">' in decision   # four: folded
    assert "縁で立つ" in decision and "コインを縁で立てる宣言はできません" in decision
    assert 'href="/rules/toy/2"' in decision and 'href="/rules/toy/3"' in decision
    assert decision.count('class="try"') == 4
    twin = client.get(f"/sessions/{sid}?format=json").get_json()
    assert [w["value"] for w in twin["pending"]["withheld"]] == ["edge", "skip", "both", "peek"]
    assert twin["pending"]["withheld"][0] == {"value": "edge", "label": "縁で立つ", "rule": "toy:2",
                                             "reason": "コインを縁で立てる宣言はできません"}


def test_a_short_withheld_list_is_open(client, monkeypatch):
    monkeypatch.setattr(HAND, "call_withheld", HAND.call_withheld[:2])
    sid = at_decision(client, "toy-hand", HAND_BOARD)
    assert '<details class="withheld" open>' in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_answering_a_withheld_value_is_refused_with_its_clause_by_the_api_and_the_form(client, app):
    sid = at_decision(client, "toy-hand", HAND_BOARD)
    before = session(client, sid)
    r = client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "edge", "then": "decision"})
    assert r.status_code == 422
    body = r.get_json()
    assert body["field"] == "value" and body["status"] == 422 and body["rule"] == "toy:2"
    assert "縁で立つ" in body["error"] and "コインを縁で立てる宣言はできません" in body["error"]
    t = token(client, f"/sessions/{sid}")
    form = {"csrf": t, "decision": "d1", "value": '"peek"', "then_shown": "1", "then": "decision"}
    page = client.post(f"/sessions/{sid}/answer", data=form)
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    refusal = between(html, '<div id="refusal">', "</div>")
    assert "できません" in refusal and "見てから宣言" in refusal and 'href="/rules/toy/3"' in refusal
    assert html.index('id="decision-title"') < html.index('<div id="refusal">') < html.index('class="options"')
    # the form's JSON twin answers as the API does (Datasette style: ?format=json or Accept)
    for extra in ({"query_string": {"format": "json"}}, {"headers": {"Accept": "application/json"}}):
        j = client.post(f"/sessions/{sid}/answer", data=form, **extra)
        assert j.status_code == 422 and j.get_json() == {
            "error": j.get_json()["error"], "field": "value", "status": 422, "rule": "toy:3"}
    after = session(client, sid)
    assert after["answers"] == before["answers"] and after["version"] == before["version"]
    assert after["trace"] == before["trace"] and after["pending"] == before["pending"]


# ---- adjustments: pickers, effects of several parts ---------------------------------------------------------------
def test_adjustment_fields_are_pickers_from_the_params_schema(client):
    sid = at_decision(client, "toy-hand", HAND_BOARD)
    html = client.get(f"/sessions/{sid}/adjust-fields", query_string={"op": "discard", "prefix": "parts[1]."}).get_data(as_text=True)
    assert '<select name="parts[1].target" data-type="string" required>' in html
    assert '<optgroup label="p1 手札"><option value="p1-c1">p1-c1 金貨</option>' in html
    html = client.get(f"/sessions/{sid}/adjust-fields", query_string={"op": "mood"}).get_data(as_text=True)
    assert '<option value="&#34;battle&#34;">このバトル中</option>' in html
    assert re.search(r'<select name="target" data-type="string" required>.*<option value="both">お互い', html, re.S)
    assert 'name="value"' in html and "<input type=\"text\"" not in html
    j = client.get(f"/sessions/{sid}/adjust-fields", query_string={"op": "points", "format": "json"}).get_json()
    assert [(f["name"], f["kind"]) for f in j["fields"]] == [("target", "picker"), ("value", "number")]
    for bad in ({"op": "nope"}, {"op": "points", "prefix": "x"}, {"op": "concede", "prefix": "parts[0]."}):
        r = client.get(f"/sessions/{sid}/adjust-fields", query_string={**bad, "format": "json"})
        assert r.status_code == 400 and r.get_json()["field"] in ("op", "prefix")


def test_the_page_offers_an_effect_with_cost_rows_then_part_rows(client):
    sid = at_decision(client, "toy-hand", HAND_BOARD)
    html = client.get(f"/sessions/{sid}").get_data(as_text=True)
    form = between(html, 'id="adjust-effect"', "</form>")
    assert '<input type="hidden" name="op" value="effect">' in form
    assert form.index('name="label"') < form.index('name="cost[0].op"') < form.index('name="cost[1].op"') < form.index('name="parts[0].op"')
    assert 'name="parts[2].op"' in form and 'name="parts[3].op"' not in form
    assert 'name="source"' in form and 'name="keyword"' in form
    assert '<option value="concede">' not in form   # not a part of an effect


def test_an_effect_of_two_parts_with_a_cost_through_the_form_without_script(client):
    sid = at_decision(client, "toy-hand", HAND_BOARD)
    t = token(client, f"/sessions/{sid}")
    rows = {"cost[0].op": "discard", "parts[0].op": "points", "parts[1].op": "points"}
    # 「選んだ操作の項目を表示」: the rows' fields, nothing applied
    r = client.post(f"/sessions/{sid}/adjust", data={"csrf": t, "op": "effect", "label": "金貨を捨てたなら", "prepare": "1", **rows})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert 'name="cost[0].target"' in html and 'name="parts[1].value"' in html and 'value="金貨を捨てたなら"' in html
    assert session(client, sid)["answers"] == [{"step": "decision"}]
    r = client.post(f"/sessions/{sid}/adjust", data={
        "csrf": t, "op": "effect", "label": "金貨を捨てたなら、お互い1点", "source": "p1-c1", "keyword": "", **rows,
        "cost[0].target": "p1-c1", "parts[0].target": "p1", "parts[0].value": "1", "parts[1].target": "p2",
        "parts[1].value": "1"})
    assert r.status_code == 303, r.get_data(as_text=True)[-800:]
    s = session(client, sid)
    assert s["answers"][-1] == {"adjust": {
        "op": "effect", "label": "金貨を捨てたなら、お互い1点", "source": "p1-c1",
        "cost": [{"op": "discard", "target": "p1-c1"}],
        "parts": [{"op": "points", "target": "p1", "value": 1}, {"op": "points", "target": "p2", "value": 1}]}}
    assert [e["rule"] for e in s["trace"][-4:]] == ["toy:6", "toy:5", "toy:5", "toy:5"]
    assert s["state"]["players"]["p1"]["points"] == 2 and s["state"]["players"]["p2"]["points"] == 1
    assert "元に戻す: 効果「金貨を捨てたなら、お互い1点」" in client.get(f"/sessions/{sid}").get_data(as_text=True)


def test_a_refused_effect_shows_the_422_with_its_clause_and_changes_nothing(client):
    sid = at_decision(client, "toy-hand", HAND_BOARD)
    before = session(client, sid)
    t = token(client, f"/sessions/{sid}")
    form = {"csrf": t, "op": "effect", "cost[0].op": "pay", "cost[0].target": "p2", "cost[0].value": "3",
            "parts[0].op": "points", "parts[0].target": "p2", "parts[0].value": "2"}
    r = client.post(f"/sessions/{sid}/adjust", data=form)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    result = between(html, '<div id="adjust-result"', "</div>")
    assert "できません" in result and "コストを支払えません" in result and 'href="/rules/toy/7"' in result
    assert '<details class="adjust" id="adjust" open>' in html
    assert 'value="3"' in html   # the form as the judge left it
    j = client.post(f"/sessions/{sid}/adjust", data=form, headers={"Accept": "application/json"})
    assert j.status_code == 422 and j.get_json()["rule"] == "toy:7"
    api = client.post(f"/api/sessions/{sid}/adjust", json={
        "op": "effect", "cost": [{"op": "pay", "target": "p2", "value": 3}], "parts": [{"op": "points", "target": "p2", "value": 2}]})
    assert api.status_code == 422 and api.get_json()["rule"] == "toy:7"
    after = session(client, sid)
    assert (after["answers"], after["version"], after["trace"]) == (before["answers"], before["version"], before["trace"])


def test_one_adjustment_from_the_form_reads_its_fields_by_their_schema(client):
    sid = at_decision(client, "toy-hand", HAND_BOARD)
    t = token(client, f"/sessions/{sid}")
    r = client.post(f"/sessions/{sid}/adjust", data={"csrf": t, "op": "mood", "target": "both", "value": '"turn"'})
    assert r.status_code == 303
    assert session(client, sid)["answers"][-1] == {"adjust": {"op": "mood", "target": "both", "value": "turn"}}
    r = client.post(f"/sessions/{sid}/adjust", data={"csrf": t, "op": "points", "target": "p1", "value": "x"})
    assert r.status_code == 400 and "<code>value</code>" in r.get_data(as_text=True)


# ---- the page's in-place view ----------------------------------------------------------------------------------------
def test_the_view_draws_the_board_and_the_entries_since(client):
    sid = at_decision(client)
    client.post(f"/api/sessions/{sid}/answer", json={"decision": "d1", "value": "heads", "then": "decision"})
    html = client.get(f"/sessions/{sid}/view", query_string={"since": 1}).get_data(as_text=True)
    assert html.count('class="entry ') == 2 and 'id="e2"' in html and 'id="e1"' not in html
    assert 'data-path="players.p1.points"' in html
    j = client.get(f"/sessions/{sid}/view", query_string={"since": 1, "format": "json"}).get_json()
    assert [e["seq"] for e in j["entries"]] == [2, 3] and j["trace_length"] == 3
    assert client.get(f"/sessions/{sid}/view", query_string={"since": "x", "format": "json"}).status_code == 400
    assert client.get("/sessions/nope/view").status_code == 404


# ---- the ruling page leads with its verdict ---------------------------------------------------------------------------
def save(client, sid, title="裁定"):
    r = client.post("/api/rulings", json={"session": sid, "title": title})
    assert r.status_code == 201
    return r.get_json()["slug"]


def test_a_ruling_at_an_open_decision_answers_first_and_says_what_is_next_on_a_line_of_its_own(client):
    slug = save(client, at_decision(client, "toy-hand", HAND_BOARD))
    html = client.get(f"/r/{slug}").get_data(as_text=True)
    assert "未決定" not in html
    verdict = between(html, 'id="verdict"', "</section>")
    assert "はい" in verdict and "p1 のターン" in verdict and "表か裏か" not in verdict   # the next decision is not the verdict
    nxt = between(html, 'id="next"', "</p>")
    assert "次: p1 が選びます — 表か裏か" in nxt and 'href="/rules/toy/2"' in nxt
    assert html.index('id="verdict"') < html.index('id="next"') < html.index('id="trace-list"') < html.index('id="board"')
    assert '<details class="board-details" id="board-details">' in html
    v = client.get(f"/r/{slug}?format=json").get_json()["verdict"]
    assert v["answer"] == "はい" and v["headline"] == "はい。p1 のターン" and v["window"]["end"] == 1
    assert v["next"]["text"] == "次: p1 が選びます — 表か裏か" and v["next"]["rule"] == "toy:2"
    assert {"rule": "toy:1"} in v["clauses"] and v["refused"] == [] and v["result"] is None
    assert client.get(f"/api/rulings/{slug}").get_json()["verdict"] == v


def test_a_finished_ruling_names_the_winner_and_the_deciding_clause(client):
    sid = start(client)
    client.post(f"/api/sessions/{sid}/step", json={"until": "end"})
    for _ in range(40):
        s = session(client, sid)
        if s["finished"]:
            break
        client.post(f"/api/sessions/{sid}/answer", json={"decision": s["pending"]["id"], "value": "heads", "then": "end"})
    slug = save(client, sid)
    v = client.get(f"/api/rulings/{slug}").get_json()["verdict"]
    winner = session(client, sid)["winner"]
    assert v["answer"] == "結果" and v["headline"] == f"結果: {winner} の勝利（toy:4）。"
    assert v["result"]["text"] == f"{winner} の勝利" and v["result"]["rule"] == "toy:4" and v["next"] is None
    assert {"rule": "toy:4"} in v["clauses"]
    assert any(c["text"].startswith(f"{winner} の得点") and c["rule"] == "toy:3" for c in v["changes"])
    html = client.get(f"/r/{slug}").get_data(as_text=True)
    assert re.search(rf'<h2 id="verdict-title">.*{winner} の勝利（toy:4）。</h2>', html)
    assert html.index('id="verdict"') < html.index('id="trace-list"')


def test_a_ruling_stopped_between_steps_says_how_far_it_went(client):
    sid = start(client)
    client.post(f"/api/sessions/{sid}/step", json={"until": "step"})
    v = client.get(f"/api/rulings/{save(client, sid)}").get_json()["verdict"]
    assert v["answer"] == "はい" and v["headline"] == "はい。p1 のターン" and v["window"]["end"] == 1
    v = client.get(f"/api/rulings/{save(client, start(client))}").get_json()["verdict"]
    assert v["window"]["end"] == 0 and v["headline"].startswith("はい。盤面のとおりです")