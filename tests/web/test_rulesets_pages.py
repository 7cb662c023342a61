"""Every ruleset in the engine has its builder and session page: drawn from its schema, started from a fresh
set-up and from each of its scenario files' first one, stepped, adjusted through the page's form."""
import json

import pytest

from judge_app import PROJECT_ROOT
from judge_app.engine import registry
from judge_app.application.games import scenario_list
from judge_app.application import builder as bookkeeping
from judge_app.web.shared.board_model import build, layout_of
from tests.web.forms import token

GAMES = [g for g in registry.rulesets() if g != "toy"]


@pytest.mark.parametrize("game", GAMES)
def test_builder_draws_every_player_and_each_schema_zone(client, game):
    r = client.get(f"/board/{game}?seed=7")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    ruleset = registry.rulesets()[game]
    board = client.get(f"/board/{game}?seed=7&format=json").get_json()["board"]
    for pid in board["players"]:
        assert f'data-path="players.{pid}"' in html
    schema = ruleset.board_schema["properties"]["players"]
    player_schema = (schema.get("properties") or {}).get("p1") or schema.get("additionalProperties")
    counted = bookkeeping.counted_zones(ruleset)
    drawn = build(game, board, ruleset.board_schema, ghosts=True, counted=counted)
    keys = {z.key for z in drawn.players[0].zones}
    # what is not a zone of its own is in one: a zone's count is that zone's control, a player's state is the
    # player's own dialog, and the engine's bookkeeping (layout.player_internal) is never the judge's to set
    layout = layout_of(game)
    folded = {c["count"] for c in counted.values()} | set(drawn.players[0].fields) | set(layout.player_internal)
    assert set(player_schema["properties"]) <= keys | folded, set(player_schema["properties"]) - keys - folded
    assert not keys & set(layout.player_internal) - set(layout.derived)


@pytest.mark.parametrize("game", GAMES)
def test_fresh_session_steps_and_renders(client, game):
    t = token(client, f"/board/{game}")
    r = client.post(f"/board/{game}/fresh", data={"csrf": t, "seed": "11"})
    assert r.status_code == 303, r.get_data(as_text=True)[:400]
    url = r.headers["Location"]
    sid = url.rsplit("/", 1)[1]
    r = client.post(f"{url}/step", data={"csrf": t, "until": "decision"})
    assert r.status_code == 303
    html = client.get(url).get_data(as_text=True)
    j = client.get(f"/api/sessions/{sid}").get_json()
    assert j["trace"] and all(f'href="/rules/{e["rule"].replace(":", "/")}"' in html for e in j["trace"][:20])
    if j["pending"]:
        assert f'name="decision" value="{j["pending"]["id"]}"' in html


@pytest.mark.parametrize("game", GAMES)
def test_concede_through_the_adjust_form_ends_the_game(client, game):
    t = token(client, f"/board/{game}")
    url = client.post(f"/board/{game}/fresh", data={"csrf": t, "seed": "3"}).headers["Location"]
    html = client.get(url).get_data(as_text=True)
    assert '<option value="concede">' in html   # the adjustment form offers 投了
    r = client.post(f"{url}/adjust", data={"csrf": t, "op": "concede", "target": "p1"})
    assert r.status_code == 303, r.get_data(as_text=True)[:600]
    j = client.get(url + "?format=json").get_json()
    assert j["answers"] == [{"adjust": {"op": "concede", "target": "p1"}}]
    assert j["trace"][-1]["rule"] == registry.rulesets()[game].concede_rule
    assert j["finished"] or len(j["state"]["players"]) > 2  # with 3 to 5 players the game goes on without p1


WITH_SCENARIOS = [g for g in GAMES if (PROJECT_ROOT / "scenarios" / g).is_dir()]


@pytest.mark.parametrize("game", WITH_SCENARIOS)
def test_first_scenario_replays_as_a_session(client, game):
    scenarios = scenario_list(game)
    assert scenarios
    t = token(client, f"/board/{game}")
    r = client.post(f"/board/{game}/scenario", data={"csrf": t, "name": scenarios[0]["name"], "play": "1"})
    assert r.status_code == 303, r.get_data(as_text=True)[:600]
    j = client.get(r.headers["Location"] + "?format=json").get_json()
    assert j["trace"] and j["title"] == scenarios[0]["title"]
    assert client.get(r.headers["Location"]).status_code == 200
