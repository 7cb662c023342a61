"""Hostile requests, generated per endpoint: every one must get a 4xx that names the problem.

`REF` in a path is replaced by the reference session's id, `SLUG` by the reference ruling's slug,
`GAME` by a registered game. A case's `names` are words one of which the answer's field or message must
contain (the problem named); empty means any non-empty message will do.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

MARKUP = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&'


@dataclass
class Case:
    name: str
    method: str
    path: str
    body: bytes | None = None
    content_type: str | None = "application/json"
    names: tuple[str, ...] = ()
    form: dict | None = None
    csrf: str | None = None        # "none" | "bad": how an HTML form's token is sent
    extra: dict = field(default_factory=dict)


def j(value) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


JSON_POSTS = {
    "create": "/api/sessions",
    "step": "/api/sessions/REF/step",
    "answer": "/api/sessions/REF/answer",
    "adjust": "/api/sessions/REF/adjust",
    "undo": "/api/sessions/REF/undo",
    "ruling": "/api/rulings",
}

MALFORMED = {
    "open_brace": b"{",
    "cut_member": b'{"game": ',
    "open_array": b"[1, 2",
    "bare_word": b"nul",
    "single_quotes": b"{'game': 'opcg'}",
    "two_objects": b'{"a": 1}{"b": 2}',
    "trailing_comma": b'{"until": "step",}',
    "bad_utf8": b'{"title": "\xff\xfe"}',
    "nul_bytes": b"\x00\x00\x00",
}
NOT_OBJECTS = {"array": b"[]", "string": b'"step"', "number": b"1", "null": b"null", "true": b"true"}
WRONG_CONTENT_TYPES = {"text_plain": "text/plain", "form": "application/x-www-form-urlencoded",
                       "none": None, "xml": "application/xml"}


def deep_array(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def deep_object(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


def body_cases() -> list[Case]:
    out: list[Case] = []
    for ep, path in JSON_POSTS.items():
        for name, raw in MALFORMED.items():
            out.append(Case(f"{ep}-malformed-{name}", "POST", path, raw, names=("body", "JSON", "UTF-8")))
        for name, raw in NOT_OBJECTS.items():
            out.append(Case(f"{ep}-not-object-{name}", "POST", path, raw, names=("body", "オブジェクト")))
        for name, ctype in WRONG_CONTENT_TYPES.items():
            out.append(Case(f"{ep}-content-type-{name}", "POST", path, b'{"until": "step"}', content_type=ctype,
                            names=("Content-Type", "JSON")))
        out.append(Case(f"{ep}-deep-array", "POST", path, deep_array(100_000), names=("body",)))
        out.append(Case(f"{ep}-deep-object", "POST", path, deep_object(50_000), names=("body",)))
        out.append(Case(f"{ep}-over-size-cap", "POST", path, b'{"x": "' + b"a" * (2 * 1024 * 1024) + b'"}',
                        names=("body", "大きすぎ")))
        out.append(Case(f"{ep}-extra-field-markup", "POST", path, j({MARKUP: 1, "until": "step"}),
                        names=("不明", "unknown", "op", "decision", "session", "game", "board")))
    return out


def create_cases(game: str, board: dict) -> list[Case]:
    p = "/api/sessions"
    out = [
        Case("create-empty", "POST", p, j({}), names=("game", "board", "scenario")),
        Case("create-missing-board", "POST", p, j({"game": game}), names=("board",)),
        Case("create-missing-game", "POST", p, j({"board": board}), names=("game",)),
        Case("create-extra-field", "POST", p, j({"game": game, "board": board, "evil": 1}), names=("evil",)),
        Case("create-scenario-and-game", "POST", p, j({"game": game, "board": board, "scenario": "x"}),
             names=("game", "board", "scenario")),
        Case("create-scenario-not-yaml", "POST", p, j({"scenario": "{ : : ["}), names=("scenario",)),
        Case("create-scenario-number", "POST", p, j({"scenario": 5}), names=("scenario",)),
        Case("create-scenario-unknown-game", "POST", p, j({"scenario": {"game": "nosuch", "title": "t", "board": {}}}),
             names=("scenario", "game")),
        Case("create-title-number", "POST", p, j({"game": game, "board": board, "title": 5}), names=("title",)),
        Case("create-title-huge", "POST", p, j({"game": game, "board": board, "title": "長" * 100_000}),
             names=("title",)),
        Case("create-title-control", "POST", p, j({"game": game, "board": board, "title": "a\x00b"}), names=("title",)),
    ]
    for label, g in {"unknown": "nosuch", "upper": game.upper(), "nul": game + "\x00", "traversal": "../" + game,
                     "markup": MARKUP, "number": 1, "null": None, "list": [game], "object": {"game": game},
                     "true": True, "empty": "", "huge": "g" * 50_000}.items():
        out.append(Case(f"create-game-{label}", "POST", p, j({"game": g, "board": board, "seed": 1}), names=("game",)))
    for label, s in {"negative": -1, "too_big": 2**63, "huge_int": 10**400, "float": 1.5, "string": "1",
                     "true": True, "null": None, "list": [1], "markup": MARKUP}.items():
        out.append(Case(f"create-seed-{label}", "POST", p, j({"game": game, "board": board, "seed": s}),
                        names=("seed",)))
    out.append(Case("create-board-nested-980", "POST", p,   # parses, but deeper than the engine can walk
                    b'{"game": "%s", "seed": 1, "board": ' % game.encode() + deep_object(980) + b"}",
                    names=("board", "body")))
    out.append(Case("create-seed-nan", "POST", p, b'{"game": "%s", "board": {}, "seed": NaN}' % game.encode(),
                    names=("seed", "board", "body")))
    out.append(Case("create-seed-infinity", "POST", p, b'{"game": "%s", "seed": 1e400, "board": {}}' % game.encode(),
                    names=("seed", "board", "body")))
    for label, b in {"string": "board", "list": [], "number": 3, "null": None, "markup": MARKUP,
                     "empty_object": {}, "unknown_keys": {MARKUP: MARKUP},
                     "nested_500": json.loads(deep_object(500))}.items():
        out.append(Case(f"create-board-{label}", "POST", p, j({"game": game, "board": b, "seed": 1}),
                        names=("board",)))
    return out


def session_cases(pending_id: str | None) -> list[Case]:
    step, ans, adj, undo = (JSON_POSTS[k] for k in ("step", "answer", "adjust", "undo"))
    out = [
        Case("step-until-unknown", "POST", step, j({"until": "forever"}), names=("until",)),
        Case("step-until-markup", "POST", step, j({"until": MARKUP}), names=("until",)),
        Case("step-until-number", "POST", step, j({"until": 1}), names=("until",)),
        Case("step-until-null", "POST", step, j({"until": None}), names=("until",)),
        Case("step-until-list", "POST", step, j({"until": ["step"]}), names=("until",)),
        Case("step-extra", "POST", step, j({"until": "step", "x": 1}), names=("x",)),
        Case("answer-empty", "POST", ans, j({}), names=("decision", "value")),
        Case("answer-missing-value", "POST", ans, j({"decision": pending_id or "d1"}), names=("value",)),
        Case("answer-missing-decision", "POST", ans, j({"value": 1}), names=("decision",)),
        Case("answer-decision-number", "POST", ans, j({"decision": 1, "value": 1}), names=("decision",)),
        Case("answer-decision-null", "POST", ans, j({"decision": None, "value": 1}), names=("decision",)),
        Case("answer-decision-unknown", "POST", ans, j({"decision": "d999", "value": 1}), names=("decision",)),
        Case("answer-decision-markup", "POST", ans, j({"decision": MARKUP, "value": 1}), names=("decision",)),
        Case("answer-extra", "POST", ans, j({"decision": pending_id or "d1", "value": 1, "y": 2}), names=("y",)),
        Case("adjust-empty", "POST", adj, j({}), names=("op",)),
        Case("adjust-op-unknown", "POST", adj, j({"op": "nosuch"}), names=("op",)),
        Case("adjust-op-markup", "POST", adj, j({"op": MARKUP}), names=("op",)),
        Case("adjust-op-number", "POST", adj, j({"op": 7}), names=("op",)),
        Case("adjust-concede-no-target", "POST", adj, j({"op": "concede"}), names=("target",)),
        Case("adjust-concede-unknown-player", "POST", adj, j({"op": "concede", "target": MARKUP}), names=("target",)),
        Case("adjust-concede-target-number", "POST", adj, j({"op": "concede", "target": 3}), names=("target",)),
        Case("adjust-concede-extra", "POST", adj, j({"op": "concede", "target": "p1", "evil": 1}),
             names=("evil", "Additional", "additional")),
        Case("undo-extra", "POST", undo, j({"x": 1}), names=("x",)),
    ]
    if pending_id:
        for label, v in {"not-an-option": "__nope__", "markup": MARKUP, "object": {"a": 1}, "list": [1, 2],
                         "huge": 10**300, "null": None, "float-nan": float("inf")}.items():
            body = j({"decision": pending_id, "value": v}) if label != "float-nan" else \
                b'{"decision": "%s", "value": NaN}' % pending_id.encode()
            out.append(Case(f"answer-value-{label}", "POST", ans, body, names=("value",)))
    return out


def ruling_cases() -> list[Case]:
    p = "/api/rulings"
    out = [
        Case("ruling-empty", "POST", p, j({}), names=("session", "scenario")),
        Case("ruling-extra", "POST", p, j({"session": "REF", "x": 1}), names=("x",)),
        Case("ruling-session-and-scenario", "POST", p, j({"session": "REF", "scenario": "x"}), names=("session",)),
        Case("ruling-title-huge", "POST", p, j({"session": "REF", "title": "x" * 200_000}), names=("title",)),
        Case("ruling-title-number", "POST", p, j({"session": "REF", "title": 3}), names=("title",)),
        Case("ruling-note-list", "POST", p, j({"session": "REF", "title": "t", "note": ["a"]}), names=("note",)),
        Case("ruling-note-huge", "POST", p, j({"session": "REF", "title": "t", "note": "n" * 500_000}), names=("note",)),
        Case("ruling-title-control", "POST", p, j({"session": "REF", "title": "\x07bell"}), names=("title",)),
        Case("ruling-scenario-broken", "POST", p, j({"scenario": "game: [unclosed"}), names=("scenario",)),
    ]
    for label, sid in {"unknown": "nosuch", "markup": MARKUP, "number": 1, "null": None, "list": ["REF"],
                       "traversal": "../../etc/passwd", "huge": "s" * 100_000}.items():
        out.append(Case(f"ruling-session-{label}", "POST", p, j({"session": sid}), names=("session",)))
    return out


UNKNOWN_IDS = {"unknown": "nosuch", "markup": "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
               "traversal": "..%2F..%2Fetc%2Fpasswd", "dots": "%2e%2e", "long": "x" * 3000,
               "nul": "%00", "sql": "1%27%20OR%20%271%27%3D%271"}


def lookup_cases() -> list[Case]:
    out: list[Case] = []

    def named(*words):   # an encoded "/" makes the URL match no route: a plain 404 names the problem then
        return lambda segment: () if "%2F" in segment.upper() else words

    for label, sid in UNKNOWN_IDS.items():
        out.append(Case(f"session-get-{label}", "GET", f"/api/sessions/{sid}", content_type=None,
                        names=named("session")(sid)))
        out.append(Case(f"session-step-{label}", "POST", f"/api/sessions/{sid}/step", j({"until": "step"}),
                        names=named("session")(sid)))
        out.append(Case(f"session-page-{label}", "GET", f"/sessions/{sid}", content_type=None))
        out.append(Case(f"ruling-api-{label}", "GET", f"/api/rulings/{sid}", content_type=None,
                        names=named("slug")(sid)))
        out.append(Case(f"ruling-page-{label}", "GET", f"/r/{sid}", content_type=None))
    for label, doc in {"unknown": "nosuch", "markup": "%3Cb%3Eopcg%3C%2Fb%3E", "dots": "%2e%2e",
                       "nul": "opcg%00"}.items():
        out.append(Case(f"clause-api-doc-{label}", "GET", f"/api/clauses/{doc}/1", content_type=None,
                        names=named("doc")(doc)))
        out.append(Case(f"clause-page-doc-{label}", "GET", f"/rules/{doc}/1", content_type=None))
        out.append(Case(f"toc-page-doc-{label}", "GET", f"/rules/{doc}", content_type=None))
        out.append(Case(f"schema-game-{label}", "GET", f"/api/games/{doc}/schema", content_type=None,
                        names=named("game")(doc)))
        out.append(Case(f"board-page-game-{label}", "GET", f"/board/{doc}", content_type=None))
    for doc in ("opcg", "los", "thv", "kaiun", "kaiun-multi"):
        for label, num in {"unknown": "99-99-99" if doc in ("opcg", "kaiun", "kaiun-multi") else "99.99.99",
                           "letters": "abc", "markup": "%3Cscript%3E1%3C%2Fscript%3E", "long": "1-" * 2000 + "1",
                           "traversal": "..%2F..%2F..%2Fetc%2Fpasswd"}.items():
            out.append(Case(f"clause-api-{doc}-{label}", "GET", f"/api/clauses/{doc}/{num}", content_type=None,
                            names=named("number")(num)))
            out.append(Case(f"clause-page-{doc}-{label}", "GET", f"/rules/{doc}/{num}", content_type=None))
    return out


TRAVERSALS = [
    "/rules/../../etc/passwd", "/rules/%2e%2e/%2e%2e/etc/passwd", "/rules/opcg/../../../etc/passwd",
    "/rules/opcg/..%2f..%2f..%2fetc%2fpasswd", "/static/../judge_app/config.py", "/static/%2e%2e/pyproject.toml",
    "/static/..%2fpyproject.toml", "/static/%2e%2e%2fpyproject.toml", "/static/....//....//pyproject.toml",
    "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/clauses/opcg/../../../../etc/passwd",
    "/r/..%2f..%2finstance%2fsecret_key", "/static/%252e%252e/pyproject.toml", "/static/..\\pyproject.toml",
    "/board/..%2f..%2fpyproject.toml", "/api/games/..%2f..%2f/schema",
]


def traversal_cases() -> list[Case]:
    return [Case(f"traversal-{i}", "GET", p, content_type=None) for i, p in enumerate(TRAVERSALS)]


def method_cases() -> list[Case]:
    return [
        Case("method-put-sessions", "PUT", "/api/sessions", j({}), names=()),
        Case("method-delete-session", "DELETE", "/api/sessions/REF", None, names=()),
        Case("method-get-step", "GET", "/api/sessions/REF/step", None, content_type=None),
        Case("method-patch-rulings", "PATCH", "/api/rulings", j({}), names=()),
        Case("method-delete-ruling", "DELETE", "/api/rulings/SLUG", None, content_type=None),
        Case("method-post-docs", "POST", "/api/docs", j({}), names=()),
        Case("method-post-clause", "POST", "/api/clauses/opcg/7-1-4", j({}), names=()),
        Case("method-post-healthz", "POST", "/healthz", j({}), names=()),
        Case("method-post-favicon", "POST", "/favicon.ico", j({}), names=()),
    ]


def search_cases() -> list[Case]:
    return [
        Case("search-doc-unknown", "GET", "/api/search?q=%E3%83%A9%E3%82%A4%E3%83%95&doc=nosuch", content_type=None,
             names=("doc",)),
        Case("search-doc-markup", "GET", "/api/search?q=a&doc=%3Cscript%3E", content_type=None, names=("doc",)),
        Case("search-limit-letters", "GET", "/api/search?q=a&limit=abc", content_type=None, names=("limit",)),
        Case("search-limit-negative", "GET", "/api/search?q=a&limit=-1", content_type=None, names=("limit",)),
        Case("search-limit-float", "GET", "/api/search?q=a&limit=1.5", content_type=None, names=("limit",)),
        Case("search-page-doc-unknown", "GET", "/search?q=a&doc=nosuch", content_type=None),
        Case("search-page-doc-markup", "GET", "/search?q=a&doc=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
             content_type=None),
    ]


FORM_POSTS = ["/board/GAME", "/board/GAME/fresh", "/board/GAME/scenario", "/sessions/REF/step",
              "/sessions/REF/answer", "/sessions/REF/adjust", "/sessions/REF/undo", "/sessions/REF/save"]


def csrf_cases() -> list[Case]:
    out = []
    for path in FORM_POSTS:
        slug = path.strip("/").replace("/", "-")
        fields = {"until": "step", "title": MARKUP, "board": "{}", "seed": "1", "value": "x", "op": "concede",
                  "target": "p1"}
        out.append(Case(f"form-no-token-{slug}", "POST", path, content_type=None, form=dict(fields), csrf="none",
                        names=("csrf",)))
        out.append(Case(f"form-bad-token-{slug}", "POST", path, content_type=None, form=dict(fields), csrf="bad",
                        names=("csrf",)))
    return out


# ---- boards that break a ruleset's invariants (the rulebooks' limits the engine must refuse) -------------
def _scenario_board(game: str, name: str) -> dict:
    import yaml

    from judge_app import PROJECT_ROOT

    return yaml.safe_load((PROJECT_ROOT / "scenarios" / game / name).read_text(encoding="utf-8"))["board"]


def _opcg_boards() -> dict[str, dict]:
    import copy

    base = _scenario_board("opcg", "03_blocked_attack.yaml")
    out = {}
    b = copy.deepcopy(base)   # 3-7-6: at most 5 character cards in the character area
    chars = b["players"]["p2"]["characters"]
    b["players"]["p2"]["characters"] = [dict(chars[0], id=f"p2-c{i}") for i in range(1, 7)]
    out["six-characters"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["leader"]["life"] = -1
    out["negative-leader-life"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["life_count"] = -1
    out["negative-life-count"] = b
    b = copy.deepcopy(base)   # 5-1-2: the DON!! deck is exactly 10 cards
    b["players"]["p1"]["cost_area"] = {"active": 11, "rested": 0}
    out["eleven-don"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["characters"] = [dict(chars[0], id="p2-c1")]
    out["same-id-on-both-sides"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["leader"]["power"] = 10**30
    out["huge-power"] = b
    b = copy.deepcopy(base)
    b["turn_player"] = "p3"
    out["unknown-turn-player"] = b
    return out


def _los_boards() -> dict[str, dict]:
    import copy

    base = _scenario_board("los", "18_blocked_move_into_occupied_square.yaml")
    p1 = base["players"]["p1"]
    out = {}
    b = copy.deepcopy(base)   # 5.4: one character per character-zone square
    b["players"]["p1"]["front"][1] = [p1["front"][0], dict(p1["back"][0], id="c9")]
    out["two-cards-in-one-square"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["front"] = p1["front"] + [None]
    out["five-squares-in-a-row"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["front"][1] = dict(p1["back"][0])
    out["same-card-in-two-squares"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["back"][0] = dict(p1["back"][0], lead=["up", "sideways"])
    out["unknown-lead-icon"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["back"][0] = dict(p1["back"][0], atk=-100)
    out["negative-atk"] = b
    b = copy.deepcopy(base)
    b["players"]["p1"]["life"] = 10**12
    out["huge-life"] = b
    return out


def _generic_boards(game: str, board: dict) -> dict[str, dict]:
    import copy

    out = {}
    b = copy.deepcopy(board)
    b["players"]["p9"] = copy.deepcopy(next(iter(board["players"].values())))
    out["extra-player"] = b
    b = copy.deepcopy(board)
    b["players"] = {"p1": b["players"]["p1"]}
    out["one-player"] = b
    b = copy.deepcopy(board)
    deck = next(iter(b["players"].values()))["deck"]
    deck.append(dict(deck[0]))           # the same card (same id) twice
    out["duplicate-card-id"] = b
    b = copy.deepcopy(board)
    next(iter(b["players"].values()))["deck"] = [MARKUP]
    out["card-is-markup-string"] = b
    b = copy.deepcopy(board)
    next(iter(b["players"].values()))["deck"][0]["id"] = MARKUP
    out["card-id-markup"] = b
    b = copy.deepcopy(board)
    b["options"] = {MARKUP: True}
    out["unknown-rule-option"] = b
    return out


def invariant_cases() -> list[Case]:
    import random

    from judge_app.engine import rulesets

    out = []
    known = rulesets()
    boards: list[tuple[str, str, dict]] = []
    if "opcg" in known:
        boards += [("opcg", k, b) for k, b in _opcg_boards().items()]
    if "los" in known:
        boards += [("los", k, b) for k, b in _los_boards().items()]
    for game, r in known.items():
        boards += [(game, k, b) for k, b in _generic_boards(game, r.new_game_board(random.Random(3))).items()]
    for game, label, board in boards:
        out.append(Case(f"board-{game}-{label}", "POST", "/api/sessions", j({"game": game, "board": board, "seed": 1}),
                        names=("board",)))
    return out


def more_endpoint_cases() -> list[Case]:
    """The endpoints the families above do not reach: wrong methods, unknown keys, bad query values."""
    return [
        Case("method-post-games", "POST", "/api/games", j({}), names=()),
        Case("rulings-api-game-unknown", "GET", "/api/rulings?game=nosuch", content_type=None, names=("game",)),
        Case("rulings-api-game-markup", "GET", "/api/rulings?game=%3Cscript%3E", content_type=None, names=("game",)),
        Case("new-board-seed-negative", "GET", "/api/games/GAME/new-board?seed=-1", content_type=None, names=("seed",)),
        Case("new-board-seed-letters", "GET", "/api/games/GAME/new-board?seed=abc", content_type=None, names=("seed",)),
        Case("new-board-seed-huge", "GET", "/api/games/GAME/new-board?seed=" + "9" * 40, content_type=None,
             names=("seed",)),
        Case("new-board-game-unknown", "GET", "/api/games/nosuch/new-board", content_type=None, names=("game",)),
        Case("method-post-board-index", "POST", "/board", None, content_type=None),
        Case("form-no-token-board-render", "POST", "/board/GAME/render", content_type=None,
             form={"board": "{}"}, csrf="none", names=("csrf",)),
        # quick entry (issue 25): a line of the game's notation, as JSON and as a plain form
        Case("notation-not-a-string", "POST", "/board/GAME/notation", j({"text": 12}), names=("text", "notation")),
        Case("notation-missing", "POST", "/board/GAME/notation", j({}), names=("text", "notation")),
        Case("notation-markup", "POST", "/board/GAME/notation", j({"text": MARKUP}), names=("notation",)),
        Case("notation-control-chars", "POST", "/board/GAME/notation", j({"text": "p1 \u0000\u202e turn 3"}),
             names=("notation",)),
        Case("notation-huge", "POST", "/board/GAME/notation", j({"text": "x" * 300_000}),
             names=("notation", "text", "body")),
        Case("form-no-token-board-notation", "POST", "/board/GAME/notation", content_type=None,
             form={"text": "x"}, csrf="none", names=("csrf",)),
        Case("method-post-home", "POST", "/", None, content_type=None),
        Case("method-post-rules-index", "POST", "/rules/", None, content_type=None),
        Case("method-post-rules-noslash", "POST", "/rules", None, content_type=None),
        Case("toc-slash-unknown-doc", "GET", "/rules/nosuch/", content_type=None, extra={"follow": True}),
        Case("form-no-token-ruling-continue", "POST", "/r/SLUG/continue", content_type=None, form={}, csrf="none",
             names=("csrf",)),
        Case("form-bad-token-ruling-continue", "POST", "/r/SLUG/continue", content_type=None, form={}, csrf="bad",
             names=("csrf",)),
        Case("ruling-export-unknown", "GET", "/r/nosuch/scenario.yaml", content_type=None),
        Case("method-post-rulings-page", "POST", "/rulings", None, content_type=None),
        Case("form-no-token-ruling-import", "POST", "/rulings/import", content_type=None,
             form={"scenario": "game: opcg", "title": MARKUP}, csrf="none", names=("csrf",)),
        Case("changes-doc-unknown", "GET", "/rules/nosuch/changes?format=json", content_type=None, names=("doc",)),
        Case("changes-from-unknown", "GET", "/rules/opcg/changes?from=ver.0&format=json", content_type=None,
             names=("from",)),
        Case("changes-to-markup", "GET", "/rules/opcg/changes?to=%3Cscript%3Ealert(1)%3C/script%3E",
             content_type=None, names=("to",)),
        Case("clause-edition-unknown", "GET", "/api/clauses/opcg/7-1-4?edition=nosuch", content_type=None,
             names=("edition",)),
        Case("clause-edition-markup", "GET", "/rules/opcg/7-1-4?edition=%3Cscript%3Ealert(1)%3C/script%3E",
             content_type=None, names=("edition", "版")),
        Case("ruling-replay-unknown", "GET", "/r/nosuch/replay", content_type=None),
        Case("method-post-ruling-replay", "POST", "/r/SLUG/replay", None, content_type=None),
        Case("glossary-api-doc-unknown", "GET", "/api/glossary/nosuch", content_type=None, names=("doc",)),
        Case("glossary-page-doc-markup", "GET", "/glossary/%3Cscript%3E", content_type=None),
        Case("session-view-since-letters", "GET", "/sessions/REF/view?since=abc&format=json", content_type=None,
             names=("since",)),
        Case("session-view-unknown", "GET", "/sessions/nosuch/view", content_type=None),
        Case("adjust-fields-op-unknown", "GET", "/sessions/REF/adjust-fields?op=nosuch&format=json", content_type=None,
             names=("op",)),
        Case("adjust-fields-prefix-markup", "GET", "/sessions/REF/adjust-fields?op=x&prefix=%3Cscript%3E",
             content_type=None, names=("prefix",)),
        Case("answer-then-markup", "POST", JSON_POSTS["answer"], j({"decision": "d1", "value": 1, "then": MARKUP}),
             names=("then",)),
    ]


def offline_cases() -> list[Case]:
    """The offline copy's routes (issue 41): the worker, the offline pages, a session's notation line."""
    return [
        Case("method-post-sw", "POST", "/sw.js", None, content_type=None),
        Case("method-post-offline", "POST", "/offline", None, content_type=None),
        Case("method-post-offline-search", "POST", "/offline/search", None, content_type=None),
        Case("notation-session-unknown", "GET", "/api/sessions/nosuch/notation", content_type=None, names=("session",)),
        Case("method-post-session-notation", "POST", "/api/sessions/REF/notation", j({}), names=()),
    ]


def document_and_window_cases() -> list[Case]:
    """The API document (issue 40) and a ruling's window (issue 36): wrong methods, unknown rulings, bad ends."""
    return [
        Case("method-post-openapi", "POST", "/api/openapi.json", j({}), names=()),
        Case("window-page-unknown-ruling", "POST", "/r/nosuch/window", None, content_type=None, names=()),
        Case("window-api-unknown-ruling", "POST", "/api/rulings/nosuch/window", j({"window_end": 1}), names=()),
        Case("window-api-not-a-number", "POST", "/api/rulings/nosuch/window", j({"window_end": MARKUP}), names=()),
    ]
