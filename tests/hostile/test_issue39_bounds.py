"""Issue 39, the app's half, each finding as a test: sessions that cannot grow quadratic (#5), bounds before work
(/render, scenario YAML, depth, lone surrogates), files (editions/ 0755, SQLite 0600), rulings (a per-client cap,
expiry of the unopened, hiding by client or time) and the notation preview off the write limit. The tests on the
`app` fixture run on SQLite, and on PostgreSQL as well with JUDGE_APP_TEST_STORE=postgresql (store_pages)."""
from __future__ import annotations

import json
import os
import random
import re
import stat
import time
from pathlib import Path

import pytest

from judge_app import PROJECT_ROOT
from judge_app.application import rulings as rulings_app
from judge_app.engine import Game, SessionLimit, rulesets
from judge_app.store import Store
from tests.hostile.conftest import attacked_app

OPCG_LEADER = "p1-L"


def _rows(app) -> tuple[int, int]:
    from judge_app.web.shared.services import get_store

    with app.app_context():
        store = get_store()
        return store.count("sessions"), store.count("rulings")


def _opcg_board(client) -> dict:
    return client.get("/api/games/opcg/new-board?seed=1").get_json()["board"]


def _power_scenario(board: dict, n: int) -> str:
    target = board["players"]["p1"]["leader"]["id"]
    lines = [json.dumps({"adjust": {"op": "power", "target": target, "value": 1000, "duration": "permanent"}})] * n
    return (f"game: opcg\ntitle: 調整 {n} 件\nseed: 1\nboard: {json.dumps(board, ensure_ascii=False)}\nanswers:\n"
            + "".join(f"- {line}\n" for line in lines))


def _csrf(client) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', client.get("/board/opcg").get_data(as_text=True)).group(1)


def _cpu(fn):
    t0 = time.process_time()   # the test client runs in this process: CPU time, which a busy machine does not inflate
    out = fn()
    return out, time.process_time() - t0


# ---- #5: sessions that cannot grow quadratic ------------------------------------------------------------------
def test_the_2000_adjustment_session_is_refused_before_it_plays_and_nothing_is_stored(app):
    client = app.test_client()
    text = _power_scenario(_opcg_board(client), 2000)
    before = _rows(app)
    for path in ("/api/sessions", "/api/rulings"):
        resp, took = _cpu(lambda: client.post(path, json={"scenario": text}))
        data = resp.get_json()
        assert resp.status_code == 422, data
        assert data["field"] == "scenario.answers" and "JUDGE_APP_MAX_ADJUSTMENTS" in data["error"], data
        assert took < 2.0, f"{path}: {took:.2f} s of CPU (the issue: 48 s)"
    assert _rows(app) == before


def test_each_lasting_adjustment_stores_only_the_effect_it_adds(app):
    client = app.test_client()
    board = _opcg_board(client)
    sizes = {}
    for n in (40, 160):
        resp = client.post("/api/sessions", json={"scenario": _power_scenario(board, n)})
        assert resp.status_code == 201, resp.get_json()
        sid = resp.get_json()["id"]
        body = client.get(f"/api/sessions/{sid}").get_data()
        sizes[n] = len(body)
        trace = json.loads(body)["trace"]
        adjusts = [e for e in trace if e["kind"] == "adjust"]
        assert len(adjusts) == n
        for i, e in enumerate(adjusts):
            added = [c for c in e["changes"] if c["path"].startswith("effects")]
            assert [c["path"] for c in added] == [f"effects.{i}"], added   # the one added, by its index
            assert added[0]["before"] is None and added[0]["after"]["value"] == 1000
        assert max(len(json.dumps(e, ensure_ascii=False)) for e in adjusts) < 1500
    # linear: 4 times the adjustments is about 4 times the answer (copied whole, it was 16 times)
    assert sizes[160] < 5 * sizes[40], sizes


def _game_with_character(game: str) -> tuple[Game, str, str]:
    """The mid-game board of `game` (seed 0), which has a character on p1's field: (game, its id, the op of a
    lasting stat change). Every seed's mid-game board has one in thv and los; were it gone, this fails, not skips."""
    ruleset = rulesets()[game]
    g = Game(ruleset, ruleset.midgame_board(random.Random(0)), 0)
    p1 = g.state.data["players"]["p1"]
    cards = p1.get("field") or [c for row in ("front", "back") for c in p1.get(row) or () if c]
    assert cards and not g.finished, f"{game}: the mid-game board (seed 0) has no character on p1's field"
    return g, cards[0]["id"], {"thv": "power", "los": "atk"}[game]


