"""The paths a new user takes beside the README's two commands (issue 17)."""
from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from judge_app import PROJECT_ROOT, settings
from judge_app.cli.engine import change_lines, outcome_line
from judge_app.cli.serve import port_taken
from tests.faults.killer import Server, free_port


# ---- every JUDGE_APP_* setting is in the table, typed, and documented -----------------------------------
def _names_read_in(paths) -> set[str]:
    found = set()
    for root in paths:
        for f in Path(root).rglob("*"):
            if f.suffix in (".py", ".sh", "") and f.is_file() and ".venv" not in f.parts:
                found |= set(re.findall(r"JUDGE_APP_([A-Z][A-Z_]*[A-Z])", f.read_text(errors="ignore")))
    return found


def test_every_setting_the_code_reads_is_in_the_table():
    read = _names_read_in([PROJECT_ROOT / "judge_app", PROJECT_ROOT / "bench", PROJECT_ROOT / "tests",
                           PROJECT_ROOT / ".ci"])
    assert sorted(read - set(settings.BY_NAME)) == []


def test_every_setting_in_the_table_is_documented_in_docs_settings():
    readme = (PROJECT_ROOT / "docs" / "settings.md").read_text()
    missing = [s.env for s in settings.SETTINGS if f"`{s.env}`" not in readme]
    assert missing == []


@pytest.mark.parametrize("name,raw,value", [("JSON_AS_ASCII", "true", True), ("JSON_AS_ASCII", "0", False),
                                            ("PORT", "8001", 8001), ("MAX_REQUESTS", "200_000", 200000)])
def test_settings_are_read_as_their_type(name, raw, value):
    assert settings.get(name, environ={settings.PREFIX + name: raw}) == value


@pytest.mark.parametrize("name,raw", [("JSON_AS_ASCII", "maybe"), ("PORT", "八千")])
def test_a_setting_that_cannot_be_read_names_the_variable(name, raw):
    with pytest.raises(settings.SettingError, match=settings.PREFIX + name):
        settings.get(name, environ={settings.PREFIX + name: raw})


def test_json_as_ascii_true_starts_and_escapes(monkeypatch, tmp_path):
    from judge_app import create_app

    monkeypatch.setenv("JUDGE_APP_JSON_AS_ASCII", "true")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db"), "SECRET_KEY": "t",
                      "INDEX_DIR": str(PROJECT_ROOT / "instance" / "index")})
    body = app.test_client().get("/api/docs").get_data(as_text=True)
    assert "\\u" in body and "総合" not in body


