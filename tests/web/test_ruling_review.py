"""Saved rulings know their edition: the banner naming each cited clause the current edition changed, the replay
under the current edition, `/rulings?review=1`, and the schema column. A ruling is saved under the shipped opcg
ver.1.1.6, then the fixture ver.1.1.7 is imported into the test's own corpus directory."""
import sqlite3

import pytest

from judge_app import create_app
from judge_app.store import Store
from tests.web.editions_env import corpus_env, import_fixture, scenario


@pytest.fixture
def env(tmp_path):
    with corpus_env(tmp_path / "corpus") as corpus:
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "db.sqlite3"),
                          "INDEX_DIR": str(tmp_path.parent / "shared-index")})
        yield app.test_client(), corpus, app


def save(client, name: str) -> str:
    r = client.post("/api/rulings", json={"scenario": scenario(name)})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["slug"]


def test_a_ruling_records_the_editions_it_was_made_under(env):
    client, corpus, app = env
    slug = save(client, "01_equal_power_attacker_wins")
    j = client.get(f"/r/{slug}?format=json").get_json()
    assert j["editions"] == {"opcg": "ver.1.1.6"}
    assert j["review"]["needs_review"] is False and j["review"]["clauses"] == []
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("SELECT editions FROM rulings WHERE slug = ?", (slug,)).fetchone()[0] == '{"opcg":"ver.1.1.6"}'


def test_opcg_banner_names_each_changed_clause_with_before_and_after(env):
    client, corpus, _ = env
    slug = save(client, "01_equal_power_attacker_wins")
    import_fixture(corpus)
    rev = client.get(f"/r/{slug}?format=json").get_json()["review"]
    assert rev["needs_review"] and rev["made_under"] == {"opcg": "ver.1.1.6"} and rev["current"] == {"opcg": "ver.1.1.7"}
    got = {c["id"]: c for c in rev["clauses"]}
    assert list(got) == ["opcg:7-1-4-1", "opcg:7-1-4-1-1-2", "opcg:7-1-5-5"]
    assert got["opcg:7-1-4-1"]["kind"] == "reworded" and "以上の場合" in got["opcg:7-1-4-1"]["before"]
    assert "と同じか、それより大きい" in got["opcg:7-1-4-1"]["after"]
    assert got["opcg:7-1-4-1-1-2"]["refs_only"]
    assert got["opcg:7-1-5-5"]["kind"] == "renumbered" and got["opcg:7-1-5-5"]["new_id"] == "opcg:7-1-5-4"
    html = client.get(f"/r/{slug}").get_data(as_text=True)
    assert "見直しが必要です" in html and "<del>以上の</del>" in html
    assert f'href="/r/{slug}/replay"' in html
    # the ruling keeps citing its own edition's ids, linked to that edition
    assert 'href="/rules/opcg/7-1-5-5?edition=ver.1.1.6"' in html


def test_opcg_banner_shows_a_removed_clause(env):
    client, corpus, _ = env
    slug = save(client, "05_counters_tip_the_battle")
    import_fixture(corpus)
    rev = client.get(f"/r/{slug}?format=json").get_json()["review"]
    removed = [c for c in rev["clauses"] if c["kind"] == "removed"]
    assert [c["id"] for c in removed] == ["opcg:7-1-5-4"] and removed[0]["after"] is None
    assert "非ターンプレイヤー" in removed[0]["before"]
    assert "削除されました" in client.get(f"/r/{slug}").get_data(as_text=True)


def test_replay_under_the_current_edition_shows_what_changes(env):
    client, corpus, _ = env
    slug = save(client, "01_equal_power_attacker_wins")
    before = client.get(f"/r/{slug}/replay?format=json").get_json()
    assert before["outcome_changes"] is False and all(before["same"].values()) and before["reread"] == []
    import_fixture(corpus)
    res = client.get(f"/r/{slug}/replay?format=json").get_json()
    assert res["same"] == {"winner": True, "state": True, "rules": False} and res["outcome_changes"] is True
    moved = {x["made"]: x for x in res["rules"]}
    assert moved["opcg:7-1-5-5"]["current"] == "opcg:7-1-5-4" and moved["opcg:7-1-5-5"]["kind"] == "renumbered"
    assert moved["opcg:7-1-4-1"]["current"] == "opcg:7-1-4-1" and moved["opcg:7-1-4-1"]["kind"] == "reworded"
    assert res["reread"] == ["opcg:7-1-4-1", "opcg:7-1-4-1-1-2"]
    html = client.get(f"/r/{slug}/replay").get_data(as_text=True)
    assert "結果が変わります" in html and "根拠条文" in html and 'href="/rules/opcg/7-1-5-4"' in html


def test_replay_of_a_removed_rule_has_no_current_id(env):
    client, corpus, _ = env
    slug = save(client, "05_counters_tip_the_battle")
    import_fixture(corpus)
    res = client.get(f"/r/{slug}/replay?format=json").get_json()
    gone = next(x for x in res["rules"] if x["made"] == "opcg:7-1-5-4")
    assert gone["current"] is None and gone["kind"] == "removed" and not res["same"]["rules"]


