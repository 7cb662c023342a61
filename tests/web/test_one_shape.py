"""One shape for pages (judge_app/web/views.py): every GET route has a JSON twin, every HTML page names it in a
Link header, and every 4xx JSON body is {error, field, status}. A route added without a twin fails here."""
import re

import pytest

# Routes that are not pages: a file download, a redirect to the icon, static files, the service worker's script.
NOT_PAGES = {"rulings.export", "health.favicon", "static", "offline.service_worker"}
SAMPLE = {"doc": "opcg", "number": "7-1-4", "game": "opcg"}


@pytest.fixture
def made(client):
    sid = client.post("/api/sessions", json={"game": "toy", "board": {"players": {"p1": {"points": 0},
                                                                              "p2": {"points": 0}}, "target": 2},
                                             "seed": 1}).get_json()["id"]
    slug = client.post("/api/rulings", json={"session": sid, "title": "形の確認"}).get_json()["slug"]
    return {"sid": sid, "slug": slug}


def _get_routes(app):
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods and rule.endpoint not in NOT_PAGES:
            yield rule


def _fill(rule, made) -> str:
    values = SAMPLE | made
    path = rule.rule
    for name in rule.arguments:
        path = re.sub(rf"<(?:[a-z]+:)?{name}>", values[name], path)
    return path


def test_every_get_route_answers_json_with_format_json(app, client, made):
    missing = []
    for rule in _get_routes(app):
        path = _fill(rule, made)
        resp = client.get(path, query_string={"format": "json"}, follow_redirects=True)
        if resp.status_code != 200 or not resp.is_json:
            missing.append(f"{rule.endpoint} {path}: {resp.status_code} {resp.mimetype}")
    assert missing == []


def test_every_html_page_names_its_json_twin(app, client, made):
    unnamed = []
    for rule in _get_routes(app):
        path = _fill(rule, made)
        resp = client.get(path, follow_redirects=True)
        if resp.mimetype != "text/html":
            continue   # an API route: JSON already
        link = resp.headers.get("Link", "")
        if 'rel="alternate"' not in link or "format=json" not in link:
            unnamed.append(f"{rule.endpoint} {path}")
            continue
        twin = link.split(">")[0].lstrip("<")
        if not client.get(twin).is_json:
            unnamed.append(f"{rule.endpoint}: {twin} is not JSON")
    assert unnamed == []


@pytest.mark.parametrize("path", ["/rules/nope", "/rules/nope/1-1", "/glossary/nope", "/api/glossary/nope",
                                  "/api/clauses/nope/1-1", "/board/nope", "/sessions/nope", "/r/nope"])
def test_a_path_naming_nothing_is_a_404_in_the_one_shape(client, path):
    for how in ({"query_string": {"format": "json"}}, {"headers": {"Accept": "application/json"}}):
        resp = client.get(path, **how)
        body = resp.get_json()
        assert resp.status_code == 404, (path, resp.status_code)
        assert isinstance(body["error"], str) and "field" in body and body["status"] == 404, body
    if path.startswith("/api/"):
        return
    page = client.get(path)
    assert page.status_code == 404 and page.mimetype == "text/html" and "見つかりません" in page.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/", "/rules/", "/rules/opcg", "/rules/opcg/7-1-4", "/search?q=KO",
                                  "/glossary/opcg", "/board", "/rulings"])
def test_accept_json_gets_the_twin_on_every_page(client, path):
    resp = client.get(path, headers={"Accept": "application/json"})
    assert resp.status_code == 200 and resp.is_json
    twin = client.get(path + ("&" if "?" in path else "?") + "format=json")
    assert resp.get_json() == twin.get_json()