@pytest.mark.parametrize("game", ["thv", "los"])
def test_a_card_modification_is_recorded_as_the_one_mod_added(game):
    g, target, op = _game_with_character(game)
    params = {"attack": 100} if op == "power" else {"value": 100, "duration": "permanent"}
    entries = []
    for _ in range(30):
        entries.append(g.adjust({"op": op, "target": target, **params}))
    for i, e in enumerate(entries):
        mods = [c for c in e.changes if ".mods." in c.path]
        assert len(mods) == 1 and mods[0].before is None and mods[0].path.endswith(f".mods.{i}"), e.changes
        assert all(not isinstance(c.after, (dict, list)) or len(json.dumps(c.after)) < 400 for c in e.changes), \
            "an entry copied a card or a row with all its mods"


def test_the_lasting_effects_bound_refuses_the_one_past_it_and_stores_nothing(app, monkeypatch):
    monkeypatch.setenv("JUDGE_APP_MAX_LASTING_EFFECTS", "3")
    client = app.test_client()
    sid = client.post("/api/sessions", json={"game": "opcg", "board": _opcg_board(client), "seed": 1}).get_json()["id"]
    target = client.get(f"/api/sessions/{sid}").get_json()["state"]["players"]["p1"]["leader"]["id"]
    adjust = {"op": "power", "target": target, "value": 1000, "duration": "permanent"}
    for _ in range(3):
        assert client.post(f"/api/sessions/{sid}/adjust", json=adjust).status_code == 200
    before = client.get(f"/api/sessions/{sid}").get_json()
    resp = client.post(f"/api/sessions/{sid}/adjust", json=adjust)
    assert resp.status_code == 422 and "JUDGE_APP_MAX_LASTING_EFFECTS" in resp.get_json()["error"], resp.get_json()
    after = client.get(f"/api/sessions/{sid}").get_json()
    assert (after["version"], after["answers"]) == (before["version"], before["answers"])


def test_the_adjustments_bound_refuses_the_one_past_it(monkeypatch):
    monkeypatch.setenv("JUDGE_APP_MAX_ADJUSTMENTS", "2")
    ruleset = rulesets()["opcg"]
    g = Game(ruleset, ruleset.new_game_board(random.Random(1)), 1)
    target = g.state.data["players"]["p1"]["leader"]["id"]
    for _ in range(2):
        g.adjust({"op": "power", "target": target, "value": 1000, "duration": "permanent"})
    with pytest.raises(SessionLimit) as e:
        g.adjust({"op": "power", "target": target, "value": 1000, "duration": "permanent"})
    assert "JUDGE_APP_MAX_ADJUSTMENTS" in e.value.message and len(g.answers) == 2


def test_a_ruling_read_again_is_not_replayed_again(app, monkeypatch):
    client = app.test_client()
    sid = client.post("/api/sessions", json={"game": "opcg", "board": _opcg_board(client), "seed": 1}).get_json()["id"]
    slug = client.post("/api/rulings", json={"session": sid, "title": "キャッシュ"}).get_json()["slug"]
    first = client.get(f"/api/rulings/{slug}").get_data()
    assert client.get(f"/r/{slug}").status_code == 200

    def no_replay(r):
        raise AssertionError("replayed again")

    monkeypatch.setattr(rulings_app, "replayed", no_replay)
    assert client.get(f"/r/{slug}").status_code == 200
    assert client.get(f"/api/rulings/{slug}").get_data() == first


# ---- bound before work: /render, scenario YAML, depth, lone surrogates -----------------------------------------
def test_render_checks_a_zone_before_it_tidies_or_draws(app):
    client = app.test_client()
    board = _opcg_board(client)
    board["players"]["p1"]["hand"] = [{"id": f"h{i}", "name": "カード"} for i in range(12000)]
    resp, took = _cpu(lambda: client.post("/board/opcg/render", json={"board": board},
                                          headers={"Accept": "application/json"}))
    data = resp.get_json()
    assert resp.status_code == 400 and data["field"] == "board.players.p1.hand" and "200" in data["error"], data
    assert took < 0.5, f"{took:.2f} s of CPU (drawn, it was 1-2 s)"


def test_a_500_deep_value_in_a_render_board_is_a_400_not_a_500(app):
    client = app.test_client()
    deep: dict = {}
    node = deep
    for _ in range(500):
        node["k"] = {}
        node = node["k"]
    board = dict(_opcg_board(client), battle=deep)
    resp = client.post("/board/opcg/render", json={"board": board}, headers={"Accept": "application/json"})
    data = resp.get_json()
    assert resp.status_code == 400 and data["field"].startswith("board.battle") and "入れ子" in data["error"], data
    before = _rows(app)
    form = client.post("/board/opcg", data={"csrf": _csrf(client), "board": json.dumps(board), "seed": "1"})
    assert form.status_code == 400 and "入れ子が深すぎます" in form.get_data(as_text=True)
    assert _rows(app) == before


