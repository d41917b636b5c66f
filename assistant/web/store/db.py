"""The store: SQLite in the instance folder (flaskr style), or PostgreSQL when ``DATABASE_URL``
names one (postgres.py): for SQLite each server thread's own connection, kept open from one
request to the next; for PostgreSQL one from the pool a request. Schema on first use.

``get_db()`` is this request's connection to either: ``execute(sql, parameters)`` with the SQL
written once for sqlite3 (``?`` placeholders, standard SQL both understand), rows by column name.
Changes are compare-and-sets on a version (tables.py), so they hold across processes and
machines alike. The shared table (``game_table``) is made here for SQLite (for PostgreSQL by the
migrations in ``migrations/``); a game's own tables come from its ``WebGame`` (``schema``,
``upgrade_database``; ``migrations``), handed over by ``init_app``."""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager

import click
from flask import Flask, current_app, g

from assistant.web.store import postgres, record, versions
from assistant.web.store.shapes import GameTables
from assistant.web.store.shapes import Row as Row  # where the store's modules and the games' find it

SCHEMA = """
CREATE TABLE IF NOT EXISTS game_table (
    id TEXT PRIMARY KEY,            -- the edit link's token
    view_id TEXT NOT NULL UNIQUE,   -- the spectators' link token
    game TEXT NOT NULL,             -- the game's slug
    version INTEGER NOT NULL,       -- counts every change, for polling and conflicts
    state TEXT NOT NULL,            -- JSON, shaped by the game
    changed TEXT NOT NULL,          -- JSON {cell: version that last changed it}
    created REAL NOT NULL,
    updated REAL NOT NULL,
    authors TEXT NOT NULL DEFAULT '{}',  -- JSON: which phone set each cell, values replaced since
    paced_until REAL NOT NULL DEFAULT 0  -- when it has all its allowances of changes back (pace.py)
);
CREATE INDEX IF NOT EXISTS game_table_updated ON game_table (updated);  -- prune finds the old ones
"""
EXTENSION = "assistant.db.games"  # app.extensions key of the games handed to init_app
_ready: set[str] = set()
# One connection per database stays open for the life of the process, having read once (so it
# holds the WAL index): when the last connection that holds it closes, SQLite checkpoints and
# deletes the WAL, which cost every change a millisecond (benchmarks/durability.py).
_anchors: dict[str, sqlite3.Connection] = {}
_ready_lock = threading.Lock()
# Each server thread's own connection (kept_connection), kept open between requests.
_kept_connections: dict[tuple[str, int], sqlite3.Connection] = {}
# FULL: the WAL is synced to disk before a change is acknowledged, so no acknowledged tap is
# lost to a power cut. NORMAL would lose the taps since the last checkpoint (up to ~1,000)
# to save 0.4 ms per change here, 3 ms on a busy disk (docs/security.md, benchmarks/durability.py).
SYNCHRONOUS = "FULL"
# How long a statement may run or wait for a lock (PostgreSQL: statement_timeout, lock_timeout;
# SQLite: its busy timeout) before the request answers 503, as when the store is down: a slow or
# locked store must not hold every thread (ASSISTANT_DATABASE_TIMEOUT_SECONDS).
TIMEOUT_SECONDS = 2.0
# /healthz's own, shorter: it says whether the store answers, and never waits behind a stuck change.
HEALTH_SECONDS = 1.0
_busy_seconds: dict[str, float] = {}  # each SQLite file's timeout, as its app was configured
# The database holds every table's edit token: readable by its owner only.
FILE_MODE = 0o600


class StoreError(Exception):
    """Said at start in words, ending the command with ``exit_status``."""

    exit_status = 1


class StoreSettingError(StoreError, ValueError):
    """A store setting the app cannot use (naming the setting)."""

    exit_status = 2  # as argparse's refusals


class StoreUnreachable(StoreError):
    """The database named cannot be opened."""


def open_store(app: Flask) -> str:
    """Open the store before the first request (schema made, migrations applied), so that a
    database out of reach is said at start; what it is, for the log."""
    with _reaching(app):
        with app.app_context():
            get_db()
    return _described(app)


def migrate(app: Flask) -> list[str]:
    """Bring the store's schema up to date now; the ids of the PostgreSQL migrations applied
    (a SQLite database takes its schema and upgrades without any)."""
    url = app.config["DATABASE_URL"]
    if not url:
        open_store(app)
        return []
    with _reaching(app):
        return postgres.migrate(url, app.extensions.get(EXTENSION, ()))


@contextmanager
def _reaching(app: Flask) -> Iterator[None]:
    failures: tuple[type[Exception], ...] = (sqlite3.Error, OSError, *(postgres.failures() if app.config["DATABASE_URL"] else ()))
    try:
        yield
    except failures as error:
        raise StoreUnreachable(f"cannot open the database ({_described(app)}): {error}") from None


def _described(app: Flask) -> str:
    url = app.config["DATABASE_URL"]
    return postgres.describe(url) if url else app.config["DATABASE"]


