"""The one small interface every game implements.

A game turns plain JSON-like data into a report, explaining every step. It never imports
the web layer; the translator decides the language of every sentence it writes.
"""
from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel

from assistant.translator import Translator


class Step(BaseModel):
    """One thing the table does on the board, in order, with one sentence that explains it."""

    kind: str
    subject: str
    number: int | None = None
    awards: dict[str, int]
    text: str


class Report(Protocol):
    steps: list[Any]
    warnings: list[Any]
    winners: list[str]

    def to_json(self) -> dict[str, Any]: ...

    def summary_lines(self, tr: Translator) -> list[str]: ...


class Game(Protocol):
    slug: str
    title: str

    def score(self, data: Any, tr: Translator) -> Report:
        """Validate ``data`` (the JSON input) and score it.

        Raises ``assistant.problems.InvalidInput`` listing every problem when it cannot be
        scored; warnings about odd but scorable input are part of the report.
        """
        ...
