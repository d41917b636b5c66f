"""The number pad of the games' count grids: tap a cell, tap a number.

Numbers 0 to 8 set a count in one tap and move the pad on to the next cell in the game's entry
order, so a row is entered in a row of taps; − and + stay, for corrections and higher counts.
The template is the ``number_pad`` macro in ``templates/macros.html``.
"""
from __future__ import annotations

from werkzeug.datastructures import MultiDict

PAD_NUMBERS = range(0, 9)  # any count from 0 to 8 in two taps; -/+ for the rest


def cell_id(cell: str) -> str:
    """The HTML id of a cell's link (a full page without JavaScript scrolls to it)."""
    return "cell-" + cell.replace(".", "-")


def number_pad(cell: str, value: int, cap: int, problems: list[str]) -> dict:
    """What the pad shows for ``cell``; ``problems`` are repeated on it, since it covers the
    lower part of the screen."""
    return {
        "cell": cell,
        "value": value,
        "less": max(0, value - 1),
        "more": min(cap, value + 1),
        "cap": cap,
        "numbers": PAD_NUMBERS,
        "problems": problems,
    }


def after_count(order: list[str], cell: str, form: MultiDict, here: MultiDict) -> dict:
    """URL arguments after a change: a number moves the pad on to the next cell (and closes it
    after the last); anything else (− and +, other forms) stays where the phone was."""
    if "value" not in form or cell not in order:
        return here.to_dict()
    index = order.index(cell)
    if index + 1 == len(order):
        return {}
    following = order[index + 1]
    return {"cell": following, "_anchor": cell_id(following)}
