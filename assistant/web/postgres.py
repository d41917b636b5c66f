"""PostgreSQL, when one machine is not enough: several app servers share one database.

Chosen by ``DATABASE_URL=postgresql://…`` (db.py). Connections come from a psycopg_pool pool per
database and process, ``ASSISTANT_DATABASE_POOL_SIZE`` at most (by default as many as `serve`'s
threads, each of which holds one for a request at most). They run in autocommit: every statement
is its own transaction, and a change is a compare-and-set on the table's version (tables.py),
which holds across processes and machines. The schema's versions are yoyo migrations: the shared
ones in ``assistant/web/migrations``, each game's in the folder its ``WebGame.migrations`` names,
applied once per process at first use, under yoyo's lock so that servers starting together do
not apply one twice.

The app writes its SQL once, for sqlite3 (``?`` placeholders); :class:`Connection` hands it to
psycopg with ``%s`` instead, and gives rows by column name as sqlite3.Row does.
"""
from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # psycopg is imported only when PostgreSQL is used: SQLite needs none of it
    from psycopg_pool import ConnectionPool

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SCHEMES = ("postgresql://", "postgres://")
_pools: dict[str, ConnectionPool] = {}
_pools_lock = threading.Lock()


def is_postgresql(url: str | None) -> bool:
    return bool(url) and url.startswith(SCHEMES)


class Connection:
    """One pooled connection for one request; ``close()`` gives it back."""

    def __init__(self, pool: ConnectionPool):
        self._pool = pool
        self._connection = pool.getconn()

    def execute(self, sql: str, parameters: Sequence = ()):
        return self._connection.execute(_placeholders(sql), parameters)

    def close(self) -> None:
        self._pool.putconn(self._connection)


@lru_cache(maxsize=256)
def _placeholders(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


def connect(url: str, pool_size: int, games: Sequence) -> Connection:
    pool = _pools.get(url)
    if pool is None:
        with _pools_lock:
            pool = _pools.get(url)
            if pool is None:
                from psycopg.rows import dict_row
                from psycopg_pool import ConnectionPool

                migrate(url, games)
                pool = ConnectionPool(
                    url, min_size=1, max_size=pool_size, open=True, name="assistant",
                    kwargs={"autocommit": True, "row_factory": dict_row},
                )
                _pools[url] = pool
    return Connection(pool)


def migrate(url: str, games: Sequence) -> list[str]:
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


def failures() -> tuple[type[Exception], ...]:
    """What psycopg raises when the database cannot be reached or used."""
    import psycopg

    return (psycopg.Error,)


def forget(url: str) -> None:
    """Close this process's pool of ``url`` (a test standing for a new process)."""
    with _pools_lock:
        pool = _pools.pop(url, None)
    if pool is not None:
        pool.close()
