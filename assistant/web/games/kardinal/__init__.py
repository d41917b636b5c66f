"""Kardinal & König's screens: new table, board grid with number pad, chains, scorings."""
from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

from flask import Blueprint
from werkzeug.datastructures import MultiDict

from assistant.games.base import Step
from assistant.games.kardinal.board import published_board
from assistant.games.kardinal.position import GAME_SLUG, MAX_NAME
from assistant.games.kardinal.report import KardinalReport
from assistant.games.kardinal.texts import Words
from assistant.games.names import isolated
from assistant.problems import InvalidInput
from assistant.web.games.base import PlannedChange, PlayerView, Scoring, ScoringQuestion, Screen, ScreenContext, Seat, Segment, SetupForm, WebGame
from assistant.web.games.kardinal import board_check, boards, cells, results, screens, setup, sketch, sketch_screen
from assistant.web.games.kardinal.boards import PUBLISHED
from assistant.web.games.kardinal.state import KardinalState
from assistant.web.games.kardinal.step_map import StepMap, step_map
from assistant.web.games.kardinal.words import color_as_player_label, color_label
from assistant.web.pad import after_count, moved_past
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import lazy_gettext as _l
from assistant.web.serving.i18n import ngettext, pgettext, request_translations, sentence_start
from assistant.web.store.tables import Change, Conflict, Table


