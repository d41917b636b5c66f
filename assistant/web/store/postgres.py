"""PostgreSQL, when one machine is not enough: several app servers share one database.

Chosen by ``DATABASE_URL=postgresql://…`` (db.py). Connections come from a psycopg_pool pool per
database and process, ``ASSISTANT_DATABASE_POOL_SIZE`` at most (by default as many as `serve`'s
threads, each of which holds one for a request at most). They run in autocommit: every statement
is its own transaction, and a change is a compare-and-set on the table's version (tables.py),
which holds across processes and machines. The schema's versions are yoyo migrations: the shared
ones in ``assistant/web/store/migrations``, each game's in the folder its ``WebGame.migrations`` names,
applied once per process at first use, under yoyo's lock so that servers starting together do
not apply one twice.

The app writes its SQL once, for sqlite3 (``?`` placeholders); :class:`Connection` hands it to
psycopg with ``%s`` instead, and gives rows by column name as sqlite3.Row does.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.web.store import versions

if TYPE_CHECKING:  # psycopg is imported only when PostgreSQL is used: SQLite needs none of it
    from psycopg import Connection as PsycopgConnection
    from psycopg import Cursor
    from psycopg_pool import ConnectionPool

    from assistant.web.store.shapes import GameTables

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# Fail fast: a request waits this long at most for a connection (the pool's own, or a new one)
# while the database is out of reach, and then answers 503 (errors.py); once an outage is known,
# only OUTAGE_WAIT_SECONDS, so the server's threads stay free and /healthz answers at once.
# libpq waits 2 s at the least for a new connection.
WAIT_SECONDS = 2
OUTAGE_WAIT_SECONDS = 0.25
# The pool tries again with growing pauses (1 s, 2 s, ...) and gives up after this long; the next
# request starts it afresh at once. Its default, 5 minutes, let the pauses grow to half a minute
# and more: a database back after 40 s was used again only tens of seconds later.
RECONNECT_SECONDS = 4
# A connection the network dropped without a word is noticed within about 10 s (TCP keepalives;
# a unix socket needs none).
CONNECT_OPTIONS = {"connect_timeout": WAIT_SECONDS, "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2}
SCHEMES = ("postgresql://", "postgres://")
_pools: dict[str, ConnectionPool] = {}
# The pool warns at every failed attempt to reconnect; db.py says an outage once, and its end.
logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
_pools_lock = threading.Lock()


def is_postgresql(url: str | None) -> bool:
    return url is not None and url.startswith(SCHEMES)


class Connection:
    """One pooled connection for one request; ``close()`` gives it back."""

    def __init__(self, pool: ConnectionPool, wait: float):
        self._pool = pool
        connection = pool.getconn(timeout=wait)
        if not _answers(connection):
            # The database restarted (or dropped it) since it was last used, and so every idle
            # connection: the pool's own check, one connection at a time, took the whole wait to
            # find a good one when eight were dead, and the first request after a restart was a
            # 503. So every idle one is checked at once (a few ms), the dead replaced.
            pool.putconn(connection)  # broken: the pool drops it
            pool.check()
            connection = pool.getconn(timeout=wait)
        self._connection = connection

    def execute(self, sql: str, parameters: Sequence[object] = ()) -> Cursor[Any]:
        return self._connection.execute(_placeholders(sql), parameters)

    def check(self, sql: str, seconds: float) -> None:
        """Run ``sql`` within ``seconds`` (its statement and any lock it waits for), whatever the
        connection's own timeouts: /healthz's shorter check."""
        milliseconds = max(1, int(seconds * 1000))
        with self._connection.transaction():
            self._connection.execute(f"SET LOCAL statement_timeout = {milliseconds}")
            self._connection.execute(f"SET LOCAL lock_timeout = {milliseconds}")
            self._connection.execute(sql).fetchall()

    def close(self) -> None:
        self._pool.putconn(self._connection)


def _answers(connection: PsycopgConnection[Any]) -> bool:
    """The connection still reaches the database (an empty query: one round trip)."""
    from psycopg_pool import ConnectionPool

    try:
        ConnectionPool.check_connection(connection)
    except Exception:  # psycopg's OperationalError: the server closed it
        return False
    return True


@lru_cache(maxsize=256)
def _placeholders(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


def connect(url: str, pool_size: int, games: Sequence[GameTables],
            outage: bool = False, timeout: float = WAIT_SECONDS, wait: float | None = None) -> Connection:
    """A connection for one request (``outage``: the database was out of reach just now, so
    do not wait long for it; ``wait``: not longer than this in any case). ``timeout``: how long
    each statement may run, and wait for a lock, before PostgreSQL cancels it (db.TIMEOUT_SECONDS);
    read when the pool is made."""
    pool = _pools.get(url)
    if pool is None:
        with _pools_lock:
            pool = _pools.get(url)
            if pool is None:
                from psycopg.rows import dict_row
                from psycopg_pool import ConnectionPool

                migrate(url, games)
                # A connection is tried before a request gets it (Connection), so one the database
                # dropped (a restart) is replaced instead of failing the request.
                pool = ConnectionPool(
                    url, min_size=1, max_size=pool_size, open=True, name="assistant", timeout=WAIT_SECONDS,
                    reconnect_timeout=RECONNECT_SECONDS, reconnect_failed=_quietly,
                    kwargs={"autocommit": True, "row_factory": dict_row, "options": _timeouts(timeout), **CONNECT_OPTIONS},
                )
                _pools[url] = pool
    return Connection(pool, min(OUTAGE_WAIT_SECONDS if outage else WAIT_SECONDS, WAIT_SECONDS if wait is None else wait))


def _timeouts(seconds: float) -> str:
    """The session settings that bound a statement and its wait for a lock: a slow or locked
    database answers 503 (QueryCanceled, LockNotAvailable: is_outage) instead of holding the
    request's thread, and every other request behind it."""
    milliseconds = max(1, int(seconds * 1000))
    return f"-c statement_timeout={milliseconds} -c lock_timeout={milliseconds}"


