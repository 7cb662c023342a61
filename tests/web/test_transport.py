"""Transport (issue 25): answers compressed as the client asks, static files under content-hashed names.

Pages and JSON are compressed by flask-compress (zstd, br or gzip, whichever the request's Accept-Encoding allows);
static files are answered by WhiteNoise from copies compressed once at start-up (br or gzip). Both say
`Vary: Accept-Encoding`; tiny bodies and types that are compressed already go as they are. A hashed static name is
cached for a year and never revalidated; the plain name still answers, briefly cached, with an ETag; a hash from
before a deploy redirects to the current one.
"""
from __future__ import annotations

import gzip
import hashlib
import re

import brotli
import pytest
from backports import zstd
from flask import Response, url_for
from whitenoise.compress import Compressor

from judge_app import PROJECT_ROOT, create_app
from judge_app.web.shared import static_files

IMMUTABLE = "max-age=31536000, public, immutable"
SHORT = "max-age=300, public"
HASHED = re.compile(r"^/static/(?P<stem>[^\"'?#]+)\.[0-9a-f]{12}(?P<ext>\.[a-z]+)$")
STATIC_REF = re.compile(r"""(?:src|href)="(/static/[^"]*)\"""")
DECODE = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}
SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy")

SCENARIO = (PROJECT_ROOT / "scenarios" / "opcg" / "01_equal_power_attacker_wins.yaml").read_text(encoding="utf-8")


@pytest.fixture
def session_url(client):
    resp = client.post("/api/sessions", json={"scenario": SCENARIO})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["url"]


def _static_refs(html: str) -> list[str]:
    return STATIC_REF.findall(html)


def _css_url(client) -> str:
    return next(u for u in _static_refs(client.get("/").get_data(as_text=True)) if "/app." in u)


# ---- compression -------------------------------------------------------------------------------------------------
def _compressed_as_asked(client, path: str, encoding: str) -> None:
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": encoding})
    assert plain.status_code == packed.status_code == 200, path
    assert "Content-Encoding" not in plain.headers, path
    assert packed.headers["Content-Encoding"] == encoding, path
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) // 2, path
    assert DECODE[encoding](packed.data) == plain.data, path
    for resp in (plain, packed):
        assert "accept-encoding" in resp.headers.get("Vary", "").lower(), path
        assert all(resp.headers[h] for h in SECURITY), path


@pytest.mark.parametrize("encoding", ["gzip", "br", "zstd"])
def test_html_and_json_are_compressed_when_the_client_accepts_it(client, session_url, encoding):
    for path in ("/board/opcg?seed=1", session_url, f"{session_url}?format=json",
                 "/api/search?q=%E3%83%96%E3%83%AD%E3%83%83%E3%82%AB%E3%83%BC&limit=50", "/rules/opcg?format=json"):
        _compressed_as_asked(client, path, encoding)


@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_static_files_are_compressed_when_the_client_accepts_it(client, encoding):
    for path in (_css_url(client), "/static/app.css", "/static/search.js"):
        _compressed_as_asked(client, path, encoding)


def test_the_encoding_follows_the_browsers_list(client):
    chrome = {"Accept-Encoding": "gzip, deflate, br, zstd"}
    safari = {"Accept-Encoding": "gzip, deflate, br"}
    old = {"Accept-Encoding": "gzip, deflate"}
    assert [client.get("/board/opcg", headers=h).headers["Content-Encoding"] for h in (chrome, safari, old)] == \
        ["zstd", "br", "gzip"]
    css = _css_url(client)
    assert [client.get(css, headers=h).headers["Content-Encoding"] for h in (chrome, safari, old)] == \
        ["br", "br", "gzip"]          # static files: WhiteNoise's smallest copy the browser takes


@pytest.mark.parametrize("accept", ["", "identity", "gzip;q=0", "gzip;q=0, br;q=0", "compress", "*;q=0"])
def test_not_compressed_when_the_client_does_not_accept_an_encoding_we_have(client, accept):
    resp = client.get("/board/opcg", headers={"Accept-Encoding": accept} if accept else {})
    assert resp.status_code == 200
    assert "Content-Encoding" not in resp.headers
    assert resp.data.startswith(b"<!doctype html>")
    assert "accept-encoding" in resp.headers["Vary"].lower()


def test_a_refused_encoding_is_passed_over_for_an_accepted_one(client):
    resp = client.get("/board/opcg", headers={"Accept-Encoding": "gzip;q=0, br"})
    assert resp.headers["Content-Encoding"] == "br"


def test_tiny_bodies_are_never_compressed(client):
    for path in ("/healthz", "/api/search?q=", "/api/search?q=xyzzy"):
        resp = client.get(path, headers={"Accept-Encoding": "gzip, br, zstd"})
        assert len(resp.data) < 500, path
        assert "Content-Encoding" not in resp.headers, path


