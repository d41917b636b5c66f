"""The cells of a Princeps Machiavelli table and the changes people make to them.

A table's state: ``players`` (each a ``name`` and its ``counts`` keyed like the core's
``count_key``, "gold_stable"...), ``rules.ties`` and the kept ``results``. Cells are named like
the core's error fields, so a problem the core reports lands on the cell it is about:
``players.0.territories.gold.stable``, ``players.1.name``, ``rules.ties``.
"""
from __future__ import annotations

from werkzeug.datastructures import MultiDict

from assistant.games.names import isolated
from assistant.games.princeps import KINDS, MAX_NAME, STATES, TERRITORY_CARDS, TIE_RULES, count_key
from assistant.web.changes import (
    checked_count,
    clean_name,
    house_rule_change,
    name_change,
    name_seat,
    parse_cell_change,
    posted_count,
    seat,
    store_count,
    unique_name,
)
from assistant.web.games.base import BadChange
from assistant.web.games.princeps.state import PrincepsState
from assistant.web.games.princeps.words import COUNT_LABELS
from assistant.web.i18n import gettext as _
from assistant.web.own_counts import Seat
from assistant.web.tables import Change

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


def parse_change(state: PrincepsState, form: MultiDict[str, str]) -> Change:
    return parse_cell_change(state, form, (_count_cell_change, _name_cell_change, _rule_cell_change))


def _count_cell_change(state: PrincepsState, cell: str, form: MultiDict[str, str]) -> Change | None:
    counted = parse_count_cell(state, cell)
    if counted is None:
        return None
    index, kind, st = counted
    reason = _("a count is a whole number from 0 to {cap} (the game has {cap} territory cards), not “{value}”")
    value = checked_count(posted_count(form), COUNT_CAP, describe_cell(state, cell), reason)
    key = count_key(kind, st)

    def apply(s: PrincepsState) -> None:
        store_count(s.players[index].counts, key, value)

    return Change(cell, value, apply=apply, read=lambda s: count(s, index, kind, st))


def _name_cell_change(state: PrincepsState, cell: str, form: MultiDict[str, str]) -> Change | None:
    index = name_seat(state, cell)
    if index is None:
        return None
    field = describe_cell(state, cell)
    name = clean_name(form.get("value", ""), field, MAX_NAME)
    if not name:
        raise BadChange(field, _("every player needs a name"))
    return name_change(cell, index, unique_name(state, index, name, field))


def _rule_cell_change(state: PrincepsState, cell: str, form: MultiDict[str, str]) -> Change | None:
    return house_rule_change(state, cell, form, "ties", TIE_RULES, describe_cell, _("is not one of the rules for ties"))


# --- words for cells, shared by conflict messages, the pad and the problems ---
def describe_cell(state: PrincepsState, cell: str) -> str:
    """A cell, or any field the core names in a problem, in words."""
    counted = parse_count_cell(state, cell)
    if counted:
        index, kind, st = counted
        return _("{what} of {player}").format(what=COUNT_LABELS[kind, st], player=isolated(state.players[index].name))
    parts = cell.split(".")
    player = seat(state, parts[1]) if parts[0] == "players" and len(parts) >= 2 else None
    if player is not None:
        if parts[2:] == ["name"]:
            return _("name of player {number}").format(number=player + 1)
        return isolated(state.players[player].name)
    if cell == "players":
        return _("players")
    if cell == "rules.ties":
        return _("house rule for ties")
    return cell[:60]
