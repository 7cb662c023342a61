"""What a judge types, checked before anything is run or stored: titles, notes and seeds."""
from __future__ import annotations

import secrets
from typing import Any

from judge_app.engine import EngineError
from judge_app.engine.bounds import SURROGATE, lone_surrogate

TITLE_MAX = 200
NOTE_MAX = 4000
QUESTION_MAX = 2000   # a ruling's question in the judge's words (a scenario's `question` has the same bound)


def check_text(value: Any, field: str, limit: int, required: bool) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise EngineError(f"{field}: 文字列で指定してください", field)
    value = value.strip()
    if required and not value:
        raise EngineError(f"{field}: 入力してください", field)
    if len(value) > limit:
        raise EngineError(f"{field}: {limit} 文字以内にしてください（{len(value)} 文字）", field)
    if any(ord(ch) < 32 and ch not in "\n\t\r" for ch in value):
        raise EngineError(f"{field}: 制御文字は使えません", field)
    if not value.isascii() and lone_surrogate(value):
        raise EngineError(f"{field}: {SURROGATE}", field)
    return value


def check_seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not (0 <= seed < 2**63):
        raise EngineError("seed: 0 以上 2^63 未満の整数を指定してください", "seed")
    return seed


def random_seed() -> int:
    return secrets.randbelow(2**31)

