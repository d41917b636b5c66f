"""What the chains screen shows of the sketches: the drawing lattice of one player, live
chains with the core's explanation, and a small summary on every player's card."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from flask import url_for
from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.board import MAX_PLAYERS, published_board
from assistant.games.kardinal.chains import CHAIN_RULES, ChainCover, TooComplex, cover
from assistant.games.kardinal.texts import Words
from assistant.games.work import REQUEST_WORK, budget_in_effect
from assistant.web.games.kardinal import screens
from assistant.web.games.kardinal.cards import (
    ChainLine,
    ChainsInWords,
    DrawnNode,
    DrawnRoad,
    LatticeSpot,
    SeatedPlayer,
    SketchEditor,
    SketchSummary,
)
from assistant.web.games.kardinal.cells import placed
from assistant.web.games.kardinal.sketch import (
    COLUMNS,
    ROWS,
    core_roads,
    pair,
    parse_spot,
    roads_of,
    room,
    sketch_of,
    spot_position,
)
from assistant.web.games.kardinal.state import KardinalState, Sketch
from assistant.web.games.kardinal.words import CHAIN_RULE_CHOICES
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import request_translations
from assistant.web.store.tables import Table

CELL = 100  # one lattice spot in the drawing's units (viewBox 600 x 700)
# A page shows every player's sketch: each may search with its share of the request's budget
# (several times what a board's roads need), so a sketch gets the same answer on every page.
SKETCH_WORK = REQUEST_WORK // MAX_PLAYERS


@dataclass
class Chains:
    """One sketch scored under the table's rule and the other one."""

    lines: list[tuple[str, ...]] = field(default_factory=list)  # longest first: chain 1, 2...
    points: int = 0
    other_points: int = 0
    cover: ChainCover | None = None
    other: ChainCover | None = None
    too_complex: bool = False  # more ways to split it than a sketch's share of work can try
    unchecked: bool = False  # the request's work ran out before this sketch (shown next time)

    def line_of(self) -> dict[str, int]:
        return {letter: number for number, line in enumerate(self.lines, 1) for letter in line}

    def line_roads(self) -> dict[tuple[str, str], int]:
        """Each road a chain runs along (as a pair of letters), with its chain's number."""
        return {pair(a, b): number for number, line in enumerate(self.lines, 1) for a, b in zip(line, line[1:])}


def score_sketch(state: KardinalState, color: str) -> Chains:
    roads = core_roads(sketch_of(state, color))
    if not roads:
        return Chains()
    try:
        covers = _covers(tuple(map(tuple, roads)), state.rules.chains)
    except TooComplex:
        return Chains(unchecked=True)
    if covers is None:
        return Chains(too_complex=True)
    chosen, other = covers
    lines = sorted(chosen.lines, key=lambda line: (-len(line), min(line)))
    return Chains(lines, chosen.points, other.points, chosen, other)


@lru_cache(maxsize=256)
def _covers(roads: tuple[tuple[str, str], ...], rule: str) -> tuple[ChainCover, ChainCover] | None:
    """Both rules' chains of a road graph (None: too many ways to try in a sketch's share of
    work); each sketch is shown on every phone after every change, so the same graph is asked
    for again and again. Raises ``TooComplex`` (not kept) when the request's work ran out first."""
    other_rule = next(r for r in CHAIN_RULES if r != rule)
    share = budget_in_effect().part(SKETCH_WORK)
    try:
        return cover(roads, rule, share), cover(roads, other_rule, share)
    except TooComplex:
        if share.ran_out:
            return None
        raise


def _center(spot: str) -> tuple[int, int]:
    column, row = spot_position(spot)
    return column * CELL + CELL // 2, row * CELL + CELL // 2


def drawn_roads(sketch: Sketch, chains: Chains) -> list[DrawnRoad]:
    """The roads as lines of the drawing, chain roads after the others (so on top)."""
    nodes, on_line = sketch.nodes, chains.line_roads()
    roads = []
    for a, b in sorted(roads_of(sketch)):
        (x1, y1), (x2, y2) = _center(a), _center(b)
        number = on_line.get(pair(nodes.get(a, ""), nodes.get(b, "")), 0)
        roads.append(DrawnRoad(x1, y1, x2, y2, number))
    return sorted(roads, key=lambda road: road.line != 0)


