def test_every_page_forbids_inline_script_framing_and_sniffing(client):
    resp = client.get("/")
    assert resp.status_code == 200
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"


def test_request_body_over_the_cap_is_refused(client, app):
    cap = app.config["MAX_CONTENT_LENGTH"]
    resp = client.post("/api/anything", data=b"x" * (cap + 1), content_type="application/octet-stream")
    assert resp.status_code == 413
    assert resp.get_json()["status"] == 413


def test_unknown_api_path_is_json_404_and_page_is_japanese_404(client):
    resp = client.get("/api/nope")
    assert resp.status_code == 404 and resp.get_json()["error"]
    page = client.get("/nope")
    assert page.status_code == 404 and "見つかりません" in page.get_data(as_text=True)
