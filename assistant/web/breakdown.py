"""A scoring report made readable, for any game: the list, the step-by-step walk, the
standings, the score track and the bar chart of where points came from.

The game's web module turns its report's players into ``PlayerView``s and says what each step
shows beside a player (``step_marks``); the report itself gives ``steps`` (each with ``kind``,
``awards`` and ``totals`` keyed like the players, and ``text``), ``winners`` (player keys) and
``verdict``.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict

from assistant.games.base import ScoringReport
from assistant.web.games.base import NOTHING, PlayerView, Segment
from assistant.web.serving.numbers import small_number

CHART_WIDTH = 320
TRACK_COLUMNS = 10
TRACK_CELL = 32


class ShownStep(TypedDict):
    """A step as the scores page lists it (templates/scores/)."""

    index: int
    kind: str
    title: str
    text: str
    marks: list[tuple[PlayerView, str]]  # who the step gave something, most points first
    totals: list[tuple[PlayerView, int]]  # everyone's running total after it


class Section(TypedDict):
    """A run of steps of one kind, under its heading."""

    kind: str
    label: str
    steps: list[ShownStep]


class Standing(TypedDict):
    """A player's row of the standings (also what the play log takes away: play_log.py)."""

    place: int
    player: PlayerView
    total: int
    previous: int
    points: int
    tie_breaks: tuple[int, ...]
    winner: bool


@dataclass(frozen=True, slots=True)
class Walk:
    """The step the walk is on (templates/scores/_walk.html): 0 everyone's start, 1..n the
    steps, n+1 the end with the standings; everyone's total then, with its bar's width."""

    index: int
    count: int  # the steps
    step: ShownStep | None
    at_start: bool
    at_end: bool
    back: int | None  # the step Back goes to (None: none)
    next: int | None
    totals: list[tuple[PlayerView, int, int]]  # a player, their total, its bar's width
    width: int  # the widest bar's

    @property
    def template(self) -> str:
        """What the walk's card shows here (templates/scores/walk/): its start, a step, or its end."""
        return "scores/walk/start.html" if self.at_start else "scores/walk/end.html" if self.at_end else "scores/walk/step.html"

    @property
    def back_template(self) -> str:
        """Back on the walk's bar (templates/scores/walk/): a link, or at the start an empty place."""
        return "scores/walk/no-back.html" if self.back is None else "scores/walk/back.html"

    @property
    def next_template(self) -> str:
        """Next on the walk's bar (templates/scores/walk/next.html), or at its end nothing."""
        return NOTHING if self.next is None else "scores/walk/next.html"


