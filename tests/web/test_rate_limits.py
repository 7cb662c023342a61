"""Issue 27 #7: per-client limits on writes (Flask-Limiter), counted in the store's database so that several
servers on one database count a client together; 429 in the one error shape; reads never limited."""
from __future__ import annotations

import random

from judge_app import PROJECT_ROOT, create_app
from judge_app.engine import rulesets
from judge_app.store import Store


def _app(store_url: str, tmp_path, **config):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "unused.sqlite3"), "DATABASE_URL": store_url,
                       "INDEX_DIR": str(PROJECT_ROOT / "instance" / "index"), "SECRET_KEY": "limits",
                       "RATE_LIMIT_IN_TESTS": True, "RATE_LIMIT_WRITES": "5/minute", **config})


def _create(client, ip: str = "198.51.100.7", **kw):
    board = rulesets()["los"].new_game_board(random.Random(1))
    return client.post("/api/sessions", json={"game": "los", "board": board, "seed": 1},
                       environ_base={"REMOTE_ADDR": ip}, **kw)


def test_writes_over_the_limit_are_a_429_in_the_error_shape_and_store_nothing(store_url, tmp_path):
    app = _app(store_url, tmp_path)
    client = app.test_client()
    assert [_create(client).status_code for _ in range(5)] == [201] * 5
    store = Store(store_url)
    try:
        before = store.count("sessions")
        resp = _create(client)
        assert resp.status_code == 429
        body = resp.get_json()
        assert body["status"] == 429 and body["field"] == "rate_limit" and "多すぎます" in body["error"]
        assert "Retry-After" in resp.headers
        assert store.count("sessions") == before
        assert client.get("/healthz", environ_base={"REMOTE_ADDR": "198.51.100.7"}).status_code == 200   # reads
        assert _create(client, ip="198.51.100.8").status_code == 201                               # another client
        page = client.post("/board/los", data={"board": "{}", "seed": "1"},
                           environ_base={"REMOTE_ADDR": "198.51.100.7"}, headers={"Accept": "text/html"})
        assert page.status_code == 429 and "多すぎます" in page.get_data(as_text=True)
    finally:
        store.close()


def test_two_servers_on_one_database_count_a_client_together(store_url, tmp_path):
    a = _app(store_url, tmp_path).test_client()
    b = _app(store_url, tmp_path).test_client()
    codes = [(a if i % 2 else b).post("/api/rulings", json={"session": "nosuch", "title": "t"},
                                      environ_base={"REMOTE_ADDR": "203.0.113.9"}).status_code for i in range(7)]
    assert codes == [404] * 5 + [429] * 2     # every write counts, refused or not


def test_behind_a_proxy_the_forwarded_address_is_the_client(tmp_path):
    app = _app(str(tmp_path / "db.sqlite3"), tmp_path, PROXIES=1)
    client = app.test_client()
    for i in range(5):
        assert _create(client, ip="127.0.0.1", headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 201
    assert _create(client, ip="127.0.0.1", headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 429
    assert _create(client, ip="127.0.0.1", headers={"X-Forwarded-For": "192.0.2.2"}).status_code == 201


def test_an_empty_setting_turns_the_limit_off(tmp_path):
    client = _app(str(tmp_path / "db.sqlite3"), tmp_path, RATE_LIMIT_WRITES="").test_client()
    assert all(_create(client).status_code == 201 for _ in range(8))


def test_the_builders_preview_stores_nothing_and_is_not_counted(tmp_path):
    """A judge's builder redraws the board at every edit (POST /board/<game>/render): never a 429."""
    client = _app(str(tmp_path / "db.sqlite3"), tmp_path).test_client()
    board = rulesets()["los"].new_game_board(random.Random(1))
    codes = {client.post("/board/los/render", json={"board": board},
                         environ_base={"REMOTE_ADDR": "198.51.100.9"}).status_code for _ in range(12)}
    assert codes == {200}
    assert [_create(client, ip="198.51.100.9").status_code for _ in range(6)] == [201] * 5 + [429]
