"""The OpenAPI 3.1 document of the JSON API, `GET /api/openapi.json`: every /api/ route, its body and its answers,
built from the schemas the app validates with (web/shared/api_schemas.py). It is written afresh for each request,
from the rulesets registered (their board schemas and adjustments are part of it). tests/web/test_openapi.py holds
every /api/ answer of the route walk to it, and a property-based run (schemathesis) sends what it allows."""
from __future__ import annotations

from flask import Blueprint, jsonify

from judge_app.application import games
from judge_app.corpus import get_corpus
from judge_app.engine.json_schemas import TRACE_ENTRY
from judge_app.scenarios import SCENARIO_SCHEMA
from judge_app.web.shared import api_schemas as s
from judge_app.web.shared.api_schemas import ref
from judge_app.web.shared.failures import answer_errors_as_json

api = answer_errors_as_json(Blueprint("openapi", __name__, url_prefix="/api"))

ERRORS = {
    400: "入力の誤り（項目を field が示す）", 404: "ない（ゲーム、セッション、裁定、文書、条文）",
    409: "同時の更新、または保存したものがもう再生できない", 413: "本文が大きすぎる（field: body）",
    415: "Content-Type が application/json でない", 422: "ルールが断った（rule がその条文）",
    429: "書き込みが多すぎる", 503: "保存領域がいっぱい（何も保存していない）",
}
WRITE_ERRORS = (400, 404, 409, 413, 415, 422, 429, 503)


def _json(schema: dict, description: str, headers: dict | None = None, links: dict | None = None) -> dict:
    out: dict = {"description": description, "content": {"application/json": {"schema": schema}}}
    if headers:
        out["headers"] = headers
    if links:
        out["links"] = links
    return out


