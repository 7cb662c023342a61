"""Bytes on the wire before and after compression, and the cache life of each, for the pages a judge loads most.

    .venv/bin/python bench/transport.py

A report, not a test (tests/web/test_transport.py asserts the behaviour). The app runs in process (Flask's test
client, a temporary database and index); each answer is asked for plainly and then with one Accept-Encoding at a
time. Pages and JSON are compressed per request by flask-compress; static files are WhiteNoise's copies, compressed
once at start-up, which do not have zstd (a browser that offers zstd also offers br).
"""
from __future__ import annotations

import tempfile

from judge_app import PROJECT_ROOT, create_app

ENCODINGS = ("gzip", "br", "zstd")


def main() -> None:
    tmp = tempfile.mkdtemp()
    app = create_app({"DATABASE": f"{tmp}/db.sqlite3", "INDEX_DIR": f"{tmp}/index", "TESTING": True,
                      "SECRET_KEY": "bench"})
    client = app.test_client()
    scenario = (PROJECT_ROOT / "scenarios/opcg/01_equal_power_attacker_wins.yaml").read_text(encoding="utf-8")
    session = client.post("/api/sessions", json={"scenario": scenario}).get_json()["url"]
    static = {name: f"/static/{hashed}" for name, hashed in app.extensions["judge_app.static_files"].items()}
    rows = [("opcg builder HTML", "/board/opcg"), ("session page HTML", session),
            ("session JSON", f"{session}?format=json"), ("search JSON (ブロッカー, 50)", "/api/search?q=ブロッカー&limit=50"),
            ("app.css", static["app.css"]), ("board.js", static["board.js"]), ("session.js", static["session.js"])]
    print("| answer | plain | " + " | ".join(ENCODINGS) + " | Cache-Control |")
    print("| --- | ---: | " + " | ".join("---:" for _ in ENCODINGS) + " | --- |")
    for name, path in rows:
        plain = client.get(path)
        cells = []
        for enc in ENCODINGS:
            resp = client.get(path, headers={"Accept-Encoding": enc})
            got = resp.headers.get("Content-Encoding")
            cells.append(f"{len(resp.data):,}" if got == enc else "–")
        print(f"| {name} | {len(plain.data):,} | " + " | ".join(cells) +
              f" | {plain.headers.get('Cache-Control', '(none)')} |")


if __name__ == "__main__":
    main()
