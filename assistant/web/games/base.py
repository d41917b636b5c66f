"""What a game's web module provides; the shared views do everything else."""
from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from flask import Blueprint
from werkzeug.datastructures import MultiDict

from assistant.games import get_game
from assistant.web import kept
from assistant.web.i18n import gettext as _
from assistant.web.state import TableState
from assistant.web.tables import Change, Conflict, Table


@dataclass(frozen=True)
class Screen:
    """One tab of a table: its URL name and its (gettext-marked) label."""

    name: str
    label: str


@dataclass(frozen=True)
class Scoring:
    name: str  # as in the URL and the core's input, e.g. "intermediate"
    label: str  # gettext-marked
    screen: str = ""  # the tab with its button, where a refusal is shown ("": the first)


@dataclass(frozen=True)
class RuleChoice:
    """One reading a house rule offers: its label and what it means (both gettext-marked)."""

    label: str
    explanation: str


class BadChange(ValueError):
    """A change that cannot be applied, in words: which field and why."""

    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass
class SetupForm:
    """The new-table form: what was entered, the errors by field, and the state once valid."""

    values: dict[str, Any]
    errors: dict[str, list[str]] = field(default_factory=dict)
    state: TableState | None = None  # set when the form is complete and valid


@dataclass(frozen=True)
class Segment:
    """One part of a player's points, for the bar chart."""

    label: str
    points: int
    css: str


@dataclass(frozen=True)
class PlayerView:
    """One player of a report as the shared breakdown shows them."""

    key: str  # how the report's steps name the player in awards and totals
    name: str
    label: str
    total: int
    color: str = ""  # for the swatch (a palette colour); "" for a game without colours: no swatch
    color_name: str = ""  # always shown beside the swatch
    previous: int = 0  # points from earlier scorings included in total
    tie_breaks: tuple[int, ...] = ()  # what decides a tie on points, in order (the game's tie_break_labels)
    track: int | None = None  # the marker's space on the score track, if the game has one


