"""What lies on the table at the end: each player's territories, validated.

``parse_position`` turns JSON-like data into a ``Position`` (names trimmed, counts checked) or
raises ``InvalidInput`` listing every problem; odd but scorable input comes back as warnings
beside the position.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assistant.games.names import MAX_NAME as NAME_LIMIT
from assistant.games.names import NamedPlayer, player_count_problem, players_problems
from assistant.problems import InvalidInput, Problem, pydantic_problems
from assistant.translator import Translator

GAME_SLUG: Final = "princeps-machiavelli"
KINDS = ("gold", "trade", "farming")  # the wealth a territory card shows, exactly one of them
STATES = ("stable", "destabilised")  # a destabilised card lies sideways
TIE_RULES = ("shared", "nobody")  # a category tied for the most: everyone tied scores, or nobody
TERRITORY_CARDS = 24  # in the deck: no count, and no table, can hold more
PRINCE_CARDS = 5  # one per player
MIN_PLAYERS = 2
MAX_NAME: Final = NAME_LIMIT  # names.NamedPlayer's

Count = Annotated[int, Field(strict=True, ge=0)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Holding(_Strict):
    """A player's territories of one kind of wealth."""

    stable: Count = 0
    destabilised: Count = 0

    @property
    def total(self) -> int:
        return self.stable + self.destabilised


class Territories(_Strict):
    gold: Holding = Holding()
    trade: Holding = Holding()
    farming: Holding = Holding()

    def of(self, kind: str) -> Holding:
        holding: Holding = getattr(self, kind)
        return holding

    def counts(self) -> dict[str, int]:
        """Every count the scoring looks at, by the name the report gives it."""
        holdings = {kind: self.of(kind) for kind in KINDS}
        counts = {
            "territories": sum(h.total for h in holdings.values()),
            "stable": sum(h.stable for h in holdings.values()),
            "destabilised": sum(h.destabilised for h in holdings.values()),
        }
        counts.update({kind: h.total for kind, h in holdings.items()})
        counts.update({f"stable_{kind}": h.stable for kind, h in holdings.items()})
        return counts


class Player(NamedPlayer):
    territories: Territories = Territories()


class Rules(_Strict):
    ties: Literal["shared", "nobody"] = "shared"


class Position(_Strict):
    game: Literal["princeps-machiavelli"] = GAME_SLUG
    players: list[Player]
    rules: Rules = Rules()


def parse_position(data: Any, tr: Translator) -> tuple[Position, list[Problem]]:
    """A valid position and its warnings, or ``InvalidInput`` with every error found."""
    if not isinstance(data, dict):
        raise InvalidInput([Problem(field="input", reason=tr.gettext("must be a JSON object"))])
    problems = players_problems(data, tr, lambda count: _count_problems(count, tr))
    data = _known_kinds_and_states(data, tr, problems)
    try:
        position = Position.model_validate(data)
    except ValidationError as error:
        raise InvalidInput(problems + pydantic_problems(error, tr)) from None
    problems += _errors(position, tr)
    if problems:
        raise InvalidInput(problems)
    return position, _warnings(position, tr)


def input_from_counts(players: Sequence[tuple[str, Mapping[str, int]]], ties: str = "shared") -> dict[str, Any]:
    """The JSON input from an entry screen's counts.

    ``players`` is a list of (name, counts) where counts are keyed ``"{kind}_{state}"``
    (``"gold_stable"``, ``"farming_destabilised"``...); missing keys count 0. The result still
    goes through ``parse_position``, which checks every count.
    """
    return {
        "game": GAME_SLUG,
        "players": [
            {
                "name": name,
                "territories": {
                    kind: {state: counts.get(count_key(kind, state), 0) for state in STATES} for kind in KINDS
                },
            }
            for name, counts in players
        ],
        "rules": {"ties": ties},
    }


def count_key(kind: str, state: str) -> str:
    return f"{kind}_{state}"


def _known_kinds_and_states(data: dict[str, Any], tr: Translator, problems: list[Problem]) -> dict[str, Any]:
    """A copy without unknown kinds of wealth and states, each reported with the known names."""
    players = data.get("players")
    if not isinstance(players, list):
        return data
    cleaned = []
    for index, player in enumerate(players):
        territories = player.get("territories") if isinstance(player, dict) else None
        if not isinstance(territories, dict):
            cleaned.append(player)
            continue
        known: dict[str, Any] = {}
        for kind, holding in territories.items():
            field = f"players.{index}.territories.{kind}"
            if kind not in KINDS:
                problems.append(
                    Problem(
                        field=field,
                        reason=tr.gettext("unknown kind of wealth; the kinds are: {kinds}").format(kinds=", ".join(KINDS)),
                    )
                )
                continue
            if isinstance(holding, dict):
                for state in holding:
                    if state not in STATES:
                        problems.append(
                            Problem(
                                field=f"{field}.{state}",
                                reason=tr.gettext("unknown state; the states are: {states}").format(
                                    states=", ".join(STATES)
                                ),
                            )
                        )
                holding = {state: count for state, count in holding.items() if state in STATES}
            known[kind] = holding
        cleaned.append({**player, "territories": known})
    return {**data, "players": cleaned}


def _count_problems(count: int, tr: Translator) -> list[Problem]:
    """Too few players, in this game's sentences (its rulebook names no number)."""
    if count == 0:
        return [Problem(field="players", reason=tr.gettext("no players given; this app scores 2 or more players (the rulebook names no number)"))]
    if count < MIN_PLAYERS:
        return [player_count_problem(tr, count, "{count} player given; this app scores 2 or more players (the rulebook names no number)",
                                     "{count} players given; this app scores 2 or more players (the rulebook names no number)")]
    return []


def _errors(position: Position, tr: Translator) -> list[Problem]:
    problems: list[Problem] = []

    def error(field: str, reason: str) -> None:
        problems.append(Problem(field=field, reason=reason))

    for index, player in enumerate(position.players):
        for kind in KINDS:
            holding = player.territories.of(kind)
            for state in STATES:
                if getattr(holding, state) > TERRITORY_CARDS:
                    error(
                        f"players.{index}.territories.{kind}.{state}",
                        tr.gettext("must be at most {limit}: the game has only {limit} territory cards").format(
                            limit=TERRITORY_CARDS
                        ),
                    )
    total = sum(p.territories.counts()["territories"] for p in position.players)
    if total > TERRITORY_CARDS and not problems:  # a count above the deck says it already
        error(
            "players",
            tr.gettext("{total} territories in all, but the game has only {limit} territory cards").format(
                total=total, limit=TERRITORY_CARDS
            ),
        )
    return problems


def _warnings(position: Position, tr: Translator) -> list[Problem]:
    warnings: list[Problem] = []
    count = len(position.players)
    if count > PRINCE_CARDS:
        warnings.append(
            Problem(
                field="players",
                reason=tr.gettext("{count} players, but the game has only {limit} Prince cards, one per player").format(
                    count=count, limit=PRINCE_CARDS
                ),
            )
        )
    return warnings
