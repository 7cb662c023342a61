"""Hostile input over every endpoint (issue 9, Bad input): each request gets a 4xx naming the problem,
never a 5xx; nothing is stored, and the reference session and ruling answer byte for byte as before."""
from __future__ import annotations

import random
import re
import sqlite3

import pytest

from judge_app import PROJECT_ROOT
from judge_app.engine import rulesets
from tests.hostile import cases as C
from tests.hostile.conftest import attacked_app

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LEAKS = ("root:x:0", "[project]", "SECRET_KEY", "Traceback", "def create_app")


def _reference_game():
    """The first registered ruleset whose fresh board leads to a pending decision within a few steps."""
    for ruleset in rulesets().values():
        return ruleset, ruleset.new_game_board(random.Random(1))
    raise RuntimeError("no ruleset registered")


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    app = attacked_app(tmp_path_factory.mktemp("hostile"), "hostile-test")
    client = app.test_client()
    ruleset, board = _reference_game()
    resp = client.post("/api/sessions", json={"game": ruleset.game, "board": board, "seed": 1})
    assert resp.status_code == 201, resp.get_data(as_text=True)[:500]
    ref = resp.get_json()["id"]
    resp = client.post(f"/api/sessions/{ref}/step", json={"until": "decision"})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:500]
    pending = resp.get_json().get("pending")
    resp = client.post("/api/rulings", json={"session": ref, "title": "基準の裁定"})
    assert resp.status_code == 201, resp.get_data(as_text=True)[:500]
    slug = resp.get_json()["slug"]
    return {"app": app, "client": client, "ref": ref, "slug": slug, "game": ruleset.game, "board": board,
            "pending": pending["id"] if pending else None, "db": app.config["DATABASE"]}


def _counts(db: str) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: conn.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}


def _snapshot(env, with_ruling: bool = True) -> tuple:
    c = env["client"]
    ruling = c.get(f"/api/rulings/{env['slug']}").get_data() if with_ruling else None
    return (_counts(env["db"]), c.get(f"/api/sessions/{env['ref']}").get_data(), ruling)


def _touches_rulings(case: C.Case) -> bool:
    return any(w in case.path for w in ("ruling", "/r/", "save"))


def all_cases() -> list[C.Case]:
    ruleset = next(iter(rulesets().values()))
    board = ruleset.new_game_board(random.Random(1))
    pending = "d1"  # the reference session's first decision (the env fixture checks the real id)
    out = (C.body_cases() + C.create_cases(ruleset.game, board) + C.session_cases(pending) + C.ruling_cases()
           + C.lookup_cases() + C.traversal_cases() + C.method_cases() + C.search_cases() + C.csrf_cases() + C.invariant_cases() + C.more_endpoint_cases()
           + C.offline_cases() + C.document_and_window_cases())
    return out


CASES = all_cases()


def test_there_are_at_least_200_hostile_requests():
    assert len(CASES) >= 200, len(CASES)
    assert len({c.name for c in CASES}) == len(CASES)


def test_every_endpoint_gets_hostile_requests(env):
    """Each route of the app (static files aside) is reached by at least one case, by any method."""
    from werkzeug.exceptions import MethodNotAllowed, NotFound
    from werkzeug.routing import RequestRedirect

    adapter = env["app"].url_map.bind("localhost")
    reached = set()
    for case in CASES:
        path = case.path.replace("REF", "x").replace("SLUG", "x").replace("GAME", env["game"]).split("?")[0]
        for method in (case.method, "GET", "POST"):
            try:
                reached.add(adapter.match(path, method=method)[0])
                break
            except (MethodNotAllowed, RequestRedirect, NotFound):
                continue
    endpoints = {r.endpoint for r in env["app"].url_map.iter_rules()} - {"static"}
    assert sorted(endpoints - reached) == []


def _send(env, case: C.Case):
    client = env["client"]

    def fill(s):
        return s.replace("REF", env["ref"]).replace("SLUG", env["slug"]).replace("GAME", env["game"])

    path = fill(case.path)
    if case.form is not None:
        form = {k: fill(v) for k, v in case.form.items()}
        if case.csrf == "bad":
            client.get(f"/board/{env['game']}")      # the page that sets the session's token
            form["csrf"] = "forged-token-" + "x" * 20
        return client.open(path, method=case.method, data=form)
    body = case.body
    if body is not None:
        body = body.replace(b'"REF"', f'"{env["ref"]}"'.encode())
    headers = {"Content-Type": case.content_type} if case.content_type else {}
    return client.open(path, method=case.method, data=body, headers=headers,
                       follow_redirects=bool(case.extra.get("follow")))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_hostile_request_gets_a_4xx_naming_the_problem_and_changes_nothing(env, case):
    if case.name.startswith("answer-value") or case.name in ("answer-missing-value", "answer-extra"):
        assert env["pending"] == "d1", "reference session should be waiting on its first decision"
    before = _snapshot(env, _touches_rulings(case))
    resp = _send(env, case)
    text = resp.get_data(as_text=True)
    assert 400 <= resp.status_code < 500, f"{resp.status_code}: {text[:300]}"
    if resp.is_json:
        body = resp.get_json()
        # the one error shape (judge_app/web/views.error): {error, field, status} plus optional extras
        assert isinstance(body.get("error"), str) and "field" in body and body.get("status") == resp.status_code, body
        message = body["error"]
        assert message.strip(), body
        assert JAPANESE.search(message), f"message is not Japanese: {message!r}"
        said = f"{body.get('field') or ''} {body.get('error') or ''} {body.get('message') or ''}"
        if case.names:
            assert any(n in said for n in case.names), f"expected one of {case.names} in {said!r}"
    else:
        assert resp.mimetype == "text/html", resp.mimetype
        assert "<h1" in text and "</h1>" in text, text[:300]
        assert "<script>alert" not in text and "onerror=alert" not in text, "markup echoed unescaped"
        if case.names:
            assert any(n in text for n in case.names), f"expected one of {case.names} in the page"
    assert not any(leak in text for leak in LEAKS), text[:300]
    assert _snapshot(env, _touches_rulings(case)) == before, "a rejected request changed stored data or the reference session"