def get_db(wait: float | None = None) -> sqlite3.Connection | postgres.Connection:
    """``wait``: how long to wait for a PostgreSQL connection at most (by default the store's timeout)."""
    if "db" not in g:
        if current_app.config["DATABASE_URL"]:
            config = current_app.config
            games = current_app.extensions.get(EXTENSION, ())
            connection = postgres.connect(config["DATABASE_URL"], config["DATABASE_POOL_SIZE"], games, outage=bool(_outage["since"]),
                                          timeout=config["DATABASE_TIMEOUT_SECONDS"], wait=wait)
            g.db = connection
            return connection
        path = current_app.config["DATABASE"]
        if path not in _ready:
            _create_private(path)
            with closing(_connect(path)) as first:
                _ensure_schema(first, path)
        if _outage["since"] and (path, threading.get_ident()) not in _kept_connections:
            # Opened during an outage, SQLite may have opened the file read-only for good (an
            # immutable file): this request's only, and the thread opens a kept one once it is over.
            g.db, g.db_for_this_request = _connect(path), True
        else:
            g.db = kept_connection(path)
    db: sqlite3.Connection | postgres.Connection = g.db
    return db


def _connect(path: str) -> sqlite3.Connection:
    # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE where we write). timeout:
    # how long a change waits for another process's lock before the request answers 503.
    connection = sqlite3.connect(path, timeout=_busy_seconds.get(path, TIMEOUT_SECONDS), isolation_level=None, check_same_thread=False)
    connection.row_factory = sqlite3.Row  # rows by column name, as from PostgreSQL
    connection.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
    return connection


def _create_private(path: str) -> None:
    """Create the file before SQLite does (SQLite would make it 0644); its -wal and -shm files
    take the database file's mode. An existing file keeps the mode it has."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        pass


def _ensure_schema(db: sqlite3.Connection, path: str) -> None:
    if path in _ready:
        return
    games = current_app.extensions.get(EXTENSION, ())
    with _ready_lock:
        db.execute("PRAGMA journal_mode=WAL")  # readers (polling phones) never wait for a writer
        create_schema(db, games)
        if path not in _anchors:
            anchor = sqlite3.connect(path, check_same_thread=False)
            anchor.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()  # now it holds the WAL index
            _anchors[path] = anchor
        _ready.add(path)


def create_schema(db: sqlite3.Connection, games: Sequence[GameTables]) -> None:
    """The app's SQLite tables, made or brought up to date (a backup file too: backup.py)."""
    db.executescript(SCHEMA + record.SCHEMA + "".join(game.schema for game in games))
    _upgrade(db, games)


def _upgrade(db: sqlite3.Connection, games: Sequence[GameTables]) -> None:
    """Bring a database made by an older version up to the schema: each game's changes since."""
    db.execute("BEGIN IMMEDIATE")  # two workers starting at once must not both add a column
    try:
        columns = {row[1] for row in db.execute("PRAGMA table_info(game_table)")}
        if "authors" not in columns:  # made before phones were told their value was replaced
            db.execute("ALTER TABLE game_table ADD COLUMN authors TEXT NOT NULL DEFAULT '{}'")
        if "paced_until" not in columns:  # made before a table's pace was counted in the store
            db.execute("ALTER TABLE game_table ADD COLUMN paced_until REAL NOT NULL DEFAULT 0")
        for game in games:
            game.upgrade_database(db)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def table_versions() -> versions.TableVersions | None:
    """This process's versions of the tables kept in memory (PostgreSQL; None on SQLite, where
    the file's own lookup is as cheap): versions.py."""
    url = current_app.config["DATABASE_URL"]
    return postgres.table_versions(url) if url else None


def forget_postgresql(url: str) -> None:
    """Close this process's pool of a PostgreSQL database (a test standing for a new process)."""
    postgres.forget(url)


def kept_connection(path: str, busy_seconds: float | None = None) -> sqlite3.Connection | None:
    """This thread's connection to a database already set up, kept open for its next request
    (opening one and reading the schema cost a poll more than its lookup, and a third of a
    server's time under load: docs/deployment.md); None before the app has set the database up.
    Autocommit between requests: each read sees the last change committed."""
    if path not in _ready:
        return None
    key = (path, threading.get_ident())
    connection = _kept_connections.get(key)
    if connection is None:
        connection = _connect(path)
        if busy_seconds is not None:
            connection.execute(f"PRAGMA busy_timeout = {int(busy_seconds * 1000)}")
        with _ready_lock:
            _kept_connections[key] = connection
    return connection


def release(path: str) -> None:
    """Close this process's anchor and kept connections to a database no longer served (each
    test's own database)."""
    with _ready_lock:
        _ready.discard(path)
        anchor = _anchors.pop(path, None)
        kept = [_kept_connections.pop(key) for key in [key for key in _kept_connections if key[0] == path]]
    for connection in [anchor, *kept]:
        if connection is not None:
            connection.close()


# SQLite's primary result codes that mean the file cannot be used now, not a fault of the app:
# another process holds it too long, it became read-only, the disk is full or failing, it is gone.
SQLITE_OUTAGES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR,
                  sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM}
