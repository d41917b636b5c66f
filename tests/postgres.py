"""A throwaway PostgreSQL cluster for the tests: initdb and pg_ctl in a temporary folder.

It listens on a unix socket in that folder only (no TCP port, nothing for other users to reach),
with trust authentication, and without fsync (a test database need not survive a power cut).
PostgreSQL refuses to run as root, so when the tests run as root the server runs as ``nobody``
(through ``runuser``); as any other user it runs as that user. pytest-postgresql starts a cluster
too, but as the user running the tests only, which root cannot be. `make test` installs Debian's
``postgresql`` when it is missing (docs/testing.md).
"""
from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg

UNPRIVILEGED = "nobody"
SETTINGS = "-c listen_addresses='' -c fsync=off -c full_page_writes=off -c max_connections=200"
# Commits acknowledged before their WAL is written: fast, and lost when the server is stopped at
# once (stop_server), so a cluster that is stopped under a test keeps them (durable=True).
FAST_COMMITS = "-c synchronous_commit=off"


def program(name: str) -> str:
    """A server program (initdb, pg_ctl): on the PATH, else Debian's newest under /usr/lib/postgresql."""
    found = shutil.which(name) or max(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), default=None, key=_major_version)
    if not found:
        raise RuntimeError(f"PostgreSQL's {name} is not installed: `make test` installs Debian's postgresql package")
    return found


def _major_version(path: str) -> int:
    return int(re.search(r"/(\d+)/bin/", path).group(1))


class Cluster:
    """Started by ``start()``, removed with its folder by ``stop()``."""

    def __init__(self, durable: bool = False) -> None:
        self.settings = SETTINGS if durable else f"{SETTINGS} {FAST_COMMITS}"
        self.folder = Path(tempfile.mkdtemp(prefix="assistant-postgresql-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        self.databases: list[str] = []  # the URLs of those created
        if os.geteuid() == 0:
            user = pwd.getpwnam(UNPRIVILEGED)
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", UNPRIVILEGED, "--"]

    def start(self) -> Cluster:
        self._run(program("initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
        self.start_server()
        return self

    def stop(self) -> None:
        self.stop_server()
        shutil.rmtree(self.folder, ignore_errors=True)

    def stop_server(self) -> None:
        """The server stopped at once, as a crash or a power cut stops it; its data kept."""
        self._run(program("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def start_server(self) -> None:
        self._run(program("pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-o", f"-k {self.folder} {self.settings}", "start")

    def url(self, database: str = "postgres") -> str:
        """A DATABASE_URL for one of its databases (the socket folder as libpq's ``host``)."""
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def create_database(self, name: str) -> str:
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        self.databases.append(self.url(name))
        return self.url(name)

    def _run(self, *argv: str) -> None:
        done = subprocess.run([*self.as_user, *argv], capture_output=True, text=True, timeout=120)
        if done.returncode:
            log = self.folder / "log"
            raise RuntimeError(f"{argv[0]} failed: {done.stdout}{done.stderr}{log.read_text() if log.exists() else ''}")


def empty(url: str) -> None:
    """Every table of the app (not the migration tool's) emptied, its numbering restarted."""
    with psycopg.connect(url, autocommit=True) as connection:
        names = [row[0] for row in connection.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]
        tables = [f'"{name}"' for name in names if "yoyo" not in name]
        if tables:
            connection.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY")
