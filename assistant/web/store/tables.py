"""Stored tables, whatever the game: create, find by link, change one cell at a time.

A table's state is a JSON document shaped by its game, read into the game's pydantic model
(``WebGame.state_model``) here and written back from it: the rest of the app sees typed state
only. A table of a game not served (any more) is not found. Every change is a small delta on one
named cell (or the empty cells of a row set to 0 at once); the table's version counts changes and remembers which version last changed
each cell. A change made from an older version merges silently unless its cell was changed
since then to a different value: that is a conflict, refused, never a silent overwrite. The
table also remembers which phone set each cell (``authors``), so a phone whose value another
phone replaced later is told so the next time it updates (``replaced_since``).
"""
from __future__ import annotations

import json
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypedDict, TypeVar

from flask import abort, current_app, session

from assistant.web.store import pace, record
from assistant.web.store.db import EXTENSION, Row, get_db, table_versions, writing
from assistant.web.store.state import TableState

RECENT_TABLES = 12
REPLACED_KEPT = 50  # replaced values a table remembers for phones that have not updated yet
RESULTS = "results."  # the cells of kept scorings: results.<scoring> (kept.py)
NOTHING = object()  # a change that expects nothing of its cell (Change.expect)


StateT = TypeVar("StateT", bound=TableState)


class ReplacedNote(TypedDict):
    """A value a phone set that another phone replaced (``Table.authors["replaced"]``)."""

    cell: str
    old: Any
    new: Any
    version: int
    phone: str  # the phone whose value was replaced


class Authors(TypedDict, total=False):
    """Who set what (``Table.authors``), kept as JSON with the table."""

    cells: dict[str, str]  # cell: the phone that set it last
    replaced: list[ReplacedNote]
    # cell: [version of the cell's change before its last, the value its last change replaced]
    was: dict[str, list[Any]]
    taps: object  # kept by versions before the record; dropped at the next change


@dataclass
class Table(Generic[StateT]):
    id: str
    view_id: str
    game: str
    version: int
    state: StateT  # the game's model
    changed: dict[str, int]
    created: float
    updated: float
    token: str = ""  # the link it was opened with: the edit or the spectators' token
    authors: Authors = field(default_factory=Authors)
    paced_until: float = 0.0  # its pace of changes (pace.py)

    @property
    def can_edit(self) -> bool:
        return self.token == self.id


@dataclass(frozen=True)
class Change:
    """One delta, built by a game from a form: which cell, what the person entered, how to apply it."""

    cell: str
    value: Any
    apply: Callable[[Any], None]  # changes the (game's) state in place
    read: Callable[[Any], Any] = lambda state: None  # the cell's current value, for conflicts
    merges: bool = False  # True when it can never contradict another change (adding a chain)
    # The cells it sets to ``value``, when not ``cell`` alone (the rest of a row set to 0): cells
    # with no value yet (which read as ``value``), chosen on the table as it is when the change is
    # applied, each then marked changed and set by this phone.
    cells: Callable[[Any], tuple[str, ...]] | None = None
    # An undo or a set-back: the value the cell must still hold (what it takes back), else it is
    # a conflict when another phone changed the cell after ``base``; NOTHING for other changes.
    expect: Any = NOTHING
    # What moves when it changes anything, where its cell's value does not say (a sketch's version).
    moved: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class Origin:
    """Who asked for a change and how, as the table's record keeps it."""

    phone: str = ""  # the anonymous id in the phone's session ("" for none)
    tap: str = ""  # the tap's id (static/app.js; "" for a form without one)
    asked: str = ""  # what the tap asked for: the same id must always ask the same
    kind: str = ""  # "undo", "back" (set back from the history), "restore" (a result used again); "" as entered
    undoes: int | None = None  # an undo: the version of the entry it takes back
    new_phone: bool = False  # the phone got its id with this request (phones.phone_is_new)


@dataclass(frozen=True)
class Conflict(Generic[StateT]):
    cell: str
    theirs: Any  # the value another phone set since this phone loaded the table
    yours: Any
    table: Table[StateT]


