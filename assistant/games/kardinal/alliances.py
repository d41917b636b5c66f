"""Advisor alliances (final scoring only)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AllianceScore:
    holders: tuple[tuple[str, ...], tuple[str, ...]]  # advisor-majority holders of each country
    advisors: tuple[int, int]  # advisors of all colours in each country
    scorers: tuple[str, ...]

    @property
    def points(self) -> int:
        """What each scorer gets: every advisor in both countries, whatever its colour."""
        return sum(self.advisors)

    @property
    def awards(self) -> dict[str, int]:
        return {color: self.points for color in self.scorers}


def majority_holders(counts: dict[str, int], order: list[str]) -> tuple[str, ...]:
    """Everyone with the most advisors; ties share the majority, zero is never one."""
    most = max(counts.values(), default=0)
    if most <= 0:
        return ()
    return tuple(color for color in order if counts.get(color) == most)


def score_alliance(first: dict[str, int], second: dict[str, int], order: list[str]) -> AllianceScore:
    holders = (majority_holders(first, order), majority_holders(second, order))
    scorers = tuple(color for color in holders[0] if color in holders[1])
    advisors = (sum(first.values()), sum(second.values()))
    return AllianceScore(holders=holders, advisors=advisors, scorers=scorers)
