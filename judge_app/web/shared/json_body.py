"""A JSON API request's body: JSON only (a cross-site form cannot send it: the API's CSRF protection), an
object, within the size cap, with the keys an endpoint takes."""
from __future__ import annotations

import json
import re
from typing import Any

from flask import current_app, request

from judge_app.engine.bounds import SURROGATE, first_lone_surrogate
from judge_app.web.shared.failures import RequestError

# A JSON escape of a surrogate: only a body with one can hold a lone surrogate (raw bytes are UTF-8, checked)
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def json_body(required: tuple[str, ...] = (), optional: tuple[str, ...] | None = ()) -> dict:
    """The request's JSON object; `optional=None` lets any other keys through (the application checks them)."""
    if request.mimetype != "application/json":
        raise RequestError(415, "Content-Type: application/json で送ってください", "Content-Type")
    raw = _raw()
    body = _parsed(raw)
    _no_lone_surrogates(raw, body)
    if not isinstance(body, dict):
        raise RequestError(400, "body: JSON オブジェクトを送ってください", "body")
    for key in body if optional is not None else ():
        if key not in required and key not in optional:
            raise RequestError(400, f"{key}: 不明な項目です（使える項目: {', '.join(required + optional)}）",
                               str(key)[:60])
    for key in required:
        if key not in body:
            raise RequestError(400, f"{key}: 必須の項目です", key)
    return body


def _raw() -> bytes:
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 1024 * 1024
    if request.content_length is not None and request.content_length > limit:
        raise RequestError(413, f"body: 大きすぎます（上限 {limit} バイト）", "body")
    raw = request.get_data(cache=False)
    if len(raw) > limit:
        raise RequestError(413, f"body: 大きすぎます（上限 {limit} バイト）", "body")
    return raw


def _parsed(raw: bytes) -> Any:
    if not raw.strip():
        return {}
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RequestError(400, "body: UTF-8 ではありません", "body") from None
    except (ValueError, RecursionError) as e:
        raise RequestError(400, f"body: JSON として読めません（{str(e)[:80]}）", "body") from None


def _no_lone_surrogates(raw: bytes, body: Any) -> None:
    """A string with a lone surrogate ("\\ud800") cannot be stored as UTF-8 on either database: a 400 naming its
    field, for every JSON body (titles, notes, targets, boards, answers). A pair (an emoji escaped) is fine."""
    if not _SURROGATE_ESCAPE.search(raw):
        return
    path = first_lone_surrogate(body)
    if path is not None:
        raise RequestError(400, f"{path or 'body'}: {SURROGATE}", path or "body")
