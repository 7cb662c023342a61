"""gunicorn's threaded worker, reading every request whole before a thread sees it, and answering what it
refuses in the app's own error shapes.

Slow clients (issue 27). gunicorn's gthread worker hands a connection to a thread as soon as its first bytes
arrive, and the thread then blocks reading the rest: eight clients sending one body byte every ten seconds held
every thread of a server (2 workers × 4 threads), and /healthz answered nothing for as long as they lasted.
Here the worker's event loop reads each request — request line, headers and body (by Content-Length or the
chunked framing) — without blocking, into a buffer, and only a request read whole goes to the thread pool; the
thread's parser then reads it from memory. A slow client costs a socket and its buffer, never a thread. Each
request must arrive within JUDGE_APP_REQUEST_TIMEOUT seconds of its first byte (else 408, in the error shape);
a body larger than MAX_CONTENT_LENGTH is not buffered (the app answers 413 from its Content-Length); an
`Expect: 100-continue` is answered by the loop so that the client sends its body. TLS connections and HTTP/2
(neither used by `judge-app serve`, which sits behind a proxy for TLS) keep gunicorn's own path.

A URL with raw (not percent-encoded) UTF-8, as `curl -g '…?q=ブロッカー'` sends it, is refused by gunicorn
before the app sees it, with an English HTML page. Here an /api/ path gets the JSON error contract
({error, field, status}) and a page path a Japanese page, both naming the percent-encoded URL to use.
"""
from __future__ import annotations

import html
import json
import selectors
import time
from dataclasses import dataclass, field
from functools import partial
from urllib.parse import quote

from gunicorn import util
from gunicorn.http.errors import InvalidRequestLine
from gunicorn.workers.gthread import ThreadWorker

from judge_app import settings

_SAFE = "/?&=%:+,;@!$'()*~-._#"


def encoded_target(request_line: str) -> str | None:
    """The request target percent-encoded, or None when the line has no readable target."""
    parts = request_line.split(" ")
    if len(parts) != 3 or not parts[1].startswith("/"):
        return None
    # gunicorn read the line as latin-1: back to the bytes sent, then %XX for each byte outside ASCII
    raw = parts[1].encode("latin-1", errors="replace")
    return quote(raw, safe=_SAFE)


