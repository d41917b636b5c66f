"""Board variants: the published board, corrected by a table that checked its printed board.

Only 2 of the 15 alliances and 2 cloister-field counts are in the rulebooks; a table that reads
its own board can correct the rest. A variant keeps the published countries and numbering and
changes alliance pairs and cloister-field counts; every changed alliance is marked as the
table's, so a breakdown can say what it was scored on.
"""
from __future__ import annotations

from typing import Annotated, Any, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assistant.games.kardinal.board import Alliance, Board, Country
from assistant.problems import InvalidInput, Problem, pydantic_problems
from assistant.translator import Translator, language_of

MAX_FIELDS = 40  # no country of the board has anywhere near this many cloister fields
MAX_VARIANT_NAME = 40


class VariantIn(BaseModel):
    """A variant as JSON: ``{"name", "alliances": [[a, b], ... 15 pairs], "fields": {country: n | null}}``."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=MAX_VARIANT_NAME)
    alliances: list[tuple[str, str]] | None = None
    fields: dict[str, Annotated[int, Field(strict=True)] | None] = {}


def make_variant(data: Any, base: Board, tr: Translator) -> Board:
    """A board from ``base`` with the table's corrections, or ``InvalidInput`` naming each problem."""
    try:
        variant = VariantIn.model_validate(data)
    except ValidationError as error:
        raise InvalidInput(pydantic_problems(error, tr, prefix="board")) from None
    problems: list[Problem] = []
    name = " ".join(variant.name.split())
    if not name:
        problems.append(Problem(field="board.name", reason=tr.gettext("is required")))
    alliances = _alliances(variant, base, tr, problems)
    countries = _countries(variant, base, tr, problems)
    if problems:
        raise InvalidInput(problems)
    return Board(
        name=name,
        description=base.description,
        countries=countries,
        alliances=alliances,
    )


def _alliances(variant: VariantIn, base: Board, tr: Translator, problems: list[Problem]) -> tuple[Alliance, ...]:
    if variant.alliances is None:
        return base.alliances
    if len(variant.alliances) != len(base.alliances):
        problems.append(
            Problem(
                field="board.alliances",
                reason=tr.gettext("the board has {count} numbered alliances; give a pair of countries for each").format(
                    count=len(base.alliances)
                ),
            )
        )
        return base.alliances
    seen: dict[frozenset[str], int] = {}
    alliances = []
    for index, (published, (first, second)) in enumerate(zip(base.alliances, variant.alliances)):
        field = f"board.alliances.{index}"
        pair = (base.resolve_country(first), base.resolve_country(second))
        unknown = [name for name, key in zip((first, second), pair) if key is None]
        if unknown:
            problems.append(
                Problem(
                    field=field,
                    reason=tr.gettext("unknown country {name}; the countries are: {names}").format(
                        name=unknown[0], names=_country_list(base, tr)
                    ),
                )
            )
            continue
        pair = cast(tuple[str, str], pair)  # both known now
        if pair[0] == pair[1]:
            problems.append(
                Problem(field=field, reason=tr.gettext("an alliance joins two different countries, not {country} with itself").format(
                    country=base.display_name(pair[0], language_of(tr))
                ))
            )
            continue
        key = frozenset(pair)
        if key in seen:
            problems.append(
                Problem(
                    field=field,
                    reason=tr.gettext("{first}–{second} is alliance {number} already").format(
                        first=base.display_name(pair[0], language_of(tr)),
                        second=base.display_name(pair[1], language_of(tr)),
                        number=seen[key],
                    ),
                )
            )
            continue
        seen[key] = published.number
        unchanged = key == frozenset(published.countries)
        alliances.append(
            published
            if unchanged
            else Alliance(number=published.number, countries=pair, source="table", sea=published.sea)
        )
    return tuple(alliances)


def _countries(variant: VariantIn, base: Board, tr: Translator, problems: list[Problem]) -> tuple[Country, ...]:
    changes: dict[str, int | None] = {}
    for name, fields in variant.fields.items():
        key = base.resolve_country(name)
        field = f"board.fields.{name}"
        if key is None:
            problems.append(
                Problem(field=field, reason=tr.gettext("unknown country; the countries are: {names}").format(names=_country_list(base, tr)))
            )
        elif fields is not None and not 1 <= fields <= MAX_FIELDS:
            problems.append(
                Problem(field=field, reason=tr.gettext("must be a number of cloister fields from 1 to {limit}, or empty if unknown").format(limit=MAX_FIELDS))
            )
        else:
            changes[key] = fields
    return tuple(
        country.model_copy(update={"fields": changes[country.key]}) if country.key in changes else country
        for country in base.countries
    )


def _country_list(board: Board, tr: Translator) -> str:
    return ", ".join(board.display_name(key, language_of(tr)) for key in board.country_keys)


def variant_json(board: Board) -> dict[str, Any]:
    """The variant's JSON (what ``make_variant`` reads), for storage and for the API."""
    return {
        "name": board.name,
        "alliances": [list(a.countries) for a in board.alliances],
        "fields": {c.key: c.fields for c in board.countries},
    }
