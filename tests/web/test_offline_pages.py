"""The offline copy's routes and hooks (issue 41): the service worker from the site's root, the offline pages, the
manifest and icons, the hook in every page, a session's board as its notation line."""
from __future__ import annotations

import json
import struct

from judge_app import PROJECT_ROOT

STATIC = PROJECT_ROOT / "static"


def test_service_worker_is_served_from_the_root_never_cached(app, client, tmp_path):
    app.static_folder = str(tmp_path)
    missing = client.get("/sw.js")
    assert missing.status_code == 404 and "make" in missing.get_data(as_text=True)   # says how to build it
    (tmp_path / "sw.js").write_text("self.addEventListener('fetch', () => {});", encoding="utf-8")
    resp = client.get("/sw.js")
    assert resp.status_code == 200
    assert resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"
    assert b"addEventListener" in resp.data


def test_every_page_links_the_manifest_and_the_offline_script(client):
    for path in ("/", "/rules/opcg/7-1-4", "/glossary/opcg", "/offline"):
        html = client.get(path).get_data(as_text=True)
        assert 'rel="manifest"' in html, path
        assert "offline." in html and 'id="offline-status"' in html, path
    assert 'id="offline-get"' in client.get("/").get_data(as_text=True)          # the tap: home page only
    assert 'id="offline-get"' not in client.get("/rules/opcg/7-1-4").get_data(as_text=True)


def test_offline_pages_say_they_are_offline(client):
    page = client.get("/offline").get_data(as_text=True)
    assert "<h1>オフラインです</h1>" in page and 'id="offline-rulings"' in page
    search = client.get("/offline/search?q=7-1-4").get_data(as_text=True)
    assert "オフラインで検索しています" in search and 'role="search"' in search
    assert client.get("/offline?format=json").get_json() == {"offline": True}


def test_manifest_is_japanese_with_icons_made_here():
    m = json.loads((STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert m["lang"] == "ja" and m["name"].startswith("判定支援") and m["display"] == "standalone"
    sizes = set()
    for icon in m["icons"]:
        path = STATIC / icon["src"].removeprefix("/static/")
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            w, h = struct.unpack(">II", path.read_bytes()[16:24])
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
    assert {192, 512} <= sizes and any(i["purpose"] == "maskable" for i in m["icons"])


def test_session_board_as_its_notation_line(client):
    text = (PROJECT_ROOT / "scenarios" / "opcg" / "05_counters_tip_the_battle.yaml").read_text(encoding="utf-8")
    sid = client.post("/api/sessions", json={"scenario": text, "play": True}).get_json()["id"]
    got = client.get(f"/api/sessions/{sid}/notation").get_json()
    assert got["game"] == "opcg" and got["notation"].startswith("T") and got["board_url"] == "/board/opcg"
    back = client.post("/board/opcg/notation", json={"text": got["notation"]})
    # the builder reads it back (its canonical line spells the unknown cards out) at the same turn and phase
    assert back.status_code == 200, back.get_json()
    assert back.get_json()["notation"].split()[:3] == got["notation"].split()[:3]
    missing = client.get("/api/sessions/nosuch/notation")
    assert missing.status_code == 404 and missing.get_json()["field"] == "session"