def test_already_compressed_types_are_sent_as_they_are(app):
    blob = bytes(range(256)) * 40                 # 10 KB, compressible, but of types that are compressed already

    @app.get("/test-only/<kind>")
    def _blob(kind):
        return Response(blob, mimetype={"png": "image/png", "zip": "application/zip", "woff2": "font/woff2",
                                        "gz": "application/gzip"}[kind])

    client = app.test_client()
    for kind in ("png", "zip", "woff2", "gz"):
        resp = client.get(f"/test-only/{kind}", headers={"Accept-Encoding": "gzip, br, zstd"})
        assert resp.status_code == 200 and resp.data == blob, kind
        assert "Content-Encoding" not in resp.headers, kind


def test_static_files_are_compressed_once_at_start_up(tmp_path):
    """The build folder holds each hashed copy with its .br and .gz, made before the first request, and what is
    served is those files: no static request compresses anything."""
    builds = tmp_path / "static-build"
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "INDEX_DIR": str(tmp_path / "index"),
                      "SECRET_KEY": "t", "STATIC_BUILD_DIR": str(builds)})
    [built] = [p for p in builds.iterdir() if not p.name.startswith(".")]
    names = app.extensions["judge_app.static_files"]
    assert sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()) == sorted(
        f"{h}{e}" for h in names.values()   # subfolders too (icons/, offline/)
        for e in (("", ".br", ".gz") if Compressor(quiet=True).should_compress(h) else ("",)))
    client = app.test_client()
    css = names["app.css"]
    assert client.get(f"/static/{css}", headers={"Accept-Encoding": "br"}).data == (built / f"{css}.br").read_bytes()
    assert client.get(f"/static/{css}", headers={"Accept-Encoding": "gzip"}).data == (built / f"{css}.gz").read_bytes()
    again = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"),
                        "INDEX_DIR": str(tmp_path / "index"), "SECRET_KEY": "t", "STATIC_BUILD_DIR": str(builds)})
    assert again.extensions["judge_app.static_files"] == names
    assert [p for p in builds.iterdir()] == [built]           # the same content is built once


def test_a_changed_file_gets_a_new_name_and_a_new_build(tmp_path):
    static = tmp_path / "static"
    static.mkdir()
    (static / "app.css").write_text("body { color: red; }\n" * 100)
    names = static_files.manifest(static)
    first = static_files.build(static, tmp_path / "b", names)
    (static / "app.css").write_text("body { color: blue; }\n" * 100)
    changed = static_files.manifest(static)
    second = static_files.build(static, tmp_path / "b", changed)
    assert names["app.css"] != changed["app.css"] and first != second
    assert (second / changed["app.css"]).read_text().startswith("body { color: blue; }")
    assert (first / names["app.css"]).read_text().startswith("body { color: red; }")   # kept for old workers


def test_an_instance_folder_that_cannot_be_written_still_serves_hashed_names(tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "INDEX_DIR": str(tmp_path / "index"),
                      "SECRET_KEY": "t", "STATIC_BUILD_DIR": str(blocked / "static-build")})
    client = app.test_client()
    css = _css_url(client)
    resp = client.get(css, headers={"Accept-Encoding": "br"})
    assert resp.status_code == 200 and resp.headers["Content-Encoding"] == "br"
    assert resp.headers["Cache-Control"] == IMMUTABLE


def test_the_debugger_serves_plain_names_from_disk(tmp_path):
    app = create_app({"TESTING": True, "DEBUG": True, "DATABASE": str(tmp_path / "db.sqlite3"),
                      "INDEX_DIR": str(tmp_path / "index"), "SECRET_KEY": "t"})
    app.debug = True
    html = app.test_client().get("/").get_data(as_text=True)
    assert "/static/app.css" in _static_refs(html)


def test_the_debugger_answers_a_hashed_name_with_the_file_on_disk(tmp_path):
    """make dev: the offline worker precaches hashed names (static/sw.js), the pages link plain ones; both answer,
    with the file as it is now (an edit since the worker was built included)."""
    app = create_app({"TESTING": True, "DEBUG": True, "DATABASE": str(tmp_path / "db.sqlite3"),
                      "INDEX_DIR": str(tmp_path / "index"), "SECRET_KEY": "t"})
    client = app.test_client()
    for url, file in (("/static/app.css", "app.css"), ("/static/app.0123456789ab.css", "app.css"),
                      ("/static/icons/icon-192.0123456789ab.png", "icons/icon-192.png")):
        resp = client.get(url)
        assert resp.status_code == 200, url
        assert resp.data == (PROJECT_ROOT / "static" / file).read_bytes(), url
    assert client.get("/static/nosuch.0123456789ab.css").status_code == 404


