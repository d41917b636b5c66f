"""A table's record: every change it took, in order, with who made it and what it replaced.

One row a change (``table_change``), written in the change's own transaction (tables.py): the
version it made, the tap's id (unique per table: a tap sent again at any later time is found here
and taken once), the phone that sent it (the anonymous id in its session cookie), each cell it set
with the value before and after, and when. Scorings are entries too, with the result they kept.
A log of changes rather than a copy of the table per version: a tap writes a few hundred bytes,
and Undo, "Set it back" and the history screen read the cells' own before and after.

A table keeps its newest ``KEPT_ENTRIES`` count entries and each scoring's newest
``KEPT_SCORINGS`` results, counted per table (never by distance in versions: a restore sets every
table's version past the highest of any). The ids of the taps of entries that go are kept
(``table_tap``), so a tap sent again after any number of changes still counts once. The record
goes with its table when it is pruned.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from pydantic_core import to_jsonable_python  # a kept scoring, a sketch: as their fields

from assistant.web.store import postgres

if TYPE_CHECKING:
    from assistant.web.store.shapes import Row

Store: TypeAlias = sqlite3.Connection | postgres.Connection  # get_db()'s: either store's connection

# SQLite's; PostgreSQL's is migrations/0004.table-change.sql.
SCHEMA = """
CREATE TABLE IF NOT EXISTS table_change (
    table_id TEXT NOT NULL,          -- game_table.id
    version INTEGER NOT NULL,        -- the table's version this change made
    kind TEXT NOT NULL,              -- set, row, back, undo, other, scoring, restore
    cell TEXT NOT NULL,              -- the cell asked for (a row's first cell, results.<scoring>)
    cells TEXT NOT NULL,             -- JSON {cell: [before, after]}
    phone TEXT NOT NULL DEFAULT '',  -- the session's anonymous phone id ('' for none)
    tap TEXT,                        -- the tap's id, unique per table (NULL: a form without one)
    asked TEXT NOT NULL DEFAULT '',  -- what the tap asked for: the same id must ask the same
    undoes INTEGER,                  -- the version of the entry an undo takes back
    at REAL NOT NULL,
    PRIMARY KEY (table_id, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS table_change_tap ON table_change (table_id, tap);
CREATE INDEX IF NOT EXISTS table_change_phone ON table_change (table_id, phone, version);
CREATE INDEX IF NOT EXISTS table_change_undoes ON table_change (table_id, undoes) WHERE undoes IS NOT NULL;
CREATE TABLE IF NOT EXISTS table_tap (
    table_id TEXT NOT NULL,          -- game_table.id
    tap TEXT NOT NULL,               -- the id of a tap whose entry trimming removed
    phone TEXT NOT NULL DEFAULT '',  -- as its entry had them: the same id must come from the same phone
    asked TEXT NOT NULL DEFAULT '',  -- and ask the same
    version INTEGER NOT NULL,        -- the version its change made
    PRIMARY KEY (table_id, tap)
);
"""
KEPT_ENTRIES = 20_000  # count entries a table keeps; a full 5-player game makes about 200
KEPT_SCORINGS = 20  # results kept of each scoring (scored again, used again); "Earlier results" shows them
SCORING_KINDS = ("scoring", "restore")
TRIM_EVERY = 500  # versions between two looks at a table's size
PAGE = 50  # entries on a page of the history screen and the JSON
UNDOABLE = ("set", "row", "back")  # what the pad's Undo takes back: a count, a row, a set-back
COLUMNS = "table_id, version, kind, cell, cells, phone, tap, asked, undoes, at"


@dataclass(frozen=True)
class Entry:
    """One change of a table, as the record keeps it."""

    table_id: str
    version: int
    kind: str
    cell: str
    cells: dict[str, tuple[Any, Any]]  # {cell: (before, after)}
    phone: str
    tap: str | None
    asked: str
    undoes: int | None
    at: float

    @property
    def before(self) -> Any:
        return self.cells.get(self.cell, (None, None))[0]

    @property
    def after(self) -> Any:
        return self.cells.get(self.cell, (None, None))[1]

    def row(self) -> tuple[str, int, str, str, str, str, str | None, str, int | None, float]:
        cells = json.dumps({cell: [b, a] for cell, (b, a) in self.cells.items()}, separators=(",", ":"), default=to_jsonable_python)
        return (self.table_id, self.version, self.kind, self.cell, cells, self.phone, self.tap, self.asked, self.undoes, self.at)


def _entry(row: Row) -> Entry:
    return Entry(
        table_id=row["table_id"], version=row["version"], kind=row["kind"], cell=row["cell"],
        cells={cell: (pair[0], pair[1]) for cell, pair in json.loads(row["cells"]).items()},
        phone=row["phone"], tap=row["tap"], asked=row["asked"], undoes=row["undoes"], at=row["at"],
    )


class DuplicateTap(Exception):
    """Another request took the same tap's id first (the unique index refused this one)."""


def write(db: Store, update_sql: str, update_args: tuple[object, ...], entry: Entry) -> bool:
    """The table's compare-and-set and the entry, in one transaction: False when the table's
    version moved on meanwhile (nothing written); ``DuplicateTap`` when the tap was taken."""
    if isinstance(db, sqlite3.Connection):
        db.execute("BEGIN IMMEDIATE")
        try:
            written = db.execute(update_sql, update_args).rowcount
            if written:
                db.execute(f"INSERT INTO table_change ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)", entry.row())
                if entry.kind in SCORING_KINDS:  # in the same transaction: one write of the file
                    _drop_older_scorings(db, entry)
            db.execute("COMMIT")
        except sqlite3.IntegrityError:
            db.execute("ROLLBACK")
            raise DuplicateTap(entry.tap) from None
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    else:
        # PostgreSQL: one statement is one transaction (autocommit), one round trip.
        update_returning = update_sql + " RETURNING id"
        try:
            written = db.execute(
                f"WITH changed AS ({update_returning}) INSERT INTO table_change ({COLUMNS}) "
                "SELECT changed.id, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM changed",
                (*update_args, *entry.row()[1:]),
            ).rowcount
        except Exception as error:
            if postgres.is_unique_violation(error):
                raise DuplicateTap(entry.tap) from None
            raise
        if written and entry.kind in SCORING_KINDS:
            _drop_older_scorings(db, entry)
    return bool(written)


def _drop_older_scorings(db: Store, entry: Entry) -> None:
    """A scoring kept again and again (a script looping it 2,000 times) keeps its latest ``KEPT_SCORINGS``."""
    _drop(db, entry.table_id, "cell = ? AND kind IN ('scoring', 'restore')", (entry.cell,), KEPT_SCORINGS)


def trim(db: Store, table_id: str, version: int) -> None:
    """Every ``TRIM_EVERY`` versions: the count entries beyond the table's newest ``KEPT_ENTRIES`` go."""
    if version % TRIM_EVERY:
        return
    _drop(db, table_id, "kind NOT IN ('scoring', 'restore')", (), KEPT_ENTRIES)


def _drop(db: Store, table_id: str, which: str, args: tuple[object, ...], keep: int) -> None:
    """The table's entries matching ``which`` beyond its newest ``keep`` go; their taps' ids stay
    (``table_tap``), so the taps still count once."""
    oldest_kept = db.execute(
        f"SELECT version FROM table_change WHERE table_id = ? AND {which} ORDER BY version DESC LIMIT 1 OFFSET ?", (table_id, *args, keep - 1)
    ).fetchone()
    if oldest_kept is None:
        return
    gone = f"table_id = ? AND {which} AND version < ?"
    gone_args = (table_id, *args, oldest_kept["version"])
    if isinstance(db, sqlite3.Connection):
        owned = not db.in_transaction  # else within the caller's (write's)
        if owned:
            db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(f"INSERT INTO table_tap (table_id, tap, phone, asked, version) SELECT table_id, tap, phone, asked, version"
                       f" FROM table_change WHERE {gone} AND tap IS NOT NULL ON CONFLICT DO NOTHING", gone_args)
            db.execute(f"DELETE FROM table_change WHERE {gone}", gone_args)
            if owned:
                db.execute("COMMIT")
        except BaseException:
            if owned and db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return
    db.execute(  # one statement: the ids kept as their entries go
        f"WITH gone AS (DELETE FROM table_change WHERE {gone} RETURNING table_id, tap, phone, asked, version)"
        " INSERT INTO table_tap (table_id, tap, phone, asked, version) SELECT * FROM gone WHERE tap IS NOT NULL ON CONFLICT DO NOTHING",
        gone_args,
    )


def by_tap(db: Store, table_id: str, tap: str) -> Entry | None:
    """The entry of a tap the table took, or, when trimming removed it, what is kept of it (no cells)."""
    # One statement for both tables: every tap asks, and almost every one is new (found in neither).
    row = db.execute(_BY_TAP, (table_id, tap, table_id, tap)).fetchone()
    return _entry(row) if row else None


_BY_TAP = (f"SELECT {COLUMNS}, 0 AS trimmed FROM table_change WHERE table_id = ? AND tap = ?"
           " UNION ALL SELECT table_id, version, 'trimmed', '', '{}', phone, tap, asked, NULL, 0.0, 1 FROM table_tap WHERE table_id = ? AND tap = ?"
           " ORDER BY trimmed LIMIT 1")


def at_version(db: Store, table_id: str, version: int) -> Entry | None:
    row = db.execute(f"SELECT {COLUMNS} FROM table_change WHERE table_id = ? AND version = ?", (table_id, version)).fetchone()
    return _entry(row) if row else None


# Whether an undo took an entry back is a lookup in table_change_undoes, per entry read (the
# phone's latest few), never a walk through the table's entries.
LATEST_UNDOABLE = (f"SELECT {COLUMNS} FROM table_change AS entry WHERE table_id = ? AND phone = ? AND tap IS NOT NULL"
                   f" AND kind IN ({', '.join('?' * len(UNDOABLE))}) AND NOT EXISTS"
                   " (SELECT 1 FROM table_change AS undo WHERE undo.table_id = ? AND undo.undoes = entry.version)"
                   " ORDER BY version DESC LIMIT ?")
UNDONE = "SELECT 1 FROM table_change WHERE table_id = ? AND undoes = ?"


def latest_undoable(db: Store, table_id: str, phone: str, wanted: Callable[[Entry], bool], count: int = 10) -> Entry | None:
    """This phone's latest tap not taken back by an undo that is ``wanted``, among its latest
    ``count``, newest first. The rows are fetched one at a time until one is wanted (the pad's
    Undo mostly takes the first or second), and the query is closed before this returns."""
    if not phone:
        return None
    rows = db.execute(LATEST_UNDOABLE, (table_id, phone, *UNDOABLE, table_id, count))
    try:
        return next((entry for entry in map(_entry, rows) if wanted(entry)), None)
    finally:
        rows.close()  # a SQLite query left open would hold its snapshot on the kept connection


def undone(db: Store, table_id: str, version: int) -> bool:
    return db.execute(UNDONE, (table_id, version)).fetchone() is not None


def page(db: Store, table_id: str, number: int) -> tuple[list[Entry], int]:
    """Page ``number`` (from 1) of the table's entries, newest first, and how many there are."""
    counted: Row | None = db.execute("SELECT COUNT(*) AS n FROM table_change WHERE table_id = ?", (table_id,)).fetchone()
    assert counted is not None  # COUNT(*) gives one row
    total: int = counted["n"]
    rows = db.execute(
        f"SELECT {COLUMNS} FROM table_change WHERE table_id = ? ORDER BY version DESC LIMIT ? OFFSET ?",
        (table_id, PAGE, (number - 1) * PAGE),
    ).fetchall()
    return [_entry(row) for row in rows], total


def phones(db: Store, table_id: str) -> dict[str, int]:
    """Each phone that changed the table, numbered in the order it first did (1, 2, ...)."""
    rows = db.execute(
        "SELECT phone, MIN(version) AS first FROM table_change WHERE table_id = ? AND phone <> '' GROUP BY phone ORDER BY first",
        (table_id,),
    ).fetchall()
    return {row["phone"]: number for number, row in enumerate(rows, start=1)}


def scorings(db: Store, table_id: str, cell: str) -> list[Entry]:
    """The results a scoring kept (``cell``: results.<scoring>), newest first (``KEPT_SCORINGS`` at most)."""
    rows = db.execute(
        f"SELECT {COLUMNS} FROM table_change WHERE table_id = ? AND cell = ? AND kind IN ('scoring', 'restore') ORDER BY version DESC LIMIT ?",
        (table_id, cell, KEPT_SCORINGS),
    ).fetchall()
    return [_entry(row) for row in rows]


def remove(db: Store, table_id: str) -> None:
    """The record of a table that goes (prune)."""
    db.execute("DELETE FROM table_change WHERE table_id = ?", (table_id,))
    db.execute("DELETE FROM table_tap WHERE table_id = ?", (table_id,))
