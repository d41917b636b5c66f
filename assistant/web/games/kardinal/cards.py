"""What the Kardinal & König screens' templates read: a frozen dataclass per kind of row or card
(screens.py and sketch_screen.py build them)."""
from __future__ import annotations

from dataclasses import dataclass, field

from assistant.web.games.base import NOTHING, ChipNames
from assistant.web.pad import CountCell, Pad
from assistant.web.serving.i18n import ngettext


@dataclass(frozen=True, slots=True)
class SeatedPlayer(ChipNames):
    """A player as the board's screens show them (templates/macros.html's ``chip``)."""

    index: int
    color: str
    name: str
    color_name: str
    label: str  # the name with the colour, or the colour as a name

    @property
    def name_cell(self) -> str:
        """The cell its name is changed by (a refused one keeps its rename form open)."""
        return f"players.{self.index}.name"


@dataclass(frozen=True, slots=True)
class ChainRow:
    """A player's card on the chains screen."""

    player: SeatedPlayer
    cell: str
    lengths: list[int]  # the chains counted by eye
    points: int  # theirs, and (once added: sketch_screen.add_summaries) the sketch's
    on_board: int  # monasteries on the board
    problems: list[str]
    adding: bool  # the chain pad is open on this player
    add_button: str  # the way to the chain pad: kardinal/_chain_add.html, or NOTHING (the pad open on them, a phone watching only)
    sketch: SketchSummary | None = None  # the sketch's summary (sketch_screen.card_summary)

    @property
    def classes(self) -> str:
        return "card chain-row" + (" bad" if self.problems else "") + (" adding" if self.adding else "")


@dataclass(frozen=True, slots=True)
class SketchSummary:
    """A player's sketch on their chains card (sketch_screen.card_summary): counts, points and a
    small drawing."""

    count: int  # monasteries drawn
    points: int
    lines: list[int]  # the chains' lengths, longest first
    too_complex: bool
    unchecked: bool
    roads: list[DrawnRoad]
    nodes: list[DrawnNode]
    url: str  # the sketch, opened
    shown: bool  # on the card: a spectator of a player with no sketch gets nothing

    @property
    def template(self) -> str:
        """Its part of the card: the drawing and what it scores, or (none drawn yet) the way in, or NOTHING (not shown)."""
        return NOTHING if not self.shown else "kardinal/_sketch_card.html" if self.count else "kardinal/_sketch_card_blank.html"

    @property
    def not_worked_out(self) -> str:
        """The template saying its chains could not be worked out (too_complex or unchecked says why), or NOTHING."""
        return "kardinal/_sketch_card_not_worked_out.html" if self.too_complex or self.unchecked else NOTHING


@dataclass(frozen=True, slots=True)
class DrawnRoad:
    """A road of a sketch as a line of its drawing (templates/kardinal/_sketch_drawing.html)."""

    x1: int
    y1: int
    x2: int
    y2: int
    line: int  # the number of the chain it runs along (0: none)


@dataclass(frozen=True, slots=True)
class DrawnNode:
    """A monastery of a sketch as a dot of its small drawing."""

    x: int
    y: int
    line: int  # its chain's number (0: none)


@dataclass(frozen=True, slots=True)
class PiecesRow:
    """A kind of piece on a country's card: a count per player."""

    pieces: str
    label: str
    cells: list[BoardCell]
    data: dict[str, object]  # what its cells share, as the row's data-* attributes (free-form: static/app.js's names)


@dataclass(frozen=True, slots=True)
class CountryCard:
    """A country of the board tab (templates/kardinal/_country.html)."""

    key: str
    name: str
    local: str | None  # its name in the board's language, when not the same
    fields: int | None  # its cloister fields (None: not known)
    monasteries: int
    too_many: bool  # more monasteries than fields
    advisors: int
    cap: int  # the most advisors it allows: its most monasteries of a player
    rows: list[PiecesRow]
    problems: list[str]  # its own
    cell_problems: list[str]  # its cells', each naming its cell

    @property
    def listed_problems(self) -> list[str]:
        """What its card lists under its rows: its own problems, then its cells'."""
        return self.problems + self.cell_problems

    @property
    def classes(self) -> str:
        return "country bad" if self.problems or self.cell_problems else "country"

    @property
    def monasteries_over(self) -> dict[str, str]:
        """Its monasteries' count marked over when more are entered than it has fields."""
        return {"class": "over"} if self.too_many else {}

    @property
    def advisors_classes(self) -> str:
        """Its advisors' count marked over when more stand there than its most monasteries of a player allow."""
        return "over" if self.advisors > self.cap else ""


