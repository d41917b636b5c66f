"""Changes made from the table's record (record.py): the pad's Undo, the history's "Set it back",
the scores page's "Use this result again". Each is a change of its own, through the record and
the usual conflict rules: a cell another phone changed since is a conflict with both values,
never a silent revert."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from werkzeug.datastructures import MultiDict

from assistant.web.games.base import BadChange, PlannedChange, WebGame
from assistant.web.serving.i18n import gettext as _
from assistant.web.store import record
from assistant.web.store.db import get_db
from assistant.web.store.state import KeptResult, TableState
from assistant.web.store.tables import RESULTS, Change, Table

SETTABLE = ("set", "back", "undo")  # entries of one plain value, which "Set it back" offers


def undo_entry(table: Table[TableState], tap: str, phone: str) -> record.Entry:
    """The entry this phone's Undo takes back (the change its tap ``tap`` made), or ``BadChange``
    naming the field: a tap the table never took (refused, or not sent), another phone's, one
    taken back already."""
    entry = record.by_tap(get_db(), table.id, tap)
    if entry is None or entry.phone != phone or entry.kind not in record.UNDOABLE:
        raise BadChange(_("Undo"), _("this phone has no change of that tap to take back (it was refused, changed nothing or was never sent)"))
    if record.undone(get_db(), table.id, entry.version):
        raise BadChange(_("Undo"), _("that change was taken back already"))
    return entry


def undo_change(game: WebGame[Any, Any], table: Table[TableState], entry: record.Entry, here: MultiDict[str, str]) -> PlannedChange:
    """Each cell of ``entry`` set back to the value it had before, where it still holds what the
    entry set (a row: the others stay as they are now); the pad stays where it is."""
    if entry.kind == "row":
        return PlannedChange(_row_undo(game, table, entry, here), lambda state: here.to_dict())
    planned = _set(game, table, entry.cell, entry.before, here)
    return PlannedChange(replace(planned.change, expect=entry.after), lambda state: here.to_dict())


def in_force(game: WebGame[Any, Any], table: Table[TableState], entry: record.Entry) -> bool:
    """True when the Undo of ``entry`` would change something: its cell still holds what it set,
    and that was not what it held before (a row: one of its cells still holds its 0). What the
    pad's Undo offers; a change another phone replaced since is not taken back by it."""
    try:
        if entry.kind == "row":
            return any(_held(game, table, cell, before) == after for cell, (before, after) in entry.cells.items())
        return entry.before != entry.after and bool(_held(game, table, entry.cell, entry.before) == entry.after)
    except BadChange:  # a cell the table no longer has
        return False


def _held(game: WebGame[Any, Any], table: Table[TableState], cell: str, value: Any) -> Any:
    """What ``cell`` holds now, as the game reads it for a change setting it to ``value``: the
    change alone (``parse_change``), not where the pad goes after it (an Undo offered asks on
    most taps' answers)."""
    return game.parse_change(table, MultiDict({"cell": cell, "value": str(value)})).read(table.state)


def _row_undo(game: WebGame[Any, Any], table: Table[TableState], entry: record.Entry, here: MultiDict[str, str]) -> Change:
    """The row's cells that still hold its 0 set again; none left (all taken since, or a row that
    set none, as an older record may hold) is a change that changes nothing (tables.changes_nothing)."""
    setters = {cell: _set(game, table, cell, before, here).change for cell, (before, _after) in entry.cells.items()}

    def holding(state: TableState) -> tuple[str, ...]:
        return tuple(cell for cell, change in setters.items() if change.read(state) == entry.cells[cell][1])

    def apply(state: TableState) -> None:
        for cell in holding(state):
            setters[cell].apply(state)

    first = setters.get(entry.cell) or next(iter(setters.values()), None)
    read = first.read if first else (lambda state: None)
    return Change(entry.cell, 0, apply=apply, read=read, merges=True, cells=holding)


def back_entry(table: Table[TableState], version: int) -> record.Entry:
    """The history's entry at ``version``, when it can be set back, or ``BadChange``."""
    entry = record.at_version(get_db(), table.id, version)
    if entry is None or entry.kind not in SETTABLE or not isinstance(entry.before, (int, str)):
        raise BadChange(_("Set it back"), _("the table's record has no change number {version} with a value to set back").format(version=version))
    return entry


def back_change(game: WebGame[Any, Any], table: Table[TableState], entry: record.Entry) -> Change:
    """The cell of ``entry`` set to the value it had before it; a conflict when the cell no longer
    holds what the entry set and another phone changed it after the history was loaded."""
    return replace(_set(game, table, entry.cell, entry.before, MultiDict()).change, expect=entry.after)


def can_set_back(game: WebGame[Any, Any], table: Table[TableState], entry: record.Entry) -> bool:
    """True when the history offers "Set it back" for ``entry``: a plain value, not the cell's now,
    on a cell that still holds what the entry set (else it would be a conflict: a later entry
    offers to set back what replaced it)."""
    if entry.kind not in SETTABLE or not isinstance(entry.before, (int, str)):
        return False
    try:
        change = _set(game, table, entry.cell, entry.before, MultiDict()).change
    except BadChange:  # a cell the table no longer has (a player renamed away...)
        return False
    now = change.read(table.state)
    return bool(now != entry.before and now == entry.after)


def _set(game: WebGame[Any, Any], table: Table[TableState], cell: str, value: Any, here: MultiDict[str, str]) -> PlannedChange:
    """The change that sets ``cell`` to ``value``, as the game reads a form that asks for it."""
    return game.read_change(table, MultiDict({"cell": cell, "value": str(value)}), here)


def restore_entry(table: Table[TableState], scoring: str, version: int) -> record.Entry:
    entry = record.at_version(get_db(), table.id, version)
    if entry is None or entry.cell != RESULTS + scoring or entry.kind not in ("scoring", "restore") or not entry.after:
        reason = _("the table's record has no change number {version} with a result of this scoring").format(version=version)
        raise BadChange(_("Use this result again"), reason)
    return entry


def restore_change(entry: record.Entry) -> Change:
    """The scoring's result kept again as ``entry`` kept it (the final counts it, stale when the
    table no longer matches it)."""
    scoring = entry.cell.removeprefix(RESULTS)
    kept = KeptResult.model_validate(entry.after)

    def apply(state: TableState) -> None:
        state.results[scoring] = kept

    return Change(entry.cell, kept, apply=apply, read=lambda state: state.results.get(scoring), merges=True)
