"""Each table's version, kept in this server process's memory on PostgreSQL, so a poll with nothing
new is answered without the database (polls.py), as the SQLite file's own lookup is on one machine.

Several servers share one database, so a change may come through any of them. PostgreSQL says
so: every change's own transaction notifies ``CHANNEL`` with the table's tokens and new version
(a trigger, ``migrations/0003``), and one listener connection per process (a thread of its own)
feeds the map. Correct before fast: the map is only believed while that listener is connected;
when it loses the connection it forgets everything, and every poll asks the database until it
listens again. A version read from the database is learnt only if no reconnection happened
since the read began (``generation``), and a learnt version never replaces a newer one, so a
table whose version moved is never answered "nothing new" from memory.
"""
from __future__ import annotations

import logging
import threading
import time

CHANNEL = "game_table_versions"
LISTENER_NAME = "assistant versions listener"  # its application_name, as pg_stat_activity shows it
KEPT = 100_000  # tables remembered at most (a few MB); past that the map starts again
CHECK_SECONDS = 5.0  # how often an idle listener checks its connection is alive
RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0, 5.0)  # waits between attempts to listen again
logger = logging.getLogger(__name__)


class TableVersions:
    """token (edit or spectators') → the table's latest version, believed while ``listening``."""

    def __init__(self, url: str, **connect_options: int | str):
        self.url, self.connect_options = url, connect_options
        self._versions: dict[str, int] = {}
        self._lock = threading.Lock()
        self.generation = 0  # counts the times the listener started listening; odd/even says nothing
        self.listening = False
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="table versions", daemon=True)

    def start(self) -> TableVersions:
        import psycopg  # noqa: F401  here, not first in the thread: two threads importing it at once can break its import
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopped.set()

    def known(self, token: str) -> int | None:
        """The version this process knows for ``token``, or None (ask the database)."""
        return self._versions.get(token) if self.listening else None

    def moment(self) -> int:
        """Taken before reading a version from the database, handed to ``learn`` after: 0 when not listening."""
        return self.generation if self.listening else 0

    def learn(self, table_id: str, view_id: str, version: int, moment: int) -> None:
        """A version read from the database at ``moment`` (``moment()`` before the read)."""
        with self._lock:
            if moment and moment == self.generation and self.listening:
                self._store(table_id, view_id, version)

    def _store(self, table_id: str, view_id: str, version: int) -> None:
        if len(self._versions) >= KEPT:
            self._versions.clear()
        for token in (table_id, view_id):
            if self._versions.get(token, 0) < version:
                self._versions[token] = version

    def _notified(self, payload: str) -> None:
        """'<id> <view_id> <version>' from the trigger; version -1: the table was removed."""
        table_id, view_id, version = payload.split(" ")
        with self._lock:
            if int(version) < 0:
                self._versions.pop(table_id, None)
                self._versions.pop(view_id, None)
            else:
                self._store(table_id, view_id, int(version))

    def _listen(self) -> None:
        import psycopg
        from psycopg.conninfo import make_conninfo

        failures = 0
        while not self._stopped.is_set():
            try:
                # The libpq options merged into the URL as psycopg.connect merges its keywords (typed apart from its own).
                conninfo = make_conninfo(self.url, application_name=LISTENER_NAME, **self.connect_options)
                with psycopg.connect(conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    with self._lock:
                        self._versions.clear()
                        self.generation += 1
                        self.listening = True
                    if failures:
                        logger.warning("listening to the database's table changes again")
                    failures = 0
                    while not self._stopped.is_set():
                        for notice in connection.notifies(timeout=CHECK_SECONDS):
                            self._notified(notice.payload)
                        connection.execute("SELECT 1")  # a connection gone quietly fails here
            except psycopg.Error as error:
                self._forget()
                if not failures:
                    logger.warning("lost the database's table changes (%s); polls ask the database until it is back", _first_line(error))
                failures += 1
                self._stopped.wait(RETRY_SECONDS[min(failures, len(RETRY_SECONDS)) - 1])
        self._forget()

    def _forget(self) -> None:
        with self._lock:
            self.listening = False
            self._versions.clear()


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


_watching: dict[str, TableVersions] = {}
_watching_lock = threading.Lock()


def watching(url: str, **connect_options: int | str) -> TableVersions:
    """This process's map of ``url``'s tables, its listener started at first use."""
    versions = _watching.get(url)
    if versions is None:
        with _watching_lock:
            versions = _watching.get(url)
            if versions is None:
                versions = _watching[url] = TableVersions(url, **connect_options).start()
    return versions


def watched(url: str) -> TableVersions | None:
    """The map of ``url`` if this process started one (the poll in front of the app asks nothing else)."""
    return _watching.get(url)


def forget(url: str) -> None:
    """Stop listening to ``url`` (a test standing for a new process)."""
    with _watching_lock:
        versions = _watching.pop(url, None)
    if versions is not None:
        versions.stop()


def wait_until_listening(url: str, seconds: float = 5.0) -> bool:
    """For tests and benchmarks: True once this process listens to ``url``'s changes."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        versions = _watching.get(url)
        if versions is not None and versions.listening:
            return True
        time.sleep(0.01)
    return False