def table_versions(url: str) -> versions.TableVersions:
    """This process's versions of ``url``'s tables, listened to from the first call on."""
    return versions.watching(url, **CONNECT_OPTIONS)


def _quietly(_pool: ConnectionPool) -> None:
    """The pool gave up reconnecting for now: the next request tries again; db.py said the outage."""


def migrate(url: str, games: Sequence[GameTables]) -> list[str]:
    """Apply the migrations the database has not had yet (the shared ones and each game's); their ids."""
    from yoyo import get_backend, read_migrations  # only when PostgreSQL is used

    folders = [MIGRATIONS, *(game.migrations for game in games if game.migrations)]
    backend = get_backend("postgresql+psycopg://" + url.split("://", 1)[1])
    try:
        with backend.lock():
            missing = backend.to_apply(read_migrations(*map(str, folders)))
            backend.apply_migrations(missing)
            return [migration.id for migration in missing]
    finally:
        backend.connection.close()


def describe(url: str) -> str:
    """Which database, for the log: its name and host, never the password."""
    from psycopg.conninfo import conninfo_to_dict

    info = conninfo_to_dict(url)
    return f"PostgreSQL database {info.get('dbname', '(default)')} on {info.get('host', 'localhost')}"


def is_outage(error: BaseException) -> bool:
    """The database out of reach, restarting, read-only or out of space: not the request's fault
    nor the app's, and over once the database is back."""
    if not type(error).__module__.startswith(("psycopg", "psycopg_pool")):
        return False  # and psycopg stays unimported on SQLite
    import psycopg
    from psycopg import errors

    return isinstance(error, (psycopg.OperationalError, errors.ReadOnlySqlTransaction))


def is_write_fault(error: BaseException) -> bool:
    """An outage only writes meet (the database read-only, its disk full): reads still work."""
    if not type(error).__module__.startswith("psycopg"):
        return False
    from psycopg import errors

    return isinstance(error, (errors.ReadOnlySqlTransaction, errors.DiskFull))


def is_unique_violation(error: BaseException) -> bool:
    """A unique index refused a row (a tap's id taken by another request first: record.py)."""
    if not type(error).__module__.startswith("psycopg"):
        return False
    from psycopg import errors

    return isinstance(error, errors.UniqueViolation)


def failures() -> tuple[type[Exception], ...]:
    """What psycopg raises when the database cannot be reached or used."""
    import psycopg

    return (psycopg.Error,)


def forget(url: str) -> None:
    """Close this process's pool of ``url`` and stop listening to it (a test standing for a new process)."""
    with _pools_lock:
        pool = _pools.pop(url, None)
    versions.forget(url)
    if pool is not None:
        pool.close()