class WebGame:
    """A game's web package exposes ``WEB_GAME``, an instance of a subclass. Texts come from
    Flask-Babel (the request's language); the core gets the request's catalog
    (``assistant.web.i18n.request_translations()``) as its translator.

    Every game gives the attributes and the methods without a body below. What a game may add
    (pages of its own, tables in the database, links, figures, wording) is declared here too,
    with a default that adds nothing; the shared code calls them on every game and names none.
    """

    slug: str  # the core's game slug, stored with each table
    title: str  # gettext-marked
    templates: str  # folder under templates/ with _setup_form.html and _<screen>.html for each screen
    screens: tuple[Screen, ...]  # the entry tabs, in order; the first is where a table opens
    screen_args: tuple[str, ...]  # the URL arguments its screens read (all others are dropped)
    scorings: tuple[Scoring, ...]  # in the order they happen; the last one decides the winner
    points_label: str  # the standings' column of points ("Points", "VP")
    tie_break_labels: tuple[str, ...]  # the standings' columns for what breaks a tie, in order
    tie_break_note: str  # below the final standings: how a tie is broken ("" for nothing)
    how_to_score: str  # on the scores tab before anything is scored: where the scoring button is
    walk_start_title: str  # the step-by-step walk's first page, before any step
    walk_intro: str
    state_model: type[TableState]  # the stored state, typed (``assistant.web.state``)

    def setup(self, form: MultiDict | None) -> SetupForm:
        """The new-table form: defaults for ``None``; otherwise the form as entered, with errors
        by field, or with ``state`` (the new table's state) when it is valid."""
        raise NotImplementedError

    def table_title(self, state: TableState) -> str:
        raise NotImplementedError

    def screen(self, name: str, table: Table, args: MultiDict) -> dict:
        """Template context for ``templates/<templates>/_<name>.html``; ``args`` are the URL's."""
        raise NotImplementedError

    def parse_change(self, table: Table, form: MultiDict) -> Change:
        """One delta from a posted form; raises ``BadChange`` naming the field and the reason."""
        raise NotImplementedError

    def after_change(self, table: Table, change: Change, form: MultiDict, here: MultiDict) -> dict:
        """URL arguments of the screen shown after a change (``here``: where the phone was);
        ``_anchor`` names the element a full page (no JavaScript) scrolls to."""
        raise NotImplementedError

    def changed_parts(self, screen: str, table: Table, cells: Mapping[str, Any], args: MultiDict, before: MultiDict) -> frozenset[str] | None:
        """What of ``screen`` (of ``table`` as it is now) to send back after ``cells`` changed (each
        with the value the phone shows, or ``tables.UNKNOWN``; ``args``: the screen's URL arguments
        now, ``before``: where the phone was), named for the game's ``_<screen>_changes.html``,
        which sends each part by its id; None: the whole screen."""
        return None

    def changes_screen(self, name: str, table: Table, args: MultiDict, parts: frozenset[str]) -> dict:
        """Context for ``_<name>_changes.html``: the screen's, by default; a game may build only
        the ``parts`` it sends."""
        return self.screen(name, table, args)

    def describe_cell(self, state: TableState, cell: str) -> str:
        """A cell (or a core problem's field) in words: 'Frankreich, monasteries of Andreas (red)'."""
        raise NotImplementedError

    def describe_value(self, cell: str, value: Any) -> str:
        """A value in a conflict notice: a count, a name, a list of lengths."""
        if isinstance(value, list):
            return ", ".join(map(str, value)) or _("none")
        return _("(no name)") if value == "" else str(value)

    def score_input(self, state: TableState, scoring: str) -> dict:
        """The core's JSON input for a scoring of the table as it stands now."""
        raise NotImplementedError

    def totals(self, report: Any) -> dict[str, int]:
        """Each player's total of a report, by player key (kept with the result)."""
        raise NotImplementedError

    def score(self, table: Table, scoring: str) -> tuple[Any, Change]:
        """Score the table as it stands: the report, and the change that keeps the result.
        Raises ``assistant.problems.InvalidInput``."""
        return kept.score_and_keep(get_game(self.slug), table, scoring, self.score_input(table.state, scoring), self.totals)

    def kept_report(self, table: Table, scoring: str) -> Any | None:
        """The kept result of a scoring, explained in the page's language; None if not scored."""
        return kept.kept_report(get_game(self.slug), table, scoring)

    def kept_summary(self, table: Table, scoring: str) -> dict | None:
        """``at`` (timestamp), ``totals`` and ``stale`` (the table changed since) of a kept scoring."""
        return kept.kept_summary(table, scoring, self.score_input(table.state, scoring))

    def players_view(self, report: Any) -> list[PlayerView]:
        """The report's players in seating order, for standings, walk and chart."""
        raise NotImplementedError

    def tie_breaks_used(self, report: Any) -> int:
        """How many of the tie-breaks the final scoring needed: 0 when the points alone decided,
        n when the n-th of ``tie_break_labels`` did (or all n left a shared win)."""
        raise NotImplementedError

    def step_marks(self, step: Any) -> dict[str, str]:
        """What a step shows beside each player it concerns, by player key: '+3' for points."""
        raise NotImplementedError

    def step_title(self, table: Table, step: Any) -> str:
        raise NotImplementedError

    def section_label(self, kind: str) -> str:
        """Heading of a run of steps of one kind."""
        raise NotImplementedError

    def point_sources(self, table: Table, report: Any) -> dict[str, list[Segment]]:
        """Where each player's points came from, by player key, for the bar chart."""
        raise NotImplementedError

    def track_spaces(self) -> int:
        """Spaces on the score track (0: the game has none)."""
        raise NotImplementedError

    def phase(self, table: Table) -> str:
        """A short status for the home page's list of tables."""
        raise NotImplementedError

    def final_phase(self, table: Table) -> str | None:
        """The home page's status of a table whose last scoring is kept: its verdict, or, when the
        table changed since, that it must be scored again (never a winner it may no longer have);
        None when not scored. Raises ``InvalidInput`` when the kept result cannot be read."""
        last = self.scorings[-1].name
        summary = self.kept_summary(table, last)
        if summary is None:
            return None
        if summary["stale"]:
            return _("The table changed after it was scored: score again to see who wins.")
        report = self.kept_report(table, last)
        return report.verdict if report else None

    # --- what a game may add; the defaults add nothing ---

    # Links under the game's "New table" on the start page: (gettext-marked label, endpoint).
    extra_links: ClassVar[tuple[tuple[str, str], ...]] = ()
    # SQL run on every SQLite database at first use (CREATE TABLE IF NOT EXISTS ...): the game's own tables.
    schema: ClassVar[str] = ""
    # The same tables for PostgreSQL: a folder of yoyo migrations (postgres.py), their ids
    # starting with the game's slug; None: the game has no tables of its own.
    migrations: ClassVar[Path | None] = None

    def blueprints(self) -> tuple[Blueprint, ...]:
        """Pages of the game's own, registered with the app."""
        return ()

    def upgrade_database(self, db: sqlite3.Connection) -> None:
        """Bring the game's tables of a SQLite database made by an older version up to ``schema``
        (columns added since, their indexes); runs inside a transaction. PostgreSQL databases
        take ``migrations`` instead."""

    def explain_conflict(self, conflict: Conflict, resend: dict) -> dict | None:
        """A conflict worded by the game itself: ``sentence``, ``keep``, ``keep_args``,
        ``retry``, ``resend`` (None offers no "anyway"); None leaves the shared wording."""
        return None

    def step_figure(self, table: Table, report: Any, index: int) -> dict | None:
        """A figure for step ``index`` of the walk (a map...); None for none."""
        return None

    def board_line(self, report: Any) -> str:
        """Which board the scoring used, beside the standings; "" for nothing."""
        return ""
