"""Issue 39's wire attacks (findings 1-4 and the double slash), as a hostile client sends them, against a real
served process. Used by tests/hostile/test_issue39_wire.py (short) and bench/abuse.py (as the issue wrote them).

Each attack returns what it sent and what came back; `Probe` polls /healthz meanwhile and samples the workers'
memory, so that every attack can be judged on what the issue asks: /healthz within 1 s throughout, no worker
dies or grows past 500 MB.
"""
from __future__ import annotations

import http.client
import socket
import threading
import time
from pathlib import Path
from typing import Callable


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Probe:
    """/healthz every `interval` seconds on a fresh connection, and the largest RSS among `pids()`, until stop()."""

    def __init__(self, port: int, pids: Callable[[], list[int]], interval: float = 0.1):
        self.port, self.pids, self.interval = port, pids, interval
        self.times: list[float] = []
        self.failures: list[str] = []
        self.rss = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "Probe":
        self.workers = set(self.pids())
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(10)

    def _run(self) -> None:
        pids, n = [], 0
        while not self._stop.is_set():
            if n % 10 == 0:       # the process list once a second: reading /proc is not free
                pids = self.pids()
            n += 1
            t0 = time.perf_counter()
            c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            try:
                c.request("GET", "/healthz")
                r = c.getresponse()
                r.read()
                if r.status != 200:
                    self.failures.append(str(r.status))
            except (OSError, http.client.HTTPException) as e:
                self.failures.append(type(e).__name__)
            finally:
                c.close()
            self.times.append(time.perf_counter() - t0)
            self.rss = max([self.rss] + [rss_mb(p) for p in pids])
            self._stop.wait(self.interval)

    def report(self) -> dict:
        died = sorted(self.workers - set(self.pids()))
        return {"healthz probes": len(self.times), "healthz max s": round(max(self.times, default=0), 3),
                "healthz failures": len(self.failures), "largest worker RSS MB": round(self.rss, 1),
                "workers gone": len(died)}


def _connect(port: int, timeout: float = 5) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=timeout)


def answer_of(s: socket.socket, timeout: float) -> str:
    """The status code the server sent on `s` within `timeout`, 'closed' when it hung up, 'none' when it said
    nothing."""
    s.settimeout(timeout)
    data = b""
    try:
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except socket.timeout:
        return "none"
    except OSError:
        return "closed"
    if data.startswith(b"HTTP/"):
        return data.split(b" ", 2)[1].decode("latin-1")
    return "closed" if not data else "garbage"


def count(answers: list[str]) -> dict[str, int]:
    return {a: answers.count(a) for a in sorted(set(answers))}


CHUNKED_POST = (b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n")


# ---- finding 1: a negative chunk size ---------------------------------------------------------------------------
def negative_chunk(port: int, requests: int = 4) -> dict:
    """The issue's 60-byte request: a chunked POST whose size line is -6."""
    raw = CHUNKED_POST + b"-6\r\n"
    answers = []
    t0 = time.perf_counter()
    for _ in range(requests):
        with _connect(port) as s:
            s.sendall(raw)
            answers.append(answer_of(s, 5))
    return {"load": f"{requests} chunked POSTs with a chunk size of -6 ({len(raw)} bytes each)",
            "answers": count(answers), "seconds": round(time.perf_counter() - t0, 2)}


# ---- finding 2: headers over 64 KiB, chunk-size lines over 1 KiB, left incomplete -------------------------------
def incomplete_framing(port: int, connections: int = 12, hold: float = 10.0) -> dict:
    """Half the connections send 70 KiB of one header, half a 2 KiB chunk-size line, and neither ever ends it:
    then they stay open, a byte every second, for `hold` seconds."""
    socks, answers = [], []
    for i in range(connections):
        s = _connect(port)
        try:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70 * 1024 if i % 2 == 0
                      else CHUNKED_POST + b"1;" + b"e" * 2048)
        except OSError:
            pass
        socks.append(s)
    deadline = time.monotonic() + hold
    while time.monotonic() < deadline:
        for s in socks:
            try:
                s.sendall(b"a")
            except OSError:
                pass
        time.sleep(1.0)
    for s in socks:
        answers.append(answer_of(s, 0.5))
        s.close()
    return {"load": f"{connections} connections: 70 KiB headers or a 2 KiB chunk-size line never ended, held "
                    f"{hold:g} s", "answers at the end": count(answers)}