def _op(summary: str, ok: dict, errors: tuple[int, ...], *, status: int = 200, body: dict | None = None,
        params: tuple[dict, ...] = (), op_id: str) -> dict:
    out: dict = {"operationId": op_id, "summary": summary, "parameters": list(params),
                 "responses": {str(status): ok, **{str(e): {"$ref": f"#/components/responses/E{e}"} for e in errors}}}
    if body is not None:
        out["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}}}
    return out


def _path(name: str, description: str, known: list[str] | None = None) -> dict:
    """A path parameter; `known`, the values that name something now (any other is a 404)."""
    schema = {"type": "string", **({"enum": known} if known else {})}
    return {"name": name, "in": "path", "required": True, "schema": schema, "description": description}


def _query(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


SID, SLUG = _path("sid", "セッションの id"), _path("slug", "裁定の slug")


def _doc() -> dict:
    return _path("doc", "文書キー（GET /api/docs の key）", list(get_corpus().docs))


def _game() -> dict:
    return _path("game", "ゲーム（GET /api/games の game）", list(games.rulesets()))

# OpenAPI links: how one answer leads to the next call (also what schemathesis's stateful run follows; a link's
# body is the whole body, not fields to mix into a generated one: its extension `merge_body: false` says so)
WHOLE_BODY = {"x-schemathesis": {"merge_body": False}}
SESSION_LINKS = {
    "GetSession": {"operationId": "getSession", "parameters": {"sid": "$response.body#/id"}},
    "Step": {"operationId": "step", "parameters": {"sid": "$response.body#/id"}},
    "Undo": {"operationId": "undo", "parameters": {"sid": "$response.body#/id"}},
    "SaveRuling": {"operationId": "createRuling",
                   "requestBody": {"session": "$response.body#/id", "title": "保存した裁定"}, **WHOLE_BODY},
}
START_LINK = {"StartSession": {"operationId": "createSession", "requestBody": {
    "game": "$response.body#/game", "board": "$response.body#/board", "seed": "$response.body#/seed"}, **WHOLE_BODY}}
ANSWER_LINK = {"Answer": {"operationId": "answer", "parameters": {"sid": "$response.body#/id"},
                          "requestBody": {"decision": "$response.body#/pending/id",
                                          "value": "$response.body#/pending/options/0/value"}, **WHOLE_BODY}}


def _sessions() -> dict:
    change = _json(ref("Change"), "この操作の結果", links={**SESSION_LINKS, **ANSWER_LINK})
    return {
        "/api/sessions": {"post": _op(
            "セッションを始める: 盤面、一行記法、またはシナリオから", status=201, body=ref("NewSession"),
            ok=_json(ref("Session"), "作ったセッション（step するまで pending は null）",
                     headers={"Location": {"description": "GET /api/sessions/{sid}", "schema": {"type": "string"}}},
                     links=SESSION_LINKS),
            errors=WRITE_ERRORS, op_id="createSession")},
        "/api/sessions/{sid}": {"get": _op("セッション（手順の記録ごと）", ok=_json(ref("Session"), "セッション"),
                                           errors=(404, 409), params=(SID,), op_id="getSession")},
        "/api/sessions/{sid}/step": {"post": _op(
            "ルールを進める", body=s.STEP_BODY, ok=change, errors=WRITE_ERRORS, params=(SID,), op_id="step")},
        "/api/sessions/{sid}/answer": {"post": _op(
            "開いている決定に答える", body=s.ANSWER_BODY, ok=change, errors=WRITE_ERRORS, params=(SID,), op_id="answer")},
        "/api/sessions/{sid}/adjust": {"post": _op(
            "審判の調整（カードの効果など）", body=ref("Adjustment"), ok=change, errors=WRITE_ERRORS, params=(SID,),
            op_id="adjust")},
        "/api/sessions/{sid}/undo": {"post": _op(
            "最後の操作を取り消す", body=s.UNDO_BODY, ok=change, errors=WRITE_ERRORS, params=(SID,), op_id="undo")},
        "/api/sessions/{sid}/notation": {"get": _op(
            "セッションの今の盤面を一行記法で（オフラインで残し、つながったらビルダーで開く）",
            ok=_json(SESSION_NOTATION, "今の盤面の一行記法"), errors=(404, 409), params=(SID,),
            op_id="getSessionNotation")},
    }


SESSION_NOTATION = {"type": "object", "required": ["session", "game", "notation", "board_url"],
                    "additionalProperties": False,
                    "properties": {"session": {"type": "string"}, "game": {"type": "string"},
                                   "notation": {"type": "string", "description": "盤面の一行記法（docs/notation.md）"},
                                   "board_url": {"type": "string", "description": "そのゲームの盤面ビルダー"}}}


def _rulings() -> dict:
    get_link = {"GetRuling": {"operationId": "getRuling", "parameters": {"slug": "$response.body#/slug"}}}
    window_link = {"SetWindow": {"operationId": "setWindow", "parameters": {"slug": "$response.body#/slug"},
                                 "requestBody": {"window_end": "$response.body#/verdict/window/end"}, **WHOLE_BODY}}
    return {
        "/api/rulings": {
            "post": _op("裁定を保存する（セッションから、またはシナリオを取り込む）", status=201, body=s.NEW_RULING,
                        ok=_json(ref("RulingCreated"), "保存した裁定のリンク", links=get_link, headers={
                            "Location": {"description": "GET /api/rulings/{slug}", "schema": {"type": "string"}}}),
                        errors=WRITE_ERRORS, op_id="createRuling"),
            "get": _op("保存した裁定の一覧", ok=_json(ref("RulingList"), "裁定の一覧"), errors=(400,), op_id="listRulings",
                       params=(_query("game", {"type": "string"}, "このゲームの裁定だけ"),
                               _query("review", {"type": "string"}, "1: 新しい版で見直しが要るものだけ")))},
        "/api/rulings/{slug}": {"get": _op("裁定（再生して）", ok=_json(ref("Ruling"), "裁定", links=window_link),
                                           errors=(404, 409), params=(SLUG,), op_id="getRuling")},
        "/api/rulings/{slug}/window": {"post": _op(
            "判定の範囲の終わりを動かす（答えはその範囲の判定ごとの裁定）", body=s.WINDOW_BODY,
            ok=_json(ref("Ruling"), "裁定（新しい範囲の verdict で）", links=window_link), errors=WRITE_ERRORS, params=(SLUG,),
            op_id="setWindow")},
    }


def _reference() -> dict:
    edition = _query("edition", {"type": "string"}, "この版の条文（既定: 現行版）")
    return {
        "/api/docs": {"get": _op("ルール文書の一覧", ok=_json(ref("Docs"), "文書"), errors=(), op_id="listDocs")},
        "/api/clauses/{doc}/{number}": {"get": _op(
            "条文", ok=_json(ref("Clause"), "条文"), errors=(400, 404), op_id="getClause",
            params=(_doc(), _path("number", "条文番号（７－１－４、7.1.4 など、どの書き方でも）"), edition))},
        "/api/search": {"get": _op(
            "ルール検索", ok=_json(ref("SearchResults"), "結果"), errors=(400,), op_id="search",
            params=({**_query("q", {"type": "string"}, "検索語（条文番号ならその条文）"), "allowEmptyValue": True},
                    _query("doc", {"type": "string"}, "文書で絞る"),
                    _query("limit", {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}, "件数")))},
        "/api/glossary/{doc}": {"get": _op("用語集", ok=_json(ref("Glossary"), "用語"), errors=(404,), params=(_doc(),),
                                           op_id="glossary")},
        "/api/games": {"get": _op("ゲームの一覧（盤面スキーマ、ルールの選択肢、調整）", ok=_json(ref("Games"), "ゲーム"),
                                  errors=(), op_id="listGames")},
        "/api/games/{game}/schema": {"get": _op(
            "ゲームの盤面の JSON Schema", ok=_json({"type": "object"}, "JSON Schema"), errors=(404,), params=(_game(),),
            op_id="boardSchema")},
        "/api/games/{game}/new-board": {"get": _op(
            "新しいゲームの盤面", ok=_json(ref("NewBoard"), "盤面", links=START_LINK), errors=(400, 404), op_id="newBoard",
            params=(_game(), _query("seed", s.SEED, "乱数の種")))},
        "/api/openapi.json": {"get": _op("この文書", ok=_json({"type": "object"}, "OpenAPI 3.1"), errors=(),
                                         op_id="openapi")},
    }


def _reference_schemas() -> dict:
    string, strings = {"type": "string"}, {"type": "array", "items": {"type": "string"}}
    doc = s.closed({"key": string, "title": string, "version": s.NULLABLE_STRING, "date": s.NULLABLE_STRING,
                    "base": s.NULLABLE_STRING, "clauses": {"type": "integer"}, "steps": {"type": "integer"},
                    "editions": {"type": "array", "items": {"type": "object"}}})
    clause = s.closed({
        "id": string, "doc": string, "number": string, "printed": string, "title": s.NULLABLE_STRING, "kind": string,
        "text": string, "source_lines": {"type": "array", "items": {"type": "integer"}}, "parent": s.NULLABLE_STRING,
        "children": strings, "refs": {"type": "array", "items": {"type": "object"}}, "refs_out": strings,
        "refs_in": strings, "history": {"type": "array", "items": {"type": "object"}}, "placeholder": {"type": "boolean"},
        "inherits_from": s.NULLABLE_STRING, "inherited_by": strings, "url": string, "document": ref("DocSummary"),
        "breadcrumb": {"type": "array", "items": {"type": "object", "required": ["id", "number", "title"]}},
        "prev": s.NULLABLE_STRING, "next": s.NULLABLE_STRING,
        "edition": {"type": "object", "required": ["version", "current"]},
        "editions": {"type": "array", "items": {"type": "object"}}})
    result = {"type": "object", "required": ["id", "doc", "number", "title", "snippet", "score", "url", "doc_name"]}
    game = s.closed({"game": string, "doc": string, "title": string, "board_schema": {"type": "object"},
                     "schema_url": string, "new_board_url": string, "builder_url": string,
                     "rule_options": {"type": "array", "items": {"type": "object"}},
                     "adjustments": {"type": "array", "items": ref("AdjustmentSpec")}})
    term = {"type": "object", "required": ["id", "term", "url"]}
    return {
        "DocSummary": doc, "Docs": s.closed({"docs": {"type": "array", "items": ref("DocSummary")}}), "Clause": clause,
        "SearchResults": {"type": "object", "required": ["query", "doc", "results"],
                          "properties": {"query": string, "doc": s.NULLABLE_STRING,
                                         "results": {"type": "array", "items": result}}},
        "Glossary": s.closed({"doc": string, "terms": {"type": "array", "items": term}}),
        "Games": s.closed({"games": {"type": "array", "items": game}}),
        "NewBoard": s.closed({"game": string, "seed": s.SEED, "board": {"type": "object"}}),
    }


def document() -> dict:
    boards = {f"board.{g}": s.board_schema(r) for g, r in games.rulesets().items()}
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {"title": "judge_app JSON API", "version": "1",
                 "description": "ルール参照と裁定エンジンの JSON API。エラーはすべて Error の形で、何も変えていない。"},
        "paths": {**_reference(), **_sessions(), **_rulings()},
        "components": {
            "schemas": {
                "Error": s.ERROR, "TraceEntry": s.shown(TRACE_ENTRY), "Decision": s.pending_schema(),
                "Session": s.session_schema(), "Change": s.change_schema(), "AdjustmentSpec": s.adjustment_spec_schema(),
                "NewSession": s.new_session_body(), "Adjustment": s.adjust_body(),
                "Scenario": s.without_dialect(SCENARIO_SCHEMA), "Ruling": s.ruling_schema(), "Verdict": s.verdict_shown(),
                "RulingList": s.ruling_list_schema(), "RulingCreated": s.RULING_CREATED,
                **_reference_schemas(), **boards},
            "responses": {f"E{status}": _json(ref("Error"), words) for status, words in ERRORS.items()},
        },
    }


@api.get("/openapi.json")
def openapi_json():
    return jsonify(document())
