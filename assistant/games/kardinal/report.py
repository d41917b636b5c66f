"""The scoring report: players' results, the winner, and every step in board order."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from assistant.games.base import ScoringReport, Step
from assistant.translator import Translator

DecidedBy = Literal["points", "supply", "shared"]
StepKind = Literal["country", "alliance", "chain"]


class ScoreStep(Step):
    """A step of this game: a country, an alliance or a player's chains."""

    kind: StepKind


class PlayerResult(BaseModel):
    color: str
    name: str
    label: str  # how the breakdown names the player, e.g. "Andreas (green)"
    monasteries: int  # points from monasteries in this scoring
    alliances: int
    chains: int
    points: int  # this scoring's points
    previous: int
    total: int  # previous + points
    supply_left: int  # monasteries and advisors not on the board
    track: int  # the marker's space on the 100-space track


class KardinalReport(ScoringReport):
    game: Literal["kardinal-und-koenig"] = "kardinal-und-koenig"
    scoring: Literal["intermediate", "final"]
    board: str  # the board variant scored on ("published" unless the table corrected it)
    players: list[PlayerResult]
    decided_by: DecidedBy
    steps: list[ScoreStep]

    def ranked(self) -> list[PlayerResult]:
        """The standings: most points first; after the final scoring a tie on points goes to the
        most pieces left in supply, as the winner does (seating order among the still tied)."""
        final = self.scoring == "final"
        return sorted(self.players, key=lambda p: (-p.total, -p.supply_left if final else 0))

    def summary_lines(self, tr: Translator) -> list[str]:
        lines = []
        for player in self.ranked():
            # Two counts, two plurals: the pieces in supply are a phrase of their own.
            supply = tr.ngettext("{count} piece in supply", "{count} pieces in supply", player.supply_left).format(
                count=player.supply_left
            )
            lines.append(
                tr.ngettext(
                    "{who}: {total} point ({previous} before + {points} now: monasteries {monasteries}, alliances {alliances}, "
                    "chains {chains}); marker on space {track}; {supply}",
                    "{who}: {total} points ({previous} before + {points} now: monasteries {monasteries}, alliances {alliances}, "
                    "chains {chains}); marker on space {track}; {supply}",
                    player.total,
                ).format(
                    who=player.label,
                    total=player.total,
                    previous=player.previous,
                    points=player.points,
                    monasteries=player.monasteries,
                    alliances=player.alliances,
                    chains=player.chains,
                    track=player.track,
                    supply=supply,
                )
            )
        return [*lines, self.verdict]