def _error_response(status: str, title: str, message: str, field: str, api: bool, extra: dict | None = None,
                    link: str | None = None) -> bytes:
    """A whole HTTP response in the app's error shapes: JSON {error, field, status} for /api/, else a page."""
    code = int(status.split()[0])
    if api:
        body = json.dumps({"error": message, "field": field, "status": code} | (extra or {}),
                          ensure_ascii=False).encode()
        ctype = "application/json"
    else:
        more = f'<p><a href="{html.escape(link)}">{html.escape(link)}</a></p>' if link else ""
        body = (f'<!doctype html><html lang="ja"><meta charset="utf-8"><title>{code} {title}</title>'
                f"<h1>{title}</h1><p>{message}。</p>{more}</html>").encode()
        ctype = "text/html; charset=utf-8"
    head = (f"HTTP/1.1 {status}\r\nConnection: close\r\nContent-Type: {ctype}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
    return head + body


def malformed_response(request_line: str) -> bytes:
    target = encoded_target(request_line)
    message = "URL に使えない文字があります。日本語などは %XX の形（パーセントエンコード）で送ってください"
    api = bool(target and target.startswith("/api/"))
    return _error_response("400 Bad Request", "リクエストが正しくありません", message, "url", api,
                           {"encoded": target} if api else None, link=target)


def timeout_response(buffered: bytes) -> bytes:
    """408 for a request that did not arrive whole within the read timeout (JSON on /api/ paths)."""
    first = buffered.split(b"\r\n", 1)[0].split(b" ")
    api = len(first) > 1 and first[1].startswith(b"/api/")
    return _error_response("408 Request Timeout", "リクエストの受信が時間内に終わりませんでした",
                           "リクエストが届くのに時間がかかりすぎたため、接続を閉じました。もう一度送ってください",
                           "body", api)


# ---- reading a request whole, without blocking ------------------------------------------------------------------
HEADER_MAX = 64 * 1024      # past this without the end of the headers, gunicorn's parser refuses the request
_CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


@dataclass
class Reading:
    """What the event loop knows of the request it is buffering on one connection."""

    deadline: float
    buf: bytearray = field(default_factory=bytearray)
    head_end: int = -1          # index just past the blank line ending the headers
    length: int | None = None   # Content-Length
    chunked: bool = False
    expect: bool = False        # Expect: 100-continue
    continued: bool = False     # 100 Continue sent
    scan: int = 0               # chunked: where the next chunk-size line starts
    decoded: int = 0            # chunked: body bytes so far
    searched: int = 0           # headers: where to look for their end next


def _headers(st: Reading) -> bool:
    """Find the end of the headers and read the framing ones; False while they are incomplete."""
    buf = st.buf
    start = max(0, st.searched - 3)
    ends = [i + n for i, n in ((buf.find(b"\r\n\r\n", start), 4), (buf.find(b"\n\n", start), 2)) if i >= 0]
    st.searched = len(buf)
    if not ends:
        return False
    st.head_end = min(ends)
    for line in bytes(buf[:st.head_end]).decode("latin-1").splitlines()[1:]:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name == "content-length":
            try:
                st.length = int(value)
            except ValueError:
                st.length = -1
        elif name == "transfer-encoding":
            st.chunked = "chunked" in value.lower()
            st.length = st.length if st.chunked else -1
        elif name == "expect":
            st.expect = value.lower() == "100-continue"
    st.scan = st.head_end
    return True


def _chunked_done(st: Reading, cap: int) -> bool:
    """Whether the chunked body is whole (or over the cap, or malformed: the parser then says why)."""
    buf = st.buf
    while True:
        eol = buf.find(b"\r\n", st.scan)
        if eol < 0:
            return len(buf) - st.scan > 1024          # a chunk-size line that never ends: malformed
        try:
            size = int(bytes(buf[st.scan:eol]).split(b";")[0].strip(), 16)
        except ValueError:
            return True
        if size == 0:                                 # the last chunk: whole once the trailers' blank line is in
            return buf.find(b"\r\n\r\n", st.scan) >= 0
        nxt = eol + 2 + size + 2
        if len(buf) < nxt:
            return st.decoded + len(buf) - (eol + 2) > cap
        st.decoded += size
        st.scan = nxt
        if st.decoded > cap:
            return True


def request_complete(st: Reading, cap: int) -> bool:
    """Whether `st.buf` holds a whole request (or enough for the parser or the app to refuse it at once)."""
    if st.head_end < 0 and not _headers(st):
        return len(st.buf) > HEADER_MAX
    if st.chunked:
        return _chunked_done(st, cap)
    if st.length is None or st.length < 0 or st.length > cap:
        return True                                   # no body; a bad length; over the cap (413 from the app)
    return len(st.buf) - st.head_end >= st.length


class JudgeWorker(ThreadWorker):
    """gthread, but a connection reaches a thread only with a whole request in memory (see the module doc)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.read_timeout = float(settings.get("REQUEST_TIMEOUT"))
        self.body_cap = int(settings.get("MAX_CONTENT_LENGTH") or 0) or 1 << 30
        self.buffering = (not self.cfg.is_ssl
                          and getattr(self.cfg, "http2_cleartext", None) not in ("prior-knowledge", "both"))
        self.reading: dict = {}       # connection -> Reading

    def enqueue_req(self, conn):
        if not self.buffering or getattr(conn, "whole", False):
            conn.whole = False
            super().enqueue_req(conn)
            return
        st = Reading(deadline=time.monotonic() + self.read_timeout)
        if conn.parser is not None:                  # bytes a keep-alive request read ahead: the next request
            st.buf += conn.parser.unreader.take_buffered()
        conn.sock.setblocking(False)
        self.reading[conn] = st
        if st.buf and request_complete(st, self.body_cap):
            self._hand_off(conn)
            return
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_readable, conn))

    def _on_readable(self, conn, _sock):
        st = self.reading.get(conn)
        if st is None:
            return
        try:
            data = conn.sock.recv(256 * 1024)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:                                  # the client went away
            self._drop(conn)
            return
        st.buf += data
        if request_complete(st, self.body_cap):
            self.poller.unregister(conn.sock)
            self._hand_off(conn)
        elif st.expect and not st.continued and st.head_end >= 0:
            st.continued = True
            try:
                conn.sock.send(_CONTINUE)
            except OSError:
                pass

    def _hand_off(self, conn):
        st = self.reading.pop(conn)
        conn.init()                                   # the parser, once per connection (plain sockets: no I/O)
        conn.parser.unreader.unread(bytes(st.buf))
        conn.continued = st.continued
        conn.data_ready = conn.whole = True
        self.enqueue_req(conn)

    def _drop(self, conn, answer: bytes | None = None):
        self.reading.pop(conn, None)
        try:
            self.poller.unregister(conn.sock)
        except (KeyError, ValueError, OSError):
            pass
        if answer:
            try:
                conn.sock.send(answer)
            except OSError:
                pass
        self.nr_conns -= 1
        conn.close()

    def murder_keepalived(self, force=False):
        super().murder_keepalived(force)
        now = time.monotonic()
        for conn, st in list(self.reading.items()):
            if force or st.deadline <= now:
                self._drop(conn, timeout_response(bytes(st.buf[:2048])) if st.buf and not force else None)

    def handle_request(self, req, conn):
        if getattr(conn, "continued", False):         # the loop already sent 100 Continue for this request
            req._expected_100_continue = False
            conn.continued = False
        return super().handle_request(req, conn)

    def handle_error(self, req, client, addr, exc):
        if req is None and isinstance(exc, InvalidRequestLine) and isinstance(exc.req, str):
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
            try:
                util.write_nonblock(client, malformed_response(exc.req))
            except Exception:
                self.log.debug("Failed to send error message.")
            return
        super().handle_error(req, client, addr, exc)
