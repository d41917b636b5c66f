"""``python -m assistant backup FILE`` and ``restore FILE``, on the store `serve` would use.

A backup is a SQLite file of the app's own tables (``game_table``, each game's), whichever the
store: SQLite's online backup API copies the instance folder's database while servers write to it;
from PostgreSQL the same tables are read in one snapshot (a repeatable-read transaction) into a new
file with the app's SQLite schema. So one format restores into either store (a festival's SQLite
night moves to PostgreSQL by a backup and a restore), and needs no pg_dump matching the server's
version. The file holds every table's edit link: it is created readable by its owner only (0600),
and never overwrites a file.

Restore replaces the store's tables by the backup's, in one transaction, while servers run. Phones
still show the versions they last saw, which may be newer than the backup's: a poll answered
"nothing new" because the restored version equals the phone's, or a server's memory of a newer
version (versions.py), would leave a phone showing counts the table no longer has, silently. So
every restored table gets a version past any the store had (the highest of the store and the
backup, plus one), and every cell either one ever changed is marked changed at that version, its
earlier value forgotten: the next poll of every phone fetches all of them, and a tap made on an
older screen meets the usual conflict instead of merging silently. Each game's tables with a
``version`` (board variants) move past their highest the same way.
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask

from assistant.web.store.db import EXTENSION, FILE_MODE, StoreSettingError, StoreUnreachable, create_schema, get_db
from assistant.web.store.postgres import failures
from assistant.web.store.record import Store

if TYPE_CHECKING:
    from assistant.web.store.db import Row
    from assistant.web.store.shapes import GameTables


class BackupFileError(StoreSettingError):
    """The file named cannot be written, or is not a backup of this app (exit status 2)."""


def backup(app: Flask, file: Path) -> dict[str, int]:
    """Write the store's tables to ``file`` (a new file, 0600); the rows written per table."""
    _create_private(file)
    try:
        with closing(sqlite3.connect(file, isolation_level=None)) as target, _store_failures(app, "back up"):
            if app.config["DATABASE_URL"]:
                counts = _copy_from_postgresql(app, target)
            else:
                with closing(sqlite3.connect(app.config["DATABASE"])) as source:
                    source.backup(target)  # SQLite's online backup: consistent while servers write
                counts = {table: target.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0] for table in app_tables(app)}
            target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
    except BaseException:
        file.unlink(missing_ok=True)  # no half-written backup left behind
        raise
    return counts


FOLDER_MODE = 0o700  # a folder the backup makes: its files hold every edit link


