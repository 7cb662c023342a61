"""A fixed walk over every route, as HTML and as JSON, reduced to what must not change when the code is moved.

    .venv/bin/python -m tests.web.route_walk --write          # record tests/web/fixtures/route_snapshot.json
    .venv/bin/python -m tests.web.route_walk --dump DIR       # every masked answer as a file, to diff two trees

tests/web/test_route_snapshot.py walks again and compares. Regenerate with `--write` only when a change alters
behaviour on purpose, and say so in its commit. The walk runs on a copy of the corpus (the opcg fixture edition is
imported half-way, so the review banner, the replay and the edition pages are walked too), a fresh SQLite file, the
toy ruleset beside the five, and fixed seeds. Each answer keeps its status, content type, Location, Link, Vary,
whether it set a cookie, and a digest and length of its body with the volatile parts masked: session ids and slugs
(named by order of appearance), the CSRF token, timestamps and timings, and the content hash in static files' names
(`app.<12 hex>.css` → `app.<hash>.css`, which changes with every edit of the file). Bodies up to 600 characters are
kept whole.
"""
from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "web" / "fixtures" / "route_snapshot.json"
GAMES = ("kaiun", "kaiun-multi", "opcg", "los", "thv")
KEEP_WHOLE = 600
NOTATION_LINES = {"opcg": "T3 メイン p1 p1: C[ゾロ(5000 c3)] DON3 p2: ライフ2", "kaiun": "T3 バトル p1: BA[(パー 6/2)] p2: B0",
                  "kaiun-multi": "T3 バトル 親p1 p1: BA[(チョキ)] p2: B0 p3:",
                  "los": "T3 メイン p1 p1: F[- - - (400/100/200 ↑)] p2:", "thv": "T3 メイン p1 p1: F[(キャラ 3/3 g2)] p2:"}

_CSRF = re.compile(r'(name="csrf" value=")[^"]*(")')
_STAMP = re.compile(r'("(?:created|updated|seconds)"\s*:\s*)-?[0-9][0-9.eE+-]*')
_WHEN = re.compile(r"\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}\b")
_MS = re.compile(r"比較 \d+ ms")
_STATIC_HASH = re.compile(r"(/static/[^\"'\s?#<>]*?)\.[0-9a-f]{12}(\.[A-Za-z0-9]+)?(?=[\"'\s?#<>]|$)")


class Walk:
    """One client; every request is recorded as a row."""

    def __init__(self, client):
        self.client, self.rows, self.ids, self.dumped = client, [], {}, []
        self.api_answers = []   # (method, path, request kw, response) of every /api/ request: tests/web/test_openapi.py

    # ---- masking -------------------------------------------------------------------------------------------
    def name(self, value: str, kind: str) -> None:
        if value and value not in self.ids:
            self.ids[value] = f"<{kind}{sum(1 for v in self.ids.values() if v.startswith('<' + kind)) + 1}>"

    def mask(self, text: str) -> str:
        for raw, placeholder in sorted(self.ids.items(), key=lambda kv: -len(kv[0])):
            text = text.replace(raw, placeholder)
        text = _CSRF.sub(r"\1<csrf>\2", text)
        text = _STAMP.sub(r'\1"<time>"', text)
        text = _STATIC_HASH.sub(lambda m: f"{m[1]}.<hash>{m[2] or ''}", text)
        return _MS.sub("比較 <ms> ms", _WHEN.sub("<when>", text))

    # ---- requests ------------------------------------------------------------------------------------------
    def open(self, method: str, path: str, label: str | None = None, **kw):
        resp = self.client.open(path, method=method, **kw)
        if path.startswith("/api/"):
            self.api_answers.append((method, path, kw, resp))
        body = resp.get_data(as_text=True)
        self._learn(resp, body)
        masked = self.mask(body)
        row = {"req": label or f"{method} {self.mask(path)}", "status": resp.status_code,
               "type": resp.mimetype, "location": self.mask(resp.headers.get("Location", "")) or None,
               "link": self.mask(resp.headers.get("Link", "")) or None, "vary": resp.headers.get("Vary"),
               "cookie": "Set-Cookie" in resp.headers,
               "sha256": hashlib.sha256(masked.encode("utf-8")).hexdigest()[:20], "chars": len(masked)}
        if len(masked) <= KEEP_WHOLE:
            row["body"] = masked
        self.rows.append(row)
        self.dumped.append((row["req"], masked))
        return resp

    def _learn(self, resp, body: str) -> None:
        """Session ids and slugs the answer reveals get stable names before anything is masked."""
        for m in re.finditer(r"/(sessions|r)/([A-Za-z0-9_-]{8,})", resp.headers.get("Location", "")):
            self.name(m.group(2), "sid" if m.group(1) == "sessions" else "slug")
        if resp.mimetype == "application/json":
            data = resp.get_json(silent=True)
            if isinstance(data, dict):
                if isinstance(data.get("id"), str) and "version" in data:
                    self.name(data["id"], "sid")
                if isinstance(data.get("slug"), str):
                    self.name(data["slug"], "slug")
                for item in data.get("rulings") or []:
                    if isinstance(item, dict) and isinstance(item.get("slug"), str):
                        self.name(item["slug"], "slug")

    def get(self, path: str, **kw):
        return self.open("GET", path, **kw)

    def twins(self, path: str) -> None:
        """A page as HTML, as `?format=json`, and by an Accept header preferring JSON."""
        self.get(path)
        self.get(path + ("&" if "?" in path else "?") + "format=json")
        self.get(path, label=f"GET {self.mask(path)} [Accept json]", headers={"Accept": "application/json"})

    def api(self, path: str, body=None, method: str = "POST"):
        return self.open(method, path, json=body if body is not None else {})

    def raw(self, path: str, data, content_type: str, label: str):
        return self.open("POST", path, label=label, data=data, content_type=content_type)

    def form(self, path: str, data: dict, csrf: bool = True):
        data = dict(data, csrf=self.token()) if csrf else data
        return self.open("POST", path, label=f"POST {self.mask(path)} form {sorted(k for k in data if k != 'csrf')}",
                         data=data)

    def token(self) -> str:
        html = self.client.get("/board/toy").get_data(as_text=True)
        return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


