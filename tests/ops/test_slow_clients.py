"""Issue 27 #2: slow clients cannot starve the server. A real `judge-app serve` (nginx in front of gunicorn, 2 workers
× 4 threads) holds 64 connections that send their headers or their body a byte at a time, while /healthz and a
search each answer within 1 s; a request whose headers do not arrive whole in JUDGE_APP_REQUEST_TIMEOUT is closed
(nginx sends no 408); chunked bodies, Expect: 100-continue and pipelined requests still work."""
from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest

from tests.faults.killer import Server, free_port

SEARCH = "/api/search?q=%E3%83%96%E3%83%AD%E3%83%83%E3%82%AB%E3%83%BC&limit=3"   # ブロッカー
BODY = json.dumps({"game": "opcg", "seed": 1, "board": {"players": {}}}).encode()


@pytest.fixture
def server(tmp_path, monkeypatch):
    def start(**env) -> Server:
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        s = Server(tmp_path / "instance", free_port(), workers=2, serve=True)
        s.instance.mkdir(exist_ok=True)
        s.start()
        started.append(s)
        return s

    started: list[Server] = []
    yield start
    for s in started:
        s.stop()


def _timed_get(port: int, path: str) -> tuple[int, float, bytes]:
    t0 = time.perf_counter()
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        c.request("GET", path)
        r = c.getresponse()
        return r.status, time.perf_counter() - t0, r.read()
    finally:
        c.close()


def _slow(port: int, kind: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    if kind == "body":       # whole headers, then the body one byte at a time
        s.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n" % len(BODY))
    return s


def test_64_slow_connections_leave_healthz_and_search_answering_within_a_second(server):
    srv = server(JUDGE_APP_REQUEST_TIMEOUT="60")
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200 + b"\r\n\r\n"
    socks = [(_slow(srv.port, "body" if i % 2 else "head"), "body" if i % 2 else "head") for i in range(64)]
    sent = [0] * len(socks)
    stop = threading.Event()
    broken: list[str] = []

    def drip():        # one byte per connection every 0.5 s: none of them ever completes its request here
        while not stop.is_set():
            for i, (s, kind) in enumerate(socks):
                data = BODY if kind == "body" else head
                if sent[i] < len(data) - 1:
                    try:
                        s.sendall(data[sent[i]:sent[i] + 1])
                        sent[i] += 1
                    except OSError as e:
                        broken.append(f"{kind}: {e}")
            stop.wait(0.5)

    t = threading.Thread(target=drip, daemon=True)
    t.start()
    try:
        time.sleep(2.0)    # every connection accepted and part-way through its request
        times = {"healthz": [], "search": []}
        for _ in range(5):
            status, took, body = _timed_get(srv.port, "/healthz")
            assert status == 200 and json.loads(body) == {"ok": True}
            times["healthz"].append(took)
            status, took, body = _timed_get(srv.port, SEARCH)
            assert status == 200 and json.loads(body)["results"]
            times["search"].append(took)
        assert max(times["healthz"]) < 1.0 and max(times["search"]) < 1.0, times
        assert not broken, broken[:3]                    # the server held all 64 open
        assert all(n > 0 for n in sent)
    finally:
        stop.set()
        t.join(5)
        for s, _ in socks:
            s.close()


def test_headers_that_do_not_arrive_in_time_are_cut_off(server):
    srv = server(JUDGE_APP_REQUEST_TIMEOUT="2")
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
    s.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: x\r\n")
    t0 = time.perf_counter()
    dripped = 0
    try:            # a header byte every 0.5 s never completes them: nginx closes at the timeout, whatever arrives
        while time.perf_counter() - t0 < 8:
            s.sendall(b"X-A: b\r\n"[dripped % 8:dripped % 8 + 1])
            dripped += 1
            time.sleep(0.5)
        closed_after = None
    except OSError:
        closed_after = time.perf_counter() - t0
    if closed_after is None:
        s.settimeout(1)
        closed_after = time.perf_counter() - t0 if s.recv(100) == b"" else None
    s.close()
    assert closed_after is not None and 1.5 < closed_after < 8, closed_after


def test_chunked_bodies_expect_continue_and_pipelining_still_work(server):
    srv = server()
    # chunked
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
    payload = b"".join(b"%x\r\n%s\r\n" % (len(BODY[i:i + 7]), BODY[i:i + 7]) for i in range(0, len(BODY), 7))
    s.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + payload + b"0\r\n\r\n")
    answer = _read_all(s)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]       # the board is refused: the body was read
    assert "board" in json.loads(answer.split(b"\r\n\r\n", 1)[1])["field"]
    # Expect: 100-continue: the body is sent only after the server says so
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
    s.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
              b"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n" % len(BODY))
    assert s.recv(64).startswith(b"HTTP/1.1 100 Continue\r\n")
    s.sendall(BODY)
    answer = _read_all(s)
    assert answer.startswith(b"HTTP/1.1 400") and answer.count(b"100 Continue") == 0
    # two requests in one packet, on one keep-alive connection
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    answer = _read_all(s)
    assert answer.count(b"HTTP/1.1 200 OK") == 2 and answer.count(b'{"ok":true}') == 2


def _read_all(s: socket.socket) -> bytes:
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            s.close()
            return data
        data += chunk


