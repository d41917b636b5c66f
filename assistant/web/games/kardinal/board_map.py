"""The schematic map: nine labelled countries in their places and the numbered alliance links.

Not a copy of the published art: a clean diagram for a phone. Countries are rounded boxes
(outer ring: England north-west across the sea, Franken north, Bayern east, Italien south-east,
Aragon south-west across the sea; inner four: Lothringen, Frankreich, Schwaben, Burgund), each
alliance a straight line with its number in a square at the middle (like the board's brown
squares), sea links dashed. Geometry is computed here; ``templates/kardinal/_map.html`` draws it
with classes and SVG presentation attributes only (the content security policy forbids inline
styles). A step of the breakdown highlights its country, or its alliance and both countries
(framed, their own size), and shows a small card for each with every player's count on it, in a
row under the map: a card over the map covered its neighbours' names and the alliance squares.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from assistant.games.kardinal.board import Alliance, Board
from assistant.games.names import isolated
from assistant.web.games.base import NOTHING

WIDTH, HEIGHT = 360, 300
BOX_HEIGHT = 30
NAME_SIZE, COUNT_SIZE, PIECES_SIZE = 14, 13.5, 11.5  # font sizes in static/kardinal/kardinal.css (.board-map)
SQUARE = 21  # an alliance's numbered square
ROW = 17  # a player's line on a country card
CARD_ROWS = 42  # where the players' lines start on a card, below the name and what is counted
CARD_NAME = 10  # characters of a player's name shown on a card (the full name is in the text)
CARD_GAP = 6  # around the cards in their row under the map

# Box centres, in the places the countries have on the board.
PLACES = {
    "England": (58, 32),
    "Franken": (250, 32),
    "Lothringen": (160, 100),
    "Bayern": (310, 116),
    "Frankreich": (90, 168),
    "Schwaben": (234, 172),
    "Burgund": (160, 236),
    "Aragon": (56, 272),
    "Italien": (292, 268),
}


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlap(self, other: Rect) -> float:
        dx = min(self.right, other.right) - max(self.x, other.x)
        dy = min(self.bottom, other.bottom) - max(self.y, other.y)
        return dx * dy if dx > 0 and dy > 0 else 0.0

    def contains(self, x: float, y: float, margin: float = 0) -> bool:
        return self.x - margin <= x <= self.right + margin and self.y - margin <= y <= self.bottom + margin


@dataclass
class Count:
    """One player's count on a highlighted country: swatch, name, number (never colour alone)."""

    color: str
    name: str  # the player's name, or their colour's name
    count: int
    strong: bool = False  # e.g. holds the advisor majority


@dataclass
class Focus:
    """What a breakdown step highlights, with the counts to show on each highlighted country."""

    countries: tuple[str, ...] = ()
    alliance: int | None = None
    counts: dict[str, list[Count]] = field(default_factory=dict)
    pieces: str = ""  # what the counts are ("monasteries", "advisors"), already translated
    nothing: str = ""  # the card's line when nobody has any, already translated


@dataclass(frozen=True, slots=True)
class MapCardRow:
    """A player's line on a highlighted country's card: a swatch at (cx, cy), the text at (tx, ty)."""

    color: str
    text: str  # the name, shortened, and the count
    strong: bool
    cx: float
    cy: float
    tx: float
    ty: float


@dataclass(frozen=True, slots=True, kw_only=True)
class NamedBox:
    """A rounded box of the drawing with a country's name centred at (tx, ty)."""

    x: float
    y: float
    w: float
    h: float
    tx: float
    ty: float


@dataclass(frozen=True, slots=True, kw_only=True)
class MapCard(NamedBox):
    """A highlighted country's card under the map: what is counted at (px, py), a line per
    player, or ``nothing`` at (nx, ny)."""

    px: float
    py: float
    pieces: str
    rows: list[MapCardRow]
    nothing: str
    nx: float
    ny: float


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawnCountry(NamedBox):
    """A country's box, and its card when highlighted."""

    key: str
    classes: str
    card: MapCard | None
    lit: bool


