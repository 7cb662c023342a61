"""gunicorn's threaded worker, answering a request line it cannot parse in the app's own error shapes.

A URL with raw (not percent-encoded) UTF-8, as `curl -g '…?q=ブロッカー'` sends it, is refused by gunicorn
before the app sees it, with an English HTML page. Here an /api/ path gets the JSON error contract
({error, field, status}) and a page path a Japanese page, both naming the percent-encoded URL to use.
"""
from __future__ import annotations

import html
import json
from urllib.parse import quote

from gunicorn import util
from gunicorn.http.errors import InvalidRequestLine
from gunicorn.workers.gthread import ThreadWorker

_SAFE = "/?&=%:+,;@!$'()*~-._#"


def encoded_target(request_line: str) -> str | None:
    """The request target percent-encoded, or None when the line has no readable target."""
    parts = request_line.split(" ")
    if len(parts) != 3 or not parts[1].startswith("/"):
        return None
    # gunicorn read the line as latin-1: back to the bytes sent, then %XX for each byte outside ASCII
    raw = parts[1].encode("latin-1", errors="replace")
    return quote(raw, safe=_SAFE)


def malformed_response(request_line: str) -> bytes:
    target = encoded_target(request_line)
    message = "URL に使えない文字があります。日本語などは %XX の形（パーセントエンコード）で送ってください"
    if target and target.startswith("/api/"):
        body = json.dumps({"error": message, "field": "url", "status": 400, "encoded": target},
                          ensure_ascii=False).encode()
        ctype = "application/json"
    else:
        link = f'<p><a href="{html.escape(target)}">{html.escape(target)}</a></p>' if target else ""
        body = (f'<!doctype html><html lang="ja"><meta charset="utf-8"><title>400 リクエストが正しくありません</title>'
                f"<h1>リクエストが正しくありません</h1><p>{message}。</p>{link}</html>").encode()
        ctype = "text/html; charset=utf-8"
    head = (f"HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: {ctype}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
    return head + body


class JudgeWorker(ThreadWorker):
    def handle_error(self, req, client, addr, exc):
        if req is None and isinstance(exc, InvalidRequestLine) and isinstance(exc.req, str):
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
            try:
                util.write_nonblock(client, malformed_response(exc.req))
            except Exception:
                self.log.debug("Failed to send error message.")
            return
        super().handle_error(req, client, addr, exc)