class KardinalWeb(WebGame[KardinalState, KardinalReport]):
    slug = GAME_SLUG
    title = _l("Kardinal & König")
    max_name = MAX_NAME
    templates = "kardinal"
    state_model = KardinalState
    stylesheets = ("kardinal/kardinal.css",)
    entry_screens = (Screen("board", _l("Board")), Screen("chains", _l("Chains"), stylesheets=("kardinal/sketch.css",)))
    # the open number pad, chain pad, rename form; the open sketch, its selected spot and mode;
    # the seat whose own counts this phone enters (own_counts.py)
    screen_args = ("cell", "add", "rename", "sketch", "at", "mode", "player")
    seat_screen = "board"
    scorings = (Scoring("intermediate", _l("Intermediate scoring"), "board"), Scoring("final", _l("Final scoring"), "chains"))
    house_rules = cells.HOUSE_RULES
    # Translators: column of the final standings: pieces left in the player's supply.
    tie_break_labels = (_l("Supply"),)
    tie_break_note = _l("Supply: monasteries and advisors not on the board; it breaks a tie on points.")
    how_to_score = _l("Enter the board, then tap Intermediate scoring at the bottom of the Board tab. The final scoring is on the Chains tab.")
    walk_start_title = _l("Everyone's marker before this scoring")
    walk_intro = _l("Tap Next to move along the board: every country, then (in the final scoring) alliances 1 to 15 with the black marker, then the chains.")

    def setup(self, form: MultiDict[str, str] | None) -> SetupForm:
        return setup.blank_form() if form is None else setup.read_form(form)

    def players_view(self, report: KardinalReport) -> list[PlayerView]:
        return [
            PlayerView(
                key=p.color, name=p.name, color=p.color, color_name=color_label(p.color), label=p.label,
                total=p.total, previous=p.previous, tie_breaks=(p.supply_left,), track=p.track,
            )
            for p in report.players
        ]

    def tie_break_words(self) -> tuple[str, ...]:
        # Translators: the supply inside a line of the play log, "Barbara (red): 47 (Supply 26)", not a heading.
        return (pgettext("in a line", "Supply"),)

    def tie_order_sentence(self, players: str, points: int) -> str:
        return ngettext(
            "Tied on {points} point, {players} are placed by their supply: the more pieces left, the better. That is the default "
            "reading: the rulebooks break a tie only for the win; read strictly, they share the place.",
            "Tied on {points} points, {players} are placed by their supply: the more pieces left, the better. That is the default "
            "reading: the rulebooks break a tie only for the win; read strictly, they share the place.",
            points,
        ).format(points=points, players=players)

    def tie_breaks_used(self, report: KardinalReport) -> int:
        return 0 if report.decided_by == "points" else 1  # supply, or a shared win after it

    def table_title(self, state: KardinalState) -> str:
        return ", ".join(isolated(p.name) or color_as_player_label(p.color) for p in state.players)

    def screen(self, name: str, table: Table[KardinalState], args: MultiDict[str, str]) -> ScreenContext:
        return screens.board_screen(table, args) if name == "board" else sketch_screen.chains_screen(table, args)

    def parse_change(self, table: Table[KardinalState], form: MultiDict[str, str]) -> Change:
        if sketch.is_sketch_cell(form.get("cell", "")):
            return sketch.parse_change(table.state, form)
        return cells.parse_change(table.state, form)

    def read_change(self, table: Table[KardinalState], form: MultiDict[str, str], here: MultiDict[str, str]) -> PlannedChange:
        change = self.parse_change(table, form)
        if sketch.is_sketch_cell(change.cell):  # the same sketch, the tapped monastery selected
            return PlannedChange(change, lambda state: sketch.after_change(state, change.value, here))
        order = cells.entry_order(table.state)  # the board's cells do not change with their counts
        seat = self.seat(table.state, here)
        if seat is not None and change.cell in seat.cells:  # a seat's own link: its counts only
            return self._seat_change(table, seat, change, form, here)
        stay = {"player": seat.key} if seat else {}  # another seat's cell, opened by hand: the whole order
        if change.cells:  # the rest of the row set to 0: the pad goes past the row
            last = cells.row_cells(table.state, change.cell)[-1]
            return PlannedChange(change, lambda state: {**moved_past(order, last), **stay})
        return PlannedChange(change, lambda state: {**after_count(order, change.cell, form, here), **stay})

    def _seat_change(self, table: Table[KardinalState], seat: Seat, change: Change, form: MultiDict[str, str], here: MultiDict[str, str]) -> PlannedChange:
        """A change on a seat's own link: a number moves on to the seat's next count; "The rest of
        my counts: 0" sets the seat's counts from here on with none yet, and closes the pad."""
        order, stay = list(seat.cells), {"player": seat.key}
        if cells.REST in form:
            rest = self.rest_of_counts_change(table, change.cell, seat, form.get(cells.REST))
            return PlannedChange(rest, lambda state: {**moved_past(order, order[-1]), **stay})
        return PlannedChange(change, lambda state: {**after_count(order, change.cell, form, here), **stay})

    def seats(self, state: KardinalState) -> list[Seat]:
        return cells.seats(state)

    def changed_parts(
        self, screen: str, table: Table[KardinalState], cells: Mapping[str, Any], args: MultiDict[str, str], before: MultiDict[str, str]
    ) -> frozenset[str] | None:
        return screens.board_changes(table, cells, args, before) if screen == "board" else None

    def changes_screen(self, name: str, table: Table[KardinalState], args: MultiDict[str, str], parts: frozenset[str]) -> ScreenContext:
        return screens.board_screen(table, args, only=parts) if name == "board" else self.screen(name, table, args)

    def describe_cell(self, state: KardinalState, cell: str) -> str:
        return sketch.describe_cell(state, cell) if sketch.is_sketch_cell(cell) else cells.describe_cell(state, cell)

    def describe_value(self, cell: str, value: Any) -> str:
        return sketch.describe_value(value) if sketch.is_sketch_cell(cell) else super().describe_value(cell, value)

    def problem_in_words(self, state: KardinalState, field: str, reason: str) -> str:
        # A player's pieces or chains in all: the core's reason starts with the player, named once.
        return sentence_start(reason) if cells.is_players_whole(state, field) else super().problem_in_words(state, field, reason)

    def describe_change(self, cell: str, before: Any, after: Any) -> str:
        return sketch.describe_tap(before) if sketch.is_sketch_cell(cell) else ""

    def explain_conflict(self, conflict: Conflict[KardinalState], resend: dict[str, str]) -> dict[str, Any] | None:
        """A conflict on a chain sketch in the sketch's own words (the shared notice words the rest)."""
        return sketch.explain_conflict(conflict, resend) if sketch.is_sketch_cell(conflict.cell) else None

    def score_input(self, state: KardinalState, scoring: str) -> dict[str, Any]:
        return results.score_input(state, scoring)

    def scoring_question(self, table: Table[KardinalState], scoring: str) -> ScoringQuestion | None:
        return results.scoring_question(table, scoring)

    def step_title(self, table: Table[KardinalState], step: Step) -> str:
        words = Words({p.color: p.name for p in table.state.players}, published_board(), request_translations())
        if step.kind == "country":
            return words.country(step.subject)
        if step.kind == "alliance":
            first, second = step.details["countries"]
            return words.alliance_subject(step.number or 0, first, second)  # an alliance's step has its number
        return _("Chains of {player}").format(player=words.who(step.subject))

    def section_label(self, kind: str) -> str:
        return {"country": _("Monasteries"), "alliance": _("Alliances"), "chain": _("Chains")}.get(kind, kind)

    def point_sources(self, table: Table[KardinalState], report: KardinalReport) -> dict[str, list[Segment]]:
        return results.point_sources(report)

    def track_spaces(self) -> int:
        return 100

    # --- what the game adds: the board check (its pages and table), the map, the sketch's wording ---
    extra_links = ((_l("Check the board's alliances"), "boards.index"),)
    schema = boards.SCHEMA
    migrations = boards.MIGRATIONS

    def blueprints(self) -> tuple[Blueprint, ...]:
        return (board_check.bp,)

    def upgrade_database(self, db: sqlite3.Connection) -> None:
        boards.upgrade_database(db)

    def step_figure(self, table: Table[KardinalState], report: KardinalReport, index: int) -> StepMap | None:
        """The map for step ``index`` of the walk: its country or alliance highlighted, with counts."""
        return step_map(table, report, index, self.players_view(report))

    def board_line(self, report: KardinalReport) -> str:
        """Which board the scoring used, for beside the standings."""
        if report.board == PUBLISHED:
            return _("Board: as published (alliances partly inferred).")
        return _("Board: “{name}”, a variant checked against the printed board.").format(name=report.board)

    def phase(self, table: Table[KardinalState]) -> str:
        if table.state.results.get("final"):
            try:
                status = self.final_phase(table)
            except InvalidInput:  # e.g. kept before its chains were, and too many roads to search now
                status = None
            return status or _("Final scoring done")
        if table.state.results.get("intermediate"):
            return _("Second half: intermediate scoring done")
        return _("First half: entering the board")


WEB_GAME = KardinalWeb()
