"""A Kardinal & König table's stored state."""
from __future__ import annotations

from typing import Any

from pydantic import Field

from assistant.web.store.state import Stored, TableState


class KardinalPlayer(Stored):
    color: str
    name: str  # "": the colour is the player's name


class KardinalRules(Stored):
    chains: str


class BoardChoice(Stored):
    """The board variant a table was started with: its id, name and a copy of its JSON."""

    id: int
    name: str
    variant: dict[str, Any]


class SketchShape(Stored):
    nodes: dict[str, str] = Field(default_factory=dict)  # spot ("2.3") -> monastery letter
    roads: list[list[str]] = Field(default_factory=list)  # pairs of spots


class Sketch(SketchShape):
    """A player's chain sketch (``sketch``): its own version ``rev``, counted per change, and the
    rev that last ``touched`` each spot or road ("2.3|3.3"), so a tap from an older page merges
    unless what it taps changed since; ``undo``: the shapes before the recent changes."""

    rev: int = 0
    touched: dict[str, int] = Field(default_factory=dict)
    undo: list[SketchShape] = Field(default_factory=list)


class KardinalState(TableState):
    players: list[KardinalPlayer]
    rules: KardinalRules
    monasteries: dict[str, dict[str, int]] = Field(default_factory=dict)  # country -> colour -> count; 0s left out
    advisors: dict[str, dict[str, int]] = Field(default_factory=dict)
    chains: dict[str, list[int]] = Field(default_factory=dict)  # colour -> counted chain lengths
    board: BoardChoice | None = None  # None: the published board
    sketches: dict[str, Sketch] = Field(default_factory=dict)