@dataclass(frozen=True)
class Applied(Generic[StateT]):
    table: Table[StateT]
    entry: record.Entry | None = None  # what this request wrote in the record (None: another request took the tap first)


@dataclass(frozen=True)
class Replaced:
    """A value a phone set that another phone changed later."""

    cell: str
    old: Any
    new: Any
    version: int


UNKNOWN = object()  # a value the table no longer knows (shown_values)


class TapReused(ValueError):
    """A tap's id the table took already for another change, or from another phone."""


class StaleVersion(ValueError):
    """The version a form claims to come from does not exist (forged or broken)."""


def new_token() -> str:
    return secrets.token_urlsafe(16)


def create_table(game: str, state: StateT) -> Table[StateT]:
    now = time.time()
    table = Table(new_token(), new_token(), game, 1, state, {}, now, now, token="")
    table.token = table.id
    writing()
    get_db().execute(
        "INSERT INTO game_table (id, view_id, game, version, state, changed, created, updated) VALUES (?,?,?,?,?,?,?,?)",
        (table.id, table.view_id, game, table.version, state.to_json(), "{}", now, now),
    )
    return table


def find_table(token: str) -> Table[TableState] | None:
    row = _read("SELECT * FROM game_table WHERE id = ? OR view_id = ?", token)
    model = _state_model(row["game"]) if row else None
    return _table(row, token, model) if row and model else None


def version_of(token: str, db: sqlite3.Connection | None = None) -> int | None:
    """Just the version: what a polling phone asks every two seconds (``db``: a SQLite connection
    of its own, outside a request, else the request's)."""
    row = _read("SELECT id, view_id, version FROM game_table WHERE id = ? OR view_id = ?", token, db)
    return int(row["version"]) if row else None


def _read(sql: str, token: str, db: sqlite3.Connection | None = None) -> Row | None:
    """A table's row by either of its tokens; on PostgreSQL its version is learnt by this
    process's map, so the next poll with nothing new is answered without the database."""
    connection = db or get_db()
    known = None if db else table_versions()
    moment = known.moment() if known else 0  # before the read: a reconnection meanwhile voids it
    row: Row | None = connection.execute(sql, (token, token)).fetchone()
    if row is not None and known is not None:
        known.learn(row["id"], row["view_id"], row["version"], moment)
    return row


def apply_change(table: Table[StateT], change: Change, base: int, origin: Origin = Origin()) -> Applied[StateT] | Conflict[StateT]:
    """Apply ``change`` asked for by ``origin`` (its phone, from its session, and tap), which
    last saw version ``base``, to ``table`` as this request read it (changed in place), or report
    the conflict. The change and its entry in the table's record (record.py) are written in one
    transaction; a tap the record has already is not applied again (``taken_tap``), and a change
    that changes nothing (``changes_nothing``) is taken with nothing written.

    The write is a compare-and-set on the version the change was worked out on: when another
    phone's change (through any server process) got in between, it is worked out again on the
    newer table, read afresh, so nothing is lost and every conflict is seen, on either store.
    (Starting from the table already read spares a change a second read: benchmarks/web.py.)"""
    db = get_db()
    known = table_versions()
    writing()
    while True:
        moment = known.moment() if known else 0
        if not 0 < base <= table.version:
            raise StaleVersion(base)
        current = change.read(table.state)
        if _conflicts(table, change, base, current, origin):
            return Conflict(change.cell, current, change.value, table)
        # Every cell it sets, each with the version that last changed it and the value it had.
        if change.cells:  # cells with no value, which read as the value they are set to
            setting = {cell: (table.changed.get(cell, 0), change.value) for cell in change.cells(table.state)}
        else:
            setting = {change.cell: (table.changed.get(change.cell, 0), current)}
        moved = change.moved(table.state) if change.moved else None
        change.apply(table.state)
        cells = {cell: (before, change.read(table.state) if cell == change.cell else change.value) for cell, (_previous, before) in setting.items()}
        if changes_nothing(table, change, cells, origin, moved):
            return Applied(table)  # taken, and nothing to write: no version, no entry, nothing to undo
        table.version += 1
        table.updated = time.time()
        table.paced_until = pace.paced(table.paced_until, table.updated)  # WrittenTooFast: nothing written, 429
        for cell, (previous, before) in setting.items():
            after = cells[cell][1]
            table.changed[cell] = table.version
            _record_author(table, cell, before, after, origin.phone, change.merges)
            _record_previous(table, cell, previous, before)
        table.authors.pop("taps", None)  # kept by versions before the record
        entry = record.Entry(table.id, table.version, _kind(change, origin, cells), change.cell, cells, origin.phone,
                             origin.tap or None, origin.asked, origin.undoes, table.updated)
        try:
            written = record.write(db, _UPDATE, (table.version, table.state.to_json(), json.dumps(table.changed), table.updated,
                                                 json.dumps(table.authors), table.paced_until, table.id, table.version - 1), entry)
        except record.DuplicateTap:
            written = False  # another request took this tap first: read afresh, found below
        if written:
            if known is not None:  # this process's polls know it at once; the others when told (versions.py)
                known.learn(table.id, table.view_id, table.version, moment)
            record.trim(db, table.id, table.version)
            return Applied(table, entry)
        row = db.execute("SELECT * FROM game_table WHERE id = ?", (table.id,)).fetchone()
        if row is None:
            abort(404)  # removed meanwhile (prune)
        table = _table(row, table.token, type(table.state))  # the same table: the same game's model
        if taken_tap(table, origin) is not None:
            return Applied(table)


