"""The number pad of the games' count grids: tap a cell, tap a number.

A number sets a count in one tap and moves the pad on to the next cell in the game's entry
order, so a row is entered in a row of taps; − and + stay, for corrections. A game may offer
"Empty cells: 0" (``rest``): the cells of the pad's row with no count yet set to 0 in one tap,
the pad moved past the row (each cell's ``data-row`` names its row for static/app.js). A game may offer
every count a cell can hold (``numbers``, those above a cell's cap hidden), so any count takes
one tap once the pad is open. The template is the ``number_pad`` macro in
``templates/macros.html``; static/app.js shows a tap at once and keeps taps in order.
"""
from __future__ import annotations

import functools
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from flask import Flask
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict

from assistant.web.serving.i18n import gettext as _

REST = "rest"  # the pad's button for the rest of a row (or of a seat's counts) set to 0
PAD_NUMBERS = range(0, 9)  # any count from 0 to 8 in one tap; -/+ for the rest


def init_app(app: Flask) -> None:
    app.add_template_filter(data_attributes)
    app.add_template_filter(count_cell_html, "count_cell")


def data_attributes(data: Mapping[str, object] | None) -> Markup:
    """A cell's ``data`` as its data-* attributes (what static/app.js shows when the pad moves
    there before the server answers), each value escaped. A filter, not a loop in the template:
    a tap's answer writes ~20 cells, and this is a tenth of its rendering (benchmarks/web.py)."""
    # html.escape: the same characters as markupsafe's escape, without a Markup made for each value.
    return Markup("".join([f' data-{key}="{html.escape(str(value))}"' for key, value in (data or {}).items()]))


def count_cell_html(cell: CountCell, can_edit: bool, told: object = "") -> Markup:
    """A count on an entry grid: a link that opens the number pad, or for spectators just the
    number, its ``label`` beside it, hidden from sight (a span may not carry a label: axe's
    aria-prohibited-attr). The link's ``data`` are what static/app.js needs to move the pad to it
    before the server answers (``next``, what the pad shows: the game's own); what all of a row's
    cells share may stand once on the row, the link's parent (static/app.js reads the cell's,
    then its row's); its name app.js reads from ``url``. ``told``: another phone replaced this
    phone's value here (marked). A filter, not a macro: a tap's answer has ~10 cells, and a macro
    call for each was an eighth of a country's rendering (benchmarks/web.py)."""
    # Each after a line break, as the grids have always had them.
    classes = escape(cell.classes) + (" replaced" if told else "")
    if can_edit:
        url = escape(cell.url)
        current = ' aria-current="true"' if cell.selected else ""
        return Markup(f'\n<a class="{classes}" id="{escape(cell.id)}" href="{url}" hx-get="{url}"{data_attributes(cell.data)}'
                      f' aria-label="{escape(cell.label)}"{current}>{escape(cell.value)}</a>')
    words = escape(cell.label.rsplit(": ", 1)[0])
    return Markup(f'\n<span class="{classes}"><span class="visually-hidden">{words}: </span>{escape(cell.value)}</span>')


def cell_id(cell: str) -> str:
    """The HTML id of a cell's link (a full page without JavaScript scrolls to it)."""
    return "cell-" + cell.replace(".", "-")


@dataclass(frozen=True, slots=True)
class CountCell:
    """A count on an entry grid, as the templates' ``count_cell`` filter shows it (count_cell_html): a link
    that opens the pad on it (for spectators just the number, its ``label`` hidden beside it)."""

    cell: str  # its name in the table's state ("tokens.North.0")
    id: str  # the link's HTML id (cell_id): a page without JavaScript scrolls to it
    classes: str  # "cell", and "selected", "bad" (a problem) or "zero"
    label: str  # the count in words with its value, for screen readers ("North, tokens of Ana: 2")
    url: str  # the screen with the pad open on it
    value: int
    selected: bool
    # What static/app.js needs to move the pad to it at once: its data-* attributes (its name it
    # reads from ``url``; what all of a row's cells share may stand on the row instead).
    data: Mapping[str, Any]


def count_link(cell: str, value: int, label: str, here: str, selected: str, bad: bool, data: Mapping[str, Any], tail: str = "") -> CountCell:
    """A count linking to ``here?cell=<cell>`` (``tail``: more URL arguments), marked selected,
    bad (a problem) or zero; ``label``: the count in words ("North, tokens of Ana"); ``data``:
    what static/app.js needs to move the pad to it before the server answers (``next``: the
    following cell, ``player``, ``what``, ``cap``)."""
    return CountCell(
        cell=cell,
        id=cell_id(cell),
        classes="cell" + (" selected" if cell == selected else "") + (" bad" if bad else "") + ("" if value else " zero"),
        label=f"{label}: {value}",
        url=f"{here}?cell={cell}{tail}",
        value=value,
        selected=cell == selected,
        data=data,
    )