# ---- the walk -------------------------------------------------------------------------------------------------
def walk_rules(w: Walk) -> None:
    from judge_app.corpus import get_corpus

    for path in ("/", "/healthz", "/favicon.ico", "/rules", "/rules/", "/api/docs", "/rules/nope", "/rules/OPCG",
                 "/rules/opcg/", "/rules/opcg/７－１－４．", "/rules/opcg/7.1.4", "/api/clauses/opcg/７－１－４",
                 "/rules/opcg/99-99", "/rules/opcg/abc", "/rules/OPCG/7-1-4", "/rules/kaiun-multi/9-3",
                 "/api/clauses/kaiun-multi/9-3", "/rules/los/5.5.1.II", "/rules/thv/6-2-4-b", "/api/clauses/nope/1",
                 "/rules/opcg/7-1-4?edition=nope", "/rules/opcg?edition=nope"):
        w.get(path)
    for path in ("/", "/rules/"):
        w.twins(path)
    for doc in get_corpus().docs.values():
        w.twins(f"/rules/{doc.key}")
        w.twins(f"/rules/{doc.key}?expand=1")
        ids = list(doc.clauses)
        for cid in ids[::max(1, len(ids) // 6)][:7] + ids[-1:]:
            number = cid.split(":", 1)[1]
            w.twins(f"/rules/{doc.key}/{number}")
            w.get(f"/rules/{doc.key}/{number}?expand=1")
            w.get(f"/api/clauses/{doc.key}/{number}")


def walk_search(w: Walk) -> None:
    for q in ("7-1-4", "ブロッカー", "手札は何枚まで持てる？", "墓地", "！？", "", "AND OR \"*", "x" * 250):
        w.twins(f"/search?q={q}")
        w.get(f"/api/search?q={q}&limit=5")
    for query in ("q=アタック&doc=opcg", "q=アタック&doc=nope", "q=a&limit=0", "q=a&limit=x", "q=9-3&doc=kaiun-multi"):
        w.get(f"/search?{query}")
        w.get(f"/api/search?{query}")
    # issue 25: more results with their count; the rulebook filter remembered (a cookie) and forgotten
    for query in ("q=ブロッカー&limit=20", "q=ブロッカー&limit=50", "q=ブロッカー&limit=51", "q=ブロッカー&doc=kaiun"):
        w.twins(f"/search?{query}")
    for path in ("/", "/?doc=kaiun", "/", "/search?q=ブロッカー", "/?doc=", "/", "/?doc=nope"):
        w.get(path)
    for doc in (*GAMES, "nope"):
        w.twins(f"/glossary/{doc}")
        w.get(f"/api/glossary/{doc}")


def walk_boards(w: Walk) -> None:
    w.twins("/board")
    w.get("/api/games")
    w.get("/api/openapi.json")
    for game in (*GAMES, "toy"):
        w.twins(f"/board/{game}?seed=7")
        w.get(f"/api/games/{game}/schema")
        w.get(f"/api/games/{game}/new-board?seed=3")
        board = w.client.get(f"/api/games/{game}/new-board?seed=3").get_json()["board"]
        w.open("POST", f"/board/{game}/render", json={"board": board})
    for path in ("/board/nope", "/board/toy?seed=x", "/board/toy?seed=-1", "/api/games/nope/schema",
                 "/api/games/nope/new-board", "/api/games/toy/new-board?seed=x", "/api/games/toy/new-board?seed=-1",
                 "/board/opcg?scenario=nope", "/board/opcg?scenario=../../etc/passwd"):
        w.get(path)
    for game in GAMES:
        first = sorted((ROOT / "scenarios" / game).glob("*.yaml"))[0].stem
        w.twins(f"/board/{game}?scenario={first}")
    for body in ({"board": []}, {"board": {"players": 1}}, {}, {"board": {}, "x": 1}):
        w.api("/board/toy/render", body)
    w.api("/board/nope/render", {"board": {}})
    w.raw("/board/toy/render", "board=1", "application/x-www-form-urlencoded", "POST /board/toy/render as a form")
    # issue 25: the fresh game beside the mid-game start, quick entry (the notation) as JSON and as a form
    lines = NOTATION_LINES
    for game in GAMES:
        w.twins(f"/board/{game}?seed=7&fresh=1")
        w.api(f"/board/{game}/notation", {"text": lines[game]})
        w.api(f"/board/{game}/notation", {"text": lines[game] + " Q7"})
    for body in ({"text": 5}, {"text": ""}, {}, {"text": "T3", "x": 1}):
        w.api("/board/opcg/notation", body)
    w.api("/board/toy/notation", {"text": "T3"})
    w.api("/board/nope/notation", {"text": "T3"})
    w.form("/board/opcg/notation", {"text": lines["opcg"]})
    w.form("/board/opcg/notation", {"text": "T3 メイン p1 p1: Q7 p2:"})
    w.form("/board/opcg/notation", {"text": lines["opcg"]}, csrf=False)


def toy_board() -> dict:
    return {"players": {"p1": {"points": 0}, "p2": {"points": 0}}, "target": 2}


def walk_forms(w: Walk) -> None:
    """The builder and session pages through their plain forms (CSRF token included)."""
    board = json.dumps(toy_board())
    for data in ({"board": "{nope"}, {"board": "[]"}, {"board": board, "seed": "abc"}, {"board": board, "seed": "-5"},
                 {"board": json.dumps({"players": {"p1": {"points": 0}}}), "seed": "1"}):
        w.form("/board/toy", data)
    w.form("/board/toy", {"board": board, "seed": "1"}, csrf=False)
    w.form("/board/nope", {"board": board})
    sid = w.form("/board/toy", {"board": board, "seed": "3", "title": "フォーム"}).headers["Location"].rsplit("/", 1)[1]
    base = f"/sessions/{sid}"
    w.twins(base)
    for path, data in ((f"{base}/step", {"until": "nope"}), (f"{base}/answer", {"decision": "d1", "value": '"heads"'}),
                       (f"{base}/answer", {"decision": "d1"}), (f"{base}/answer", {"value": "{"}),
                       (f"{base}/adjust", {"op": "points", "target": "p1", "value": "x"}),
                       (f"{base}/adjust", {"op": "nope"}), (f"{base}/undo", {}), (f"{base}/save", {"title": ""}),
                       (f"{base}/step", {"until": "decision"}), (f"{base}/answer", {"decision": "d1", "value": '"edge"'}),
                       (f"{base}/answer", {"decision": "d1", "value": '"heads"'}),
                       (f"{base}/adjust", {"op": "points", "target": "p2", "value": "3"}),
                       (f"{base}/step", {"until": "step"}), (f"{base}/undo", {}), (f"{base}/step", {"until": "end"}),
                       ("/sessions/nope/step", {"until": "step"}), ("/sessions/nope/save", {"title": "t"})):
        w.form(path, data)
    w.form(f"{base}/step", {"until": "step"}, csrf=False)
    w.twins(base)
    w.get(f"{base}?entry=2")
    w.get(f"{base}?entry=99")
    w.get(f"{base}?all=1")
    w.twins("/sessions/nope")
    w.form(f"{base}/save", {"title": "フォームの裁定", "note": "一行目\n二行目"})
    for game, name, play in (("opcg", None, "1"), ("opcg", None, "0"), ("opcg", None, "load"), ("opcg", "nope", "1")):
        name = name or sorted((ROOT / "scenarios" / game).glob("*.yaml"))[0].stem
        w.form(f"/board/{game}/scenario", {"name": name, "play": play})
    w.form("/board/kaiun/fresh", {"seed": "9"})
    w.form("/board/kaiun/fresh", {"seed": "x"})


def walk_api_sessions(w: Walk) -> None:
    """Each game's fresh board through the JSON API: create, step, answer, step on, undo, save."""
    for game in (*GAMES, "toy"):
        board = w.client.get(f"/api/games/{game}/new-board?seed=3").get_json()["board"]
        sid = w.api("/api/sessions", {"game": game, "board": board, "seed": 3, "title": game}).get_json()["id"]
        base = f"/api/sessions/{sid}"
        for _ in range(4):   # to each decision, answered with its first option
            pending = w.api(f"{base}/step", {"until": "decision"}).get_json().get("pending")
            if pending:
                w.api(f"{base}/answer", {"decision": pending["id"], "value": pending["options"][0]["value"]})
        w.api(f"{base}/step", {"until": "phase"})
        w.api(f"{base}/step", {"until": "turn"})
        w.api(f"{base}/undo")
        w.api(f"{base}/step", {})
        w.get(base)
        w.twins(f"/sessions/{sid}")
        w.api("/api/rulings", {"session": sid, "title": f"{game} の裁定", "note": "メモ"})
    for game, line in NOTATION_LINES.items():   # issue 40: the builder's one-line notation, started through the API
        sid = w.api("/api/sessions", {"game": game, "notation": line, "seed": 5}).get_json()["id"]
        w.api(f"/api/sessions/{sid}/step", {"until": "decision"})
    for game in GAMES:
        scenario = sorted((ROOT / "scenarios" / game).glob("*.yaml"))[0].read_text(encoding="utf-8")
        w.api("/api/sessions", {"scenario": scenario})
        w.api("/api/sessions", {"scenario": scenario, "play": False})
        w.api("/api/rulings", {"scenario": scenario})
    walk_api_errors(w)


def walk_api_errors(w: Walk) -> None:
    sid = w.api("/api/sessions", {"game": "toy", "board": toy_board(), "seed": 3}).get_json()["id"]
    base = f"/api/sessions/{sid}"
    for body in ([], {"game": "toy"}, {"board": {}}, {"game": "nope", "board": {}}, {"game": "toy", "board": {}},
                 {"game": "toy", "board": toy_board(), "seed": -1}, {"game": "toy", "board": toy_board(), "seed": "1"},
                 {"game": "toy", "board": toy_board(), "x": 1}, {"game": "toy", "board": toy_board(), "play": True},
                 {"scenario": "game: ["}, {"scenario": 1}, {"scenario": "game: toy", "game": "toy"},
                 {"scenario": "x", "play": "yes"}, {"game": "toy", "board": toy_board(), "title": 5},
                 {"game": "opcg", "notation": "T3 メイン p1 p1: Q7 p2:"}, {"game": "opcg", "notation": 5},
                 {"game": "opcg", "notation": "T3", "board": {}}, {"game": "toy", "notation": "T3"},
                 {"scenario": "x", "notation": "T3"}):
        w.api("/api/sessions", body)
    w.raw("/api/sessions", "{nope", "application/json", "POST /api/sessions bad json")
    w.raw("/api/sessions", b"\xff\xfe", "application/json", "POST /api/sessions not utf-8")
    w.raw("/api/sessions", "game=toy", "application/x-www-form-urlencoded", "POST /api/sessions as a form")
    w.raw("/api/sessions", "x" * (1024 * 1024 + 10), "application/json", "POST /api/sessions over the cap")
    w.raw("/board/toy", "x" * (1024 * 1024 + 10), "application/x-www-form-urlencoded", "POST /board/toy over the cap")
    for path, body in ((f"{base}/step", {"until": "nope"}), (f"{base}/step", {"until": "step", "x": 1}),
                       (f"{base}/answer", {"decision": 1, "value": "heads"}), (f"{base}/answer", {"value": "heads"}),
                       (f"{base}/answer", {"decision": "d1", "value": "heads"}), (f"{base}/adjust", {"op": "nope"}),
                       (f"{base}/adjust", {"op": "points", "target": "p1", "value": 1, "x": 2}),
                       (f"{base}/adjust", {"op": "points", "target": "p1", "value": "x"}), (f"{base}/undo", {}),
                       (f"{base}/adjust", {"op": "points", "target": "p1", "value": 1}),
                       ("/api/sessions/nope/step", {}), ("/api/sessions/nope/undo", {}),
                       ("/api/rulings", {}), ("/api/rulings", {"session": "nope", "title": "t"}),
                       ("/api/rulings", {"session": sid, "title": ""}), ("/api/rulings", {"session": sid, "title": 1}),
                       ("/api/rulings", {"session": sid, "title": "t", "note": "\x01"}),
                       ("/api/rulings", {"session": sid, "scenario": "x"}), ("/api/rulings", {"scenario": "game: ["})):
        w.api(path, body)
    w.raw(f"{base}/undo", "", "text/plain", "POST undo as text")
    for path in ("/api/sessions/nope", "/api/rulings?game=nope", "/api/rulings/nope", "/nope", "/api/nope"):
        w.get(path)
    w.open("DELETE", "/healthz")
    w.open("GET", "/api/sessions")
    w.open("PUT", f"{base}/step")


def walk_rulings(w: Walk) -> None:
    slugs = [s for s, v in w.ids.items() if v.startswith("<slug")]
    for query in ("", "?game=toy", "?game=nope", "?review=1"):
        w.twins(f"/rulings{query}")
        w.get(f"/api/rulings{query}")
    for slug in slugs:
        w.twins(f"/r/{slug}")
        w.get(f"/api/rulings/{slug}")
        w.twins(f"/r/{slug}/replay")
        w.get(f"/r/{slug}/scenario.yaml")
    first = slugs[0]
    w.get(f"/r/{first}?entry=1")
    w.get(f"/r/{first}?all=1")
    w.form(f"/r/{first}/continue", {})
    w.form("/r/nope/continue", {})
    for path in ("/r/nope", "/r/nope/replay", "/r/nope/scenario.yaml"):
        w.twins(path)
    exported = w.client.get(f"/r/{first}/scenario.yaml").get_data(as_text=True)
    for data in ({"scenario": exported}, {"scenario": exported, "title": "題", "note": "注"}, {"scenario": ""},
                 {"scenario": "game: ["}, {"scenario": "x" * (512 * 1024 + 1)}):
        w.form("/rulings/import", data)


def walk_editions(w: Walk, corpus_dir: Path) -> None:
    """After the opcg fixture edition is imported: the changes page, old editions' pages, and the review."""
    from tests.web.editions_env import import_fixture

    import_fixture(corpus_dir)
    w.get("/api/docs")
    for path in ("/rules/opcg/changes", "/rules/opcg/changes?from=ver.1.1.6&to=ver.1.1.7",
                 "/rules/opcg/changes?from=ver.1.1.7&to=ver.1.1.7", "/rules/opcg/7-1-4-1?edition=ver.1.1.6",
                 "/rules/opcg/7-1-4-1", "/rules/opcg/7-1-5-5?edition=ver.1.1.6", "/rules/opcg?edition=ver.1.1.6"):
        w.twins(path)
    for path in ("/rules/opcg/changes?from=nope", "/rules/nope/changes", "/rules/opcg/7-1-4-1?edition=nope",
                 "/api/clauses/opcg/7-1-4-1?edition=ver.1.1.6", "/rules/kaiun/changes"):
        w.get(path)
    walk_rulings(w)


def walk(client, corpus_dir: Path) -> Walk:
    w = Walk(client)
    for part in (walk_rules, walk_search, walk_boards, walk_forms, walk_api_sessions, walk_rulings):
        part(w)
    walk_editions(w, corpus_dir)
    return w


def run(tmp: Path) -> Walk:
    """The walk on a fresh app over a copy of the corpus (the toy ruleset registered beside the five)."""
    from judge_app import create_app
    from judge_app.engine import registry
    from tests.engine.toy import RULESET as TOY
    from tests.web.editions_env import corpus_env

    real = registry.rulesets
    known = dict(real())
    registry.rulesets = lambda: {**known, "toy": TOY}
    try:
        with corpus_env(tmp / "corpus") as corpus:
            app = create_app({"TESTING": True, "SECRET_KEY": "route-walk", "DATABASE": str(tmp / "db.sqlite3"),
                              "INDEX_DIR": str(tmp / "index")})
            return walk(app.test_client(), corpus)
    finally:
        registry.rulesets = real


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="route-walk-") as tmp:
        w = run(Path(tmp))
    if "--write" in argv:
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        FIXTURE.write_text("[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in w.rows) + "\n]\n",
                           encoding="utf-8")
        print(f"{len(w.rows)} answers written to {FIXTURE.relative_to(ROOT)}")
    if "--dump" in argv:
        out = Path(argv[argv.index("--dump") + 1])
        out.mkdir(parents=True, exist_ok=True)
        for i, (req, body) in enumerate(w.dumped):
            (out / f"{i:04d}.txt").write_text(req + "\n" + body, encoding="utf-8")
        print(f"{len(w.dumped)} answers dumped to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