# ---- hashed names ------------------------------------------------------------------------------------------------
def test_url_for_static_gives_the_hashed_name_so_every_template_uses_it(app):
    names = app.extensions["judge_app.static_files"]
    static = PROJECT_ROOT / "static"
    assert set(names) == {p.relative_to(static).as_posix() for p in static.rglob("*") if p.is_file()}
    with app.test_request_context("/"):
        for name, hashed in names.items():
            url = url_for("static", filename=name)
            assert url == f"/static/{hashed}"
            assert HASHED.match(url), url
        assert url_for("static", filename="nope.css") == "/static/nope.css"


def test_every_static_url_on_the_pages_is_hashed_and_immutable(client, session_url):
    slug = client.post("/api/rulings", json={"session": session_url.rsplit("/", 1)[1], "title": "t"}).get_json()
    pages = ["/", "/search?q=%E3%83%A9%E3%82%A4%E3%83%95", "/rules/opcg", "/rules/opcg/7-1-4", "/board",
             "/board/opcg", session_url, slug["url"], "/rulings", "/glossary/thv", "/nope"]
    seen = set()
    for page in pages:
        html = client.get(page).get_data(as_text=True)
        refs = _static_refs(html)
        assert refs, page
        for ref in refs:
            assert HASHED.match(ref), (page, ref)
            seen.add(ref)
    for ref in seen:
        resp = client.get(ref)
        assert resp.status_code == 200, ref
        assert resp.headers["Cache-Control"] == IMMUTABLE, ref
        assert resp.headers["ETag"], ref
    names = {HASHED.match(r)["stem"] + HASHED.match(r)["ext"] for r in seen}
    assert {"app.css", "favicon.svg", "search.js", "board.js", "session.js"} <= names


def test_the_hash_is_the_contents(app, client):
    for name, hashed in app.extensions["judge_app.static_files"].items():
        body = (PROJECT_ROOT / "static" / name).read_bytes()
        assert client.get(f"/static/{hashed}").data == body
        assert hashed == static_files.hashed_name(name, hashlib.sha256(body).hexdigest()[:12])


def test_the_plain_name_still_answers_briefly_cached_with_an_etag(client):
    resp = client.get("/static/app.css")
    assert resp.status_code == 200 and resp.headers["Cache-Control"] == SHORT
    assert resp.data == client.get(_css_url(client)).data
    etag = resp.headers["ETag"]
    assert etag and resp.headers["Last-Modified"]
    assert client.get("/static/app.css", headers={"If-None-Match": etag}).status_code == 304


def test_a_hash_from_before_a_deploy_redirects_to_the_current_name(client):
    resp = client.get("/static/app.0123456789ab.css")
    assert resp.status_code == 302 and resp.headers["Location"] == _css_url(client)
    assert resp.headers["Cache-Control"] == "public, max-age=300"
    assert client.get("/static/app.0123456789ab.css", follow_redirects=True).data == \
        (PROJECT_ROOT / "static" / "app.css").read_bytes()


def test_hashed_names_revalidate_too_and_refuse_writes(client):
    css = _css_url(client)
    etag = client.get(css).headers["ETag"]
    again = client.get(css, headers={"If-None-Match": etag, "Accept-Encoding": "br"})
    assert again.status_code == 304 and again.data == b""
    assert client.post(css).status_code == 405
    assert client.head(css).status_code == 200


def test_unknown_static_files_are_404(client):
    for path in ("/static/nope.css", "/static/nope.0123456789ab.css", "/static/../pyproject.toml"):
        assert client.get(path).status_code == 404, path


def test_favicon_redirects_to_the_hashed_icon(client):
    resp = client.get("/favicon.ico")
    assert resp.status_code == 301 and HASHED.match(resp.headers["Location"])


def test_templates_name_static_files_only_through_url_for():
    for path in (PROJECT_ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""["']/static/""", text), path


def test_hashed_and_plain_names():
    assert static_files.hashed_name("app.css", "0123456789ab") == "app.0123456789ab.css"
    assert static_files.hashed_name("vendor/x.min.js", "0123456789ab") == "vendor/x.min.0123456789ab.js"
    assert static_files.hashed_name("LICENSE", "0123456789ab") == "LICENSE.0123456789ab"
    assert static_files.plain_name("app.0123456789ab.css") == "app.css"
    assert static_files.plain_name("vendor/x.min.0123456789ab.js") == "vendor/x.min.js"
    assert static_files.plain_name("LICENSE.0123456789ab") == "LICENSE"
    assert static_files.plain_name("app.css") is None
