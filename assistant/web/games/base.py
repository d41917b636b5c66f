"""What a game's web module provides; the shared views do everything else."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from werkzeug.datastructures import MultiDict

from assistant.web.tables import Change, Table


@dataclass(frozen=True)
class Screen:
    """One tab of a table: its URL name and its (gettext-marked) label."""

    name: str
    label: str


@dataclass(frozen=True)
class Scoring:
    name: str  # as in the URL and the core's input, e.g. "intermediate"
    label: str  # gettext-marked


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
    state: dict | None = None  # set when the form is complete and valid


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


class WebGame(Protocol):
    """A game's web module. Texts come from Flask-Babel (the request's language); the core gets
    the request's catalog (``assistant.web.i18n.request_translations()``) as its translator."""

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

    def setup(self, form: MultiDict | None) -> SetupForm:
        """The new-table form: defaults for ``None``; otherwise the form as entered, with errors
        by field, or with ``state`` (the new table's JSON) when it is valid."""

    def table_title(self, state: dict) -> str: ...

    def screen(self, name: str, table: Table, args: MultiDict) -> dict:
        """Template context for ``templates/<templates>/_<name>.html``; ``args`` are the URL's."""

    def parse_change(self, table: Table, form: MultiDict) -> Change:
        """One delta from a posted form; raises ``BadChange`` naming the field and the reason."""

    def after_change(self, table: Table, change: Change, form: MultiDict, here: MultiDict) -> dict:
        """URL arguments of the screen shown after a change (``here``: where the phone was);
        ``_anchor`` names the element a full page (no JavaScript) scrolls to."""

    def describe_cell(self, state: dict, cell: str) -> str:
        """A cell (or a core problem's field) in words: 'Frankreich, monasteries of Andreas (red)'."""

    def describe_value(self, cell: str, value: Any) -> str:
        """A value in a conflict notice. A game may also have ``explain_conflict(conflict,
        resend) -> dict | None`` to word a conflict itself (``sentence``, ``keep``, ``keep_args``,
        ``retry``, ``resend``: None offers no "anyway"); the Kardinal sketch does."""

    def score(self, table: Table, scoring: str) -> tuple[Any, Change]:
        """Score the table as it stands: the report, and the change that keeps the result.
        Raises ``assistant.problems.InvalidInput``."""

    def kept_report(self, table: Table, scoring: str) -> Any | None:
        """The kept result of a scoring, explained in the page's language; None if not scored."""

    def kept_summary(self, table: Table, scoring: str) -> dict | None:
        """``at`` (timestamp), ``totals`` and ``stale`` (the table changed since) of a kept scoring."""

    def players_view(self, report: Any) -> list[PlayerView]:
        """The report's players in seating order, for standings, walk and chart."""

    def tie_breaks_used(self, report: Any) -> int:
        """How many of the tie-breaks the final scoring needed: 0 when the points alone decided,
        n when the n-th of ``tie_break_labels`` did (or all n left a shared win)."""

    def step_marks(self, step: Any) -> dict[str, str]:
        """What a step shows beside each player it concerns, by player key: '+3' for points."""

    def step_title(self, table: Table, step: Any) -> str: ...

    def section_label(self, kind: str) -> str:
        """Heading of a run of steps of one kind."""

    def point_sources(self, table: Table, report: Any) -> dict[str, list[Segment]]:
        """Where each player's points came from, by player key, for the bar chart."""

    def track_spaces(self) -> int:
        """Spaces on the score track (0: the game has none)."""

    def phase(self, table: Table) -> str:
        """A short status for the home page's list of tables."""