def changes_nothing(table: Table[Any], change: Change, cells: dict[str, tuple[Any, Any]], origin: Origin, moved: Any) -> bool:
    """A change that leaves the table as it was: it sets no cell (a row with nothing empty, the
    Undo of a row whose cells were all taken since), or each cell it sets holds that value
    already and was entered since the latest scoring (so no seat's progress moves), and what
    ``Change.moved`` watches (a sketch's version) stayed. A count (a whole number) not entered
    since then is entered by it (own_counts.py). An Undo that finds cells to set back is kept, as
    it marks its tap taken back."""
    if not cells:
        return True
    if origin.kind == "undo" or (change.moved is not None and change.moved(table.state) != moved):
        return False
    since = entered_after(table)
    return all(before == after and (not isinstance(after, int) or table.changed.get(cell, 0) > since) for cell, (before, after) in cells.items())


def entered_after(table: Table[Any]) -> int:
    """The version counts are entered after: that of the latest scoring kept (0: none)."""
    return max((kept.version for kept in table.state.results.values() if kept), default=0)


_UPDATE = "UPDATE game_table SET version = ?, state = ?, changed = ?, updated = ?, authors = ?, paced_until = ? WHERE id = ? AND version = ?"


def _conflicts(table: Table[Any], change: Change, base: int, current: Any, origin: Origin) -> bool:
    """Another phone changed the cell after ``base`` to another value than this change's."""
    changed_since = table.changed.get(change.cell, 0) > base
    if change.expect is not NOTHING:  # an undo or a set-back: the cell must still hold what it takes back
        return changed_since and current != change.expect and current != change.value
    # A pad tap (it has an id) on a cell this phone set last is no conflict for it: the answer
    # to its earlier tap may have been lost, so its base is older than its own value.
    mine = bool(origin.tap and origin.phone) and table.authors.get("cells", {}).get(change.cell) == origin.phone
    return not change.merges and not mine and changed_since and current != change.value


def _kind(change: Change, origin: Origin, cells: dict[str, tuple[Any, Any]]) -> str:
    """What the record calls a change (record.py): how it came, or what it set."""
    if origin.kind:
        return origin.kind
    if change.cell.startswith(RESULTS):
        return "scoring"
    if change.cells:
        return "row"
    plain = all(isinstance(value, (int, str)) for pair in cells.values() for value in pair)
    return "set" if plain and not change.merges else "other"


