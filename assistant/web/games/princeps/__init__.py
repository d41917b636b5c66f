"""Princeps Machiavelli's screens: new table, the territories grid with its number pad, the scoring."""
from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from assistant.games.base import Step
from assistant.games.names import isolated
from assistant.games.princeps import MAX_NAME, MIN_PLAYERS, PRINCE_CARDS, TIE_BREAKS
from assistant.games.princeps.position import GAME_SLUG
from assistant.games.princeps.report import PrincepsReport
from assistant.web.games.base import PlayerView, Scoring, Screen, Seat, Seating, Segment
from assistant.web.games.named import NamedGame
from assistant.web.games.princeps import cells, results, screens
from assistant.web.games.princeps.screens import TerritoriesScreen
from assistant.web.games.princeps.state import PrincepsState
from assistant.web.games.princeps.words import TIE_RULE, category_name, tie_break_name
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import lazy_gettext as _l
from assistant.web.serving.i18n import pgettext
from assistant.web.store.tables import Change, Table


class PrincepsWeb(NamedGame[PrincepsState, PrincepsReport]):
    slug = GAME_SLUG
    title = _l("Princeps Machiavelli")
    max_name = MAX_NAME
    templates = "princeps"
    state_model = PrincepsState
    stylesheets = ("princeps/princeps.css",)
    entry_screens = (Screen("territories", _l("Territories")),)
    screen_args = ("cell", "rename")  # the open number pad, the rename form (and the seat entered: base.py adds it)
    seat_screen = "territories"
    seat_links_title = _l("Scan to count your own territory cards")
    scorings = (Scoring(results.SCORING, _l("Victory points")),)  # its only scoring: not "final"
    seating = Seating(low=MIN_PLAYERS, high=PRINCE_CARDS, max_name=MAX_NAME)  # one Prince card each
    house_rules = {"rules.ties": TIE_RULE}
    points_label = _l("VP")
    report_total_field = "vp"
    tie_break_labels = (_l("Stable"), _l("Gold"), _l("Trade"))
    tie_break_note = _l(
        "A tie on VP goes to the most stable territories, then the most gold territories, then the most trade "
        "territories. Default reading: gold and trade count destabilised territories too (unlike the VP lines, "
        "the rulebook's tie-breaks do not say stable)."
    )
    how_to_score = _l("Enter everyone's territories, then tap Score the victory points at the bottom of the Territories tab.")
    walk_start_title = _l("Before the count: everyone on 0 VP")
    walk_intro = _l("Tap Next to go through the four categories, one VP each, then the tie-breaks if the most VP are tied.")

    def screen(self, name: str, table: Table[PrincepsState], args: MultiDict[str, str]) -> TerritoriesScreen:
        return screens.territories_screen(table, args, self)  # the only screen

    def read_cell(self, state: PrincepsState, cell: str, form: MultiDict[str, str]) -> Change | None:
        return cells.read_cell(state, cell, form)

    def describe_own_cell(self, state: PrincepsState, cell: str) -> str | None:
        return cells.describe_count(state, cell)

    def entry_order(self, state: PrincepsState) -> list[str]:
        return cells.entry_order(state)

    def seats(self, state: PrincepsState) -> list[Seat]:
        return cells.seats(state)

    def score_input(self, state: PrincepsState, scoring: str) -> dict[str, Any]:
        return results.score_input(state)

    def players_view(self, report: PrincepsReport) -> list[PlayerView]:
        return [
            PlayerView(key=p.name, name=p.name, label=isolated(p.name), total=p.vp, tie_breaks=(p.stable, p.gold, p.trade))
            for p in report.players
        ]

    def tie_break_words(self) -> tuple[str, ...]:
        # Translators: the tie-breaks inside a line of the play log, "Ana: 3 (Stable 2, Gold 1)", not headings.
        return (pgettext("in a line", "Stable"), pgettext("in a line", "Gold"), pgettext("in a line", "Trade"))

    def tie_breaks_used(self, report: PrincepsReport) -> int:
        if report.decided_by == "shared":
            return len(TIE_BREAKS)
        return TIE_BREAKS.index(report.decided_by) + 1 if report.decided_by in TIE_BREAKS else 0

    def step_marks(self, step: Step) -> dict[str, str]:
        if step.kind == "tie-break":  # no VP: who is still in the running after it
            leaders, contenders = step.details["leaders"], step.details["contenders"]
            if len(leaders) == len(contenders):
                return {name: _("still tied") for name in contenders}
            return {name: _("wins") if len(leaders) == 1 else _("ahead") for name in leaders}
        return {name: _("+{vp} VP").format(vp=vp) for name, vp in step.awards.items() if vp}

    def step_title(self, table: Table[PrincepsState], step: Step) -> str:
        if step.kind == "tie-break":
            return _("Tie-break {number}: {measure}").format(number=step.number, measure=tie_break_name(step.subject))
        return category_name(step.subject)

    def section_label(self, kind: str) -> str:
        return {"category": _("Victory points"), "tie-break": _("Tie-breaks")}.get(kind, kind)

    def point_sources(self, table: Table[PrincepsState], report: PrincepsReport) -> dict[str, list[Segment]]:
        return results.point_sources(report)

    def phase(self, table: Table[PrincepsState]) -> str:
        if table.state.results.get(results.SCORING):
            return self.final_phase(table) or _("Scored")
        return _("Entering the territories")


WEB_GAME = PrincepsWeb()