def card_summary(state: KardinalState, color: str, url: str, can_edit: bool) -> SketchSummary:
    """A player's sketch on their chains card: counts, points and a small drawing; ``url`` opens it."""
    sketch = sketch_of(state, color)
    chains = score_sketch(state, color)
    line_of = chains.line_of()
    return SketchSummary(
        count=len(sketch.nodes),
        points=chains.points,
        lines=[len(line) for line in chains.lines],
        too_complex=chains.too_complex,
        unchecked=chains.unchecked,
        roads=drawn_roads(sketch, chains),
        nodes=[DrawnNode(*_center(spot), line=line_of.get(letter, 0)) for spot, letter in sketch.nodes.items()],
        url=url,
        shown=can_edit or bool(sketch.nodes),
    )


def add_summaries(context: screens.ChainsScreen, table: Table[KardinalState]) -> None:
    """Every player's card on the chains screen gets its sketch; its points join the counted ones."""
    summaries = [card_summary(table.state, row.player.color, f"{context.here_url}?sketch={row.player.color}", table.can_edit) for row in context.rows]
    context.rows = [replace(row, sketch=summary, points=row.points + summary.points) for row, summary in zip(context.rows, summaries)]


def editor(table: Table[KardinalState], args: MultiDict[str, str], seated: list[SeatedPlayer]) -> SketchEditor | None:
    """The drawing lattice of the player named by ``?sketch=``, or None when none is open."""
    state = table.state
    color = args.get("sketch", "")
    player = next((p for p in seated if p.color == color), None)
    if player is None:
        return None
    sketch = sketch_of(state, color)
    nodes = sketch.nodes
    removing = args.get("mode") == "remove" and table.can_edit and bool(nodes)
    selected = parse_spot(args.get("at", ""))
    if selected not in nodes or removing or not table.can_edit:
        selected = ""
    chains = score_sketch(state, color)
    here = url_for("table.screen", token=table.token, screen="chains")
    view = {"sketch": color, **({"mode": "remove"} if removing else {})}
    full = room(state, color) <= 0
    spots = _spots(table.can_edit, sketch, chains, selected, removing, f"{here}?", view)
    colors = [p.color for p in seated]
    following = seated[(colors.index(color) + 1) % len(colors)]
    return SketchEditor(
        player=player,
        color=color,
        rev=sketch.rev,
        selected=selected,
        selected_letter=nodes.get(selected, ""),
        removing=removing,
        can_undo=bool(sketch.undo) and table.can_edit,
        here=urlencode({**view, **({"at": selected} if selected else {})}),
        url=here,
        mode_url=f"{here}?{urlencode({'sketch': color} if removing else {'sketch': color, 'mode': 'remove'})}",
        next_url=f"{here}?{urlencode({'sketch': following.color})}",
        next_player=following,
        spots=spots,
        roads=drawn_roads(sketch, chains),
        count=len(nodes),
        on_board=placed(state, "monasteries", color),
        counted=sum(state.chains.get(color, [])),
        full=full,
        hint=_hint(table, nodes, nodes.get(selected, ""), removing, full),
        result=_result(state, color, chains, nodes),
        can_edit=table.can_edit,
    )


def _spots(can_edit: bool, sketch: Sketch, chains: Chains, selected: str, removing: bool, here: str, view: dict[str, str]) -> list[LatticeSpot]:
    """The lattice's spots, row by row (cards.LatticeSpot)."""
    nodes, roads, line_of = sketch.nodes, roads_of(sketch), chains.line_of()
    spots = []
    for row in range(ROWS):
        for column in range(COLUMNS):
            key = f"{column}.{row}"
            letter = nodes.get(key, "")
            post, link = "", ""
            if can_edit and letter:
                if removing:
                    post = f"remove@{key}"
                elif not selected:
                    link = f"{here}{urlencode({**view, 'at': key})}"
                elif key == selected:
                    link = f"{here}{urlencode(view)}"
                else:
                    post = ("cut@" if pair(selected, key) in roads else "join@") + key
            elif can_edit and not removing:
                post = f"add@{key}"
            spot = LatticeSpot(key, letter, line_of.get(letter, 0), key == selected, post, link)
            spots.append(replace(spot, label=_spot_label(spot, column, row, nodes.get(selected, ""))))
    return spots