def taken_tap(table: Table[Any], origin: Origin) -> record.Entry | None:
    """The record's entry of ``origin``'s tap, when the table took it already: the same tap sent
    again (its answer was lost, the phone was offline for an hour) changes nothing. The same id
    from another phone or asking for something else is refused (``TapReused``), never dropped; a
    phone that came without its id (the cookie from before its first tap) asking the same is that
    tap's phone."""
    if not origin.tap:
        return None
    entry = record.by_tap(get_db(), table.id, origin.tap)
    if entry is not None and (entry.asked != origin.asked or (entry.phone != origin.phone and not origin.new_phone)):
        raise TapReused(origin.tap)
    return entry


def _record_author(table: Table[Any], cell: str, before: Any, after: Any, phone: str, merges: bool = False) -> None:
    """Who set the cell now; and, when it replaces another phone's value, a note for that phone."""
    if not phone:
        return
    cells = table.authors.setdefault("cells", {})
    earlier = cells.get(cell)
    plain = isinstance(before, (int, str)) and isinstance(after, (int, str))  # a count, a name, a rule
    if earlier and earlier != phone and before != after and plain and not merges:
        replaced = table.authors.setdefault("replaced", [])
        replaced.append({"cell": cell, "old": before, "new": after, "version": table.version, "phone": earlier})
        del replaced[:-REPLACED_KEPT]
    cells[cell] = phone


def _record_previous(table: Table[Any], cell: str, previous: int, before: Any) -> None:
    """The value the cell's change replaced, and when the cell changed before that: what a phone
    that shows an older version still shows (``shown_values``). Plain values only (a count, a name)."""
    was = table.authors.setdefault("was", {})
    if isinstance(before, (int, str)):
        was[cell] = [previous, before]
    else:
        was.pop(cell, None)


def shown_values(table: Table[Any], since: int | None) -> dict[str, Any]:
    """The cells changed after version ``since`` (none for None), each with the value it had at
    ``since`` (what a phone that shows that version shows), or ``UNKNOWN`` when the table does not
    know it (the cell changed more than once since)."""
    if since is None:
        return {}
    was = table.authors.get("was", {})
    shown: dict[str, Any] = {}
    for cell, version in table.changed.items():
        if version > since:
            previous, before = was.get(cell, (None, UNKNOWN))
            shown[cell] = before if previous is not None and previous <= since else UNKNOWN
    return shown


def replaced_since(table: Table[Any], phone: str, seen: int) -> list[Replaced]:
    """The values ``phone`` set that other phones replaced after version ``seen``, on cells
    it has not set again since."""
    if not phone:
        return []
    notes = [r for r in table.authors.get("replaced", []) if r.get("phone") == phone and r.get("version", 0) > seen]
    mine = table.authors.get("cells", {})
    latest = {note["cell"]: note for note in notes if mine.get(note["cell"]) != phone}
    return [Replaced(n["cell"], n["old"], n["new"], n["version"]) for n in latest.values()]


def _state_model(game: str) -> type[TableState] | None:
    """The state model of a game this app serves (``db.init_app`` was given the games)."""
    return next((served.state_model for served in current_app.extensions.get(EXTENSION, ()) if served.slug == game), None)


def _table(row: Row, token: str, model: type[StateT]) -> Table[StateT]:
    return Table(
        id=row["id"],
        view_id=row["view_id"],
        game=row["game"],
        version=row["version"],
        state=model.model_validate_json(row["state"]),
        changed=json.loads(row["changed"]),
        created=row["created"],
        updated=row["updated"],
        token=token,
        authors=json.loads(row["authors"] or "{}"),
        paced_until=row["paced_until"],
    )


# --- the tables this browser has opened (kept in its signed session cookie, not on the server:
# a shared server must not list other people's tables) ---
def remember(table: Table[Any]) -> None:
    recent = [t for t in session.get("tables", []) if isinstance(t, str) and t != table.token]
    session["tables"] = [table.token, *recent][:RECENT_TABLES]
    session.permanent = True


def recent_tables() -> list[Table[TableState]]:
    tokens = [t for t in session.get("tables", []) if isinstance(t, str)][:RECENT_TABLES]
    tables = [table for table in map(find_table, tokens) if table is not None]
    return sorted(tables, key=lambda t: -t.updated)

