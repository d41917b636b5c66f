"""The cells of a Princeps Machiavelli table and the changes people make to them.

A table's state: ``players`` (each a ``name`` and its ``counts`` keyed like the core's
``count_key``, "gold_stable"...), ``rules.ties`` and the kept ``results``. Cells are named like
the core's error fields, so a problem the core reports lands on the cell it is about:
``players.0.territories.gold.stable``, ``players.1.name``, ``rules.ties``.
"""
from __future__ import annotations

from werkzeug.datastructures import MultiDict

from assistant.games.names import isolated
from assistant.games.princeps import KINDS, STATES, TERRITORY_CARDS, count_key
from assistant.games.taps import store_count
from assistant.web.changes import checked_count, posted_count, seat
from assistant.web.games.base import Seat
from assistant.web.games.princeps.state import PrincepsState
from assistant.web.games.princeps.words import COUNT_LABELS
from assistant.web.serving.i18n import gettext as _
from assistant.web.store.tables import Change

COUNT_CAP = TERRITORY_CARDS  # no count can be higher: the deck has 24 territory cards


def count_cell(index: int, kind: str, state: str) -> str:
    return f"players.{index}.territories.{kind}.{state}"


def parse_count_cell(state: PrincepsState, cell: str) -> tuple[int, str, str] | None:
    parts = cell.split(".")
    if len(parts) == 5 and parts[0] == "players" and parts[2] == "territories" and parts[3] in KINDS and parts[4] in STATES:
        index = seat(state, parts[1])
        if index is not None:
            return index, parts[3], parts[4]
    return None


def count(state: PrincepsState, index: int, kind: str, st: str) -> int:
    return state.players[index].counts.get(count_key(kind, st), 0)


def entry_order(state: PrincepsState) -> list[str]:
    """The order the number pad moves in: a player's kinds row by row (stable, then
    destabilised), then the next player."""
    return [count_cell(i, kind, st) for i in range(len(state.players)) for kind in KINDS for st in STATES]


def seats(state: PrincepsState) -> list[Seat]:
    """Each player's own counts (own_counts.py), keyed by seat number from 1: ``?player=2``."""
    return [Seat(str(i + 1), isolated(p.name), "", tuple(count_cell(i, kind, st) for kind in KINDS for st in STATES)) for i, p in enumerate(state.players)]


def read_cell(state: PrincepsState, cell: str, form: MultiDict[str, str]) -> Change | None:
    """A count from the number pad; None for any other cell (names and the rule are shared: named.py)."""
    counted = parse_count_cell(state, cell)
    if counted is None:
        return None
    index, kind, st = counted
    value = checked_count(
        posted_count(form), COUNT_CAP, lambda: describe_count(state, cell) or cell,
        lambda: _("a count is a whole number from 0 to {cap} (the game has {cap} territory cards), not “{value}”"),
    )
    key = count_key(kind, st)

    def apply(s: PrincepsState) -> None:
        store_count(s.players[index].counts, key, value)

    return Change(cell, value, apply=apply, read=lambda s: count(s, index, kind, st))


# --- words for cells, shared by conflict messages, the pad and the problems (the rest: named.py) ---
def describe_count(state: PrincepsState, cell: str) -> str | None:
    """A count in words: 'stable gold territories of Ana'; None for any other cell."""
    counted = parse_count_cell(state, cell)
    if not counted:
        return None
    index, kind, st = counted
    return _("{what} of {player}").format(what=COUNT_LABELS[kind, st], player=isolated(state.players[index].name))