# When this process last found its store unusable (0: it works), and whether only writes fail:
# then only a write that works again ends the outage.
_outage = {"since": 0.0, "writing": False}
_outage_lock = threading.Lock()


def is_outage(error: BaseException) -> bool:
    """The store cannot be used right now (errors.py answers 503): PostgreSQL out of reach or
    restarting, a SQLite file read-only, full or failing."""
    if isinstance(error, sqlite3.Error):
        return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in SQLITE_OUTAGES
    return postgres.is_outage(error)


def store_failed(error: BaseException) -> bool:
    """True when ``error`` is an outage of the store: said once in the log, until it works again."""
    if not is_outage(error):
        return False
    g.store_failed = True
    with _outage_lock:
        first = not _outage["since"]
        if first:
            _outage.update(since=time.time(), writing=g.get("store_writing", False) and _write_fault(error))
    if first:
        current_app.logger.warning("the database cannot be used (%s): %s; answering 503 until it works again",
                                   _described(current_app), _first_line(error))
    return True


def _write_fault(error: BaseException) -> bool:
    if isinstance(error, sqlite3.Error):
        # Whatever SQLite calls it ("disk I/O error" for an immutable file, read-only, full, a
        # lock held too long): a change that failed means changes cannot be made, while reads
        # may still work. One outage, ended by a write that works (a change, or /healthz's probe),
        # not by the next read, which flapped it in the log hundreds of times a minute.
        return True
    return postgres.is_write_fault(error)


def writing() -> None:
    """Said by a request before it writes to the store (tables.py), for the outage's log."""
    g.store_writing = True


def _store_worked() -> None:
    with _outage_lock:
        since = _outage["since"]
        if not since or (_outage["writing"] and not g.get("store_writing", False)):
            return
        _outage["since"] = 0.0
    if since:
        current_app.logger.warning("the database works again (%s), after %.0f s", _described(current_app), time.time() - since)


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def check_store() -> None:
    """Read from the store (``/healthz``) within ``HEALTH_SECONDS``: raises what reading raises."""
    seconds = min(HEALTH_SECONDS, current_app.config["DATABASE_TIMEOUT_SECONDS"])
    db = get_db(wait=seconds)
    if isinstance(db, sqlite3.Connection):
        db.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        try:
            db.execute("SELECT 1 FROM game_table LIMIT 1").fetchall()
            if _outage["since"] and _outage["writing"]:  # a change failed: 503 until a write works again
                writing()
                version = db.execute("PRAGMA user_version").fetchone()[0]
                db.execute(f"PRAGMA user_version = {int(version)}")  # a write of one page, the same value
        finally:
            db.execute(f"PRAGMA busy_timeout = {int(current_app.config['DATABASE_TIMEOUT_SECONDS'] * 1000)}")
    else:
        db.check("SELECT 1 FROM game_table LIMIT 1", seconds)


def close_db(_error: BaseException | None = None) -> None:
    """A PostgreSQL connection goes back to its pool; this thread keeps its SQLite one, out of
    any transaction a failed request left open. A request that used the store without an
    outage says, once, that it works again."""
    db = g.pop("db", None)
    if db is not None and not g.pop("store_failed", False) and _error is None:
        _store_worked()
    if isinstance(db, sqlite3.Connection):
        if g.pop("db_for_this_request", False):
            db.close()
        elif db.in_transaction:
            db.rollback()
    elif db is not None:
        db.close()


def init_db() -> None:
    _ready.discard(current_app.config["DATABASE"])
    get_db()


@click.command("init-db")
def init_db_command() -> None:
    """Create the tables (also happens by itself on first use)."""
    init_db()
    click.echo("Initialized the database.")


def init_app(app: Flask, games: Sequence[GameTables] = ()) -> None:
    """``games``: each game's own tables (its ``WebGame``), which the database holds too."""
    url, size = app.config["DATABASE_URL"], app.config["DATABASE_POOL_SIZE"]
    if url and not postgres.is_postgresql(url):
        raise StoreSettingError("DATABASE_URL: only postgresql://… is understood; leave it unset for SQLite in the instance folder")
    if not (isinstance(size, int) and not isinstance(size, bool) and 1 <= size <= 1000):
        raise StoreSettingError(f"ASSISTANT_DATABASE_POOL_SIZE: {size} is not a whole number from 1 to 1000")
    timeout = app.config["DATABASE_TIMEOUT_SECONDS"]
    if isinstance(timeout, str):
        try:
            timeout = float(timeout)
        except ValueError:
            timeout = None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 600:
        raise StoreSettingError(f"ASSISTANT_DATABASE_TIMEOUT_SECONDS: {app.config['DATABASE_TIMEOUT_SECONDS']} is not a number of seconds from 0 to 600")
    app.config["DATABASE_TIMEOUT_SECONDS"] = float(timeout)
    if not url:
        _busy_seconds[app.config["DATABASE"]] = float(timeout)
    app.extensions[EXTENSION] = tuple(games)
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
