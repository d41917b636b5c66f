"""The contract between the shared web code and a game: what a game's web package declares.

A game's web package exposes ``WEB_GAME``, an instance of a ``WebGame`` subclass, generic over
its stored state (``assistant.web.store.state.TableState``) and its report
(``assistant.games.base.ScoringReport``). The abstract methods and the ``REQUIRED`` attributes
are what every game must give (a class that lacks one is refused when it is defined); every
other member has a default that suits a plain game. docs/architecture.md walks through adding
a game.
"""
from __future__ import annotations

import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from flask import Blueprint
from werkzeug.datastructures import MultiDict

from assistant.games import get_game
from assistant.games.base import ScoringReport, Step
from assistant.games.names import isolated
from assistant.problems import InvalidInput, by_field
from assistant.web import kept
from assistant.web.pad import REST, Pad, after_count, moved_past
from assistant.web.serving.i18n import field_problem, request_translations, sentence_start
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import lazy_gettext as _l
from assistant.web.store.state import TableState
from assistant.web.store.tables import Change, Conflict, Table

StateT = TypeVar("StateT", bound=TableState)
ReportT = TypeVar("ReportT", bound=ScoringReport)


@dataclass(frozen=True)
class Screen:
    """One tab of a table: its URL name, its (gettext-marked) label and the stylesheets only it
    needs (under static/, after the game's own): a first load carries no other tab's styles."""

    name: str
    label: str
    stylesheets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scoring:
    name: str  # as in the URL and the core's input, e.g. "intermediate"
    label: str  # gettext-marked
    screen: str = ""  # the tab with its button, where a refusal is shown ("": the first)


@dataclass(frozen=True)
class ScoringQuestion:
    """What a scoring asks before it scores (a final scoring with a part of the game not entered
    yet): the tab and the card that ask it, and the value of the form's ``confirm`` field that
    answers "score anyway"."""

    screen: str
    card: str  # the element's id on that tab
    confirm: str


@dataclass(frozen=True)
class RuleChoice:
    """One reading a house rule offers: its label and what it means (both gettext-marked)."""

    label: str
    explanation: str


@dataclass(frozen=True)
class HouseRule:
    """A house rule (the cell ``rules.<key>``): its readings, the first the default, and its words
    (all gettext-marked). The shared new-table form offers it (``named.NamedGame``), the shared
    cells switch it (``changes.rule_cell_change``) and a notice names a reading by its label."""

    choices: Mapping[str, RuleChoice]  # by the reading's key, as stored and given to the core
    name: str  # the cell in words, inside a sentence: "house rule for ties"
    legend: str  # the heading of its choice on the new-table form: "House rule for tied categories"
    refusal: str  # a posted reading it has not: "is not one of the rules for ties"

    @property
    def default(self) -> str:
        return next(iter(self.choices))

    def other(self, reading: str) -> str:
        """What the rule card's switch sets: the first other reading."""
        return next(other for other in self.choices if other != reading)


@dataclass(frozen=True, slots=True)
class OfferedReading:
    """One radio button of a house rule on the new-table form."""

    value: str  # the reading's key, as posted
    label: str
    explanation: str
    chosen: bool


@dataclass(frozen=True, slots=True)
class OfferedRule:
    """A house rule on the new-table form (templates/macros.html's ``setup_form``): its field, its
    legend, its readings with the one chosen, and the problems said under it."""

    key: str  # the form field: the cell ``rules.<key>``
    legend: str
    readings: tuple[OfferedReading, ...]
    problems: tuple[str, ...] = ()


def offered_rule(key: str, rule: HouseRule, chosen: str) -> OfferedRule:
    """``rule`` as the form offers it, ``chosen`` checked (an unknown one shown as the default)."""
    chosen = chosen if chosen in rule.choices else rule.default
    readings = tuple(OfferedReading(reading, choice.label, choice.explanation, reading == chosen) for reading, choice in rule.choices.items())
    return OfferedRule(key, rule.legend, readings)


