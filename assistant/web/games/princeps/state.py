"""A Princeps Machiavelli table's stored state."""
from __future__ import annotations

from pydantic import Field

from assistant.web.store.state import Stored, TableState


class PrincepsPlayer(Stored):
    name: str
    counts: dict[str, int] = Field(default_factory=dict)  # by the core's count_key ("gold_stable"); 0s left out


class PrincepsRules(Stored):
    ties: str


class PrincepsState(TableState):
    players: list[PrincepsPlayer]
    rules: PrincepsRules
