"""The one small interface every game implements.

A game turns plain JSON-like data into a report, explaining every step. It never imports
the web layer; the translator decides the language of every sentence it writes.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel, Field

from assistant.problems import Problem
from assistant.translator import Translator


class Step(BaseModel):
    """One thing the table does on the board, in order, with one sentence that explains it."""

    kind: str
    subject: str
    number: int | None = None
    awards: dict[str, int]  # points this step gives, by player key
    text: str
    totals: dict[str, int]  # each player's running total after it, by player key (the walk's bars)
    details: dict[str, Any] = {}  # what the step was decided on, for a game's own screens


class ScoringReport(BaseModel):
    """What every game's report has: the steps in order, the winners and why, warnings, notes.

    A game's report subclasses it, narrowing ``steps`` and adding its players and totals.
    """

    game: str
    rules: dict[str, str]
    players: list[Any]  # each game's own results, in seating order
    winners: list[str]
    decided_by: str
    verdict: str  # one sentence: who won (or leads), and how a tie was broken
    steps: Sequence[Step]  # a game's report narrows it to its own kind of step
    warnings: list[Problem]
    notes: list[str]  # the house rules and readings the scoring used, for the table to see
    # What the scoring found by searching (a game's chain search), for a caller to keep with the
    # result and give back to ``Game.score``: the report is then built again without searching.
    # Plain JSON; not part of the report's output.
    found: dict[str, Any] = Field(default_factory=dict, exclude=True)

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def summary_lines(self, tr: Translator) -> list[str]:
        """The standings and the verdict, for the readable command-line output."""
        raise NotImplementedError


class Game(Protocol):
    slug: str
    title: str

    def score(self, data: Any, tr: Translator, found: dict[str, Any] | None = None) -> ScoringReport:
        """Validate ``data`` (the JSON input) and score it.

        Raises ``assistant.problems.InvalidInput`` listing every problem when it cannot be
        scored; warnings about odd but scorable input are part of the report. ``found`` is an
        earlier report's ``found`` for the same ``data``: what it holds is not searched again.
        Searches spend from the work budget in effect (``assistant.games.work``), one per call
        when none is.
        """
        ...