# ---- finding 3: chunk extensions and trailers without end --------------------------------------------------------
def _stream(port: int, head: bytes, block: bytes, seconds: float, cap: int) -> tuple[int, str]:
    """Send `head`, then `block` again and again for `seconds` (or `cap` bytes); bytes sent and the answer."""
    s = _connect(port)
    sent = 0
    deadline = time.monotonic() + seconds
    try:
        s.sendall(head)
        s.settimeout(2)
        while time.monotonic() < deadline and sent < cap:
            s.sendall(block)
            sent += len(block)
    except OSError:
        pass
    answer = answer_of(s, 2)
    s.close()
    return sent, answer


def chunk_extensions(port: int, seconds: float = 8.0, cap_mb: int = 1024) -> dict:
    """1-byte chunks each with a 1 KB extension, as fast as the server takes them; then a last chunk followed by
    trailer lines that never end."""
    ext = b"1;e=" + b"x" * 1000 + b"\r\na\r\n"
    ext_sent, ext_answer = _stream(port, CHUNKED_POST, ext * 64, seconds, cap_mb << 20)
    trailer = b"X-T: " + b"t" * 100 + b"\r\n"
    tr_sent, tr_answer = _stream(port, CHUNKED_POST + b"1\r\na\r\n0\r\n", trailer * 600, seconds, cap_mb << 20)
    return {"load": f"1-byte chunks with 1 KB extensions, then endless trailers, {seconds:g} s each",
            "extensions MB sent before the server stopped reading": round(ext_sent / 2**20, 1),
            "extensions answer": ext_answer,
            "trailers MB sent before the server stopped reading": round(tr_sent / 2**20, 1),
            "trailers answer": tr_answer}


# ---- finding 4: a Content-Length over the cap, and no body -------------------------------------------------------
def oversized_length(port: int, seconds: float = 10.0, per_second: float = 2.0) -> dict:
    """`per_second` POSTs a second that announce 2 GB and send nothing, each left open until the end."""
    socks, answers, took = [], [], []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        s = _connect(port)
        t0 = time.perf_counter()
        s.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 2000000000\r\n\r\n{")
        answers.append(answer_of(s, 6))
        took.append(time.perf_counter() - t0)
        socks.append(s)
        time.sleep(max(0.0, 1 / per_second - took[-1]))
    for s in socks:
        s.close()
    return {"load": f"{len(answers)} POSTs announcing 2 GB with no body, {per_second:g} a second, held open",
            "answers": count(answers), "slowest answer s": round(max(took), 3)}


# ---- the double slash ----------------------------------------------------------------------------------------------
DOUBLE_SLASH = [("GET", "//evil.example/x"), ("GET", "//rules/opcg?doc=x"), ("GET", "/rules//opcg"),
                ("POST", "//api/sessions"), ("POST", "//api//rulings")]


def double_slash(port: int) -> dict:
    """Paths with double slashes, sent with `Host: evil.example`: no answer may send the client elsewhere."""
    out = {}
    for method, path in DOUBLE_SLASH:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            c.putrequest(method, path, skip_host=True)
            c.putheader("Host", "evil.example")
            if method == "POST":
                c.putheader("Content-Type", "application/json")
                c.putheader("Content-Length", "2")
            c.endheaders(b"{}" if method == "POST" else None)
            r = c.getresponse()
            r.read()
            out[f"{method} {path}"] = f"{r.status} {r.getheader('Location') or ''}".strip()
        except (OSError, http.client.HTTPException) as e:
            out[f"{method} {path}"] = type(e).__name__
        finally:
            c.close()
    return {"load": "double-slash paths with Host: evil.example", "answers": out,
            "absolute or foreign Location": sum("evil" in v or "://" in v for v in out.values()),
            "POST redirected": sum(k.startswith("POST") and v[:1] == "3" for k, v in out.items())}
