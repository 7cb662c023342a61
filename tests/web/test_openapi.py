"""The OpenAPI document (`GET /api/openapi.json`, web/api_doc.py) is a valid OpenAPI 3.1 document, names every
/api/ route the app has (and no other), and describes every /api/ answer of the route walk: each is validated by
openapi-core against the document, and each request the app accepted (2xx) fits the document too."""
import re

import jsonschema
import pytest
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_spec_validator import validate
from werkzeug.test import EnvironBuilder

from judge_app import PROJECT_ROOT

pytestmark = pytest.mark.filterwarnings("ignore:Use of allowEmptyValue:DeprecationWarning")   # q= is a valid search


@pytest.fixture(scope="module")
def walked_document(route_walk):
    [resp] = [r for m, p, _, r in route_walk.api_answers if p == "/api/openapi.json"]
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    return resp.get_json()


def test_the_document_is_valid_openapi_3_1(walked_document):
    validate(walked_document)
    assert walked_document["openapi"].startswith("3.1")


def _template(rule: str) -> str:
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule)


def test_every_api_route_is_in_the_document_and_nothing_else(app, client):
    doc = client.get("/api/openapi.json").get_json()
    routes = {(_template(r.rule), m.lower()) for r in app.url_map.iter_rules() if r.rule.startswith("/api/")
              for m in r.methods - {"HEAD", "OPTIONS"}}
    documented = {(path, m) for path, item in doc["paths"].items() for m in item}
    assert routes - documented == set(), "routes the document does not describe"
    assert documented - routes == set(), "the document describes routes the app does not have"


def test_a_route_left_out_of_the_document_is_caught(app, client, monkeypatch):
    """The check above can fail: a route added to the app and not to the document is found."""
    from judge_app.web import api_doc

    real = api_doc.document
    monkeypatch.setattr(api_doc, "document", lambda: {**real(), "paths": {
        k: v for k, v in real()["paths"].items() if k != "/api/sessions/{sid}/undo"}})
    with pytest.raises(AssertionError, match="does not describe"):
        test_every_api_route_is_in_the_document_and_nothing_else(app, client)


def _request(method: str, path: str, kw: dict) -> WerkzeugOpenAPIRequest:
    builder = EnvironBuilder(path=path, method=method, base_url="http://localhost/",
                             **{k: v for k, v in kw.items() if k in ("json", "data", "content_type", "headers")})
    try:
        return WerkzeugOpenAPIRequest(builder.get_request())
    finally:
        builder.close()


def test_every_api_answer_of_the_route_walk_fits_the_document(route_walk, walked_document):
    api = OpenAPI.from_dict(walked_document)
    error_shape = jsonschema.Draft202012Validator(walked_document["components"]["schemas"]["Error"])
    problems, checked = [], 0
    for method, path, kw, resp in route_walk.api_answers:
        request = _request(method, path, kw)
        try:
            api.validate_response(request, WerkzeugOpenAPIResponse(resp))
            if resp.status_code < 300:
                api.validate_request(request)
            checked += 1
        except (PathNotFound, OperationNotFound):
            # a path or method the API does not have: 404 / 405 in the one error shape
            if resp.status_code not in (404, 405) or list(error_shape.iter_errors(resp.get_json())):
                problems.append((method, path, resp.status_code, "not in the document"))
        except Exception as e:  # noqa: BLE001 - every failure is reported with its request
            causes = [str(c)[:300] for c in getattr(e, "schema_errors", None) or [e.__cause__ or e]]
            problems.append((method, path[:80], resp.status_code, type(e).__name__, causes[:3]))
    assert not problems, f"{len(problems)} answers do not fit the document; first: {problems[:5]}"
    assert checked > 250


def _resolve(expression, body):
    """An OpenAPI link's runtime expression `$response.body#/a/0/b` read from the answer; anything else as given."""
    if isinstance(expression, dict):
        return {k: _resolve(v, body) for k, v in expression.items() if not k.startswith("x-")}
    if isinstance(expression, str) and expression.startswith("$response.body#"):
        for part in filter(None, expression.split("#", 1)[1].split("/")):
            body = body[int(part)] if isinstance(body, list) else body[part]
    elif isinstance(expression, str) and expression.startswith("$"):
        raise AssertionError(f"a runtime expression this client does not read: {expression}")
    else:
        return expression
    return body


