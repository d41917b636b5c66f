"""What a Princeps table gives the core to score, the live check while entering, and where the VP came from."""
from __future__ import annotations

from typing import Any

from assistant.games.princeps import CATEGORIES, input_from_counts
from assistant.games.princeps.report import PrincepsReport
from assistant.web import kept
from assistant.web.games.base import Segment
from assistant.web.games.princeps.state import PrincepsState
from assistant.web.games.princeps.words import CATEGORY_PARTS
from assistant.web.store.tables import Table

SCORING = "final"  # the game's one scoring, at the end


def score_input(state: PrincepsState) -> dict[str, Any]:
    """The core's JSON input for this table as it stands now."""
    return input_from_counts([(p.name, p.counts) for p in state.players], state.rules.ties)


def kept_summary(table: Table[PrincepsState], scoring: str) -> kept.KeptSummary | None:
    return kept.kept_summary(table, scoring, score_input(table.state))


def point_sources(report: PrincepsReport) -> dict[str, list[Segment]]:
    """Each player's VP by the category it came from (1 each)."""
    return {
        p.name: [Segment(CATEGORY_PARTS[c], int(c in p.categories), f"src-{c.replace('_', '-')}") for c in CATEGORIES]
        for p in report.players
    }
