"""The JSON API's bodies and answers as JSON Schemas, built from what the app itself validates with: the engine's
trace entry and decision (`engine.json_schemas`), the scenario file (`scenarios.SCENARIO_SCHEMA`), each ruleset's
board schema and adjustment params, and the limits of `application.inputs`. `json_body` reads an endpoint's keys
from its body schema here, and web/api_doc.py puts them all in the OpenAPI document (`GET /api/openapi.json`)."""
from __future__ import annotations

import copy

from judge_app import safe_yaml
from judge_app.application import games
from judge_app.application.inputs import NOTE_MAX, TITLE_MAX
from judge_app.engine import UNTIL
from judge_app.engine.bounds import SEED_MAX
from judge_app.engine.json_schemas import CLAUSE_ID, DECISION, TRACE_ENTRY, verdict_schema
from judge_app.scenarios import SCENARIO_SCHEMA

NULLABLE_STRING = {"type": ["string", "null"]}
UNTIL_WORD = {"enum": list(UNTIL), "description": "1 手順、次の決定、フェイズの終わり、ターンの終わり、ゲームの終わりまで"}
SEED = {"type": "integer", "minimum": 0, "maximum": SEED_MAX, "description": "乱数の種。省略すると無作為に決まる"}
PRINTABLE = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$"   # no control character but tab and newlines
TITLE = {"type": "string", "maxLength": TITLE_MAX, "pattern": PRINTABLE}
NOTE = {"type": "string", "maxLength": NOTE_MAX, "pattern": PRINTABLE}
SCENARIO_TEXT = {"type": "string", "maxLength": safe_yaml.MAX_BYTES, "description": "シナリオファイルの YAML"}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(properties: dict, required: tuple[str, ...] = (), description: str = "") -> dict:
    out = {"type": "object", "required": list(required), "additionalProperties": False, "properties": properties}
    return dict(out, description=description) if description else out


def closed(properties: dict) -> dict:
    """An object with exactly these fields."""
    return _object(properties, tuple(properties))


def without_dialect(schema: dict) -> dict:
    """A copy of a published schema to embed in the document (which names the dialect once for all)."""
    out = copy.deepcopy(schema)
    out.pop("$schema", None)
    return out


def board_schema(ruleset) -> dict:
    return dict(without_dialect(ruleset.board_schema), title=f"{ruleset.title} 盤面")


# ---- what the engine emits, as the API shows it ------------------------------------------------------------------
def shown(schema: dict) -> dict:
    """An engine schema as the API shows it: a cited clause may name the edition it is read in (`rule_edition`,
    added by application/citations.py when that is not the current one)."""
    out = without_dialect(schema)
    out["properties"]["rule_edition"] = {"type": "string", "description": "rule の条文の版（現行版でないとき）"}
    withheld = out["properties"].get("withheld")
    if withheld:
        withheld["items"]["properties"]["rule_edition"] = out["properties"]["rule_edition"]
    return out


def pending_schema() -> dict:
    out = shown(DECISION)
    out["description"] = (
        "開いている決定。`POST /api/sessions/{sid}/answer` に `decision` としてこの `id` を、`value` として "
        "`options` のどれかの `value` を送る。`withheld` はいまは取れない行動とそれを禁じる条文: その値を答えると "
        "422（`rule` つき）で、何も変わらない。新しいセッションは step するまで決定を持たない（null）。")
    return out


UNDO = {"oneOf": [{"type": "null"}, _object({"items": {"type": "integer", "minimum": 1},
                                              "entries": {"type": "integer", "minimum": 0},
                                              "words": {"type": "string"}, "label": {"type": "string"}},
                                             ("items", "entries", "words", "label"))],
        "description": "次の「元に戻す」が取り消すもの（なければ null）"}

# A game's JSON (application/game_json.py): the same fields on a session and a ruling.
GAME_FIELDS = {
    "seed": SEED, "board": {"type": "object", "description": "初期盤面（そのゲームの盤面スキーマ）"},
    "answers": {"type": "array", "description": "回答・手順・調整の列（再生の材料）"},
    "state": {"type": "object", "description": "いまの状態（at_once: 同時に発動して順番を待つ効果 {rule, effects, last}、なければ null）"},
    "trace": {"type": "array", "items": ref("TraceEntry")},
    "pending": {"oneOf": [{"type": "null"}, ref("Decision")]},
    "winner": NULLABLE_STRING, "finished": {"type": "boolean"}, "halted": NULLABLE_STRING,
    "options": {"type": "object", "description": "ルールの選択肢（盤面の options と既定値）"},
    "adjustments": {"type": "array", "items": ref("AdjustmentSpec")},
    "players": {"type": "array", "items": {"type": "string"}},
    "trace_length": {"type": "integer", "minimum": 0},
}
STAMP = {"type": "number", "description": "UNIX 時刻（秒）"}


