"""JSON Schema errors in Japanese: the judge reads what is wrong and where, not jsonschema's English."""
from __future__ import annotations

from typing import Any

TYPES = {"object": "オブジェクト", "array": "配列", "string": "文字列", "integer": "整数", "number": "数値",
         "boolean": "true か false", "null": "null"}


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _type_name(t: Any) -> str:
    if isinstance(t, list):
        return "・".join(TYPES.get(x, str(x)) for x in t)
    return TYPES.get(t, str(t))


def message(error) -> str:
    """One line for a jsonschema ValidationError (the field path is added by the caller)."""
    v, arg, inst = error.validator, error.validator_value, error.instance
    if v == "type":
        return f"{_type_name(arg)}で指定してください（{_short(inst)} は使えません）"
    if v == "required":
        missing = [k for k in arg if isinstance(inst, dict) and k not in inst]
        return f"{', '.join(missing) or arg}: 必須の項目です"
    if v == "additionalProperties":
        extra = [k for k in inst if k not in (error.schema.get("properties") or {})] if isinstance(inst, dict) else []
        return f"不明な項目です: {', '.join(_short(k, 30) for k in extra[:5])}"
    if v == "minimum":
        return f"{arg} 以上にしてください（{_short(inst)}）"
    if v == "maximum":
        return f"{arg} 以下にしてください（{_short(inst)}）"
    if v == "maxItems":
        return f"{arg} 個までです（{len(inst)} 個あります）"
    if v == "minItems":
        return f"{arg} 個以上必要です（{len(inst)} 個あります）"
    if v == "maxLength":
        return f"{arg} 文字以内にしてください（{len(inst)} 文字）"
    if v == "minLength":
        return f"{arg} 文字以上にしてください"
    if v == "maxProperties":
        return f"項目は {arg} 個までです（{len(inst)} 個あります）"
    if v == "minProperties":
        return f"項目が {arg} 個以上必要です（{len(inst)} 個あります）"
    if v == "enum":
        return f"{_short(inst)} は使えません（使えるもの: {', '.join(_short(a, 20) for a in arg[:12])}）"
    if v == "const":
        return f"{_short(arg)} である必要があります"
    if v == "pattern":
        return f"{_short(inst)} は形式が正しくありません（{arg}）"
    if v == "uniqueItems":
        return "同じ値が重複しています"
    if v in ("oneOf", "anyOf") and error.context and all(c.validator == "type" for c in error.context):
        allowed = [_type_name(c.validator_value) for c in error.context]
        return f"{'・'.join(allowed)}で指定してください（{_short(inst)} は使えません）"
    if v in ("oneOf", "anyOf"):
        return f"{_short(inst)} はどの形式にも当てはまりません"
    return f"{_short(inst)} は正しくありません（{v}）"


def deepest(error):
    """For oneOf/anyOf (a card or an empty square), the sub-error that says what is really wrong."""
    from jsonschema.exceptions import best_match

    while error.validator in ("oneOf", "anyOf") and error.context:
        # prefer the alternative of the same JSON type as the value (an object's own field errors)
        same_type = [c for c in error.context if c.validator != "type"]
        if not same_type:
            return error      # the value is of none of the allowed types: message() lists them
        error = best_match(same_type)
    return error