@dataclass(frozen=True, slots=True)
class TieColumn:
    """A tie-break's head or value in the final standings; ``css`` marks the columns that decided a place."""

    text: str | int
    css: str


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A row of the standings as templates/scores/_standings.html shows it: ``crowned`` (a winner,
    said after the last scoring only) and the tie-break cells (the last scoring's only)."""

    place: int
    player: PlayerView
    total: int
    previous: int
    points: int
    crowned: bool
    tie_cells: list[TieColumn]

    @property
    def marked(self) -> dict[str, str]:
        """The row's attributes (the template's ``xmlattr``): a winner's is marked."""
        return {"class": "winner"} if self.crowned else {}


@dataclass(frozen=True, slots=True)
class ShownStandings:
    """The standings card: its rows, the tie-break heads, and what is said under the table."""

    rows: list[StandingRow]
    tie_heads: list[TieColumn]
    previous_note: str  # some total includes earlier scorings: the note saying how to read "a + b" (scores/_previous_note.html); else NOTHING
    tie_sentences: list[str]  # how tied players were put in order (the verdict, when a tie-break decided the win)
    tie_break_note: str  # the last scoring's: how a tie is broken
    board_line: str  # which board the scoring used ("": nothing to say)

    @property
    def notes(self) -> list[StandingsNote]:
        """What is said under the table that the game and the core word: how tied players were put
        in order, how a tie is broken, the board used; each with its paragraph's class."""
        said = [StandingsNote(sentence, "tie cut") for sentence in self.tie_sentences]
        said += [StandingsNote(self.tie_break_note, "muted")] if self.tie_break_note else []
        return said + ([StandingsNote(self.board_line, "board-used")] if self.board_line else [])


@dataclass(frozen=True, slots=True)
class StandingsNote:
    """A paragraph under the standings."""

    text: str
    css: str


@dataclass(frozen=True, slots=True)
class ChartPart:
    """Where some of a player's points came from, as a piece of their bar."""

    label: str
    points: int
    css: str
    x: float
    width: float


@dataclass(frozen=True, slots=True)
class ChartRow:
    """A player's bar."""

    player: PlayerView
    parts: list[ChartPart]
    total: int

    @property
    def parts_text(self) -> list[str]:
        """Each part as "label points", as its bar is read aloud and written beside it."""
        return [f"{part.label} {part.points}" for part in self.parts]

    @property
    def bar_attributes(self) -> dict[str, str]:
        """The bar's attributes (the template's ``xmlattr``): read aloud as its parts, or hidden with none."""
        return {"role": "img", "aria-label": ", ".join(self.parts_text)} if self.parts else {"aria-hidden": "true"}


@dataclass(frozen=True, slots=True)
class Chart:
    """A stacked bar per player, scaled to the highest total, and the legend of its parts."""

    rows: list[ChartRow]
    legend: list[Segment]
    width: int


@dataclass(frozen=True, slots=True)
class TrackSpace:
    """A numbered space of the track, its square's corner at (x, y)."""

    number: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class TrackMarker:
    """A player's marker on the track, at (x, y) with radius ``r``; ``laps``: times round."""

    player: PlayerView
    space: int
    laps: int
    x: int
    y: int
    r: float


@dataclass(frozen=True, slots=True)
class Track:
    """A score track drawn as rows of ten spaces (``cell`` each side), with the markers."""

    spaces: int
    cells: list[TrackSpace]
    markers: list[TrackMarker]
    cell: int
    width: int
    height: int


def steps(report: ScoringReport, titles: list[str], marks: list[dict[str, str]], players: list[PlayerView]) -> list[ShownStep]:
    shown: list[ShownStep] = []
    for index, (step, title, marked) in enumerate(zip(report.steps, titles, marks), start=1):
        shown.append(
            {
                "index": index,
                "kind": step.kind,
                "title": title,
                "text": step.text,
                # Most points first (seating order among equals), as a table reads out a scoring.
                "marks": sorted(((p, marked[p.key]) for p in players if marked.get(p.key)), key=lambda pair: -_points_in(pair[1])),
                "totals": [(p, step.totals.get(p.key, 0)) for p in players],
            }
        )
    return shown


def _points_in(mark: str) -> int:
    """The number in a step's mark ("+7", "+1 VP"); 0 for a mark without one."""
    found = re.search(r"-?\d+", mark)
    return int(found.group()) if found else 0


def sections(all_steps: list[ShownStep], label_of: Callable[[str], str]) -> list[Section]:
    """Runs of steps of one kind, each under its heading."""
    groups: list[Section] = []
    for step in all_steps:
        if not groups or groups[-1]["kind"] != step["kind"]:
            groups.append({"kind": step["kind"], "label": label_of(step["kind"]), "steps": []})
        groups[-1]["steps"].append(step)
    return groups


def walk(all_steps: list[ShownStep], asked: str | None, players: list[PlayerView]) -> Walk:
    """Step 0 is everyone's start, 1..n the steps, n+1 the end with the standings."""
    last = len(all_steps) + 1
    index = min(small_number(asked) or 0, last)
    step = all_steps[index - 1] if 1 <= index <= len(all_steps) else None
    if step:
        totals = step["totals"]
    elif index == last:
        totals = [(p, p.total) for p in players]
    else:
        totals = [(p, p.previous) for p in players]
    highest = max([t for _, t in totals] + [1])
    return Walk(
        index=index,
        count=len(all_steps),
        step=step,
        at_start=index == 0,
        at_end=index == last,
        back=index - 1 if index > 0 else None,
        next=index + 1 if index < last else None,
        totals=[(player, total, round(CHART_WIDTH * total / highest)) for player, total in totals],
        width=CHART_WIDTH,
    )


def standings(players: list[PlayerView], winners: list[str], use_tie_break: bool) -> list[Standing]:
    """Places by points, then (after the last scoring, ``use_tie_break``) the tie-breaks; before
    it the lead is by points alone: everyone on the most points is marked, as the verdict says."""

    def rank(p: PlayerView) -> tuple[int, ...]:
        return (p.total, *p.tie_breaks) if use_tie_break else (p.total,)

    top = max((rank(p) for p in players), default=())

    rows: list[Standing] = []
    for p in sorted(players, key=rank, reverse=True):
        rows.append(
            {
                "place": 1 + sum(1 for other in players if rank(other) > rank(p)),
                "player": p,
                "total": p.total,
                "previous": p.previous,
                "points": p.total - p.previous,
                "tie_breaks": p.tie_breaks,
                "winner": p.key in winners if use_tie_break else rank(p) == top,
            }
        )
    return rows


def tie_column_css(position: int, used: int) -> str:
    """The class of the ``position``-th tie-break column (from 1): marked when it decided a place."""
    return "num used" if position <= used else "num"


def shown_standings(rows: list[Standing], final: bool, tie_labels: tuple[str, ...], used: int, verdict: str, tie_orders: list[str],
                    tie_break_note: str, board_line: str) -> ShownStandings:
    """The standings as the card shows them: winners crowned and tie-breaks in columns after the
    last scoring only (before it, the lead is by points alone)."""
    return ShownStandings(
        rows=[
            StandingRow(
                place=row["place"], player=row["player"], total=row["total"], previous=row["previous"], points=row["points"],
                crowned=final and row["winner"],
                tie_cells=[TieColumn(value, tie_column_css(n, used)) for n, value in enumerate(row["tie_breaks"], start=1)] if final else [],
            )
            for row in rows
        ],
        tie_heads=[TieColumn(label, tie_column_css(n, used)) for n, label in enumerate(tie_labels, start=1)] if final else [],
        previous_note="scores/_previous_note.html" if any(row["previous"] for row in rows) else NOTHING,
        tie_sentences=([verdict] if used else []) + tie_orders,
        tie_break_note=tie_break_note if final else "",
        board_line=board_line,
    )


def tied_on_points(standings: list[Standing]) -> list[list[Standing]]:
    """Runs of the standings on the same points that the tie-breaks put on different places (the
    3rd and 4th on 35 points, 3rd and 4th by supply): each needs a word saying why that order."""
    runs: list[list[Standing]] = []
    for row in standings:
        if runs and runs[-1][0]["total"] == row["total"]:
            runs[-1].append(row)
        else:
            runs.append([row])
    return [run for run in runs if len(run) > 1 and len({row["place"] for row in run}) > 1]


def chart(players: list[PlayerView], sources: dict[str, list[Segment]]) -> Chart:
    """A stacked bar per player, scaled to the highest total, as SVG geometry."""
    highest = max([sum(s.points for s in sources.get(p.key, [])) for p in players] + [1])
    rows = []
    for p in players:
        x = 0.0
        parts = []
        for segment in sources.get(p.key, []):
            width = CHART_WIDTH * segment.points / highest
            if segment.points:
                parts.append(ChartPart(segment.label, segment.points, segment.css, x=round(x, 1), width=round(width, 1)))
            x += width
        rows.append(ChartRow(p, parts, total=sum(s.points for s in sources.get(p.key, []))))
    legend: dict[str, Segment] = {}
    for segments in sources.values():
        for segment in segments:
            legend.setdefault(segment.css, segment)
    return Chart(rows, list(legend.values()), CHART_WIDTH)


def track(players: list[PlayerView], spaces: int) -> Track | None:
    """Markers on a track of ``spaces`` spaces drawn as rows of ten."""
    if not spaces:
        return None
    space_of = {p.key: p.track if p.track is not None else p.total % spaces for p in players}
    sharing = {space: list(space_of.values()).count(space) for space in space_of.values()}
    on_space: dict[int, int] = {}
    markers = []
    for p in players:
        space = space_of[p.key]
        slot = on_space.get(space, 0)
        on_space[space] = slot + 1
        left, top = (space % TRACK_COLUMNS) * TRACK_CELL, (space // TRACK_COLUMNS) * TRACK_CELL
        if sharing[space] == 1:
            x, y, radius = left + 16, top + 21, 6.0
        else:  # up to five on one space: rows of three under the space's number, inside its square
            x, y, radius = left + 6 + (slot % 3) * 10, top + 16 + (slot // 3) * 10, 4.5
        markers.append(TrackMarker(p, space, laps=p.total // spaces, x=x, y=y, r=radius))
    cells = [TrackSpace(n, x=(n % TRACK_COLUMNS) * TRACK_CELL, y=(n // TRACK_COLUMNS) * TRACK_CELL) for n in range(spaces)]
    rows = (spaces + TRACK_COLUMNS - 1) // TRACK_COLUMNS
    return Track(spaces, cells, markers, cell=TRACK_CELL, width=TRACK_COLUMNS * TRACK_CELL, height=rows * TRACK_CELL)
