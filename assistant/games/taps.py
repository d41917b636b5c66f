"""What a tap does to a table, pure (issue 48): one place for the server and the phone.

The server's tap path reads and checks a tap, then applies it to a table's stored state with these
functions (``web/changes.py``, ``web/games/<game>/cells.py``). A phone with no connection applies
the taps it keeps and has not sent yet (``static/app.js``'s ``assistant.taps``: each the form's
body, ``cell=…&value=…``) to the core's input it holds with ``apply_kept_taps``, under Pyodide,
before it scores that board. A tap's cells are named like the core's fields, so the same functions
reach both: names and house rules here, each game's counts in its own ``taps`` module.
"""
from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from importlib import import_module
from typing import Any, Protocol
from urllib.parse import parse_qsl

REST = "rest"  # the pad's "Empty cells: 0" and a seat's "The rest of my counts: 0"


def store_count(counts: MutableMapping[str, int], key: str, value: int) -> None:
    """A count is kept only when it is not 0: a missing one reads as 0."""
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


def tidy_name(raw: str) -> str:
    """A typed name with its spaces tidied (one between words, none around)."""
    return " ".join(str(raw).split())


class TapNotApplied(Exception):
    """A kept tap the phone cannot apply to the board it holds: ``kind`` says why ("undo": an Undo
    kept without the value it sets back, which only the table's record then knows; "sketch": a chain sketch's tap needs the table's sketch; "unknown":
    a cell or value this board has not), ``cell`` which."""

    def __init__(self, kind: str, cell: str) -> None:
        super().__init__(f"{kind}: {cell}")
        self.kind, self.cell = kind, cell


class GameTaps(Protocol):
    def __call__(self, position: dict[str, Any], cell: str, tap: Mapping[str, str]) -> bool: ...


def apply_kept_taps(position: dict[str, Any], taps: Sequence[str]) -> dict[str, Any]:
    """``position`` (the core's input for a scoring) with ``taps`` applied in order;
    ``TapNotApplied`` for one it cannot apply."""
    from assistant.games import DEFAULT_GAME, game_package  # the registry imports every game: only when used

    game_taps: GameTaps = import_module(f"assistant.games.{game_package(position.get('game', DEFAULT_GAME))}.taps").apply_tap
    for body in taps:
        tap = dict(parse_qsl(body, keep_blank_values=True))
        try:
            _apply(position, tap.get("cell", ""), tap, game_taps)
        except (AttributeError, KeyError, IndexError, ValueError, TypeError) as error:  # a board not shaped as the game makes it
            raise TapNotApplied("unknown", tap.get("cell", "")) from error
    return position


def _apply(position: dict[str, Any], cell: str, tap: Mapping[str, str], game_taps: GameTaps) -> None:
    parts = cell.split(".")
    if "undo" in tap:
        if REST in tap:  # a row's Undo: its cells set back to no count, which reads as 0, as its 0 did
            return
        tap = {"cell": cell, "value": _value_before(parts, tap)}
    if parts[0] == "sketch":  # only a final scoring reads a sketch's roads
        if position.get("scoring") == "final":
            raise TapNotApplied("sketch", cell)
        return
    if REST in tap or game_taps(position, cell, tap):
        return  # the rest of a row: the cells with no count set to 0, what a missing count reads as already
    if len(parts) == 3 and parts[0] == "players" and parts[2] == "name":
        position["players"][int(parts[1])]["name"] = tidy_name(tap.get("value", ""))
    elif len(parts) == 2 and parts[0] == "rules":
        position.setdefault("rules", {})[parts[1]] = tap.get("value", "")
    else:
        raise TapNotApplied("unknown", cell)


def _value_before(parts: Sequence[str], undo: Mapping[str, str]) -> str:
    """What a kept Undo sets its cell back to: the value the phone showed before the tap it takes back
    (``before``, which ``static/offline-scoring.js`` adds to the body it scores; the server reads it
    from the table's record). If the cell changed at the table since, the server refuses the Undo as a
    conflict once it is sent, and the scoring made with it goes back as one too."""
    before = undo.get("before", "").strip()
    if before or parts[-1] == "name" or parts[0] == "rules":  # a name or a rule may have been empty
        return before
    raise TapNotApplied("undo", ".".join(parts))  # kept without it (an older page): only the table's record knows


def counted(tap: Mapping[str, str], field: str = "") -> int:
    """The whole number a tap sets: ``field``, else the pad's number or its − or +."""
    raw = tap.get(field) if field else tap.get("value", tap.get("adjust"))
    if raw is None or not raw.isdigit():
        raise ValueError(raw)
    return int(raw)
