"""Monastery majorities in one country (both scorings)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """One place of the dense ranking: every player with this count shares it."""

    number: int  # 1 = most monasteries
    count: int  # monasteries each of these players has
    colors: tuple[str, ...]
    points: int  # what each of them scores


@dataclass(frozen=True)
class CountryScore:
    total: int  # monasteries of all colours in the country
    places: tuple[Place, ...]

    @property
    def awards(self) -> dict[str, int]:
        return {color: place.points for place in self.places for color in place.colors}


def score_country(counts: dict[str, int], order: list[str] | None = None) -> CountryScore:
    """Rank by monasteries, ties sharing a place and the next place following directly.

    First place scores every monastery in the country; each later place scores the count of
    the place directly above it. ``order`` fixes the order of tied colours (player order).
    """
    order = order or sorted(counts)
    present = {color: n for color, n in counts.items() if n > 0}
    total = sum(present.values())
    distinct = sorted(set(present.values()), reverse=True)
    places = []
    for index, count in enumerate(distinct):
        colors = tuple(c for c in order if present.get(c) == count)
        points = total if index == 0 else distinct[index - 1]
        places.append(Place(number=index + 1, count=count, colors=colors, points=points))
    return CountryScore(total=total, places=tuple(places))