def test_a_785_kib_scenario_is_refused_before_it_is_parsed(app):
    client = app.test_client()
    cards = "".join(f"        - {{id: h{i}, name: カード{i}, cost: 1, power: 1000}}\n" for i in range(12000))
    text = ("game: opcg\ntitle: 大きい\nboard:\n  players:\n    p1:\n      leader: {id: L1, name: A}\n      hand:\n"
            + cards + "    p2: {leader: {id: L2, name: B}}\n")
    assert len(text.encode()) > 750 * 1024
    before = _rows(app)
    resp, took = _cpu(lambda: client.post("/api/rulings", json={"scenario": text}))
    assert resp.status_code in (400, 413) and resp.get_json()["field"] == "scenario", resp.get_json()
    assert took < 0.3, f"{took:.2f} s of CPU (parsed, it was 1.2 s)"
    smaller = text.encode()[: 470 * 1024].decode(errors="ignore").rsplit("\n", 1)[0] + "\n"   # under the size guard
    resp, took = _cpu(lambda: client.post("/api/rulings", json={"scenario": smaller}))
    assert resp.status_code == 400 and "値が多すぎます" in resp.get_json()["error"], resp.get_json()
    assert took < 1.0, f"{took:.2f} s of CPU"
    assert _rows(app) == before


@pytest.mark.parametrize("where", ["session title", "ruling note", "adjust target", "board card name"])
def test_a_lone_surrogate_is_a_400_naming_the_field(app, where):
    client = app.test_client()
    board = _opcg_board(client)
    sid = client.post("/api/sessions", json={"game": "opcg", "board": board, "seed": 1}).get_json()["id"]
    before = _rows(app)
    if where == "session title":
        path, raw, field = "/api/sessions", json.dumps({"game": "opcg", "board": board, "seed": 1, "title": "\ud800"}), "title"
    elif where == "ruling note":
        path, raw, field = "/api/rulings", json.dumps({"session": sid, "title": "t", "note": "a\udfffb"}), "note"
    elif where == "adjust target":
        path, raw, field = f"/api/sessions/{sid}/adjust", json.dumps({"op": "power", "target": "\ud800",
                                                                      "value": 1000, "duration": "turn"}), "target"
    else:
        board["players"]["p1"]["hand"] = [{"id": "h1", "name": "名\ud800前"}]
        path, raw, field = "/api/sessions", json.dumps({"game": "opcg", "board": board, "seed": 1}), \
            "board.players.p1.hand[0].name"
    assert "\\ud800" in raw or "\\udfff" in raw
    resp = client.post(path, data=raw, content_type="application/json")
    data = resp.get_json()
    assert resp.status_code == 400 and data["field"] == field and "サロゲート" in data["error"], data
    assert _rows(app) == before
    pair = raw.replace("\\ud800", "\\ud83d\\ude00").replace("\\udfff", "\\ud83d\\ude00")   # an emoji is fine
    resp = client.post(path, data=pair, content_type="application/json")
    assert resp.status_code in (200, 201) or "サロゲート" not in resp.get_json()["error"], resp.get_json()


def test_a_lone_surrogate_in_a_form_board_is_a_400(app):
    client = app.test_client()
    board = _opcg_board(client)
    board["players"]["p1"]["hand"] = [{"id": "h1", "name": "\ud800"}]
    before = _rows(app)
    resp = client.post("/board/opcg", data={"csrf": _csrf(client), "board": json.dumps(board), "seed": "1"})
    assert resp.status_code == 400 and "サロゲート" in resp.get_data(as_text=True)
    assert _rows(app) == before


# ---- files ---------------------------------------------------------------------------------------------------
def test_editions_folders_are_0755_under_umask_077(tmp_path):
    import shutil

    from judge_app.corpus.importer import import_edition

    corpus = tmp_path / "corpus"
    shutil.copytree(PROJECT_ROOT / "rules_corpus", corpus)
    shutil.rmtree(corpus / "editions", ignore_errors=True)
    old = os.umask(0o077)
    try:
        import_edition(corpus, "opcg", PROJECT_ROOT / "tests" / "fixtures" / "editions" / "opcg-ver.1.1.7.txt",
                       "ver.1.1.7")
    finally:
        os.umask(old)
    made = [corpus / "editions", *(p for p in (corpus / "editions").iterdir() if p.is_dir())]
    assert made and all(stat.S_IMODE(p.stat().st_mode) == 0o755 for p in made), \
        {str(p): oct(stat.S_IMODE(p.stat().st_mode)) for p in made}


def test_the_sqlite_file_is_0600_and_a_readable_one_is_tightened(tmp_path):
    old = os.umask(0o022)
    try:
        for name in ("new.sqlite3", "old.sqlite3"):
            path = tmp_path / name
            if name == "old.sqlite3":
                path.touch(mode=0o644)
                os.chmod(path, 0o644)
            store = Store(str(path))
            store.init_schema()
            store.close()
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, (name, oct(path.stat().st_mode))
    finally:
        os.umask(old)