def _create_private(file: Path) -> None:
    try:
        _make_folder(file.parent)
        os.close(os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        raise BackupFileError(f"{file} exists already: a backup never overwrites a file, give it a new name") from None
    except OSError as error:
        raise BackupFileError(f"cannot write {file}: {error.strerror}") from None


def _make_folder(folder: Path) -> None:
    """The backup's folder and any missing above it, its owner's only (the nightly cron line's
    first night); a folder there already is left as it is."""
    if folder.is_dir():
        return
    _make_folder(folder.parent)
    try:
        folder.mkdir(mode=FOLDER_MODE)
    except FileExistsError:
        return
    folder.chmod(FOLDER_MODE)  # whatever the umask


def _copy_from_postgresql(app: Flask, target: sqlite3.Connection) -> dict[str, int]:
    create_schema(target, _games(app))
    counts = {}
    with app.app_context():
        store = get_db()
        store.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")  # one snapshot of every table
        try:
            target.execute("BEGIN")
            for table, columns in app_tables(app).items():
                rows = store.execute(f'SELECT {_names(columns)} FROM "{table}"').fetchall()
                target.executemany(_insert(table, columns), [tuple(row[column] for column in columns) for row in rows])
                counts[table] = len(rows)
            target.execute("COMMIT")
        finally:
            store.execute("COMMIT")
    return counts


def restore(app: Flask, file: Path) -> tuple[dict[str, int], int]:
    """Replace the store's tables by those in ``file``; the rows restored per table, and the
    version every restored table has now."""
    tables = app_tables(app)
    with tempfile.TemporaryDirectory() as folder:
        # A copy brought up to this version's schema (a backup made by an older version lacks
        # columns added since); the file itself is never changed.
        copy = Path(folder) / "restoring.sqlite"
        try:
            shutil.copyfile(file, copy)
        except OSError as error:
            raise BackupFileError(f"cannot read {file}: {error.strerror}") from None
        with closing(sqlite3.connect(copy, isolation_level=None)) as backup_file:
            backup_file.row_factory = sqlite3.Row
            try:
                if not backup_file.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'game_table'").fetchone():
                    raise BackupFileError(f"{file} is not a backup of this app: it has no game_table")
                create_schema(backup_file, _games(app))
                rows = {table: backup_file.execute(f'SELECT {_names(columns)} FROM "{table}"').fetchall() for table, columns in tables.items()}
            except sqlite3.DatabaseError as error:
                raise BackupFileError(f"{file} is not a backup of this app: {error}") from None
    with app.app_context(), _store_failures(app, "restore"):
        version = _replace(app, tables, rows)
    return {table: len(found) for table, found in rows.items()}, version


# Tables whose "version" is the version a change made, not a counter phones have seen: kept as they are.
RECORDS = {"table_change", "table_tap"}


def _replace(app: Flask, tables: dict[str, list[str]], rows: dict[str, list[sqlite3.Row]]) -> int:
    store = get_db()
    postgresql = bool(app.config["DATABASE_URL"])
    store.execute("BEGIN" if postgresql else "BEGIN IMMEDIATE")  # SQLite: servers' writes wait (busy timeout), none is lost
    try:
        restored_version = 0
        for table, columns in tables.items():  # game_table first
            live = {row["id"]: row for row in store.execute(f'SELECT * FROM "{table}"').fetchall()} if table == "game_table" else {}
            past = _highest_version(store, table, columns, rows[table]) + 1
            store.execute(f'DELETE FROM "{table}"')
            for row in rows[table]:
                values = dict(zip(columns, tuple(row), strict=True))
                if "version" in values and table not in RECORDS:
                    values["version"] = past
                if table == "game_table":
                    _mark_every_cell_changed(values, live.get(values["id"]), past)
                store.execute(_insert(table, columns), tuple(values[column] for column in columns))
            restored_version = restored_version or past
            if postgresql and "id" in columns:
                _continue_numbering(store, table)
        store.execute("COMMIT")
    except BaseException:
        store.execute("ROLLBACK")
        raise
    return restored_version


def _continue_numbering(store: Store, table: str) -> None:
    """PostgreSQL: a table numbered by the database (board variants) numbers on after the restored ids."""
    found: Row | None = store.execute("SELECT pg_get_serial_sequence(?, 'id') AS name", (table,)).fetchone()
    assert found is not None  # a SELECT of a function gives one row
    sequence = found["name"]
    if sequence:
        store.execute(f'SELECT setval(?, (SELECT COALESCE(MAX(id), 0) + 1 FROM "{table}"), false)', (sequence,))


@contextmanager
def _store_failures(app: Flask, doing: str) -> Iterator[None]:
    """The store failing (out of reach, a lock held too long) said in words, as `serve` says it."""
    failing: tuple[type[Exception], ...] = (sqlite3.OperationalError, OSError, *(failures() if app.config["DATABASE_URL"] else ()))
    try:
        yield
    except failing as error:
        raise StoreUnreachable(f"cannot {doing}: {error}") from None


def _highest_version(store: Store, table: str, columns: list[str], restoring: Sequence[sqlite3.Row]) -> int:
    if "version" not in columns:
        return 0
    found: Row | None = store.execute(f'SELECT MAX(version) AS highest FROM "{table}"').fetchone()
    assert found is not None  # MAX() gives one row, NULL for an empty table
    live: int = found["highest"] or 0
    highest: int = max([live, *(row["version"] for row in restoring)])
    return highest


def _mark_every_cell_changed(values: dict[str, Any], live: Row | None, version: int) -> None:
    """Every cell the backup's table or the store's changed, changed at ``version``, and the
    value before it unknown: a phone's next poll fetches each (tables.shown_values)."""
    cells = set(json.loads(values["changed"]))
    if live is not None:
        cells |= set(json.loads(live["changed"]))
    values["changed"] = json.dumps({cell: version for cell in sorted(cells)})
    authors = json.loads(values.get("authors") or "{}")
    authors.pop("was", None)
    values["authors"] = json.dumps(authors)


def app_tables(app: Flask) -> dict[str, list[str]]:
    """The app's own tables and their columns, as its SQLite schema has them (PostgreSQL's
    migrations make the same): game_table first."""
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as schema:
        create_schema(schema, _games(app))
        found = schema.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name != 'game_table', name")
        names = [row[0] for row in found]
        return {name: [row[1] for row in schema.execute(f'PRAGMA table_info("{name}")')] for name in names}


def _games(app: Flask) -> Sequence[GameTables]:
    games: Sequence[GameTables] = app.extensions.get(EXTENSION, ())  # db.init_app's
    return games


def _names(columns: list[str]) -> str:
    return ", ".join(f'"{column}"' for column in columns)


def _insert(table: str, columns: list[str]) -> str:
    return f'INSERT INTO "{table}" ({_names(columns)}) VALUES ({", ".join("?" for _ in columns)})'