@dataclass(frozen=True, slots=True)
class DrawnLink:
    """An alliance as drawn: its road (``d``, a path of ``curve``) and its numbered square, centred
    at (sx, sy), its corner at (qx, qy), its number's baseline at ``ty``."""

    number: int
    countries: tuple[str, str]
    d: str
    curve: Curve
    sx: float
    sy: float
    qx: float
    qy: float
    ty: float
    sea: bool
    classes: str
    square_classes: str
    lit: bool


@dataclass(frozen=True, slots=True)
class MapDrawing:
    """The map as templates/kardinal/_map.html draws it."""

    width: int
    height: float  # the cards' row under the map included
    square: int  # an alliance square's side
    links: list[DrawnLink]  # the step's link last, drawn on top
    countries: list[DrawnCountry]  # the lit ones last
    focused: bool  # a step highlights something: the rest is dimmed
    marked: bool  # the squares say where each pair comes from, and the legend what they mean (the board check)

    @property
    def marks_legend(self) -> str:
        """The legend's lines for the marks (kardinal/_map_marks_legend.html) on a marked map; else NOTHING."""
        return "kardinal/_map_marks_legend.html" if self.marked else NOTHING


class MapTitles:
    """What templates/kardinal/_map.html says of a figure besides its drawing: its element's ``id``, its
    ``title`` and its ``desc`` ("": none), which name its SVG for a screen reader."""

    __slots__ = ()
    id: str
    title: str
    desc: str

    @property
    def labelledby(self) -> str:
        return f"{self.id}-title {self.id}-desc" if self.desc else f"{self.id}-title"


@dataclass(frozen=True, slots=True)
class MapFigure(MapTitles):
    """A map with its words (the board check's; the walk's step is a StepMap)."""

    map: MapDrawing
    title: str
    id: str
    desc: str = ""


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is drawn (erring wide: DejaVu Sans, the widest usual phone font)."""
    ems = sum(0.95 if ch in "mwMW" else 0.38 if ch in "iljtfrI.:!| " else 0.76 if ch.isupper() else 0.64 for ch in text)
    return ems * size * (1.08 if bold else 1.0)


def box(key: str) -> Rect:
    cx, cy = PLACES[key]
    w = round(18 + text_width(key, NAME_SIZE, bold=True))
    return Rect(cx - w / 2, cy - BOX_HEIGHT / 2, w, BOX_HEIGHT)


def board_map(board: Board, focus: Focus | None = None, changed: frozenset[int] = frozenset(), marked: bool = False) -> MapDrawing:
    """The map's geometry for the template.

    ``changed``: alliance numbers drawn as changed (the board check). ``marked``: squares of
    alliances not in the rulebook drawn hollow. ``focus``: the breakdown step's highlight.
    """
    focus = focus or Focus()
    boxes = _boxes(tuple(board.country_keys))
    lit = set(focus.countries)
    routes = _routes(tuple(board.country_keys), tuple(a.countries for a in board.alliances))
    links = [_link(alliance, curve, spot, focus, lit, changed, marked) for alliance, (curve, spot) in zip(board.alliances, routes)]
    cards = _cards(focus, boxes)
    countries = [_country(key, boxes[key], cards.get(key), focus, lit) for key in board.country_keys]
    return MapDrawing(
        width=WIDTH,
        height=max([HEIGHT] + [card.y + card.h + CARD_GAP for card in cards.values()]),
        square=SQUARE,
        links=sorted(links, key=lambda link: link.lit),
        countries=sorted(countries, key=lambda c: c.lit),
        focused=bool(lit or focus.alliance),
        marked=marked,
    )


def _link(alliance: Alliance, curve: Curve, spot: tuple[float, float], focus: Focus, lit: set[str], changed: frozenset[int], marked: bool) -> DrawnLink:
    """An alliance as drawn: its road between two countries and its numbered square at ``spot``."""
    sx, sy = spot
    classes = ["sea" if alliance.sea else "land"]
    if alliance.number in changed:
        classes.append("changed")
    if marked and alliance.source == "inferred":
        classes.append("inferred")
    if focus.alliance is not None:
        classes.append("lit" if alliance.number == focus.alliance else "dim")
    elif lit:
        classes.append("dim")
    return DrawnLink(
        number=alliance.number,
        countries=alliance.countries,
        d=curve.path(),
        curve=curve,
        sx=round(sx, 1), sy=round(sy, 1),
        qx=round(sx - SQUARE / 2, 1), qy=round(sy - SQUARE / 2, 1), ty=round(sy + 4.7, 1),
        sea=alliance.sea,
        classes=" ".join(["link", *classes]),
        square_classes=" ".join(["square", *classes]),
        lit=alliance.number == focus.alliance,
    )


def _country(key: str, rect: Rect, card: MapCard | None, focus: Focus, lit: set[str]) -> DrawnCountry:
    cx, cy = PLACES[key]
    return DrawnCountry(
        key=key,
        x=rect.x, y=rect.y, w=rect.w, h=rect.h,
        tx=cx, ty=cy + 5,
        classes="country " + ("lit" if key in lit else "dim" if lit or focus.alliance else "plain"),
        card=card,
        lit=key in lit,
    )


@lru_cache(maxsize=16)
def _boxes(keys: tuple[str, ...]) -> dict[str, Rect]:
    return {key: box(key) for key in keys}


@lru_cache(maxsize=64)
def _routes(keys: tuple[str, ...], pairs: tuple[tuple[str, str], ...]) -> list[tuple[Curve, tuple[float, float]]]:
    """Each link's line and the spot of its square: the same for every step of a board, so once."""
    boxes = _boxes(keys)
    routes = []
    placed: list[Rect] = []
    for a, b in pairs:
        curve = _route(PLACES[a], PLACES[b], [rect for key, rect in boxes.items() if key not in (a, b)])
        sx, sy = _square_spot(curve, boxes, placed)
        placed.append(Rect(sx - SQUARE / 2, sy - SQUARE / 2, SQUARE, SQUARE))
        routes.append((curve, (sx, sy)))
    return routes


