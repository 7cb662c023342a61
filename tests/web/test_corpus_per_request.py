"""The rulebooks' manifest is looked at once per request (issue 39: a page read it 3 to 15 times), and an import
between two requests is seen by the second (nothing stale)."""
from urllib.parse import quote

from judge_app import corpus, create_app
from judge_app.corpus import manifest
from tests.web.editions_env import corpus_env, import_fixture


def test_one_look_at_the_manifest_per_request(client, monkeypatch):
    urls = ("/rules/opcg/7-1-4", "/rules/opcg/changes?format=json", "/api/docs", "/board/opcg?seed=3",
            f"/api/search?q={quote('ブロッカー')}")
    for url in urls:   # the first time: what is parsed once per process (an edition's diff) reads its own
        client.get(url)
    looks = []
    real = manifest.stamp
    monkeypatch.setattr(manifest, "stamp", lambda d: looks.append(d) or real(d))
    for url in urls:
        looks.clear()
        assert client.get(url).status_code == 200
        assert len(looks) == 1, url
    looks.clear()
    assert corpus.get_corpus() is corpus.get_corpus() and len(looks) == 2   # outside a request: every call looks


def test_an_import_between_two_requests_is_seen_by_the_second(tmp_path):
    with corpus_env(tmp_path / "corpus") as directory:
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "db.sqlite3"),
                          "INDEX_DIR": str(tmp_path / "index")})
        client = app.test_client()
        docs = {d["key"]: d for d in client.get("/api/docs").get_json()["docs"]}
        assert docs["opcg"]["version"] == "ver.1.1.6"
        import_fixture(directory)
        docs = {d["key"]: d for d in client.get("/api/docs").get_json()["docs"]}
        assert docs["opcg"]["version"] == "ver.1.1.7"
        assert client.get("/rules/opcg/10-1-6-2?format=json").get_json()["edition"]["version"] == "ver.1.1.7"
