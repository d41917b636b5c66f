"""What stands on the board: the input of a scoring, validated.

``parse_position`` turns JSON-like data into a ``Position`` (country names made canonical,
counts checked) or raises ``InvalidInput`` listing every problem; odd but scorable input
comes back as warnings beside the position.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated, Any, Final, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from assistant.games.kardinal.board import (
    ADVISORS_PER_PLAYER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONASTERIES_PER_PLAYER,
    PALETTE,
    PUBLISHED,
    Board,
)
from assistant.games.kardinal.chains import DISJOINT, MIN_CHAIN
from assistant.games.kardinal.texts import Words, color_name
from assistant.games.names import NamedPlayer, name_problems, player_count_problem
from assistant.problems import InvalidInput, Problem, pydantic_problems
from assistant.translator import Translator, language_of

GAME_SLUG: Final = "kardinal-und-koenig"
Count = Annotated[int, Field(strict=True, ge=0)]
Label = Annotated[str, Field(min_length=1, max_length=40)] | Annotated[int, Field(strict=True)]
Scoring = Literal["intermediate", "final"]
MAX_NAME = 40


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Player(NamedPlayer):
    color: str
    name: str = Field(default="", max_length=MAX_NAME)  # a colour names a player without one


class Chains(_Strict):
    """One player's chains: roads between monasteries (named freely), and lengths counted by eye."""

    roads: list[tuple[Label, Label]] = []
    lengths: list[Count] = []

    @field_validator("roads")
    @classmethod
    def _labels_as_text(cls, roads: list[tuple[Any, Any]]) -> list[tuple[str, str]]:
        return [(str(a), str(b)) for a, b in roads]

    @property
    def nodes(self) -> list[str]:
        seen: dict[str, None] = {}
        for road in self.roads:
            for label in road:
                seen.setdefault(str(label), None)
        return list(seen)


class Rules(_Strict):
    chains: Literal["disjoint", "longest-per-group"] = DISJOINT


class Position(_Strict):
    game: Literal["kardinal-und-koenig"] = GAME_SLUG
    scoring: Scoring
    players: list[Player]
    monasteries: dict[str, dict[str, Count]] = {}
    advisors: dict[str, dict[str, Count]] = {}
    chains: dict[str, Chains] = {}
    previous: dict[str, Count] = {}
    rules: Rules = Rules()

    @property
    def colors(self) -> list[str]:
        return [p.color for p in self.players]

    def on_board(self, pieces: Literal["monasteries", "advisors"], color: str) -> int:
        return sum(per_color.get(color, 0) for per_color in getattr(self, pieces).values())

    def supply_left(self, color: str) -> int:
        placed = self.on_board("monasteries", color) + self.on_board("advisors", color)
        return MONASTERIES_PER_PLAYER + ADVISORS_PER_PLAYER - placed

    def counts(self, pieces: Literal["monasteries", "advisors"], country: str) -> dict[str, int]:
        return dict(getattr(self, pieces).get(country, {}))


def parse_position(data: Any, board: Board, tr: Translator) -> tuple[Position, list[Problem]]:
    """A valid position and its warnings, or ``InvalidInput`` with every error found."""
    if not isinstance(data, dict):
        raise InvalidInput([Problem(field="input", reason=tr.gettext("must be a JSON object"))])
    problems: list[Problem] = []
    data = dict(data)
    for pieces in ("monasteries", "advisors"):
        if isinstance(data.get(pieces), dict):
            data[pieces] = _canonical_countries(data[pieces], pieces, board, tr, problems)
    try:
        position = Position.model_validate(data)
    except ValidationError as error:
        raise InvalidInput(problems + pydantic_problems(error, tr)) from None
    problems += _errors(position, board, tr)
    warnings = _warnings(position, board, tr)
    if problems:
        raise InvalidInput(problems, warnings)
    return position, warnings


def _canonical_countries(
    per_country: dict[str, Any], pieces: str, board: Board, tr: Translator, problems: list[Problem]
) -> dict[str, Any]:
    canonical: dict[str, Any] = {}
    for name, counts in per_country.items():
        key = board.resolve_country(str(name))
        if key is None:
            problems.append(
                Problem(
                    field=f"{pieces}.{name}",
                    reason=tr.gettext("unknown country; the countries are: {names}").format(
                        names=", ".join(board.display_name(k, language_of(tr)) for k in board.country_keys)
                    ),
                )
            )
        elif key in canonical:
            problems.append(
                Problem(
                    field=f"{pieces}.{name}",
                    reason=tr.gettext("{country} is given twice").format(country=board.display_name(key, language_of(tr))),
                )
            )
        else:
            canonical[key] = counts
    return canonical


def _errors(position: Position, board: Board, tr: Translator) -> list[Problem]:
    """Every problem, in the order of the input: players, pieces, cloister fields, chains, points."""
    who = Words({p.color: p.name for p in position.players}, board, tr).who
    return [
        *_player_errors(position, tr),
        *_piece_errors(position, who, tr),
        *_cloister_field_errors(position, board, tr),
        *_chain_errors(position, who, tr),
        *_previous_errors(position, tr),
    ]