@dataclass(frozen=True, slots=True)
class SupplyRow:
    """What a player has left in supply, by kind of piece."""

    player: SeatedPlayer
    left: dict[str, int]
    problems: list[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardPad(Pad):
    """The board tab's pad (templates/kardinal/_pad.html): its head names the country, the kind
    of piece and the player; its foot what they have left in supply."""

    country: str
    pieces: str
    player: str
    color: str
    left: int

    @property
    def foot(self) -> str:
        """What the player has left in supply: the words its cells' ``data-foot`` carry."""
        return supply_sentence(self.left)


def supply_sentence(left: int) -> str:
    """"18 left in supply": the pad's foot, and each cell's (static/app.js shows it as the pad moves there)."""
    return ngettext("%(num)d left in supply", "%(num)d left in supply", left) % {"num": left}


@dataclass(frozen=True, slots=True)
class BoardCell(CountCell):
    """A count of the board tab, with what its country's card lists under it."""

    description: str  # the cell in words without its value: its problems name it
    problems: list[str]


@dataclass(frozen=True, slots=True)
class LatticeSpot:
    """A spot of the sketch's lattice: its monastery (if any), its chain, and what a tap on it does
    (a link to follow or a change to post), in words for a screen reader."""

    key: str  # "<column>.<row>"
    letter: str  # its monastery's letter ("": empty)
    line: int  # its chain's number (0: none)
    selected: bool
    post: str  # the change a tap posts ("add@1.2", "join@...", "cut@...", "remove@..."), or ""
    link: str  # the screen a tap opens, or ""
    label: str = ""

    @property
    def classes(self) -> str:
        """A monastery (node), one in no chain (left), the spot a road goes on from (selected)."""
        return "spot" + (" node" if self.letter else "") + (" left" if self.letter and not self.line else "") + (" selected" if self.selected else "")

    @property
    def current(self) -> dict[str, str]:
        """aria-current on the spot a road goes on from."""
        return {"aria-current": "true"} if self.selected else {}

    @property
    def disc(self) -> str:
        """The template of its monastery's disc and badge, NOTHING on an empty spot."""
        return "kardinal/_spot_disc.html" if self.letter else NOTHING

    @property
    def mark(self) -> str:
        """Its badge: the chain's number, or a dash for none (drawn by the style sheet from data-mark)."""
        return str(self.line) if self.line else "–"

    @property
    def mark_classes(self) -> str:
        return f"mark line-{self.line}" if self.line else "mark off"

    @property
    def template(self) -> str:
        """What it is on the screen: a button posting its change, a link, or neither (watching, removing an empty spot)."""
        return "kardinal/_spot_button.html" if self.post else "kardinal/_spot_link.html" if self.link else "kardinal/_spot_inert.html"


@dataclass(frozen=True, slots=True)
class ChainLine:
    """A chain of the open sketch, in letters: "A–B–C–D"."""

    number: int
    letters: str
    count: int

    @property
    def template(self) -> str:
        return "kardinal/_said_chain.html"


@dataclass(frozen=True, slots=True)
class Said:
    """A paragraph under the open sketch's chains: its template, and its words when they are said
    in Python (the core's sentence, a remark) with its paragraph's class."""

    template: str
    classes: str = ""
    words: str = ""


@dataclass(frozen=True, slots=True)
class ChainsInWords:
    """The open sketch's live chains in words: lines, left over, points, the core's sentence."""

    lines: list[ChainLine]
    left: list[str]  # the monasteries in no chain
    points: int
    total: int  # with the chains counted by eye
    sentence: str
    other_words: str  # what the other reading of the rule gives, when the same
    touching: str  # why touching lines count apart, when it matters
    too_complex: bool
    unchecked: bool
    rule: str
    rule_label: str
    other_rule: str

    @property
    def not_worked_out(self) -> bool:
        """Its chains could not be worked out (too_complex or unchecked says why)."""
        return self.too_complex or self.unchecked

    @property
    def remarks(self) -> list[Said]:
        """What is said under the chains, each with its paragraph's class: the core's sentence, then
        why touching lines count apart, then what the other reading gives (those there are)."""
        said = [("sentence", self.sentence), ("muted", self.touching), ("muted", self.other_words)]
        return [Said("kardinal/_said_remark.html", classes, words) for classes, words in said if words]


@dataclass(frozen=True, slots=True)
class SketchEditor:
    """The open sketch's drawing lattice (templates/kardinal/_sketch.html)."""

    player: SeatedPlayer
    color: str
    rev: int  # the sketch's own version, counted per change (sent with a tap)
    selected: str  # the spot a road goes on from ("" for none)
    selected_letter: str
    removing: bool
    can_undo: bool
    here: str  # this view's URL arguments
    url: str  # the chains screen
    mode_url: str  # the other mode's (drawing, removing)
    next_url: str  # the next player's sketch
    next_player: SeatedPlayer
    spots: list[LatticeSpot]  # row by row
    roads: list[DrawnRoad]
    count: int  # monasteries drawn
    on_board: int  # the player's monasteries on the board
    counted: int  # in chains counted by eye
    full: bool  # no monastery left to draw
    hint: str  # what a tap does now
    result: ChainsInWords
    can_edit: bool  # the phone may draw: the tools, the rule's switch and where to enter more are its parts
    problems: list[str] = field(default_factory=list)  # the player's chains' (the chains screen's row)

    @property
    def tools(self) -> str:
        """The template of what a phone that may draw does besides tapping spots (remove, undo, done), NOTHING for one watching."""
        return "kardinal/_sketch_tools.html" if self.can_edit else NOTHING

    @property
    def rule_switch(self) -> str:
        return "kardinal/_sketch_rule_switch.html" if self.can_edit else NOTHING

    @property
    def full_note(self) -> str:
        """The template of where more monasteries are entered once none is left to draw (NOTHING before, or for a phone watching)."""
        return "kardinal/_sketch_full.html" if self.full and self.can_edit else NOTHING

    @property
    def mode_link(self) -> str:
        """The Remove (Stop removing) link's template: NOTHING while nothing is drawn."""
        return "kardinal/_sketch_mode.html" if self.count else NOTHING

    @property
    def classes(self) -> str:
        return "card sketch" + (" removing" if self.removing else "")

    @property
    def count_classes(self) -> str:
        return "sketch-count" + (" full" if self.full else "")

    @property
    def board_classes(self) -> str:
        """The lattice: drawing on from a spot, full (no monastery left to draw)."""
        return "sketch-board" + (" drawing" if self.selected else "") + (" full" if self.full else "")

    @property
    def mode_classes(self) -> str:
        """The Remove button, pressed while removing."""
        return "button" + (" active" if self.removing else "")

    @property
    def no_chain_yet(self) -> bool:
        """Monasteries drawn, and chains worked out, but none of 4 or more."""
        return bool(self.count) and not self.result.lines and not self.result.too_complex and not self.result.unchecked

    @property
    def said(self) -> list[ChainLine | Said]:
        """The paragraphs under the drawing, in order: why the chains were not worked out, each
        chain, the monasteries in none, that there is no chain yet, and the remarks."""
        result = self.result
        return [
            *([Said("kardinal/_said_not_worked_out.html")] if result.not_worked_out else []),
            *result.lines,
            *([Said("kardinal/_said_left.html")] if result.left else []),
            *([Said("kardinal/_said_no_chain.html")] if self.no_chain_yet else []),
            *result.remarks,
        ]