def test_rulings_filter_to_those_that_need_review(env):
    client, corpus, _ = env
    stale = save(client, "01_equal_power_attacker_wins")
    untouched = save(client, "16_deck_out_on_draw")        # cites none of the clauses the fixture changes
    import_fixture(corpus)
    fresh = save(client, "01_equal_power_attacker_wins")   # made under ver.1.1.7
    all_ = {i["slug"]: i for i in client.get("/rulings?format=json").get_json()["rulings"]}
    assert all_[stale]["needs_review"] and not all_[untouched]["needs_review"] and not all_[fresh]["needs_review"]
    assert all_[untouched]["outdated"] == {"opcg": {"made_under": "ver.1.1.6", "current": "ver.1.1.7"}}
    assert all_[fresh]["editions"] == {"opcg": "ver.1.1.7"} and all_[fresh]["outdated"] == {}
    review = client.get("/rulings?review=1&format=json").get_json()
    assert review["review"] is True and [i["slug"] for i in review["rulings"]] == [stale]
    assert [i["slug"] for i in client.get("/api/rulings?review=1").get_json()["rulings"]] == [stale]
    html = client.get("/rulings?review=1").get_data(as_text=True)
    assert f"/r/{stale}" in html and f"/r/{untouched}" not in html and "見直しが必要" in html


def test_a_ruling_made_under_the_new_edition_cites_its_ids(env):
    """The engine still cites ver.1.1.6's numbers; a ruling made under ver.1.1.7 shows them as ver.1.1.7's."""
    client, corpus, _ = env
    import_fixture(corpus)
    slug = save(client, "01_equal_power_attacker_wins")
    j = client.get(f"/r/{slug}?format=json").get_json()
    rules = [e["rule"] for e in j["trace"]]
    assert "opcg:7-1-5-4" in rules and "opcg:7-1-5-5" not in rules
    assert j["review"]["needs_review"] is False


def test_a_session_shows_the_current_editions_ids(env):
    client, corpus, _ = env
    import_fixture(corpus)
    r = client.post("/api/sessions", json={"scenario": scenario("05_counters_tip_the_battle")})
    j = r.get_json()
    by_rule = {e["rule"]: e for e in j["trace"]}
    assert "opcg:7-1-5-5" not in by_rule and by_rule["opcg:7-1-5-4"].get("rule_edition") is None
    # the removed clause keeps the engine's id, linked to the edition that has it
    removed = [e for e in j["trace"] if e.get("rule_edition") == "ver.1.1.6"]
    assert removed and {e["rule"] for e in removed} == {"opcg:7-1-5-4"}
    html = client.get(j["url"]).get_data(as_text=True)
    assert 'href="/rules/opcg/7-1-5-4?edition=ver.1.1.6"' in html and 'href="/rules/opcg/7-1-5-4"' in html


def test_a_ruling_saved_before_editions_existed_reads_as_the_first_edition(env, tmp_path):
    client, corpus, app = env
    slug = save(client, "01_equal_power_attacker_wins")
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("UPDATE rulings SET editions = '{}' WHERE slug = ?", (slug,))
    import_fixture(corpus)
    rev = client.get(f"/r/{slug}?format=json").get_json()["review"]
    assert rev["made_under"] == {"opcg": "ver.1.1.6"} and rev["needs_review"]


def test_an_old_database_gains_the_editions_column_without_losing_a_row(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:   # the rulings table as it was before editions
        db.execute("CREATE TABLE rulings (slug TEXT PRIMARY KEY, game TEXT NOT NULL, board TEXT NOT NULL, seed INTEGER "
                   "NOT NULL, answers TEXT NOT NULL, title TEXT NOT NULL, note TEXT NOT NULL DEFAULT '', created REAL NOT NULL)")
        db.execute("INSERT INTO rulings VALUES ('abc', 'opcg', '{}', 0, '[]', 't', '', 1.0)")
    store = Store(path)
    store.init_schema()
    store.init_schema()   # twice: nothing to add the second time
    r = store.get_ruling("abc")
    assert r.editions == {} and r.title == "t"
    assert store.save_ruling("opcg", {}, 0, [], "u", "", {"opcg": "ver.1.1.6"}).editions == {"opcg": "ver.1.1.6"}
    store.close()


def test_a_running_app_follows_an_import_in_search_and_pages(env):
    client, corpus, _ = env
    assert client.get("/api/search?q=ブロック不可&doc=opcg").get_json()["results"][:1] != [{"id": "opcg:10-1-5-1"}]
    assert client.get("/api/clauses/opcg/10-1-6-2").status_code == 404
    import_fixture(corpus)
    assert client.get("/api/clauses/opcg/10-1-6-2").status_code == 200
    hits = client.get("/api/search?q=ブロック不可&doc=opcg").get_json()["results"]
    assert hits[0]["id"] == "opcg:10-1-5-1"