@dataclass(frozen=True)
class Curve:
    """A link: a straight line, or a quadratic curve bowed around the countries in its way."""

    x1: float
    y1: float
    x2: float
    y2: float
    cx: float | None = None  # control point, for a curve
    cy: float | None = None

    def at(self, t: float) -> tuple[float, float]:
        if self.cx is None or self.cy is None:
            return self.x1 + (self.x2 - self.x1) * t, self.y1 + (self.y2 - self.y1) * t
        u = 1 - t
        return (u * u * self.x1 + 2 * u * t * self.cx + t * t * self.x2, u * u * self.y1 + 2 * u * t * self.cy + t * t * self.y2)

    def path(self) -> str:
        if self.cx is None:
            return f"M{self.x1:g} {self.y1:g}L{self.x2:g} {self.y2:g}"
        return f"M{self.x1:g} {self.y1:g}Q{self.cx:.1f} {self.cy:.1f} {self.x2:g} {self.y2:g}"


def _route(start: tuple[float, float], end: tuple[float, float], others: list[Rect]) -> Curve:
    """Straight when no other country is in the way (every link of the published board);
    otherwise the gentlest bow, to either side, that misses them all and stays on the map."""
    straight = Curve(*start, *end)
    if _clear(straight, others):
        return straight
    (x1, y1), (x2, y2) = start, end
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1)
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    for bow in range(20, 161, 10):  # how far the curve's middle moves off the straight line
        for side in (1, -1):
            curve = Curve(x1, y1, x2, y2, mx + side * nx * 2 * bow, my + side * ny * 2 * bow)
            if _clear(curve, others):
                return curve
    return straight


def _clear(curve: Curve, others: list[Rect]) -> bool:
    for i in range(1, 40):
        x, y = curve.at(i / 40)
        if not (3 <= x <= WIDTH - 3 and 3 <= y <= HEIGHT - 3) or any(r.contains(x, y, margin=4) for r in others):
            return False
    return True


