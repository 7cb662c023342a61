"""Production serving settings, and the headers on every kind of response."""
from __future__ import annotations

import argparse
import json
import threading

import pytest

from judge_app import gunicorn_conf, nginx_front
from judge_app.front_process import gunicorn_argv
from judge_app.web.app_hooks import CSP


def test_gunicorn_preloads_with_stock_thread_workers_and_sane_timeouts():
    assert gunicorn_conf.preload_app is True
    assert gunicorn_conf.worker_class == "gthread" and gunicorn_conf.workers >= 2   # nginx owns the wire (issue 39)
    assert 10 <= gunicorn_conf.timeout <= 120 and 0 < gunicorn_conf.graceful_timeout <= gunicorn_conf.timeout
    assert gunicorn_conf.wsgi_app == "judge_app.wsgi:app"
    assert callable(gunicorn_conf.on_starting) and callable(gunicorn_conf.post_fork)


def test_serve_runs_gunicorn_on_a_unix_socket_behind_nginx(tmp_path):
    args = argparse.Namespace(host="127.0.0.1", port=8123, workers=3, threads=2, no_access_log=True)
    argv = gunicorn_argv(args, tmp_path / "app.sock")
    assert argv[1:5] == ["-m", "gunicorn", "-c", "python:judge_app.gunicorn_conf"]
    assert f"unix:{tmp_path / 'app.sock'}" in argv and argv[argv.index("--workers") + 1] == "3"
    # a worker takes no more connections than it has threads: the others wait for whichever worker is free
    assert argv[argv.index("--worker-connections") + 1] == argv[argv.index("--threads") + 1] == "2"
    conf = nginx_front.render(tmp_path, listen="127.0.0.1:8123", socket=tmp_path / "app.sock", request_timeout=30,
                              keepalive=5, max_body=1 << 20, app_timeout=30, access_log=None)
    for line in ("listen 127.0.0.1:8123", f"server unix:{tmp_path / 'app.sock'};", "merge_slashes off;",
                 "client_max_body_size 1048576;", "client_header_timeout 30s;", "proxy_request_buffering on;",
                 f'add_header Content-Security-Policy "{CSP}" always;'):
        assert line in conf, line


def test_nginx_error_pages_are_in_the_apps_shapes():
    pages = nginx_front.error_pages()
    for status in (400, 413, 414, 494, 502, 504):
        answer = json.loads(pages[f"{status}.json"])
        assert set(answer) == {"error", "field", "status"} and answer["error"]
        assert 'lang="ja"' in pages[f"{status}.html"].decode()
    assert json.loads(pages["400-url.json"])["field"] == "url"


def test_warm_builds_the_index_and_after_fork_drops_the_masters_searchers(app):
    from judge_app.web.shared.services import search_service as get_service
    from judge_app.serving import after_fork, warm

    stats = warm(app)
    assert stats["clauses"] > 1000 and stats["index"]["docs"] > 1000
    svc = get_service(app)
    svc._search("アタック", None, 3)   # opens the master thread's searchers
    old = svc._local
    assert getattr(old, "searchers", None)
    after_fork(app)
    assert svc._local is not old and not getattr(svc._local, "searchers", None)
    seen = []
    t = threading.Thread(target=lambda: seen.append(svc.search("ブロッカー", limit=3)["results"]))
    t.start()
    t.join()
    assert seen and seen[0]


@pytest.mark.parametrize("method,path,status", [
    ("GET", "/healthz", 200), ("GET", "/static/app.css", 200), ("GET", "/nope", 404), ("GET", "/api/nope", 404),
    ("POST", "/api/sessions", 415), ("DELETE", "/healthz", 405), ("HEAD", "/", 200), ("OPTIONS", "/api/sessions", 200),
])
def test_every_kind_of_response_carries_the_headers(client, method, path, status):
    resp = client.open(path, method=method)
    assert resp.status_code == status
    assert resp.headers["Content-Security-Policy"] == CSP
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"


def test_healthz_is_ok(client):
    assert client.get("/healthz").get_json() == {"ok": True}


def test_body_over_the_cap_is_413_on_every_json_endpoint(client, app):
    big = b"{" + b" " * (app.config["MAX_CONTENT_LENGTH"] + 10) + b"}"
    for path in ("/api/sessions", "/api/rulings", "/api/sessions/x/step"):
        resp = client.post(path, data=big, content_type="application/json")
        assert resp.status_code == 413, path
        assert resp.get_json()["field"] == "body"


def test_json_answers_are_utf8_not_escaped(client):
    resp = client.get("/api/clauses/opcg/7-1-4-1")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    raw = resp.get_data()
    assert b"\\u" not in raw
    text = resp.get_json()["text"]
    assert text and text[:10].encode() in raw