def _player_errors(position: Position, tr: Translator) -> Iterator[Problem]:
    count = len(position.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        yield player_count_problem(
            tr, count, "{count} player given; the game is for 3 to 5 players", "{count} players given; the game is for 3 to 5 players"
        )
    seen: set[str] = set()
    for index, player in enumerate(position.players):
        if player.color not in PALETTE:
            yield Problem(
                field=f"players.{index}.color",
                reason=tr.gettext("unknown colour {color!r}; the colours are: {palette}").format(
                    color=player.color, palette=", ".join(PALETTE)
                ),
            )
        elif player.color in seen:
            yield Problem(
                field=f"players.{index}.color",
                reason=tr.gettext("{color} is taken by another player").format(color=color_name(player.color, tr)),
            )
        seen.add(player.color)
    yield from name_problems([player.name for player in position.players], tr, required=False)  # a colour names a player without one


def _piece_errors(position: Position, who: Callable[[str], str], tr: Translator) -> Iterator[Problem]:
    """Pieces of a colour nobody plays, and more pieces on the board than a player owns."""
    colors = set(position.colors)
    for pieces, cap in (("monasteries", MONASTERIES_PER_PLAYER), ("advisors", ADVISORS_PER_PLAYER)):
        for country, per_color in getattr(position, pieces).items():
            for color in per_color:
                if color not in colors:
                    yield Problem(field=f"{pieces}.{country}.{color}", reason=_not_a_player(color, tr))
        for color in dict.fromkeys(position.colors):  # a duplicated colour is reported once
            placed = position.on_board(cast(Literal["monasteries", "advisors"], pieces), color)
            if placed > cap:
                message = (
                    tr.ngettext(
                        "{color} has {count} monastery on the board, but a player owns only {cap}",
                        "{color} has {count} monasteries on the board, but a player owns only {cap}",
                        placed,
                    )
                    if pieces == "monasteries"
                    else tr.ngettext(
                        "{color} has {count} advisor on the board, but a player owns only {cap}",
                        "{color} has {count} advisors on the board, but a player owns only {cap}",
                        placed,
                    )
                )
                yield Problem(field=f"{pieces}.*.{color}", reason=message.format(color=who(color), count=placed, cap=cap))


def _cloister_field_errors(position: Position, board: Board, tr: Translator) -> Iterator[Problem]:
    for country, per_color in position.monasteries.items():
        fields = board.country(country).fields
        total = sum(per_color.values())
        if fields is not None and total > fields:
            reason = (
                tr.ngettext(
                    "{total} monasteries, but {country} has only {fields} cloister field",
                    "{total} monasteries, but {country} has only {fields} cloister fields",
                    fields,
                )
                if board.name != PUBLISHED
                # The published board's counts are the reviews' (docs/rules-readings.md), not a rulebook's.
                else tr.ngettext(
                    "{total} monasteries, but {country} has only {fields} cloister field, as published reviews give it (the rulebooks "
                    "give no count); a board with more is corrected in the board check",
                    "{total} monasteries, but {country} has only {fields} cloister fields, as published reviews give it (the rulebooks "
                    "give no count); a board with more is corrected in the board check",
                    fields,
                )
            )
            named = board.display_name(country, language_of(tr))
            yield Problem(field=f"monasteries.{country}", reason=reason.format(total=total, country=named, fields=fields))


def _chain_errors(position: Position, who: Callable[[str], str], tr: Translator) -> Iterator[Problem]:
    colors = set(position.colors)
    for color, chains in position.chains.items():
        if color not in colors:
            yield Problem(field=f"chains.{color}", reason=_not_a_player(color, tr))
            continue
        for index, length in enumerate(chains.lengths):
            if length < MIN_CHAIN:
                yield Problem(
                    field=f"chains.{color}.lengths.{index}",
                    reason=tr.gettext("a chain has at least 4 monasteries, not {length}").format(length=length),
                )
        for index, (a, b) in enumerate(chains.roads):
            if a == b:
                yield Problem(
                    field=f"chains.{color}.roads.{index}",
                    reason=tr.gettext("a road joins two different monasteries, not {name} to itself").format(name=a),
                )
        in_chains = len(chains.nodes) + sum(chains.lengths)
        on_board = position.on_board("monasteries", color)
        if in_chains > on_board:
            yield Problem(
                field=f"chains.{color}",
                reason=tr.ngettext(
                    "{count} monasteries in chains, but {color} has only {on_board} monastery on the board",
                    "{count} monasteries in chains, but {color} has only {on_board} monasteries on the board",
                    on_board,
                ).format(count=in_chains, color=who(color), on_board=on_board),
            )


def _previous_errors(position: Position, tr: Translator) -> Iterator[Problem]:
    colors = set(position.colors)
    for color in position.previous:
        if color not in colors:
            yield Problem(field=f"previous.{color}", reason=_not_a_player(color, tr))


def _not_a_player(color: str, tr: Translator) -> str:
    return tr.gettext("no player plays {color}").format(color=color_name(color, tr))


def _warnings(position: Position, board: Board, tr: Translator) -> list[Problem]:
    warnings: list[Problem] = []
    for country in board.country_keys:
        advisors = sum(position.counts("advisors", country).values())
        if not advisors:
            continue
        most = max(position.counts("monasteries", country).values(), default=0)
        if most == 0:
            warnings.append(
                Problem(
                    field=f"advisors.{country}",
                    reason=tr.gettext("advisors in {country}, but no monastery there: they cannot have been placed").format(
                        country=board.display_name(country, language_of(tr))
                    ),
                )
            )
        elif advisors > most:
            warnings.append(
                Problem(
                    field=f"advisors.{country}",
                    reason=tr.ngettext(
                        "{advisors} advisors in {country}, but the most monasteries anyone has there is {most}: at most {most} advisor may stand there",
                        "{advisors} advisors in {country}, but the most monasteries anyone has there is {most}: at most {most} advisors may stand there",
                        most,
                    ).format(advisors=advisors, country=board.display_name(country, language_of(tr)), most=most),
                )
            )
    if position.scoring == "intermediate" and any(c.roads or c.lengths for c in position.chains.values()):
        warnings.append(
            Problem(
                field="chains",
                reason=tr.gettext("chains are scored only in the final scoring; they are ignored now"),
            )
        )
    return warnings