def _square_spot(curve: Curve, boxes: dict[str, Rect], placed: list[Rect]) -> tuple[float, float]:
    """The middle of the link, or the nearest point along it clear of countries and other squares."""
    best_cost = float("inf")
    spot = curve.at(0.5)
    for t in (0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7):
        x, y = curve.at(t)
        rect = Rect(x - SQUARE / 2 - 2, y - SQUARE / 2 - 2, SQUARE + 4, SQUARE + 4)
        cost = sum(rect.overlap(b) for b in boxes.values()) + sum(rect.overlap(p) for p in placed)
        if cost < best_cost:
            spot, best_cost = (x, y), cost
        if cost == 0:
            break
    return spot


def _cards(focus: Focus, boxes: dict[str, Rect]) -> dict[str, MapCard]:
    """Each highlighted country's card (its name, what is counted, a line per player), in a row
    under the map: the map itself stays as it is, every name and square in sight, the country
    only framed. Each card sits as near under its country as the row allows (west to east)."""
    sizes = {}
    for key in focus.countries:
        rows = focus.counts.get(key, [])
        texts = [f"{isolated(_short(c.name))} {c.count}" for c in rows] or [focus.nothing]  # shortened, then isolated
        w = max(
            boxes[key].w,
            30 + max(text_width(t, COUNT_SIZE, bold=any(c.strong for c in rows)) for t in texts),
            16 + text_width(focus.pieces, PIECES_SIZE),
        )
        sizes[key] = (w, CARD_ROWS + ROW * max(1, len(rows)) + 6, rows, texts)
    spots = _card_row({key: (boxes[key].x + boxes[key].w / 2, size[0], size[1]) for key, size in sizes.items()})
    cards: dict[str, MapCard] = {}
    for key, (w, h, rows, texts) in sizes.items():
        rect = Rect(*spots[key], w, h)
        cards[key] = MapCard(
            x=round(rect.x, 1), y=round(rect.y, 1), w=round(rect.w, 1), h=round(rect.h, 1),
            tx=round(rect.x + rect.w / 2, 1), ty=round(rect.y + BOX_HEIGHT / 2 + 5, 1),
            px=round(rect.x + rect.w / 2, 1), py=round(rect.y + CARD_ROWS - 5, 1),
            pieces=focus.pieces,
            rows=[
                MapCardRow(
                    color=c.color, text=text, strong=c.strong,
                    cx=round(rect.x + 13, 1), cy=round(rect.y + CARD_ROWS + ROW * i + ROW / 2, 1),
                    tx=round(rect.x + 23, 1), ty=round(rect.y + CARD_ROWS + ROW * i + ROW / 2 + 4.5, 1),
                )
                for i, (c, text) in enumerate(zip(rows, texts))
            ],
            nothing="" if rows else focus.nothing,
            nx=round(rect.x + rect.w / 2, 1), ny=round(rect.y + CARD_ROWS + ROW / 2 + 4.5, 1),
        )
    return cards


def _card_row(cards: dict[str, tuple[float, float, float]]) -> dict[str, tuple[float, float]]:
    """Where each card (its country's centre x, its width and height) goes under the map: side by
    side from west to east, each centred under its country where there is room, all on the
    drawing's width; one under the other when they do not fit side by side."""
    order = sorted(cards, key=lambda key: cards[key][0])
    if sum(cards[key][1] for key in order) + CARD_GAP * (len(order) + 1) > WIDTH:
        spots: dict[str, tuple[float, float]] = {}
        y: float = HEIGHT + CARD_GAP
        for key in order:
            centre, w, h = cards[key]
            spots[key] = (min(max(centre - w / 2, CARD_GAP), WIDTH - w - CARD_GAP), y)
            y += h + CARD_GAP
        return spots
    xs: list[float] = []
    for index, key in enumerate(order):
        centre, w, _h = cards[key]
        room = sum(cards[later][1] + CARD_GAP for later in order[index + 1 :])  # the cards still to come, to the east
        low = xs[-1] + cards[order[index - 1]][1] + CARD_GAP if xs else CARD_GAP
        xs.append(min(max(centre - w / 2, low), WIDTH - CARD_GAP - room - w))
    return {key: (x, HEIGHT + CARD_GAP) for key, x in zip(order, xs)}


def _short(name: str) -> str:
    return name if len(name) <= CARD_NAME else name[: CARD_NAME - 1].rstrip() + "…"