@dataclass(frozen=True)
class Seat:
    """A player as their own entry link names them."""

    key: str  # the link's ``player`` argument: a colour, a seat number ("1"...)
    label: str  # the player in words: "Andreas (red)", "Green", "Ana"
    color: str  # a palette colour for the swatch ("": none)
    cells: tuple[str, ...]  # the player's counts, in the game's entry order


@dataclass(frozen=True)
class Seating:
    """Who sits at a table of a game whose players are names (``named.NamedGame``): how many, and
    the longest name; the new-table form starts with ``first`` empty names."""

    low: int
    high: int
    max_name: int
    first: int = 3
    names_required: bool = True  # a name cannot be emptied on the table (the form fills "Player <n>")


def quoted(text: str) -> str:
    """``text`` in the language's quotation marks: “…”, „…“, «…», »…«."""
    # Translators: a text quoted inside a sentence (a house rule's reading); your language's quotation marks.
    return _("“{text}”").format(text=text)


class BadChange(ValueError):
    """A change that cannot be applied, in words: which field and why."""

    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass
class SetupForm:
    """The new-table form: what was entered, the errors by field, and the state once valid.

    ``values`` is what templates/macros.html's ``setup_form`` shows: ``players`` (a list), ``min``
    and ``max`` players, and ``house_rules`` (a list of ``OfferedRule``, empty for a game without)."""

    values: dict[str, Any]
    errors: dict[str, list[str]] = field(default_factory=dict)
    state: TableState | None = None  # set when the form is complete and valid

    @property
    def players(self) -> list[Any]:
        return list(self.values["players"])

    @property
    def can_add(self) -> bool:
        return len(self.values["players"]) < int(self.values["max"])

    @property
    def can_remove(self) -> bool:
        return len(self.values["players"]) > int(self.values["min"])

    @property
    def house_rules(self) -> list[OfferedRule]:
        """Each house rule offered, with the problems found with it."""
        return [replace(rule, problems=tuple(self.errors.get(f"rules.{rule.key}", []) + self.errors.get("rules", [])))
                for rule in self.values.get("house_rules", [])]

    def invalid(self, field: str) -> dict[str, str]:
        """A field's attributes (the template's ``xmlattr``): marked invalid while it is refused."""
        return {"aria-invalid": "true"} if self.errors.get(field) else {}

    def name_invalid(self, index: int) -> dict[str, str]:
        """Player ``index``'s name field's attributes (the template's ``xmlattr``): marked invalid
        while the name or the player is refused."""
        return {"aria-invalid": "true"} if self.errors.get(f"players.{index}.name") or self.errors.get(f"players.{index}") else {}

    def player_problems(self, index: int) -> list[tuple[str, str]]:
        """The problems with player ``index``'s fields, each reason with its field's name as static/app.js
        marks it ("players-0-name")."""
        return [(name.replace(".", "-"), reason) for name, reasons in self.errors.items()
                if name == f"players.{index}" or name.startswith(f"players.{index}.") for reason in reasons]


def grid_attributes(can_edit: bool) -> dict[str, str]:
    """A grid of counts' htmx attributes (the template's ``xmlattr``), on a phone that may change the
    table: a cell's link swaps the screen in and scrolls the pad's cell into view."""
    return {"hx-target": "#screen", "hx-swap": "outerHTML show:.cell.selected:bottom", "hx-sync": "#screen:replace"} if can_edit else {}


@dataclass(frozen=True, slots=True)
class NameForm:
    """A player's name form open on an entry screen (templates/macros.html's ``rename_form``)."""

    index: int  # the player's
    name: str  # what it holds: the stored name, or a refused one as typed (views/table), to be corrected


