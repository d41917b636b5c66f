"""Scorings kept with their table, whatever the game.

A table keeps each scoring's core input (not its sentences) under ``state.results[name]`` (a ``KeptResult``),
with what the scoring found by searching (``found``), the totals, when and at which version:
the breakdown is built again from that input in the page's language without searching again,
and a table that changed since says so (``stale``). Results kept before ``found`` existed are
searched again, within the request's work budget.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from assistant.games import get_game
from assistant.games.base import Game, ScoringReport
from assistant.problems import InvalidInput
from assistant.web.serving.i18n import request_translations
from assistant.web.store.state import KeptResult, TableState
from assistant.web.store.tables import Change, Table

ReportT = TypeVar("ReportT", bound=ScoringReport)


def score_and_keep(game: Game, table: Table[Any], scoring: str, data: dict[str, Any],
                   totals_of: Callable[[ReportT], dict[str, int]]) -> tuple[ReportT, Change]:
    """Score ``data`` (raises ``InvalidInput``); the report, and the change that keeps it.
    ``totals_of(report)`` gives each player's total by player key."""
    # ``game`` is the registry's game of the WebGame giving ``totals_of``: it scores into that game's report.
    report = cast(ReportT, game.score(data, request_translations()))
    kept = KeptResult(input=data, found=report.found, totals=totals_of(report), at=time.time(), version=table.version)

    def apply(state: TableState) -> None:
        state.results[scoring] = kept

    # Scoring again replaces the earlier result on purpose (the page asked first), so it never
    # conflicts; the earlier one stays in the table's record (record.py).
    return report, Change(f"results.{scoring}", kept, apply=apply, read=lambda state: state.results.get(scoring), merges=True)


def kept_report(game: Game, table: Table[Any], scoring: str) -> Any | None:
    """The kept result, explained again in the page's language; None if not scored. Raises
    ``InvalidInput`` when the kept input cannot be scored (any more)."""
    kept = table.state.results.get(scoring)
    if not kept:
        return None
    return game.score(kept.input, request_translations(), found=kept.found)


def kept_verdict(slug: str, kept: KeptResult) -> str:
    """Who led or won in a kept result, in the page's language ("" when it cannot be read)."""
    try:
        return str(get_game(slug).score(kept.input, request_translations(), found=kept.found).verdict)
    except InvalidInput:
        return ""


@dataclass(frozen=True)
class KeptSummary:
    """What a screen says of a kept scoring: when, the totals, and whether the table changed since."""

    at: float  # a timestamp
    totals: dict[str, int]  # by player key
    stale: bool  # the input scored then is not the table's now: score again


def kept_summary(table: Table[Any], scoring: str, input_now: dict[str, Any]) -> KeptSummary | None:
    kept = table.state.results.get(scoring)
    if not kept:
        return None
    return KeptSummary(at=kept.at, totals=kept.totals, stale=input_now != kept.input)
