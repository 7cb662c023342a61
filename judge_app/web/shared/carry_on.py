"""The judge's setting 「次の決定まで進める」, remembered per browser in a plain cookie (so that the pages' scripts,
through document.cookie, and the forms without script keep one setting): an answer carries on to the next
decision unless it says "stop". The session page's answer form sets it; the builder's 「この盤面で開始」 takes it as
the default of its own checkbox (開始したら最初の決定まで進める)."""
from __future__ import annotations

from flask import request

THEN_COOKIE = "judge_answer_then"
THEN_MAX_AGE = 400 * 24 * 3600


def carries_on() -> bool:
    return request.cookies.get(THEN_COOKIE) != "stop"


def remember(resp, on: bool) -> None:
    """Keep the setting for this browser, when the form that showed the checkbox changed it."""
    want = "decision" if on else "stop"
    if request.cookies.get(THEN_COOKIE, "decision") != want:
        resp.set_cookie(THEN_COOKIE, want, max_age=THEN_MAX_AGE, samesite="Lax", path="/")