# ---- rulings: a cap per client, expiry of the unopened, hiding many -------------------------------------------
@pytest.fixture
def capped_app(app):
    app.config["RULINGS_PER_CLIENT"] = 2
    return app


def test_a_client_keeps_at_most_its_cap_of_rulings(capped_app):
    app = capped_app
    client = app.test_client()
    sid = client.post("/api/sessions", json={"game": "opcg", "board": _opcg_board(client), "seed": 1}).get_json()["id"]
    got = [client.post("/api/rulings", json={"session": sid, "title": f"裁定{i}"},
                       environ_base={"REMOTE_ADDR": "203.0.113.9"}).status_code for i in range(3)]
    assert got == [201, 201, 429]
    before = _rows(app)
    resp = client.post("/api/rulings", json={"session": sid, "title": "もう一つ"}, environ_base={"REMOTE_ADDR": "203.0.113.9"})
    assert resp.status_code == 429 and "JUDGE_APP_RULINGS_PER_CLIENT" in resp.get_json()["error"]
    assert _rows(app) == before
    other = client.post("/api/rulings", json={"session": sid, "title": "別の人"}, environ_base={"REMOTE_ADDR": "203.0.113.10"})
    assert other.status_code == 201


def test_unopened_rulings_expire_opened_ones_stay_and_hiding_goes_by_client_or_time(store_url):
    store = Store(store_url, unopened_seconds=30 * 86400)
    store.init_schema()
    try:
        board = rulesets()["opcg"].new_game_board(random.Random(1))
        flood = [store.save_ruling("opcg", board, 1, [], f"洪水{i}", "", client="198.51.100.7") for i in range(3)]
        kept = store.save_ruling("opcg", board, 1, [], "開いた", "", client="192.0.2.1")
        assert store.get_ruling(kept.slug).opened is not None      # read as the public reads it: opened
        assert store.get_ruling(flood[0].slug, include_hidden=True).opened is None   # the moderator's look is not
        assert store.hide_where(client="198.51.100.7") == 3
        assert {r.slug for r in store.list_rulings()} == {kept.slug}
        assert store.hide_where(client="198.51.100.7", hidden=False) == 3
        assert store.hide_where(since=kept.created) == 1 and store.hide_where(since=kept.created, hidden=False) == 1
        assert store.prune_unopened(30 * 86400) == 0                # not old yet
        assert store.prune_unopened(30 * 86400, now=time.time() + 31 * 86400) == 3
        assert [r.slug for r in store.list_rulings()] == [kept.slug]
    finally:
        store.close()


def test_rulings_hide_by_client_from_the_command_line(tmp_path, monkeypatch, capsys):
    from judge_app.cli import main

    db = tmp_path / "db.sqlite3"
    monkeypatch.setenv("JUDGE_APP_DATABASE", str(db))
    monkeypatch.delenv("JUDGE_APP_DATABASE_URL", raising=False)
    store = Store(str(db))
    store.init_schema()
    board = rulesets()["opcg"].new_game_board(random.Random(1))
    for i in range(2):
        store.save_ruling("opcg", board, 1, [], f"洪水{i}", "", client="198.51.100.7")
    store.save_ruling("opcg", board, 1, [], "残す", "", client="192.0.2.1")
    assert main(["rulings", "hide", "--client", "198.51.100.7"]) == 0
    assert "2 件" in capsys.readouterr().out
    assert [r.title for r in store.list_rulings()] == ["残す"]
    assert main(["rulings", "hide"]) == 2
    store.close()


# ---- previews are not writes, but are limited ----------------------------------------------------------------
def test_previews_are_not_writes_but_have_their_own_limit(tmp_path):
    app = attacked_app(tmp_path, "previews", RATE_LIMIT_IN_TESTS=True, RATE_LIMIT_STORAGE="memory://",
                       RATE_LIMIT_WRITES="2/minute", RATE_LIMIT_PREVIEWS="6/minute")
    client = app.test_client()
    board = _opcg_board(client)
    notation = [client.post("/board/opcg/notation", json={"text": "L"}).status_code for _ in range(3)]
    assert 429 not in notation, notation            # the notation preview is not a write (2 a minute)
    renders = [client.post("/board/opcg/render", json={"board": board}).status_code for _ in range(4)]
    assert renders[:3] == [200, 200, 200] and renders[3] == 429, renders   # 3 + 3 previews, then the limit
    writes = [client.post("/api/sessions", json={"game": "opcg", "board": board, "seed": 1}).status_code
              for _ in range(3)]
    assert writes == [201, 201, 429], writes        # the writes' own count, untouched by the previews
