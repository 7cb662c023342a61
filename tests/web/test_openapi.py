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

pytestmark = [pytest.mark.store_pages,
              pytest.mark.filterwarnings("ignore:Use of allowEmptyValue:DeprecationWarning")]  # q= is a valid search


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