# ---- the package root imports no Flask ------------------------------------------------------------------
def test_engine_corpus_and_search_import_without_flask():
    code = ("import sys, judge_app.engine, judge_app.corpus, judge_app.search, judge_app.scenarios;"
            "print(sorted(m for m in sys.modules if m == 'flask' or m.startswith('flask.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---- `/` has a JSON twin -------------------------------------------------------------------------------
@pytest.mark.parametrize("how", [{"query_string": {"format": "json"}}, {"headers": {"Accept": "application/json"}}])
def test_home_has_a_json_twin_with_the_documents_and_api_links(client, how):
    resp = client.get("/", **how)
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    data = resp.get_json()
    assert [d["key"] for d in data["docs"]] == ["kaiun", "kaiun-multi", "los", "thv", "opcg"]
    assert data["docs"][0]["url"] == "/rules/kaiun" and data["api"]["docs"] == "/api/docs"
    assert client.get(data["api"]["search"] + "%E3%83%96%E3%83%AD%E3%83%83%E3%82%AB%E3%83%BC").status_code == 200


def test_home_is_html_for_a_browser(client):
    resp = client.get("/", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert resp.mimetype == "text/html" and 'rel="icon"' in resp.get_data(as_text=True)


def test_favicon_ico_leads_to_the_icon(client):
    with client.get("/favicon.ico", follow_redirects=True) as resp:
        assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"


# ---- the port --------------------------------------------------------------------------------------------
def test_a_taken_port_is_named_with_how_to_choose_another():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert port_taken("127.0.0.1", port)
        out = subprocess.run([sys.executable, "-m", "judge_app", "serve", "--port", str(port)], cwd=PROJECT_ROOT,
                             capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert f"{port} はほかのプログラムが使っています" in out.stderr and f"JUDGE_APP_PORT={port + 1}" in out.stderr


def test_serve_takes_host_and_port_from_the_environment():
    env = {"JUDGE_APP_PORT": "8123", "JUDGE_APP_HOST": "127.0.0.2"}
    code = ("from judge_app.cli import build_parser; a = build_parser().parse_args(['serve']);"
            "print(a.host, a.port)")
    out = subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True,
                         env={**__import__("os").environ, **env}, check=True)
    assert out.stdout.split() == ["127.0.0.2", "8123"]


def test_make_targets_take_the_port_from_the_environment():
    env = {**__import__("os").environ, "JUDGE_APP_PORT": "8111"}
    serve = subprocess.run(["make", "-n", "serve"], cwd=PROJECT_ROOT, capture_output=True, text=True, env=env)
    dev = subprocess.run(["make", "-n", "dev"], cwd=PROJECT_ROOT, capture_output=True, text=True, env=env)
    plain = subprocess.run(["make", "-n", "serve", "dev", "PORT=8222"], cwd=PROJECT_ROOT, capture_output=True,
                           text=True)
    assert "--port 8111" in serve.stdout and "--port 8111" in dev.stdout
    assert plain.stdout.count("--port 8222") == 1 and "--port 5000" in plain.stdout   # dev keeps its own default


def test_make_clean_keeps_the_database():
    recipe = subprocess.run(["make", "-n", "clean"], cwd=PROJECT_ROOT, capture_output=True, text=True).stdout
    assert "instance" not in recipe and ".hypothesis" in recipe and "screenshots" in recipe
    assert "rm -rf instance" in subprocess.run(["make", "-n", "delete-database"], cwd=PROJECT_ROOT,
                                               capture_output=True, text=True).stdout


# ---- raw UTF-8 in a request line ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("raw-url"), free_port(), workers=1, serve=True)   # nginx answers these
    srv.start()
    yield srv
    srv.stop()


def _raw(port: int, target: bytes) -> tuple[int, bytes, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    return int(head.split()[1]), head, body


def test_api_answers_raw_utf8_with_the_json_error_contract(server):
    status, head, body = _raw(server.port, "/api/search?q=ブロッカー".encode())
    answer = json.loads(body)
    assert status == 400 and b"application/json" in head and b"X-Content-Type-Options: nosniff" in head
    assert answer["status"] == 400 and answer["field"] == "url" and "パーセントエンコード" in answer["error"]
    follow = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:    # the same request percent-encoded, as the answer says, is answered
        follow.request("GET", "/api/search?q=" + quote("ブロッカー"))
        assert follow.getresponse().status == 200
    finally:
        follow.close()


def test_a_page_answers_raw_utf8_in_japanese(server):
    status, head, body = _raw(server.port, "/search?q=ライフ".encode())
    assert status == 400 and b"text/html" in head and b"Content-Security-Policy:" in head
    assert "URL に使えない文字があります" in body.decode() and 'lang="ja"' in body.decode()


# ---- `judge-app run` reads as a ruling, not a dump -------------------------------------------------------
def test_run_prints_only_what_changed_in_a_card():
    card = {"id": "p1-L", "name": "リーダー", "rested": False, "power": 5000}
    assert change_lines("players.p1.leader", card, card | {"rested": True}) == [
        "players.p1.leader.rested: false → true"]
    life = [{"id": "a"}, {"id": "b"}]
    assert change_lines("life", life, life[1:]) == ["life: 2枚 [a, b] → 1枚 [b]"]


@pytest.mark.parametrize("winner,finished,pending,line", [
    ("p1", True, None, "勝者: p1"), (None, True, None, "結果: 勝者なし（引き分け）"),
    (None, False, {"id": "d1"}, "結果: ゲームはまだ続いています（決定待ち）")])
def test_run_ends_with_the_outcome_in_words(winner, finished, pending, line):
    assert outcome_line({"winner": winner, "state": {"finished": finished}, "pending": pending}) == line


def test_run_on_a_scenario_prints_no_python_reprs():
    scenario = PROJECT_ROOT / "scenarios" / "opcg" / "01_equal_power_attacker_wins.yaml"
    out = subprocess.run([sys.executable, "-m", "judge_app", "run", str(scenario)], cwd=PROJECT_ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "None" not in out.stdout and "{'" not in out.stdout and "expect: OK" in out.stdout


def test_cli_help_is_japanese():
    for args in (["--help"], ["corpus", "check", "--help"], ["search", "--help"], ["run", "--help"],
                 ["fuzz", "--help"], ["serve", "--help"], ["db", "--help"]):
        out = subprocess.run([sys.executable, "-m", "judge_app", *args], cwd=PROJECT_ROOT, capture_output=True,
                             text=True, timeout=60).stdout
        helps = re.findall(r"^\s+(?:-[-\w, ]+|\w[\w-]*)\s{2,}(\S.*)$", out, re.M)
        english = [h for h in helps if not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", h) and "show this help" not in h]
        assert english == [], args


def test_python_m_without_the_dependencies_says_how_to_get_them():
    code = ("import sys, runpy; sys.modules['yaml'] = None; sys.argv = ['judge_app', 'corpus', 'check'];"
            "runpy.run_module('judge_app', run_name='__main__')")
    out = subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "必要なパッケージ yaml がありません" in out.stderr and "make serve" in out.stderr