def _spot_label(spot: LatticeSpot, column: int, row: int, selected: str) -> str:
    where = _("column {column}, row {row}").format(column=column + 1, row=row + 1)
    if not spot.letter:
        if spot.post and selected:
            return _("Empty spot, {where}: add a monastery joined to {name}").format(where=where, name=selected)
        if spot.post:
            return _("Empty spot, {where}: add a monastery").format(where=where)
        return _("Empty spot, {where}").format(where=where)
    name = spot.letter
    status = _("chain {number}").format(number=spot.line) if spot.line else _("not in a chain")
    action = ""
    if spot.post.startswith("remove@"):
        action = _("tap to remove it")
    elif spot.post.startswith("cut@"):
        action = _("tap to cut the road to {name}").format(name=selected)
    elif spot.post.startswith("join@"):
        action = _("tap to draw a road to {name}").format(name=selected)
    elif spot.selected:
        action = _("selected, tap to let go")
    elif spot.link:
        action = _("tap to go on from it")
    parts = [_("Monastery {name}").format(name=name), status] + ([action] if action else [])
    return ", ".join(parts)


def _hint(table: Table[KardinalState], nodes: dict[str, Any], selected: str, removing: bool, full: bool) -> str:
    if not table.can_edit:
        return _("Watching only: the sketch as the table drew it.")
    if removing:
        return _("Remove: tap a monastery to take it off with its roads.")
    if selected:
        return _("From {name}: tap an empty spot to go on, or a monastery to draw or cut a road. Tap {name} to let go.").format(name=selected)
    if not nodes:
        return _("Draw what the board shows: tap a spot for a monastery, then the next spots along the road; each tap adds one, joined to the last.")
    return _("Tap a monastery to go on from it, or an empty spot to start another group.")


def _result(state: KardinalState, color: str, chains: Chains, nodes: dict[str, Any]) -> ChainsInWords:
    """The live chains of the sketch in words: lines, left over, points, the core's sentence."""
    in_lines = set(chains.line_of())
    left = sorted(letter for letter in nodes.values() if letter not in in_lines)
    lengths = state.chains.get(color, [])
    rule = state.rules.chains
    other_rule = next(r for r in CHAIN_RULES if r != rule)
    sentence, other_words, touching = "", "", ""
    if chains.cover is not None:
        words = Words({p.color: p.name for p in state.players}, published_board(), request_translations())
        sentence = words.chain_sentence(color, chains.cover, lengths, chains.other)
        if chains.other_points == chains.points:
            other_words = _("The other reading of the rule (“{rule}”) gives the same here.").format(rule=CHAIN_RULE_CHOICES[other_rule].label)
        # When the readings differ, the chain's own sentence already says why lines that touch count apart.
        if chains.other_points == chains.points and any(len(group.lines) > 1 for group in chains.cover.groups):
            touching = _(
                "Chains that touch: under the default reading, lines of 4 or more that share no monastery each score, so a "
                "side branch of 4 or more is a chain of its own."
            )
    return ChainsInWords(
        lines=[ChainLine(n, "–".join(line), len(line)) for n, line in enumerate(chains.lines, 1)],
        left=left,
        points=chains.points,
        total=chains.points + sum(lengths),
        sentence=sentence,
        other_words=other_words,
        touching=touching,
        too_complex=chains.too_complex,
        unchecked=chains.unchecked,
        rule=rule,
        rule_label=CHAIN_RULE_CHOICES[rule].label,
        other_rule=other_rule,
    )


def chains_screen(table: Table[KardinalState], args: MultiDict[str, str]) -> screens.ChainsScreen:
    """The chains screen with the sketches: a summary on each card, the lattice when one is open."""
    context = screens.chains_screen(table, args)
    context.sketch = editor(table, args, context.players)
    if context.sketch:
        row = next(r for r in context.rows if r.player.color == context.sketch.color)
        context.sketch = replace(context.sketch, problems=row.problems)  # e.g. fewer monasteries on the board now
        context.part = "kardinal/_sketch.html"
    else:
        add_summaries(context, table)
    return context
