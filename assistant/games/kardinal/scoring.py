"""From a position to a report: the order a table follows on the board.

Countries in the order the rulebooks suggest (both scorings; the order changes no points); then, in the final scoring, alliances 1 to
15 and each player's chains. Every step records who scored what, the running totals and one
sentence that explains it.
"""
from __future__ import annotations

from typing import Any, cast

from assistant.games.kardinal.alliances import score_alliance
from assistant.games.kardinal.board import TRACK_SPACES, Board
from assistant.games.kardinal.monasteries import score_country
from assistant.games.kardinal.players_chains import PlayersChains
from assistant.games.kardinal.position import Position
from assistant.games.kardinal.report import DecidedBy, KardinalReport, PlayerResult, ScoreStep, StepKind
from assistant.games.kardinal.texts import Words
from assistant.problems import Problem
from assistant.translator import Translator


def score_position(
    position: Position, board: Board, tr: Translator, warnings: list[Problem], found: dict[str, Any] | None = None
) -> KardinalReport:
    """The report; ``found``: what an earlier scoring of this position found (its report's
    ``found``), so its chains are not searched for again."""
    words = Words({p.color: p.name for p in position.players}, board, tr)
    tally = _Tally(position)
    _score_countries(position, board, words, tally)
    final = position.scoring == "final"
    chains_of = PlayersChains(position.rules.chains, (found or {}).get("chains"), tr)
    if final:
        _score_alliances(position, board, words, tally)
        _score_chains(position, chains_of, words, tally)
    players = _player_results(position, words, tally)
    winners, decided_by = _winners(players)
    notes = [words.rule_note(position.rules.chains)] if final else []
    if board.name != "published":
        notes.append(words.board_note(board))
    return KardinalReport(
        scoring=position.scoring,
        board=board.name,
        rules={"chains": position.rules.chains},
        players=players,
        winners=winners,
        decided_by=decided_by,
        verdict=_verdict(players, winners, decided_by, final, words),
        steps=tally.steps,
        warnings=warnings,
        notes=notes,
        found={"chains": chains_of.found} if chains_of.found else {},
    )


class _Tally:
    """The steps so far, each player's running total and their points by kind."""

    def __init__(self, position: Position):
        self.order = position.colors
        self.totals = {color: position.previous.get(color, 0) for color in self.order}
        self.parts = {color: {"monasteries": 0, "alliances": 0, "chains": 0} for color in self.order}
        self.steps: list[ScoreStep] = []

    def record(self, kind: StepKind, awards: dict[str, int], **step: Any) -> None:
        for color, points in awards.items():
            self.totals[color] += points
            self.parts[color][_PART[kind]] += points
        self.steps.append(ScoreStep(kind=kind, awards=awards, totals=dict(self.totals), **step))


def _score_countries(position: Position, board: Board, words: Words, tally: _Tally) -> None:
    order = tally.order
    for key in board.country_keys:
        counts = position.counts("monasteries", key)
        result = score_country(counts, order)
        tally.record(
            "country",
            result.awards,
            subject=key,
            text=words.country_sentence(key, result),
            details={"monasteries": _in_order(counts, order), "total": result.total},
        )


def _score_alliances(position: Position, board: Board, words: Words, tally: _Tally) -> None:
    order = tally.order
    for alliance in board.alliances:
        first, second = alliance.countries
        advisors = (position.counts("advisors", first), position.counts("advisors", second))
        result = score_alliance(*advisors, order)
        tally.record(
            "alliance",
            result.awards,
            subject=f"{first}–{second}",
            number=alliance.number,
            text=words.alliance_sentence(alliance.number, alliance.countries, result),
            details={
                "countries": [first, second],
                "advisors": {first: _in_order(advisors[0], order), second: _in_order(advisors[1], order)},
                "holders": {first: list(result.holders[0]), second: list(result.holders[1])},
                "source": alliance.source,
                "sea": alliance.sea,
            },
        )


def _score_chains(position: Position, chains_of: PlayersChains, words: Words, tally: _Tally) -> None:
    entered = any(chains.roads or chains.lengths for chains in position.chains.values())
    for color in tally.order:
        chains = position.chains.get(color)
        roads = chains.roads if chains else []
        lengths = chains.lengths if chains else []
        chosen, other = chains_of.covers(color, cast(list[tuple[str, str]], roads))  # labels are text once validated
        points = (chosen.points if chosen else 0) + sum(lengths)
        tally.record(
            "chain",
            {color: points} if points else {},
            subject=color,
            text=words.chain_sentence(color, chosen, lengths, other, entered),
            details={
                "lines": [list(line) for line in chosen.lines] if chosen else [],
                "left_over": [m for g in chosen.groups for m in g.left_over] if chosen else [],
                "lengths": list(lengths),
                "other_rule_points": (other.points + sum(lengths)) if other else points,
            },
        )


def _player_results(position: Position, words: Words, tally: _Tally) -> list[PlayerResult]:
    return [
        PlayerResult(
            color=p.color,
            name=p.name,
            label=words.who(p.color),
            previous=position.previous.get(p.color, 0),
            points=tally.totals[p.color] - position.previous.get(p.color, 0),
            total=tally.totals[p.color],
            supply_left=position.supply_left(p.color),
            track=tally.totals[p.color] % TRACK_SPACES,
            **tally.parts[p.color],
        )
        for p in position.players
    ]


_PART = {"country": "monasteries", "alliance": "alliances", "chain": "chains"}


def _in_order(counts: dict[str, int], order: list[str]) -> dict[str, int]:
    return {color: counts[color] for color in order if counts.get(color)}


def _winners(players: list[PlayerResult]) -> tuple[list[str], DecidedBy]:
    """Most points; a tie goes to the most pieces left in supply; still tied, shared."""
    best = max(p.total for p in players)
    leaders = [p for p in players if p.total == best]
    if len(leaders) == 1:
        return [leaders[0].color], "points"
    most_supply = max(p.supply_left for p in leaders)
    winners = [p.color for p in leaders if p.supply_left == most_supply]
    return winners, "supply" if len(winners) == 1 else "shared"


def _verdict(players: list[PlayerResult], winners: list[str], decided_by: str, final: bool, words: Words) -> str:
    tr = words.tr
    best = max(p.total for p in players)
    supply = next(p.supply_left for p in players if p.color == winners[0])
    values = dict(who=words.everyone(winners), points=best, supply=supply)
    if not final:
        if decided_by == "points":
            return tr.ngettext(
                "{who} leads with {points} point after the intermediate scoring.",
                "{who} leads with {points} points after the intermediate scoring.",
                best,
            ).format(**values)
        return tr.ngettext(
            "{who} share the lead with {points} point after the intermediate scoring.",
            "{who} share the lead with {points} points after the intermediate scoring.",
            best,
        ).format(who=words.everyone([p.color for p in players if p.total == best]), points=best)
    if decided_by == "points":
        return tr.ngettext("{who} wins with {points} point.", "{who} wins with {points} points.", best).format(**values)
    if decided_by == "supply":
        return tr.ngettext(
            "{who} wins: tied on {points} point, but with the most pieces left in supply ({supply}).",
            "{who} wins: tied on {points} points, but with the most pieces left in supply ({supply}).",
            best,
        ).format(**values)
    return tr.ngettext(
        "{who} share the win: tied on {points} point and on pieces left in supply ({supply} each). The rulebooks say "
        "nothing about a tie the supply does not break; a shared win is the default reading.",
        "{who} share the win: tied on {points} points and on pieces left in supply ({supply} each). The rulebooks say "
        "nothing about a tie the supply does not break; a shared win is the default reading.",
        best,
    ).format(**values)