@dataclass(frozen=True, slots=True)
class UndoOffer:
    """What the pad's Undo takes back (templates/macros.html): this phone's latest change still
    in force (its cell holds what it set), from the table's record, said before it is tapped."""

    tap: str  # the id of the tap that made it: the undo names it
    base: int  # the version it made: a cell changed since by another phone is a conflict
    label: str  # "Undo: Aragon, monasteries of Red (red), 1 → 0"
    cell: str  # the cell it set (a row's first)
    before: str | None  # the value it goes back to, as the pad shows it (None: a row, whose cells stay 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class Pad:
    """The open pad, as templates/macros.html's ``number_pad`` macro shows it; a game's subclass
    adds what its head says (whose count, of what). ``problems`` are repeated on it, since it
    covers the lower part of the screen."""

    cell: str
    value: int
    cap: int
    problems: list[str]
    numbers: Sequence[int] = PAD_NUMBERS
    rest: bool = False  # the "Empty cells: 0" button
    undo: UndoOffer | None = None  # set by the view for the phone asking (views/table.undo_offer)
    # On a seat's own link (own_counts.py) the pad stays on the link, and on the seat's cells
    # "rest" is the rest of the seat's counts; "" for the screen's own.
    here: str = ""  # its URL arguments ("": cell=<cell>)
    done_url: str = ""  # where Done goes ("": the screen, the template works its URL out)
    rest_label: str = ""
    undo_rest: str = ""

    @property
    def at_floor(self) -> bool:
        """− is disabled: the count is 0."""
        return self.value == 0

    @property
    def at_cap(self) -> bool:
        """+ is disabled: the count is at the cell's cap."""
        return self.value >= self.cap

    @property
    def less(self) -> int:
        """What − sets (and + below): never under 0 nor over the cell's cap."""
        return max(0, self.value - 1)

    @property
    def more(self) -> int:
        return min(self.cap, self.value + 1)

    @property
    def undo_data(self) -> dict[str, object]:
        """What its Undo button carries for static/app.js (data-undo, -base, -cell, and -before
        unless it takes back a row): the tap it takes back and where."""
        undo = self.undo
        if undo is None:
            return {}
        data: dict[str, object] = {"undo": undo.tap, "base": undo.base, "cell": undo.cell}
        return data if undo.before is None else {**data, "before": undo.before}

    @property
    def number_buttons(self) -> Markup:
        """Its numbers' buttons, the current one marked and those above the cap hidden."""
        return _number_buttons(tuple(self.numbers), self.value, self.cap)


@functools.lru_cache(maxsize=256)
def _number_buttons(numbers: tuple[int, ...], value: int, cap: int) -> Markup:
    """Made once per value and cap, not in the template: ~20 buttons, each a dozen template
    steps, were a quarter of the pad's rendering in every tap's answer (benchmarks/web.py)."""
    return Markup("".join(
        f'<button name="value" value="{n}"' + (' class="current" aria-current="true"' if n == value else "") + (" hidden" if n > cap else "") + f">{n}</button>"
        for n in numbers
    ))


PadT = TypeVar("PadT", bound=Pad)


def seat_pad(pad: PadT, key: str, cells: Sequence[str], done_url: str) -> PadT:
    """The pad on a seat's own link (own_counts.py): it stays on the link (``here``, Done: the
    seat's ``done_url``) and, on the seat's cells, its rest button sets the rest of the seat's
    counts to 0 (``WebGame.rest_of_counts_change``)."""
    pad = replace(pad, here=f"cell={pad.cell}&player={key}", done_url=done_url)
    if pad.cell not in cells:
        return pad
    return replace(pad, rest=True, rest_label=_("The rest of my counts: 0"), undo_rest=_("Undo: {cell} and the rest of my counts, back to empty"))


@dataclass(frozen=True, slots=True, kw_only=True)
class GridPad(Pad):
    """The pad of a grid of counts (templates/table/_grid_pad.html): a player's count, said on its head."""

    player: str  # the player's name, isolated
    what: str  # what the count is ("stable gold")


def following_cells(order: Sequence[str]) -> dict[str, str]:
    """Each cell's next one in the entry order ("" after the last): where the pad moves on to,
    written on the cells so the phone can move it at once (static/app.js). A copy: callers add to it."""
    return dict(_following(tuple(order)))


@functools.lru_cache(maxsize=256)
def _following(order: tuple[str, ...]) -> dict[str, str]:
    """Worked out once per order (a table's players): every tap's answer asks for it."""
    return {cell: (order[i + 1] if i + 1 < len(order) else "") for i, cell in enumerate(order)}


def after_count(order: list[str], cell: str, form: MultiDict[str, str], here: MultiDict[str, str]) -> dict[str, str]:
    """URL arguments after a change: a number moves the pad on to the next cell (and closes it
    after the last); anything else (− and +, other forms) stays where the phone was."""
    if "value" not in form or cell not in order:
        return here.to_dict()
    return moved_past(order, cell)


def moved_past(order: list[str], cell: str) -> dict[str, str]:
    """URL arguments of the pad on the cell after ``cell`` (none after the last: the pad closes)."""
    at = order.index(cell)
    following = order[at + 1] if at + 1 < len(order) else ""
    return {"cell": following, "_anchor": cell_id(following)} if following else {}
