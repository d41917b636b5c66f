"""The board as data: countries, their names, cloister fields and the 15 numbered alliances.

The published board lives in ``board.json``; a table may score on a corrected variant
(another ``Board`` with the same shape), so every scoring function takes the board it uses.
"""
from __future__ import annotations

import json
import unicodedata
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

BOARD_FILE = Path(__file__).with_name("board.json")
PUBLISHED = "published"  # the published board's name (board.json); a table's corrected board has its own
MONASTERIES_PER_PLAYER = 20
ADVISORS_PER_PLAYER = 8
TRACK_SPACES = 100
MIN_PLAYERS, MAX_PLAYERS = 3, 5
PALETTE = ("red", "green", "blue", "yellow", "purple", "white", "orange", "black")


class Country(BaseModel, frozen=True):
    key: str
    ring: Literal["outer", "inner"]
    fields: int | None = Field(default=None, ge=1, le=MONASTERIES_PER_PLAYER * MAX_PLAYERS)
    names: dict[str, str]

    def local_name(self, language: str) -> str:
        return self.names.get(language, self.key)


class Alliance(BaseModel, frozen=True):
    number: int = Field(ge=1)
    countries: tuple[str, str]
    # Where the pair comes from: "rulebook", given its countries in the rulebooks (14 and 15); "rules", named
    # on the German rules page, its number read off the map; "inferred", read off the map alone;
    # "table", corrected by a table against its printed board (docs/rules-readings.md).
    source: Literal["rulebook", "rules", "inferred", "table"]
    sea: bool = False


class Board(BaseModel, frozen=True):
    name: str
    description: str = ""
    countries: tuple[Country, ...]
    alliances: tuple[Alliance, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        keys = [c.key for c in self.countries]
        if len(set(keys)) != len(keys):
            raise ValueError("country keys must be unique")
        for alliance in self.alliances:
            a, b = alliance.countries
            if a not in keys or b not in keys or a == b:
                raise ValueError(f"alliance {alliance.number} must join two different countries of the board")
        numbers = [a.number for a in self.alliances]
        if numbers != sorted(set(numbers)):
            raise ValueError("alliances must be numbered in increasing order without repeats")
        return self

    @property
    def country_keys(self) -> list[str]:
        """The rulebook's scoring order: the outer ring clockwise, then the inner four."""
        return [c.key for c in self.countries]

    def country(self, key: str) -> Country:
        return self._by_key[key]

    @cached_property
    def _by_key(self) -> dict[str, Country]:
        return {c.key: c for c in self.countries}

    def display_name(self, key: str, language: str) -> str:
        """The board's German name, with the local one beside it where it differs."""
        names = self._display_names
        if (key, language) not in names:
            local = self.country(key).local_name(language)
            names[key, language] = key if _fold(local) == _fold(key) else f"{key} ({local})"
        return names[key, language]

    @cached_property
    def _display_names(self) -> dict[tuple[str, str], str]:
        return {}

    def resolve_country(self, name: str) -> str | None:
        """The board key for a name in any seed language and any letter case, or None."""
        return self._aliases.get(_fold(name))

    @cached_property
    def _aliases(self) -> dict[str, str]:
        aliases: dict[str, str] = {}
        for country in self.countries:
            for name in (country.key, *country.names.values(), *EXTRA_NAMES.get(country.key, ())):
                aliases.setdefault(_fold(name), country.key)
        return aliases


# Names people may type besides the ones in board.json (the English rulebook glosses the
# German board names: "Bayern (Bavaria)").
EXTRA_NAMES = {
    "Franken": ("Franconia",),
    "Bayern": ("Bavaria", "Bavière"),
    "Italien": ("Italy",),
    "Aragon": ("Aragón", "Aragona", "Aragonien"),
    "Frankreich": ("France", "Frankrig"),
    "Lothringen": ("Lorraine",),
    "Schwaben": ("Swabia", "Suabia", "Svevia"),
    "Burgund": ("Burgundy", "Bourgogne"),
}


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


@cache
def published_board() -> Board:
    return Board.model_validate(json.loads(BOARD_FILE.read_text(encoding="utf-8")))
