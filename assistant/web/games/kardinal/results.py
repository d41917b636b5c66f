"""What a table gives the core to score, the live check while entering, and where the points came from."""
from __future__ import annotations

from typing import Any

from assistant.games.kardinal.position import GAME_SLUG, parse_position
from assistant.games.kardinal.report import KardinalReport
from assistant.problems import InvalidInput, Problem
from assistant.web import kept
from assistant.web.games.base import ScoringQuestion, Segment
from assistant.web.games.kardinal.boards import table_board, table_variant
from assistant.web.games.kardinal.sketch import core_roads, sketch_of
from assistant.web.games.kardinal.state import KardinalState
from assistant.web.serving.i18n import lazy_gettext as _l
from assistant.web.serving.i18n import request_translations as get_translations
from assistant.web.store.tables import Table

SCORINGS = ("intermediate", "final")


def score_input(state: KardinalState, scoring: str) -> dict[str, Any]:
    """The core's JSON input for a scoring of this table as it stands now."""
    data = {
        "game": GAME_SLUG,
        "scoring": scoring,
        "players": [player.model_dump() for player in state.players],
        "monasteries": state.monasteries,
        "advisors": state.advisors,
        "rules": state.rules.model_dump(),
    }
    variant = table_variant(state)
    if variant:  # the table's copy of its board variant: kept with the result, so it explains again the same
        data["board"] = variant
    if scoring == "final":
        data["chains"] = chains_input(state)
        intermediate = state.results.get("intermediate")
        if intermediate:
            data["previous"] = intermediate.totals
    return data


NO_CHAINS_QUESTION = ScoringQuestion(screen="chains", card="score-final", confirm="without-chains")


def scoring_question(table: Table[KardinalState], scoring: str) -> ScoringQuestion | None:
    """A first final scoring with no chain counted or sketched for anyone: the table may not
    have counted them yet (templates/kardinal/_scoring_final.html asks the same)."""
    if scoring != "final" or table.state.results.get("final") or chains_input(table.state):
        return None
    return NO_CHAINS_QUESTION


def chains_input(state: KardinalState) -> dict[str, Any]:
    """Per player: the sketch's roads (monasteries named by their letters) and the counted lengths."""
    chains = {}
    for color in [p.color for p in state.players]:
        roads, lengths = core_roads(sketch_of(state, color)), state.chains.get(color, [])
        entry = {**({"roads": roads} if roads else {}), **({"lengths": lengths} if lengths else {})}
        if entry:
            chains[color] = entry
    return chains


def live_problems(state: KardinalState) -> list[Problem]:
    """Everything the core would object to or warn about, checked while the table enters."""
    try:
        _position, warnings = parse_position(_without_board(score_input(state, "final")), table_board(state), get_translations())
    except InvalidInput as invalid:
        return invalid.problems + invalid.warnings
    return warnings


def _without_board(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "board"}


def kept_summary(table: Table[KardinalState], scoring: str) -> kept.KeptSummary | None:
    return kept.kept_summary(table, scoring, score_input(table.state, scoring))


SOURCE_LABELS = {
    "previous": _l("monasteries (intermediate scoring)"),
    "monasteries": _l("monasteries"),
    "monasteries-final": _l("monasteries (final scoring)"),
    "alliances": _l("alliances"),
    "chains": _l("chains"),
}


def point_sources(report: KardinalReport) -> dict[str, list[Segment]]:
    sources = {}
    for player in report.players:
        if report.scoring == "intermediate":
            sources[player.color] = [Segment(SOURCE_LABELS["monasteries"], player.monasteries, "src-inter")]
            continue
        sources[player.color] = [
            Segment(SOURCE_LABELS["previous"], player.previous, "src-inter"),
            Segment(SOURCE_LABELS["monasteries-final"], player.monasteries, "src-mon"),
            Segment(SOURCE_LABELS["alliances"], player.alliances, "src-all"),
            Segment(SOURCE_LABELS["chains"], player.chains, "src-chain"),
        ]
    return sources