@dataclass(kw_only=True)
class ScreenContext:
    """What a screen's template gets (datasette's ``Context``): a game's screen subclasses it with
    what its own template shows. The fields here are the ones the shared code reads."""

    typing: bool = False  # a text is being typed: no polling, which would wipe it
    name_form: NameForm | None = None  # the name form asked for (``?rename=<index>``); a refused name reopens its own
    pad: Pad | None = None  # the open number pad (a game's ``pad.Pad``): notices are pinned on it
    # With no pad open, the pad of the first count, in a <template>: static/app.js opens it on any
    # cell without a connection (its data-* say the rest) when this phone has kept no pad of its own.
    offline_pad: Pad | None = None
    pad_template: str = "table/_grid_pad.html"  # draws the pad (table/_pads.html): a grid's pad.GridPad, or the game's own

    def template_vars(self) -> dict[str, Any]:
        """The fields as the template's names (one level: nested values stay as they are)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True, kw_only=True)
class StepFigure:
    """A figure beside a step of the walk (``WebGame.step_figure``), which ``template`` draws
    (templates/scores/walk/step.html includes it, as ``figure``); a game's subclass adds what it draws."""

    template: str


@dataclass(frozen=True)
class PlannedChange:
    """What a posted form asks of a table, read by the game in one call (``WebGame.read_change``):
    the change, and where the phone goes once it is applied (``then(state)``: the screen's URL
    arguments, ``_anchor`` naming the element a full page scrolls to)."""

    change: Change
    then: Callable[[Any], dict[str, str]]


@dataclass(frozen=True)
class Segment:
    """One part of a player's points, for the bar chart."""

    label: str
    points: int
    css: str  # the part's class: a colour of static/app.css ("part-1"...) or of the game's stylesheet


class ChipNames:
    """What templates/macros.html's ``chip`` says of a player (``PlayerView``, a game's seated player):
    ``who``, the name isolated (it could turn the line), or without one the label or the colour's
    name ("Green"); ``shade``, the colour's name beside a name ("" when the colour is the name)."""

    __slots__ = ()
    name: str
    label: str
    color_name: str

    @property
    def who(self) -> str:
        return isolated(self.name) if self.name else self.label or self.color_name

    @property
    def shade(self) -> str:
        return self.color_name if self.name else ""


@dataclass(frozen=True)
class PlayerView(ChipNames):
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


# The template a row names for a part it leaves out (a phone watching only, nothing to point at): it shows nothing.
NOTHING = "games/_nothing.html"


def scoring_button(table: Table[Any], summary: kept.KeptSummary | None, asks: bool = False) -> str:
    """A scoring card's button (macros.html's scoring_card: games/_scoring_button.html) on a phone that may change
    the table, unless the card asks a question in its place (``asks``) while nothing is kept yet; NOTHING else."""
    return "games/_scoring_button.html" if table.can_edit and not (asks and not summary) else NOTHING

# The attributes every game sets; the others below have defaults.
REQUIRED = ("slug", "title", "templates", "entry_screens", "scorings", "state_model")


