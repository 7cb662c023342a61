"""JSON answers in UTF-8 as written, not \\u-escaped: config's JSON_AS_ASCII (False) is what Flask 2.2
and earlier read; Flask 3 reads `app.json.ensure_ascii`. Japanese text is half the bytes on a venue's
phone network this way."""
from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    app.json.ensure_ascii = bool(app.config.get("JSON_AS_ASCII", False))
