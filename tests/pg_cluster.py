"""A real, throwaway PostgreSQL cluster for the tests and the benches: Debian's `postgresql` package, no mock.

`initdb` and `pg_ctl` come from /usr/lib/postgresql/<newest>/bin. The data directory and the unix socket live in
a folder the caller gives (the test session's tmp dir); the server also listens on a free loopback port, so a
client reaches it over TCP like a database on another machine. PostgreSQL refuses to run as root: as root the
cluster is owned by, and run as, the `postgres` user (`runuser -u postgres`), which `apt-get install postgresql`
creates. `.ci/ensure-postgres` installs the package (run by `make test`).

    with Cluster(tmp / "pg") as pg:
        url = pg.create_database("judge")     # postgresql://postgres@127.0.0.1:PORT/judge
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

SKIP_ENV = "JUDGE_APP_TEST_POSTGRES"   # =skip: the PostgreSQL tests are skipped (only when asked for explicitly)


class Unavailable(RuntimeError):
    """No PostgreSQL server could be installed or started here."""


def bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if not found:
        raise Unavailable("Debian の postgresql パッケージがありません（/usr/lib/postgresql/*/bin/initdb）。"
                          "sh .ci/ensure-postgres を root で実行するか apt-get install postgresql")
    return Path(found[-1]).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.data = self.root / "data"
        self.sock = self.root / "sock"
        self.log = self.root / "postgres.log"
        self.port = free_port()
        self.bin = bin_dir()
        self.as_root = os.geteuid() == 0
        self.version = ""

    # ---- running commands as the cluster's owner -----------------------------------------------------------
    def _argv(self, argv: list[str]) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *argv] if self.as_root else argv

    def _run(self, argv: list[str], timeout: float = 120, as_owner: bool = True) -> str:
        if as_owner and self.as_root:
            self._let_postgres_through()
        proc = subprocess.run(self._argv(argv) if as_owner else argv, capture_output=True, text=True, timeout=timeout, cwd="/")
        if proc.returncode != 0:
            raise Unavailable(f"{' '.join(argv[:2])} が失敗しました ({proc.returncode}): {proc.stderr[-1500:]}"
                              f"{self._log_tail()}")
        return proc.stdout

    def _log_tail(self) -> str:
        try:
            return "\n--- postgres.log ---\n" + self.log.read_text()[-1500:]
        except OSError:
            return ""

    def _prepare_dirs(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        self.sock.mkdir(exist_ok=True)
        if self.as_root:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("postgres ユーザーがいません（apt-get install postgresql で作られます）") from None
            self._let_postgres_through()
            for path in (self.root, self.sock):
                os.chown(path, owner.pw_uid, owner.pw_gid)

    def _let_postgres_through(self) -> None:
        """The postgres user must reach the folder: let it pass through (x, not read) every parent. Done again
        before each command run as postgres: another pytest session starting meanwhile resets
        /tmp/pytest-of-<user> to 0700. (The running server works in its data directory by relative paths, and
        clients connect over loopback TCP, so only initdb and pg_ctl start need the way through.)"""
        for parent in [self.root, *self.root.parents]:
            if parent == Path("/"):
                break
            mode = parent.stat().st_mode
            if not mode & 0o001:
                os.chmod(parent, (mode & 0o7777) | 0o001)

    # ---- life cycle ----------------------------------------------------------------------------------------------
    def start(self, timeout: float = 60) -> "Cluster":
        self._prepare_dirs()
        if not (self.data / "PG_VERSION").exists():
            self._run([str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                       "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"])
        opts = (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.sock} "
                "-c max_connections=200 -c shared_buffers=64MB -c fsync=on -c synchronous_commit=on")
        self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", opts,
                   "-w", "-t", str(int(timeout)), "start"], timeout=timeout + 30)
        self.version = self.query("postgres", "SHOW server_version").strip()
        return self

    def stop(self, timeout: float = 60) -> None:
        """Fast shutdown (SIGINT to the postmaster, as `pg_ctl -m fast` sends), then SIGQUIT if it lingers."""
        try:
            pid = int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return
        for sig, wait in ((signal.SIGINT, timeout), (signal.SIGQUIT, 10)):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                return
            if wait_for(lambda: not _alive(pid), wait):
                return

    def __enter__(self) -> "Cluster":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # ---- databases -----------------------------------------------------------------------------------------------
    def query(self, database: str, sql: str) -> str:
        """psql over loopback TCP (any local user may: the cluster trusts local connections)."""
        psql = self.bin / "psql"
        return self._run([str(psql), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", database,
                          "-XAtq", "-v", "ON_ERROR_STOP=1", "-c", sql], as_owner=False)

    def create_database(self, name: str) -> str:
        """A new empty database (dropped first if it exists); returns its URL over loopback TCP."""
        self.query("postgres", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.query("postgres", f'CREATE DATABASE "{name}"')
        return self.url(name)

    def url(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


def start_or_explain(root: Path) -> Cluster:
    """Start a cluster, or raise Unavailable with a message that says what to do."""
    if shutil.which("runuser") is None and os.geteuid() == 0:
        raise Unavailable("runuser がありません（util-linux）")
    cluster = Cluster(root)
    try:
        return cluster.start()
    except subprocess.TimeoutExpired as e:
        raise Unavailable(f"PostgreSQL が時間内に起動しませんでした: {e}{cluster._log_tail()}") from None


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(predicate, timeout: float = 30, step: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False
