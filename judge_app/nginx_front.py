"""The nginx that `judge-app serve` puts in front of gunicorn (issue 39): its configuration and its own error pages.

nginx owns the wire. It reads each request whole — request line, headers, and the body by Content-Length or
chunked framing — within its timeouts and size limits, before gunicorn sees a byte of it; gunicorn (stock gthread
workers) then gets only whole, well-formed requests over a Unix socket, one connection per request, so a slow or
malformed client never holds an app thread, and the worker whose threads are free is the one that accepts.
Everything here is configuration; the parsing is nginx's (Debian's package, maintained with its security fixes).

Errors nginx answers itself (400 for a malformed request, 413 over the body cap, 414/494 for an over-long line or
headers, 502/504 when the app is gone or slow) are served from small static files written beside the
configuration: JSON `{error, field, status}` on /api/ paths, else a Japanese page, both with the app's security
headers. A client that is too slow is disconnected without an answer: nginx sends no 408 (see docs/architecture.md).
"""
from __future__ import annotations

import html
import json
from pathlib import Path

from judge_app.web.app_hooks import SECURITY_HEADERS

# status -> (title of the page, what to do, field named in the JSON); "400-url" is a 400 for raw bytes in the URL
ERRORS = {
    "400-url": ("URL に使えない文字があります", "日本語などは %XX の形（パーセントエンコード）で送ってください。"
                "例: ブロッカー → %E3%83%96%E3%83%AD%E3%83%83%E3%82%AB%E3%83%BC", "url"),
    400: ("リクエストが正しくありません", "リクエストの形式（URL・ヘッダー・本体の区切り）が HTTP として読めませんでした。"
          "日本語などを URL に入れるときは %XX の形（パーセントエンコード）で送ってください", "request"),
    413: ("送信されたデータが大きすぎます", "本体が上限（JUDGE_APP_MAX_CONTENT_LENGTH）を超えています", "body"),
    414: ("URL が長すぎます", "URL を短くしてください", "url"),
    494: ("ヘッダーが大きすぎます", "リクエストのヘッダーを小さくしてください", "headers"),
    502: ("サーバーが応答していません", "アプリが起動中か停止しています。しばらくしてからもう一度試してください", None),
    504: ("サーバーの応答が時間内にありませんでした", "しばらくしてからもう一度試してください", None),
}

TEMPLATE = """\
# Written by `judge-app serve` at every start (judge_app/nginx_front.py); edits here are overwritten.
worker_processes 1;            # nginx's event loop is C and cheap: the cores are for the app's workers
pid {run}/nginx.pid;
error_log stderr {log_level};
events {{ worker_connections 4096; }}

http {{
    types {{ text/html html; application/json json; }}
    charset utf-8;
    charset_types application/json;
    server_tokens off;
    {access_log}
    client_body_temp_path {run}/tmp/body;
    proxy_temp_path {run}/tmp/proxy;
    fastcgi_temp_path {run}/tmp/fastcgi;
    uwsgi_temp_path {run}/tmp/uwsgi;
    scgi_temp_path {run}/tmp/scgi;

    # The request: whole headers within the timeout, each header line within 8 KiB, the body within the app's cap
    # (413 past it, whatever the framing), and no more than the timeout between two reads of the body.
    merge_slashes off;         # //x reaches the app as //x: no redirect built from Host
    client_header_timeout {request_timeout}s;
    client_body_timeout {request_timeout}s;
    client_header_buffer_size 1k;
    large_client_header_buffers 4 8k;
    client_max_body_size {max_body};
    client_body_buffer_size {body_buffer};
    keepalive_timeout {keepalive}s;
    send_timeout 30s;
    reset_timedout_connection on;

    # The client's scheme, after what trusted proxies before this one said (the app trusts one more hop).
    map $http_x_forwarded_proto $judge_proto {{ "" $scheme; default "$http_x_forwarded_proto, $scheme"; }}
    map $request_uri $judge_error_kind {{ ~^/api/ json; default html; }}
    # raw (not percent-encoded) bytes in the URL, as `curl -g '…?q=ブロッカー'` sends them: refused here with a
    # page that says how to send them, rather than by gunicorn with an English one
    map $request_uri $judge_raw_url {{ "~[^\x21-\x7e]" "-url"; default ""; }}

    upstream judge_app {{ server unix:{socket}; }}

    server {{
        listen {listen} backlog=1024;
        location / {{
            if ($judge_raw_url) {{ return 400; }}
            proxy_pass http://judge_app;
            # one upstream connection per request (no keep-alive pool): the gunicorn worker that is free accepts it
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $judge_proto;
            proxy_request_buffering on;    # the whole body before gunicorn sees the request
            proxy_buffering on;            # a slow reader holds nginx's buffer, not an app thread
            proxy_read_timeout {app_timeout}s;
        }}

        error_page 400 413 414 494 502 504 /_judge_error;
        location = /_judge_error {{
            internal;
            etag off;
            root {run}/errors;
            try_files /$status$judge_raw_url.$judge_error_kind /$status.$judge_error_kind =500;
            # the app sets these on its own answers; nginx's must carry them too
{headers}
        }}
    }}
}}
"""


def _headers_block(indent: str) -> str:
    # `always`: on nginx's own error answers too, not only on 2xx/3xx
    return "\n".join(f"{indent}add_header {name} \"{value}\" always;" for name, value in SECURITY_HEADERS.items())


def render(run: Path, listen: str, socket: Path, *, request_timeout: int, keepalive: int, max_body: int,
           app_timeout: int, access_log: str | None, log_level: str = "warn") -> str:
    """nginx.conf for one `judge-app serve`: listening on `listen` (host:port), the app on the Unix `socket`;
    `access_log`: a file, "-" for standard output, None for none."""
    return TEMPLATE.format(
        run=run, socket=socket, listen=listen, request_timeout=request_timeout, keepalive=keepalive,
        max_body=max_body or 0, body_buffer=min(max_body, 1 << 20) if max_body else "1m",
        app_timeout=app_timeout, log_level=log_level,
        access_log=f"access_log {'/dev/stdout' if access_log == '-' else access_log};" if access_log else "access_log off;",
        headers=_headers_block(" " * 12))


def error_pages() -> dict[str, bytes]:
    """File name -> body, for every status in ERRORS: `413.json` and `413.html` …"""
    out = {}
    for status, (title, message, field) in ERRORS.items():
        shown = 400 if status in (494, "400-url") else status    # nginx answers its own 494 (headers) with 400
        out[f"{status}.json"] = json.dumps({"error": f"{title}。{message}", "field": field, "status": shown},
                                           ensure_ascii=False).encode()
        out[f"{status}.html"] = (
            f'<!doctype html>\n<html lang="ja"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{shown} {html.escape(title)}</title></head>\n"
            f"<body><main><h1>{html.escape(title)}</h1><p>{html.escape(message)}。</p>"
            f'<p><a href="/">トップページへ</a></p></main></body></html>\n').encode()
    return out


def write(run: Path, **conf) -> Path:
    """The configuration, the error pages and nginx's temporary folders under `run`; the configuration's path."""
    for sub in ("tmp", "errors"):
        (run / sub).mkdir(parents=True, exist_ok=True)
    for name, body in error_pages().items():
        (run / "errors" / name).write_bytes(body)
    path = run / "nginx.conf"
    path.write_text(render(run, **conf), encoding="utf-8")
    return path
