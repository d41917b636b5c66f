"""What every game's stored table state has, as a pydantic model.

A table's state is stored as JSON and read into its game's model at the edge (``tables``), so
screens and changes work on typed objects. Each game's model (``WebGame.state_model``) adds its
own fields; all have ``players`` (each with a ``name``), ``rules`` (house rules by name) and the
kept ``results``.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Stored(BaseModel):
    """A part of a stored state: every field known (a typo is an error, not a silent new key)."""

    model_config = ConfigDict(extra="forbid")


class KeptResult(Stored):
    """One scoring kept with its table (``kept``): the core's input, what its search found, the
    totals, when and at which version of the table."""

    input: dict[str, Any]
    found: dict[str, Any] | None = None  # None: kept before searches were kept, searched again
    totals: dict[str, int]
    at: float
    version: int


class TableState(Stored):
    players: list[Any]  # each game's player model, with a ``name``
    rules: Any  # each game's house rules, one attribute a rule
    results: dict[str, KeptResult] = Field(default_factory=dict)

    def to_json(self) -> str:
        return self.model_dump_json()