def session_schema() -> dict:
    props = {"id": {"type": "string"}, "url": {"type": "string", "description": "セッションのページ"},
             "title": {"type": "string"}, "game": {"type": "string"},
             "game_title": {"type": "string", "description": "ゲームの名前"},
             "version": {"type": "integer", "description": "保存のたびに増える（同時更新の検出）"},
             "created": STAMP, "updated": STAMP, **GAME_FIELDS, "undo": UNDO}
    return _object(props, tuple(props), "セッション: 盤面・種・回答から再生した状態と手順の記録、開いている決定")


def change_schema() -> dict:
    props = {"id": {"type": "string"}, "version": {"type": "integer"},
             "entries": {"type": "array", "items": ref("TraceEntry"), "description": "この操作で増えた手順"},
             "trace_length": {"type": "integer", "minimum": 0,
                              "description": "手順の総数: 記録は trace[:trace_length - len(entries)] + entries"},
             **{k: GAME_FIELDS[k] for k in ("state", "pending", "answers", "winner", "finished", "halted")},
             "undo": UNDO}
    return _object(props, tuple(props), "操作の結果: 新しい手順と、いまの状態・決定")


def adjustment_spec_schema() -> dict:
    return _object({"op": {"type": "string"}, "label": {"type": "string"}, "rule": CLAUSE_ID,
                    "params": {"type": "object", "description": "パラメータの JSON Schema properties"},
                    "required": {"type": "array", "items": {"type": "string"}}},
                   ("op", "label", "rule", "params", "required"))


# ---- rulings -------------------------------------------------------------------------------------------------------
SHOWN_CLAUSE = _object({"rule": CLAUSE_ID, "rule_edition": {"type": "string"}}, ("rule",))


def verdict_shown() -> dict:
    """The engine's verdict as a ruling shows it: its clauses in the ruling's editions, with the judge's question."""
    out = verdict_schema(SHOWN_CLAUSE, shown=True)
    out["properties"]["question"] = {**NULLABLE_STRING, "description": "審判が答える質問（その人の言葉で）"}
    out["required"].append("question")
    return dict(out, description="裁定が決めたこと: 判定の範囲の答え・変化・拒否・結果・条文、次の決定")


REVIEW = _object({"needs_review": {"type": "boolean"}, "made_under": {"type": "object"}, "current": {"type": "object"},
                  "clauses": {"type": "array", "items": {"type": "object", "required": ["id", "doc", "kind"]}},
                  "problems": {"type": "array", "items": {"type": "string"}}},
                 ("needs_review", "made_under", "current", "clauses", "problems"),
                 "現行版で変わった、裁定が引用する条文")
RULING_LINKS = {"url": {"type": "string", "description": "裁定のページ /r/{slug}"},
                "api_url": {"type": "string", "description": "裁定の JSON /api/rulings/{slug}"}}
WINDOW_END = {"type": ["integer", "null"], "minimum": 1,
              "description": "判定の範囲の終わり（トレースの seq。null: 既定の範囲）"}
SUMMARY_FIELDS = {"slug": {"type": "string"}, "game": {"type": "string"}, "title": {"type": "string"},
                  "note": {"type": "string"}, "question": NULLABLE_STRING, "window_end": WINDOW_END,
                  "headline": {**NULLABLE_STRING, "description": "判定の答えの一文（裁定の verdict.headline）"},
                  "created": STAMP,
                  "editions": {"type": "object", "additionalProperties": {"type": "string"},
                               "description": "裁定を作ったときの各ルールの版"}}


def ruling_schema() -> dict:
    props = {**SUMMARY_FIELDS, "verdict": ref("Verdict"), **GAME_FIELDS, "review": REVIEW,
             **RULING_LINKS, "scenario_url": {"type": "string"}, "replay_url": {"type": "string"}}
    return _object(props, tuple(props), "保存した裁定（再生して表示）")


def ruling_list_schema() -> dict:
    item = _object({**SUMMARY_FIELDS, "outdated": {"type": "object"}, "needs_review": {"type": "boolean"},
                    "review_clauses": {"type": "array", "items": {"type": "string"}}, **RULING_LINKS},
                   (*SUMMARY_FIELDS, "outdated", "needs_review", "review_clauses", *RULING_LINKS))
    return _object({"review": {"type": "boolean"}, "rulings": {"type": "array", "items": item}}, ("review", "rulings"))


RULING_CREATED = _object({"slug": {"type": "string"}, **RULING_LINKS}, ("slug", *RULING_LINKS))


# ---- the one error shape -------------------------------------------------------------------------------------------
ERROR = _object({
    "error": {"type": "string", "minLength": 1, "description": "何が悪いか（日本語）"},
    "field": {**NULLABLE_STRING, "description": "悪い項目（JSON のパス: board.players.p1.points, value, Content-Type, body …）"},
    "status": {"type": "integer", "minimum": 400, "maximum": 599, "description": "HTTP ステータスと同じ"},
    "rule": {**CLAUSE_ID, "description": "422 で、ルールが禁じる行動を断ったとき: 禁じる条文"},
    "code": {"type": "string", "description": "ルール参照の誤りの種類（unknown_doc, unknown_clause, …）"},
    "suggestions": {"type": "array", "items": {"type": "object"}, "description": "近い条文"},
    "valid_docs": {"type": "array", "items": {"type": "string"}},
    "valid_editions": {"type": "array", "items": {"type": "string"}},
    "token": {"type": "string", "description": "記法の誤り: 読めなかった語"},
    "position": {"type": "integer", "minimum": 0, "description": "記法の誤り: その語の文字位置"},
    "limit": {"type": "string", "description": "429: 超えた書き込みの上限"},
}, ("error", "field", "status"), "ただ一つのエラーの形。何も保存・変更していない")