class WebGame(ABC, Generic[StateT, ReportT]):
    """A game's screens. Texts come from Flask-Babel (the request's language); the core gets the
    request's catalog (``assistant.web.serving.i18n.request_translations()``) as its translator.

    What a game may add (pages of its own, tables in the database, a stylesheet, links, figures,
    wording) is declared here too, with a default that adds nothing; the shared code calls them
    on every game and names none.
    """

    # --- what every game declares ---
    slug: str  # the core's game slug, stored with each table
    title: str  # gettext-marked
    templates: str  # folder with _setup_form.html and _<screen>.html for each screen (under templates/ or template_folder)
    # The entry tabs, in order; the first is where a table opens. Not called ``screens``: a game's
    # module ``screens`` would be hidden by it inside the class body.
    entry_screens: tuple[Screen, ...]
    scorings: tuple[Scoring, ...]  # in the order they happen; the last one decides the winner
    state_model: type[StateT]  # the stored state, typed (``assistant.web.store.state``)

    # --- what a plain game may leave as it is ---
    screen_args: tuple[str, ...] = ()  # the URL arguments its screens read (all others are dropped)
    max_name: int = 40  # the longest player's name, in characters (the core's MAX_NAME): the forms' maxlength
    points_label: str = _l("Points")  # the standings' column of points ("VP")
    report_total_field: str = "total"  # the JSON report's player field those points are (scored on the phone: views/offline.py)
    tie_break_labels: tuple[str, ...] = ()  # the standings' columns for what breaks a tie, in order
    tie_break_note: str = ""  # below the final standings: how a tie is broken
    how_to_score: str = _l("Enter the table, then tap the scoring button at the bottom of its tab.")  # before anything is scored
    walk_start_title: str = _l("Before the scoring: everyone's points so far")  # the walk's first page
    walk_intro: str = _l("Tap Next to go through the scoring one step at a time.")
    # Each house rule by its cell ("rules.chains": HouseRule({"disjoint": RuleChoice(...)}, ...)), so a
    # notice names a reading by its label, never by its key, and the shared cells and form know it.
    house_rules: ClassVar[Mapping[str, HouseRule]] = {}
    # The new-table form's template; "": ``<templates>/_setup_form.html``.
    setup_template: ClassVar[str] = ""

    def __init__(self) -> None:
        missing = [name for name in REQUIRED if not hasattr(self, name)]
        if missing:  # abstract methods are refused by ABC itself, attributes here: both when WEB_GAME is made
            hint = " (the tabs are entry_screens, not screens)" if "entry_screens" in missing and hasattr(self, "screens") else ""
            raise TypeError(f"{type(self).__name__} must set {', '.join(missing)} (assistant.web.games.base.REQUIRED){hint}")
        if self.seat_screen and "player" not in self.screen_args:  # a seat's link keeps its seat through polls and answers
            self.screen_args = (*self.screen_args, "player")

    @abstractmethod
    def setup(self, form: MultiDict[str, str] | None) -> SetupForm:
        """The new-table form: defaults for ``None``; otherwise the form as entered, with errors
        by field, or with ``state`` (the new table's state) when it is valid."""

    @abstractmethod
    def screen(self, name: str, table: Table[StateT], args: MultiDict[str, str]) -> ScreenContext:
        """Template context for ``<templates>/_<name>.html``; ``args`` are the URL's."""

    @abstractmethod
    def parse_change(self, table: Table[StateT], form: MultiDict[str, str]) -> Change:
        """One delta from a posted form; raises ``BadChange`` naming the field and the reason."""

    @abstractmethod
    def describe_cell(self, state: StateT, cell: str) -> str:
        """A cell (or a core problem's field) in words: 'Frankreich, monasteries of Andreas (red)'."""

    @abstractmethod
    def score_input(self, state: StateT, scoring: str) -> dict[str, Any]:
        """The core's JSON input for a scoring of the table as it stands now."""

    @abstractmethod
    def players_view(self, report: ReportT) -> list[PlayerView]:
        """The report's players in seating order, for standings, walk and chart."""

    # --- changes ---

    def read_change(self, table: Table[StateT], form: MultiDict[str, str], here: MultiDict[str, str]) -> PlannedChange:
        """The one call a posted change makes into the game: the change (``parse_change``) and
        where the phone goes after it (``after_change``)."""
        seat = self.seat(table.state, here)
        if seat is not None and REST in form:  # "The rest of my counts: 0": the pad closes after the seat's last
            rest = self.rest_of_counts_change(table, form.get("cell", ""), seat, form.get(REST))
            return PlannedChange(rest, lambda state: {**moved_past(list(seat.cells), seat.cells[-1]), "player": seat.key})
        change = self.parse_change(table, form)
        return PlannedChange(change, lambda state: self.after_change(state, change, form, here))

    def entry_order(self, state: StateT) -> list[str]:
        """The count cells in the order the number pad moves through them ([]: it stays)."""
        return []

    @property
    def first_screen(self) -> Screen:
        """The first entry tab: where a table opens, and where a page with nothing else to offer leads."""
        return self.entry_screens[0]

    # Everyone counts their own pieces (own_counts.py): the screen of the counts (``?player=<seat
    # key>`` there walks one seat's, ``player`` among ``screen_args``); "": the game has no seats.
    seat_screen: str = ""
    seat_links_title: str = _l("Scan to count your own pieces")  # the share page's heading over the seats' codes, in the game's word

    def seats(self, state: StateT) -> list[Seat]:
        """Each player's own counts, in seating order, for their entry link ([]: none)."""
        return []

    def after_change(self, state: StateT, change: Change, form: MultiDict[str, str], here: MultiDict[str, str]) -> dict[str, str]:
        """URL arguments of the screen shown after a change (``state``: the table after it,
        ``here``: where the phone was); by default a number moves the pad on in ``entry_order``, on
        a seat's own link within the seat's counts (and the phone stays on the link)."""
        seat = self.seat(state, here)
        if seat is None:
            return after_count(self.entry_order(state), change.cell, form, here)
        order = list(seat.cells) if change.cell in seat.cells else self.entry_order(state)
        return {**after_count(order, change.cell, form, here), "player": seat.key}

    def seat(self, state: StateT, args: Mapping[str, str]) -> Seat | None:
        """The seat whose own link the phone is on (``?player=<seat key>``), if any."""
        key = args.get("player") if self.seat_screen else None
        return next((seat for seat in self.seats(state) if seat.key == key), None) if key else None

    def rest_of_counts_change(self, table: Table[StateT], cell: str, seat: Seat, raw: str | None) -> Change:
        """A seat's "The rest of my counts: 0": the seat's counts from ``cell`` on with no count yet
        set to 0 (a count entered meanwhile, here or on another phone, stays), as one change; each
        read as the game reads a 0 tapped on it (``parse_change``)."""
        if cell not in seat.cells:
            raise BadChange(self.describe_cell(table.state, cell), _("is not one of this player's counts"))
        if raw != "0":
            raise BadChange(self.describe_cell(table.state, cell), _("sets the rest of a row to 0 only, not “{value}”").format(value=str(raw)[:20]))
        rest = seat.cells[seat.cells.index(cell) :]
        reads = {other: self.parse_change(table, MultiDict({"cell": other, "value": "0"})).read for other in rest}
        return Change(cell, 0, apply=lambda s: None, read=reads[cell], merges=True, cells=lambda s: tuple(c for c in rest if not reads[c](s)))

    def changed_parts(self, screen: str, table: Table[StateT], cells: Mapping[str, Any], args: MultiDict[str, str],
                      before: MultiDict[str, str]) -> frozenset[str] | None:
        """What of ``screen`` (of ``table`` as it is now) to send back after ``cells`` changed (each
        with the value the phone shows, or ``tables.UNKNOWN``; ``args``: the screen's URL arguments
        now, ``before``: where the phone was), named for the game's ``_<screen>_changes.html``,
        which sends each part by its id; None: the whole screen."""
        return None

    def changes_screen(self, name: str, table: Table[StateT], args: MultiDict[str, str], parts: frozenset[str]) -> ScreenContext:
        """Context for ``_<name>_changes.html``: the screen's, by default; a game may build only
        the ``parts`` it sends."""
        return self.screen(name, table, args)

    def describe_value(self, cell: str, value: Any) -> str:
        """A value in the conflict and replaced-value notices, in the page's words: a count, a name
        ("(no name)" for none), a list of lengths, a house rule's reading (its label, quoted)."""
        if isinstance(value, list):
            return ", ".join(map(str, value)) or _("none")
        rule = self.house_rules.get(cell)
        reading = rule.choices.get(value) if rule is not None and isinstance(value, str) else None
        if reading is not None:
            return quoted(str(reading.label))
        return _("(no name)") if value == "" else str(value)

    def problem_in_words(self, state: StateT, field: str, reason: str) -> str:
        """A core problem as a refused scoring lists it: the field in words, then the reason
        ("Schwaben, monasteries of Barbara (red): 5 monasteries, but …")."""
        return sentence_start(field_problem(self.describe_cell(state, field), reason))

    def describe_change(self, cell: str, before: Any, after: Any) -> str:
        """A change in words for the history where "before → after" would say nothing (a tap on a
        chain sketch keeps the tap, not the sketch); "": the values say it."""
        return ""

    def explain_conflict(self, conflict: Conflict[StateT], resend: dict[str, str]) -> dict[str, Any] | None:
        """A conflict worded by the game itself: ``sentence``, ``keep``, ``keep_args``,
        ``retry``, ``resend`` (None offers no "anyway"); None leaves the shared wording."""
        return None

    # --- the table's name and status ---

    def table_title(self, state: StateT) -> str:
        return ", ".join(isolated(p.name) for p in state.players)

    def phase(self, table: Table[StateT]) -> str:
        """A short status for the home page's list of tables."""
        if table.state.results.get(self.scorings[-1].name):
            return self.final_phase(table) or _("Scored")
        return _("Entering the table")

    def final_phase(self, table: Table[StateT]) -> str | None:
        """The home page's status of a table whose last scoring is kept: its verdict, or, when the
        table changed since, that it must be scored again (never a winner it may no longer have);
        None when not scored. Raises ``InvalidInput`` when the kept result cannot be read."""
        last = self.scorings[-1].name
        summary = self.kept_summary(table, last)
        if summary is None:
            return None
        if summary.stale:
            return _("The table changed after it was scored: score again to see who wins.")
        report = self.kept_report(table, last)
        return report.verdict if report else None

    # --- scoring and its results ---

    def totals(self, report: ReportT) -> dict[str, int]:
        """Each player's total of a report, by player key (kept with the result)."""
        return {p.key: p.total for p in self.players_view(report)}

    def scoring_question(self, table: Table[StateT], scoring: str) -> ScoringQuestion | None:
        """The question ``scoring`` asks of this table before it scores, or None (the default:
        none). The table asks it itself, whatever page the button was on (a stale one asked nothing)."""
        return None

    def score(self, table: Table[StateT], scoring: str) -> tuple[ReportT, Change]:
        """Score the table as it stands: the report, and the change that keeps the result.
        Raises ``assistant.problems.InvalidInput``."""
        return kept.score_and_keep(get_game(self.slug), table, scoring, self.score_input(table.state, scoring), self.totals)

    def live_problems(self, state: StateT) -> dict[str, list[str]]:
        """What the core would refuse or warn about in the table as it stands (the last scoring's
        input), by field, in the page's language: an entry screen shows each where it is. By
        default the core scores it; a game whose scoring searches may only validate instead."""
        try:
            report = get_game(self.slug).score(self.score_input(state, self.scorings[-1].name), request_translations())
        except InvalidInput as invalid:
            return by_field(invalid.problems + invalid.warnings)
        return by_field(report.warnings)

    def kept_report(self, table: Table[StateT], scoring: str) -> ReportT | None:
        """The kept result of a scoring, explained in the page's language; None if not scored."""
        return kept.kept_report(get_game(self.slug), table, scoring)

    def kept_summary(self, table: Table[StateT], scoring: str) -> kept.KeptSummary | None:
        """``at`` (timestamp), ``totals`` and ``stale`` (the table changed since) of a kept scoring."""
        return kept.kept_summary(table, scoring, self.score_input(table.state, scoring))

    def tie_break_words(self) -> tuple[str, ...]:
        """What breaks a tie, as words inside a line of text (the play log's "Barbara (red): 47
        (supply 26)"), where a language may write them otherwise than as a column's heading; by
        default the headings, ``tie_break_labels``."""
        return tuple(str(label) for label in self.tie_break_labels)

    def tie_order_sentence(self, players: str, points: int) -> str:
        """Why ``players`` (a list in words), tied on ``points``, stand in the order shown: the
        tie-break columns, in order, as our reading (a rulebook breaks a tie for the win); a game may name them."""
        return _(
            "{players} have the same total ({points}) and are placed by the columns after it, from the left. That is the default "
            "reading: the rulebook breaks a tie only for the win; read strictly, they share the place."
        ).format(points=points, players=players)

    def tie_breaks_used(self, report: ReportT) -> int:
        """How many of the tie-breaks the final scoring needed: 0 when the points alone decided,
        n when the n-th of ``tie_break_labels`` did (or all n left a shared win)."""
        return 0

    def step_marks(self, step: Step) -> dict[str, str]:
        """What a step shows beside each player it concerns, by player key: '+3' for points."""
        return {key: f"+{points}" for key, points in step.awards.items() if points}

    def step_title(self, table: Table[StateT], step: Step) -> str:
        return step.subject

    def section_label(self, kind: str) -> str:
        """Heading of a run of steps of one kind."""
        return kind

    def point_sources(self, table: Table[StateT], report: ReportT) -> dict[str, list[Segment]]:
        """Where each player's points came from, by player key, for the bar chart: by default a
        part per kind of step (``section_label``)."""
        kinds = list(dict.fromkeys(step.kind for step in report.steps))
        return {
            p.key: [
                Segment(self.section_label(kind), sum(s.awards.get(p.key, 0) for s in report.steps if s.kind == kind), f"part-{i % 4 + 1}")
                for i, kind in enumerate(kinds)
            ]
            for p in self.players_view(report)
        }

    def track_spaces(self) -> int:
        """Spaces on the score track (0: the game has none)."""
        return 0

    def step_figure(self, table: Table[StateT], report: ReportT, index: int) -> StepFigure | None:
        """A figure for step ``index`` of the walk (a map...); None for none."""
        return None

    def board_line(self, report: ReportT) -> str:
        """Which board the scoring used, beside the standings; "" for nothing."""
        return ""

    # --- what a game may add; the defaults add nothing ---

    # Links under the game's "New table" on the start page: (gettext-marked label, endpoint).
    extra_links: ClassVar[tuple[tuple[str, str], ...]] = ()
    # Its own stylesheets, under static/ (or static_folder), loaded on its pages only
    # (datasette's extra_css_urls): shared CSS names no game.
    stylesheets: ClassVar[tuple[str, ...]] = ()
    # A folder holding the game's ``templates`` folder, for a game outside this repository
    # (None: under the app's templates/).
    template_folder: ClassVar[Path | None] = None
    # SQL run on every SQLite database at first use (CREATE TABLE IF NOT EXISTS ...): the game's own tables.
    schema: ClassVar[str] = ""
    # The same tables for PostgreSQL: a folder of yoyo migrations (postgres.py), their ids
    # starting with the game's slug; None: the game has no tables of its own.
    migrations: ClassVar[Path | None] = None

    def stylesheets_on(self, screen: str) -> tuple[str, ...]:
        """The game's stylesheets, then those of the tab ``screen`` (any other page: the game's)."""
        return self.stylesheets + next((tab.stylesheets for tab in self.entry_screens if tab.name == screen), ())

    def blueprints(self) -> tuple[Blueprint, ...]:
        """Pages of the game's own, registered with the app."""
        return ()

    def upgrade_database(self, db: sqlite3.Connection) -> None:
        """Bring the game's tables of a SQLite database made by an older version up to ``schema``
        (columns added since, their indexes); runs inside a transaction. PostgreSQL databases
        take ``migrations`` instead."""