@pytest.mark.parametrize("game", ["toy", "kaiun"])
def test_a_client_from_the_document_alone_starts_answers_and_saves(client, game):
    """Following only the document's links: a new board → a session (nothing pending yet) → step to the decision
    → answer it with `decision: pending.id` and one of its options' values → save the ruling (201, Location, api_url)
    → open it as JSON. Every answer fits the document."""
    doc = client.get("/api/openapi.json").get_json()
    api = OpenAPI.from_dict(doc)
    operations = {op["operationId"]: (path, method) for path, item in doc["paths"].items() for method, op in item.items()}

    def call(operation_id, link=None, source=None, body=None):
        path, method = operations[operation_id]
        params = _resolve(link.get("parameters", {}), source) if link else {}
        url = path.format(**params)
        if link and "requestBody" in link:
            body = _resolve(link["requestBody"], source)
        resp = client.open(url, method=method.upper(), json=body if method == "post" else None)
        api.validate_response(_request(method.upper(), url, {"json": body} if method == "post" else {}),
                              WerkzeugOpenAPIResponse(resp))
        return resp

    def links(path, method, status):
        return doc["paths"][path][method]["responses"][status]["links"]

    board = call("newBoard", {"parameters": {"game": game}}, {}).get_json()
    created = call("createSession", links("/api/games/{game}/new-board", "get", "200")["StartSession"], board)
    session = created.get_json()
    assert created.status_code == 201 and created.headers["Location"].endswith(session["id"])
    assert session["pending"] is None and session["trace"] == [], "a new session has nothing pending until stepped"
    session_links = links("/api/sessions", "post", "201")
    stepped = call("step", session_links["Step"], session, body={"until": "decision"}).get_json()
    assert stepped["pending"], "stepping on reaches a decision"
    change_links = links("/api/sessions/{sid}/step", "post", "200")
    answered = call("answer", change_links["Answer"], stepped)
    assert answered.status_code == 200, answered.get_json()
    saved = call("createRuling", change_links["SaveRuling"], answered.get_json())
    made = saved.get_json()
    assert saved.status_code == 201 and saved.headers["Location"] == made["api_url"] == f"/api/rulings/{made['slug']}"
    assert made["url"] == f"/r/{made['slug']}"
    ruling = call("getRuling", links("/api/rulings", "post", "201")["GetRuling"], made).get_json()
    assert ruling["slug"] == made["slug"] and ruling["api_url"] == made["api_url"]


def test_opcg_6_5_6_1_a_tried_attack_its_ruling_and_its_window_fit_the_document(client):
    """verdict36's API (not in the route walk): `try: true` answered with a refused entry (kind refused, action),
    the ruling saved from it (verdict いいえ, question, headline) and its window moved, each request and answer held
    to the document; a wrong verdict is caught."""
    from judge_app.scenarios import load_scenario

    doc = client.get("/api/openapi.json").get_json()
    api = OpenAPI.from_dict(doc)

    def call(path: str, body: dict | None = None):
        kw = {"json": body} if body is not None else {}
        resp = client.open(path, method="POST" if body is not None else "GET", **kw)
        request = _request("POST" if body is not None else "GET", path, kw)
        api.validate_request(request)
        api.validate_response(request, WerkzeugOpenAPIResponse(resp))
        return resp.get_json()

    board = load_scenario(PROJECT_ROOT / "scenarios" / "opcg" / "50_first_turn_attack_withheld.yaml")["board"]
    sid = call("/api/sessions", {"game": "opcg", "board": board, "seed": 0})["id"]
    pending = call(f"/api/sessions/{sid}/step", {"until": "decision"})["pending"]
    tried = call(f"/api/sessions/{sid}/answer", {"decision": pending["id"], "value": "attack:p2-L", "try": True})
    assert [(e["kind"], e["rule"]) for e in tried["entries"]] == [("refused", "opcg:6-5-6-1")]
    assert tried["entries"][0]["action"]
    slug = call("/api/rulings", {"session": sid, "title": "後攻1ターン目", "question": "アタックできますか？"})["slug"]
    ruling = call(f"/api/rulings/{slug}")
    assert ruling["verdict"]["answer"] == "いいえ" and ruling["verdict"]["refused"]
    assert ruling["question"] == "アタックできますか？" and ruling["headline"] == ruling["verdict"]["headline"]
    moved = call(f"/api/rulings/{slug}/window", {"window_end": 1})
    assert moved["window_end"] == 1 and moved["verdict"]["window"]["end"] == 1
    listed = call("/api/rulings")["rulings"]
    assert [r["headline"] for r in listed if r["slug"] == slug] == [moved["verdict"]["headline"]]
    # the check can fail: a verdict without its answer does not fit
    verdict = jsonschema.Draft202012Validator({"$ref": "#/components/schemas/Verdict", **doc})
    assert list(verdict.iter_errors({k: v for k, v in ruling["verdict"].items() if k != "answer"}))
    assert not list(verdict.iter_errors(ruling["verdict"]))
