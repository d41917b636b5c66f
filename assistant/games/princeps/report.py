"""The scoring report: players' victory points, the winner, and every step in order."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from assistant.games.base import ScoringReport, Step
from assistant.games.princeps.texts import Words
from assistant.translator import Translator

DecidedBy = Literal["vp", "stable", "gold", "trade", "shared"]


class ScoreStep(Step):
    """A VP category or a tie-break level, with the running VP after it and the counts it looked at."""

    kind: Literal["category", "tie-break"]


class PlayerResult(BaseModel):
    name: str
    vp: int
    territories: int  # all, stable and destabilised
    stable: int
    destabilised: int
    gold: int  # all gold territories, stable and destabilised
    trade: int
    farming: int
    stable_gold: int
    stable_trade: int
    stable_farming: int
    categories: list[str]  # the VP categories this player scored, e.g. ["territories", "stable_gold"]

    def counts(self) -> dict[str, int]:
        return self.model_dump(exclude={"name", "vp", "categories"})


class PrincepsReport(ScoringReport):
    game: Literal["princeps-machiavelli"] = "princeps-machiavelli"
    players: list[PlayerResult]
    decided_by: DecidedBy
    steps: list[ScoreStep]

    def summary_lines(self, tr: Translator) -> list[str]:
        words = Words(tr)
        ranked = sorted(self.players, key=lambda p: (-p.vp, -p.stable, -p.gold, -p.trade))
        return [*(words.player_line(p.name, p.vp, p.counts()) for p in ranked), self.verdict]
