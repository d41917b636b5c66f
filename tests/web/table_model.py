"""A plain model of a Kardinal & König table as the server keeps it (tables.py, record.py,
takeback.py), for the model-based test (test_table_model.py): the counts of a few cells, which
version and phone last set each, the record's entries, the kept scoring, the chains. Each method
says what the server must answer to one request and what the table becomes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.games.kardinal.board import MONASTERIES_PER_PLAYER
from assistant.web.store.record import KEPT_SCORINGS, SCORING_KINDS, UNDOABLE, Entry  # the record's own: the model keeps what the record keeps

PLAYERS = (("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"))
COLORS = tuple(color for _name, color in PLAYERS)
COUNTRIES = ("Aragon", "Burgund")
ROWS = tuple((pieces, country) for country in COUNTRIES for pieces in ("monasteries", "advisors"))
CELLS = tuple(f"{pieces}.{country}.{color}" for pieces, country in ROWS for color in COLORS)
OFFERED = 10  # the entries the pad's Undo looks through (record.latest_undoable)


@dataclass
class Outcome:
    """What one request must get: its status (200, 400, 409) and the entry it wrote (None: none)."""

    status: int
    entry: Entry | None = None


@dataclass
class Model:
    counts: dict[str, int] = field(default_factory=dict)
    changed: dict[str, int] = field(default_factory=dict)  # cell: the version that last set it
    author: dict[str, str] = field(default_factory=dict)  # cell: the phone that last set it
    chains: dict[str, list[int]] = field(default_factory=dict)
    version: int = 1
    entries: list[Entry] = field(default_factory=list)
    kept: Entry | None = None  # the scoring entry whose result is kept now
    sources: dict[int, int] = field(default_factory=dict)  # a scoring's or restore's version: the scoring whose result it kept
    kept_version: int = 0  # that result's version: counts are entered after it

    # --- reading ---
    def count(self, cell: str) -> int:
        return self.counts.get(cell, 0)

    def by_tap(self, tap: str) -> Entry | None:
        return next((entry for entry in self.entries if entry.tap == tap), None)

    def undone(self, entry: Entry) -> bool:
        return any(other.undoes == entry.version for other in self.entries)

    def undo_offer(self, phone: str) -> Entry | None:
        """The pad's Undo (views/table.undo_offer): this phone's latest tap not taken back whose Undo
        would change something, among its ``OFFERED`` latest."""
        latest = [e for e in reversed(self.entries) if e.phone == phone and e.tap and e.kind in UNDOABLE and not self.undone(e)][:OFFERED]
        return next((entry for entry in latest if self._undo_changes(entry)), None)

    def _undo_changes(self, entry: Entry) -> bool:
        if entry.kind == "row":
            return any(self.count(cell) == after for cell, (_before, after) in entry.cells.items())
        return entry.before != entry.after and self.count(entry.cell) == entry.after

    def set_backs(self, newest: int = 50) -> set[int]:
        """The versions the history's first page offers "Set it back" for (takeback.can_set_back)."""
        shown = list(reversed(self.entries))[:newest]
        return {e.version for e in shown if e.kind in ("set", "back", "undo") and isinstance(e.before, int)
                and self.count(e.cell) != e.before and self.count(e.cell) == e.after}

    # --- changing ---
    def count_tap(self, phone: str, cell: str, value: int, base: int, tap: str) -> Outcome:
        current = self.count(cell)
        mine = self.author.get(cell) == phone
        if not mine and self.changed.get(cell, 0) > base and current != value:
            return Outcome(409)
        return self._apply(phone, tap, "set", cell, {cell: (current, value)}, {cell: value})

    def row_tap(self, phone: str, cell: str, tap: str) -> Outcome:
        pieces, country, color = cell.split(".")
        row = [f"{pieces}.{country}.{other}" for other in COLORS[COLORS.index(color):]]
        empty = {other: (0, 0) for other in row if not self.count(other)}
        return self._apply(phone, tap, "row", cell, empty, {})

    def chain_tap(self, phone: str, color: str, length: int, adding: bool, tap: str) -> Outcome:
        before = list(self.chains.get(color, []))
        if (not adding and length not in before) or (adding and sum(before) + length > MONASTERIES_PER_PLAYER):
            return Outcome(400)  # no such chain; or more monasteries in chains than a player has
        after = [*before, length] if adding else before[:before.index(length)] + before[before.index(length) + 1:]
        outcome = self._apply(phone, tap, "other", f"chains.{color}", {f"chains.{color}": (before, after)}, {})
        if after:
            self.chains[color] = after
        else:
            self.chains.pop(color, None)
        return outcome

    def undo_tap(self, phone: str, undoes: str, base: int, tap: str) -> Outcome:
        entry = self.by_tap(undoes)
        if entry is None or entry.phone != phone or entry.kind not in UNDOABLE or self.undone(entry):
            return Outcome(400)
        if entry.kind == "row":
            holding = {cell: (0, 0) for cell, (_before, after) in entry.cells.items() if self.count(cell) == after}
            return self._apply(phone, tap, "undo", entry.cell, holding, {}, undoes=entry.version)
        return self._take_back(phone, tap, "undo", entry, base, undoes=entry.version)

    def set_back(self, phone: str, version: int, tap: str) -> Outcome:
        entry = next((e for e in self.entries if e.version == version), None)
        if entry is None or entry.kind not in ("set", "back", "undo") or not isinstance(entry.before, int):
            return Outcome(400)
        return self._take_back(phone, tap, "back", entry, version)

    def _take_back(self, phone: str, tap: str, kind: str, entry: Entry, base: int, undoes: int | None = None) -> Outcome:
        current = self.count(entry.cell)
        if self.changed.get(entry.cell, 0) > base and current not in (entry.after, entry.before):
            return Outcome(409)
        return self._apply(phone, tap, kind, entry.cell, {entry.cell: (current, entry.before)}, {entry.cell: entry.before}, undoes=undoes)

    def scoring(self, phone: str) -> Entry:
        self.kept_version = self.version
        entry = self._write(phone, None, "scoring", "results.intermediate", {"results.intermediate": ("kept", "kept")})
        self.sources[entry.version] = entry.version
        self.kept = entry
        return entry

    def use_again(self, phone: str, version: int) -> Outcome:
        source = self.sources[version]
        if self.kept is not None and self.sources[self.kept.version] == source:
            return Outcome(200)  # the result kept now: it changes nothing
        self.kept_version = source - 1  # the result's own version: the table's when it was scored
        written = self._write(phone, None, "restore", "results.intermediate", {"results.intermediate": ("kept", "kept")})
        self.sources[written.version] = source
        self.kept = written
        return Outcome(200, written)

    def _apply(self, phone: str, tap: str, kind: str, cell: str, cells: dict[str, tuple[Any, Any]], values: dict[str, int],
               undoes: int | None = None) -> Outcome:
        """tables.apply_change after the conflict check: nothing written when it changes nothing."""
        entered = all(not isinstance(after, int) or self.changed.get(c, 0) > self.kept_version for c, (_b, after) in cells.items())
        if not cells or (kind != "undo" and entered and all(before == after for before, after in cells.values())):
            return Outcome(200)
        for set_cell, value in values.items():
            if value:
                self.counts[set_cell] = value
            else:
                self.counts.pop(set_cell, None)
        return Outcome(200, self._write(phone, tap, kind, cell, cells, undoes))

    def _write(self, phone: str, tap: str | None, kind: str, cell: str, cells: dict[str, tuple[Any, Any]], undoes: int | None = None) -> Entry:
        self.version += 1
        entry = Entry("", self.version, kind, cell, cells, phone, tap, "", undoes, 0.0)
        self.entries.append(entry)
        if kind in SCORING_KINDS:  # a scoring kept again and again: the record keeps its latest KEPT_SCORINGS
            older = [e for e in self.entries if e.kind in SCORING_KINDS and e.cell == cell][:-KEPT_SCORINGS]
            self.entries = [e for e in self.entries if e not in older]
        for set_cell in cells:
            self.changed[set_cell] = self.version
            self.author[set_cell] = phone
        return entry
