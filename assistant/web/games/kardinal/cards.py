"""What the Kardinal & König screens' templates read: a frozen dataclass per kind of row or card
(screens.py and sketch_screen.py build them)."""
from __future__ import annotations

from dataclasses import dataclass

from assistant.web.pad import CountCell


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """A player as the board's screens show them (templates/macros.html's ``chip``)."""

    index: int
    color: str
    name: str
    color_name: str
    label: str  # the name with the colour, or the colour as a name


@dataclass(frozen=True, slots=True)
class ChainRow:
    """A player's card on the chains screen."""

    player: SeatedPlayer
    cell: str
    lengths: list[int]  # the chains counted by eye
    points: int  # theirs, and (once added: sketch_screen.add_summaries) the sketch's
    on_board: int  # monasteries on the board
    problems: list[str]
    adding: bool  # the chain pad is open on this player
    sketch: SketchSummary | None = None  # the sketch's summary (sketch_screen.card_summary)


@dataclass(frozen=True, slots=True)
class SketchSummary:
    """A player's sketch on their chains card (sketch_screen.card_summary): counts, points and a
    small drawing."""

    count: int  # monasteries drawn
    points: int
    lines: list[int]  # the chains' lengths, longest first
    too_complex: bool
    unchecked: bool
    roads: list[DrawnRoad]
    nodes: list[DrawnNode]


@dataclass(frozen=True, slots=True)
class DrawnRoad:
    """A road of a sketch as a line of its drawing (templates/kardinal/_sketch_drawing.html)."""

    x1: int
    y1: int
    x2: int
    y2: int
    line: int  # the number of the chain it runs along (0: none)


@dataclass(frozen=True, slots=True)
class DrawnNode:
    """A monastery of a sketch as a dot of its small drawing."""

    x: int
    y: int
    line: int  # its chain's number (0: none)


@dataclass(frozen=True, slots=True)
class PiecesRow:
    """A kind of piece on a country's card: a count per player."""

    pieces: str
    label: str
    cells: list[BoardCell]


@dataclass(frozen=True, slots=True)
class CountryCard:
    """A country of the board tab (templates/kardinal/_country.html)."""

    key: str
    name: str
    local: str | None  # its name in the board's language, when not the same
    fields: int | None  # its cloister fields (None: not known)
    monasteries: int
    too_many: bool  # more monasteries than fields
    advisors: int
    cap: int  # the most advisors it allows: its most monasteries of a player
    rows: list[PiecesRow]
    problems: list[str]  # its own
    cell_problems: list[str]  # its cells', each naming its cell


@dataclass(frozen=True, slots=True)
class SupplyRow:
    """What a player has left in supply, by kind of piece."""

    player: SeatedPlayer
    left: dict[str, int]
    problems: list[str]


@dataclass(frozen=True, slots=True)
class BoardCell(CountCell):
    """A count of the board tab, with what its country's card lists under it."""

    description: str  # the cell in words without its value: its problems name it
    problems: list[str]
