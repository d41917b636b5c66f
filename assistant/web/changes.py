"""Changes every game's table has: a count from the number pad, a player's name, a house rule
(the rules a game declares in ``WebGame.house_rules``).
Every game's state (``assistant.web.store.state.TableState``) has ``players`` (each with a ``name``)
and ``rules`` (one attribute a house rule)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from werkzeug.datastructures import MultiDict

from assistant.games.taps import tidy_name
from assistant.web.games.base import BadChange, HouseRule
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.numbers import small_number, whole_number
from assistant.web.store.state import TableState
from assistant.web.store.tables import Change

# Reads one kind of cell: the change a form asks for, or None when the cell is of another kind.
CellReader = Callable[[Any, str, MultiDict[str, str]], "Change | None"]


def parse_cell_change(state: TableState, form: MultiDict[str, str], readers: Sequence[CellReader]) -> Change:
    """The change a posted form asks for, from the first reader that knows its cell."""
    cell = form.get("cell", "")
    for read in readers:
        change = read(state, cell, form)
        if change is not None:
            return change
    raise BadChange(cell[:60] or _("field"), _("is not a field of this table"))


def seat(state: TableState, text: str) -> int | None:
    """A player's index from a field name ("players.<index>..."), if there is such a player."""
    index = small_number(text)
    return index if index is not None and index < len(state.players) else None


def name_seat(state: TableState, cell: str) -> int | None:
    """The player whose name a cell is ("players.<index>.name"), if there is such a player."""
    parts = cell.split(".")
    return seat(state, parts[1]) if len(parts) == 3 and parts[0] == "players" and parts[2] == "name" else None


def posted_count(form: MultiDict[str, str]) -> str | None:
    """What the number pad sent: "value" from its numbers, "adjust" from its - and + buttons."""
    return form.get("value", form.get("adjust"))


def checked_count(raw: Any, cap: int, field: Callable[[], str], reason: Callable[[], str]) -> int:
    """``raw`` as a whole number from 0 to ``cap``, or ``BadChange`` naming ``field()`` with
    ``reason()`` (which may name ``{cap}`` and ``{value}``, what was sent): both worded only
    for a refusal, as every tap passes here."""
    value = whole_number(raw, 0, cap)
    if value is None:
        raise BadChange(field(), reason().format(cap=cap, value=str(raw)[:20]))
    return value


def clean_name(raw: str, field: str, limit: int) -> str:
    """A typed name with its spaces tidied, or ``BadChange`` when it is too long."""
    name = tidy_name(raw)
    if len(name) > limit:
        raise BadChange(field, _("must be at most {limit} characters long").format(limit=limit))
    return name


def unique_name(state: TableState, index: int, name: str, field: str) -> str:
    """``name``, or ``BadChange`` when another player has it already (case aside): the results
    and the stats app tell players apart by name."""
    if name and name.casefold() in {p.name.casefold() for i, p in enumerate(state.players) if i != index}:
        raise BadChange(field, _("{name} is already the name of another player").format(name=name))
    return name


def name_change(cell: str, index: int, name: str) -> Change:
    def apply(state: TableState) -> None:
        state.players[index].name = name

    return Change(cell, name, apply=apply, read=lambda state: state.players[index].name)


def name_cell_change(state: TableState, cell: str, form: MultiDict[str, str], field: Callable[[str], str], limit: int, required: bool) -> Change | None:
    """Renaming a player (cell "players.<index>.name"), or None for another cell: the name tidied,
    at most ``limit`` characters, unlike the others' (``field(cell)`` names the field in a refusal);
    ``required``: it cannot be emptied."""
    index = name_seat(state, cell)
    if index is None:
        return None
    name = clean_name(form.get("value", ""), field(cell), limit)
    if required and not name:
        raise BadChange(field(cell), _("every player needs a name"))
    return name_change(cell, index, unique_name(state, index, name, field(cell)))


def rule_cell_change(state: TableState, cell: str, form: MultiDict[str, str], rules: Mapping[str, HouseRule]) -> Change | None:
    """Switching a house rule (cell "rules.<key>", one of ``rules``) to one of its readings, or None
    for another cell; ``BadChange`` with the rule's ``refusal`` for a reading it has not."""
    rule = rules.get(cell)
    if rule is None:
        return None
    if form.get("value", "") not in rule.choices:
        raise BadChange(str(rule.name), str(rule.refusal))
    return rule_change(cell, cell.removeprefix("rules."), form.get("value", ""))


def rule_change(cell: str, rule: str, value: str) -> Change:
    def apply(state: TableState) -> None:
        setattr(state.rules, rule, value)

    return Change(cell, value, apply=apply, read=lambda state: getattr(state.rules, rule))