# ---- request bodies ------------------------------------------------------------------------------------------------
def board_variants() -> list[dict]:
    """`{game, board, seed?, title?}`, one variant per game, its board held to that game's own board schema."""
    return [_object({"game": {"const": game}, "board": ref(f"board.{game}"), "seed": SEED, "title": TITLE},
                    ("game", "board"), f"{r.title}: 盤面から")
            for game, r in games.rulesets().items()]


def from_notation() -> dict:
    return _object({"game": {"enum": list(games.rulesets())},
                    "notation": {"type": "string", "maxLength": 20000,
                                 "description": "盤面の一行記法（docs/notation.md）。ビルダーと同じく読み、整える"},
                    "seed": SEED, "title": TITLE}, ("game", "notation"), "一行記法から")


FROM_SCENARIO = _object({"scenario": {"oneOf": [SCENARIO_TEXT, ref("Scenario")]},
                         "play": {"type": "boolean", "default": True,
                                  "description": "シナリオの回答を再生する（false: 盤面から始める）"}},
                        ("scenario",), "シナリオファイルから")


def new_session_body() -> dict:
    return {"oneOf": [*board_variants(), from_notation(), FROM_SCENARIO],
            "description": "新しいセッション。決定は step するまで開かない（pending は null）"}


TRY = {"type": "boolean", "description": "試す: ルールが認めない行動なら 422 ではなく、拒否（kind: refused、"
         "action: 試したこと）のトレース項目として記録する"}
STEP_BODY = _object({"until": {**UNTIL_WORD, "default": "step"}})
ANSWER_BODY = _object({"decision": {"type": "string", "description": "開いている決定の id（pending.id）"},
                       "value": {"description": "pending.options のどれかの value"},
                       "then": {**UNTIL_WORD, "description": "回答のあと続けて進める（同じ一つの操作）"},
                       "try": {**TRY, "description": TRY["description"] + "（then とは一緒に使えない）"}},
                      ("decision", "value"))
UNDO_BODY = _object({})
SAVE_RULING = _object({"session": {"type": "string"}, "title": TITLE, "note": NOTE,
                       "question": {"type": "string", "maxLength": 2000, "description": "審判が答える質問（その人の言葉で）"},
                       "window_end": WINDOW_END},
                      ("session", "title"),
                      "セッションを裁定として保存")
IMPORT_RULING = _object({"scenario": {"oneOf": [SCENARIO_TEXT, ref("Scenario")]}, "title": TITLE, "note": NOTE},
                        ("scenario",), "シナリオファイルを裁定として取り込む")
NEW_RULING = {"oneOf": [SAVE_RULING, IMPORT_RULING]}
WINDOW_BODY = _object({"window_end": WINDOW_END}, ("window_end",), "判定の範囲の終わりを動かす")


def adjust_body() -> dict:
    """Any game's adjustment: `{op, …its params}`, each op's params as the ruleset checks them. One branch per op
    (the ops exclude each other by name); an op several games share, with params that differ, is any of theirs."""
    by_op: dict[str, dict[str, dict]] = {}
    for game, r in games.rulesets().items():
        for a in r.offered_adjustments():
            schema = a.body_schema()
            same = by_op.setdefault(a.op, {}).setdefault(repr(sorted(schema.items(), key=str)), schema)
            same["description"] = ", ".join(filter(None, (same.get("description"), game)))
    branches = [next(iter(v.values())) if len(v) == 1 else {"anyOf": list(v.values())} for v in by_op.values()]
    for branch in branches:   # every op takes `try` beside its own params
        for variant in branch.get("anyOf", [branch]):
            variant["properties"] = {**variant.get("properties", {}), "try": TRY}
    return {"oneOf": branches, "description": "調整: そのゲームの op と、その op のパラメータ（GET /api/games の "
                                              "adjustments）。各 op の description はそれを持つゲーム。"
                                              "try: true を添えると、ルールが認めない調整は拒否（kind: refused）の"
                                              "トレース項目として記録される"}


def keys(schema: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(required, optional) keys of an object schema, or of any of its `oneOf` variants taken together."""
    parts = schema.get("oneOf") or [schema]
    required = tuple(k for k in parts[0].get("required", ()) if all(k in p.get("required", ()) for p in parts))
    optional = tuple(dict.fromkeys(k for p in parts for k in p.get("properties", {}) if k not in required))
    return required, optional
