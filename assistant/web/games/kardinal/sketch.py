"""A player's chain sketch: monasteries on a lattice of spots and the roads between them.

Each tap on the sketch is one small delta (``cell=sketch.<colour>``): add a monastery on an
empty spot (joined to the selected one, if any), join or cut the road between the selected
monastery and another, remove a monastery with its roads, or undo the sketch's last change.

Stored in the table state as ``state.sketches[colour]``, a ``Sketch`` (``state``): its monasteries
by spot ("column.row") and its roads (pairs of spots, each pair and the list sorted), its own
version ``rev`` (counts its changes), the rev that last ``touched`` each spot or road ("2.3|3.3"),
and the shapes before its recent changes (``undo``).

A phone sends the rev it showed. Changes to other spots and roads merge (two phones adding
monasteries, or both adding the same one); a tap on something another phone changed since
(a road cut, a monastery removed or given new roads) is a conflict, refused and explained.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.board import MONASTERIES_PER_PLAYER
from assistant.web.games.base import BadChange
from assistant.web.games.kardinal.cells import colors, placed, player_label
from assistant.web.games.kardinal.state import KardinalState, Sketch, SketchShape
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import ngettext
from assistant.web.serving.numbers import small_number
from assistant.web.store.tables import Change, Conflict

COLUMNS, ROWS = 6, 7
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # a player has at most 20 monasteries
UNDO_DEPTH = 12  # the whole sketch is kept for each: small, but written with every change to the table
TAPS = ("add", "join", "cut", "remove")  # each with a spot; "undo" has none


@dataclass(frozen=True)
class Tap:
    """What one tap asks for, as the phone showed the sketch (``rev``)."""

    color: str
    do: str  # add, join, cut, remove, undo
    spot: str = ""  # the tapped spot
    start: str = ""  # the selected monastery's spot (add, join, cut)
    rev: int = 0

    @property
    def cell(self) -> str:
        return f"sketch.{self.color}"

    def selects(self) -> str:
        """The monastery selected after this tap: drawing goes on from the last one tapped."""
        return self.spot if self.do in ("add", "join", "cut") else ""


@dataclass(frozen=True)
class Clash:
    """Why a tap cannot be applied to the sketch as it is now."""

    kind: str  # gone, road, roads, full, moved, nothing, taken
    spot: str = ""
    road: tuple[str, str] | None = None


# --- reading the stored sketch -------------------------------------------------------------
def sketch_of(state: KardinalState, color: str) -> Sketch:
    return state.sketches.get(color) or Sketch()


def spot_key(column: int, row: int) -> str:
    return f"{column}.{row}"


def parse_spot(text: object) -> str | None:
    """A lattice spot from a form or URL ("2.3"), or None."""
    if not isinstance(text, str) or text.count(".") != 1:
        return None
    column, row = (small_number(part) for part in text.split("."))
    if column is None or row is None or column >= COLUMNS or row >= ROWS:
        return None
    return spot_key(column, row)


def spot_position(spot: str) -> tuple[int, int]:
    column, row = spot.split(".")
    return int(column), int(row)


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def road_key(road: tuple[str, str]) -> str:
    return "|".join(road)


def roads_of(sketch: SketchShape) -> set[tuple[str, str]]:
    return {pair(a, b) for a, b in sketch.roads}


def room(state: KardinalState, color: str) -> int:
    """How many more monasteries fit in the sketch: the board's count less the sketch's and the counted chains'."""
    on_board = min(placed(state, "monasteries", color), MONASTERIES_PER_PLAYER)
    return on_board - len(sketch_of(state, color).nodes) - sum(state.chains.get(color, []))


def core_roads(sketch: Sketch) -> list[list[str]]:
    """The roads as the scoring core reads them: pairs of monastery letters."""
    nodes = sketch.nodes
    return sorted(sorted((nodes[a], nodes[b])) for a, b in sketch.roads if a in nodes and b in nodes)


# --- a tap from a form ----------------------------------------------------------------------
def is_sketch_cell(cell: str) -> bool:
    return cell.startswith("sketch.")


def parse_change(state: KardinalState, form: MultiDict[str, str]) -> Change:
    tap = read_tap(state, form)
    clash = check(state, tap)
    if clash and (clash.kind in ("full", "nothing") or sketch_of(state, tap.color).rev == tap.rev):
        # Not caused by another phone: the form itself cannot be applied (or the sketch is full).
        raise BadChange(describe_cell(state, tap.cell), clash_reason(state, tap, clash))
    return Change(tap.cell, tap, apply=lambda s: apply(s, tap), read=lambda s: check(s, tap) or tap, moved=lambda s: sketch_of(s, tap.color).rev)


def read_tap(state: KardinalState, form: MultiDict[str, str]) -> Tap:
    cell = form.get("cell", "")
    color = cell.removeprefix("sketch.")
    if color not in colors(state):
        raise BadChange(cell[:60], _("is not a field of this table"))
    where = describe_cell(state, cell)
    rev = small_number(form.get("rev"))
    if rev is None:
        raise BadChange(where, _("the sketch's version is missing: reload the page and tap again"))
    do, _sep, spot_text = form.get("do", "").partition("@")
    if do == "undo":
        return Tap(color, "undo", rev=rev)
    spot = parse_spot(spot_text)
    start = parse_spot(form.get("from", "")) if form.get("from") and do != "remove" else ""
    if do not in TAPS or spot is None or start is None:
        raise BadChange(where, _("is changed by tapping its spots, not by “{value}”").format(value=form.get("do", "")[:30]))
    if do in ("join", "cut") and not start or start == spot:
        raise BadChange(where, _("a road joins two different monasteries"))
    return Tap(color, do, spot, start, rev)


def check(state: KardinalState, tap: Tap) -> Clash | None:
    """What stands in the tap's way in the sketch as it is now, or None."""
    sketch = sketch_of(state, tap.color)
    nodes, roads, touched = sketch.nodes, roads_of(sketch), sketch.touched

    def since(key: str) -> bool:  # changed after the phone showed the sketch
        return touched.get(key, 0) > tap.rev

    if tap.do == "undo":
        if sketch.rev != tap.rev:
            return Clash("moved")
        return None if sketch.undo else Clash("nothing")
    if tap.do == "remove":
        if tap.spot not in nodes:
            return None  # already removed: what the tap wanted
        if since(tap.spot) or any(tap.spot in road and since(road_key(road)) for road in roads):
            return Clash("roads", tap.spot)
        return None
    road = pair(tap.start, tap.spot) if tap.start else None
    if tap.do == "cut":
        # A road at a removed monastery is gone too: what the tap wanted.
        return Clash("road", road=road) if road in roads and since(road_key(road)) else None
    if tap.start and tap.start not in nodes:
        return Clash("gone", tap.start)
    if tap.do == "join" and tap.spot not in nodes:
        return Clash("gone", tap.spot)
    if tap.spot not in nodes and room(state, tap.color) <= 0:
        return Clash("full")
    if tap.spot in nodes and not road and tap.rev == sketch.rev:
        return Clash("taken", tap.spot)
    if road and road not in roads and since(road_key(road)):
        return Clash("road", road=road)  # another phone cut this road since
    return None


def apply(state: KardinalState, tap: Tap) -> None:
    """Apply the tap (a tap that clashes with the sketch now changes nothing)."""
    sketch = state.sketches.setdefault(tap.color, Sketch())
    if check(state, tap):
        return
    nodes, roads = dict(sketch.nodes), roads_of(sketch)
    if tap.do == "undo":
        before = sketch.undo.pop()
        nodes, roads = dict(before.nodes), roads_of(before)
    elif tap.do == "remove":
        nodes.pop(tap.spot, None)
        roads = {road for road in roads if tap.spot not in road}
    elif tap.do == "cut":
        roads.discard(pair(tap.start, tap.spot))
    else:  # add or join
        if tap.spot not in nodes:
            nodes[tap.spot] = next(letter for letter in LETTERS if letter not in nodes.values())
        if tap.start:
            roads.add(pair(tap.start, tap.spot))
    # An emptied sketch is kept: its rev only grows, so an old page is always recognised.
    _store(sketch, nodes, roads, keep_undo=tap.do != "undo")


def _store(sketch: Sketch, nodes: dict[str, Any], roads: set[tuple[str, str]], keep_undo: bool) -> None:
    old_nodes, old_roads = sketch.nodes, roads_of(sketch)
    if nodes == old_nodes and roads == old_roads:
        return  # merged with the same change from another phone: nothing new
    rev = sketch.rev + 1
    changed = [spot for spot in set(nodes) | set(old_nodes) if nodes.get(spot) != old_nodes.get(spot)]
    changed += [road_key(road) for road in roads ^ old_roads]
    for key in changed:
        sketch.touched[key] = rev
    if keep_undo:
        sketch.undo = [*sketch.undo, SketchShape(nodes=old_nodes, roads=sketch.roads)][-UNDO_DEPTH:]
    sketch.nodes = dict(sorted(nodes.items()))
    sketch.roads = [list(road) for road in sorted(roads)]
    sketch.rev = rev


# --- words ------------------------------------------------------------------------------------
def describe_cell(state: KardinalState, cell: str) -> str:
    return _("chain sketch of {player}").format(player=player_label(state, cell.removeprefix("sketch.")))


def describe_value(value: object) -> str:
    return _("a tap on the sketch")


def describe_tap(value: object) -> str:
    """What a tap on the sketch did, from the tap the record keeps (its ``do`` and ``start``), for
    the history: the sketch's shape before and after is not kept per tap."""
    tap: dict[str, Any] = value if isinstance(value, dict) else {}
    do = tap.get("do")
    if do == "add":
        return _("a monastery added, with a road to the one selected") if tap.get("start") else _("a monastery added")
    return {
        "join": _("a road drawn between two monasteries"),
        "cut": _("a road cut"),
        "remove": _("a monastery removed, with its roads"),
        "undo": _("the last change undone"),
    }.get(str(do), _("a tap on the sketch"))


def _letter(state: KardinalState, color: str, spot: str) -> str:
    return sketch_of(state, color).nodes.get(spot, "")


def _road_name(state: KardinalState, color: str, road: tuple[str, str]) -> str:
    a, b = (_letter(state, color, spot) or "?" for spot in road)
    return f"{a}–{b}"


def clash_reason(state: KardinalState, tap: Tap, clash: Clash) -> str:
    """A clash in words (for a form that cannot be applied, or a conflict with another phone)."""
    if clash.kind == "full":
        on_board = placed(state, "monasteries", tap.color)
        return ngettext(
            "the {count} monastery on the board is drawn or counted already, so no monastery was added. Enter more on the "
            "Board tab, or remove one from the sketch.",
            "all {count} monasteries on the board are drawn or counted already, so no monastery was added. Enter more on "
            "the Board tab, or remove one from the sketch.",
            on_board,
        ).format(count=on_board)
    if clash.kind == "moved":
        return _(
            "Another phone changed this sketch after this phone showed it, so Undo would take back a change you have not "
            "seen. The sketch now shows it as it is: tap Undo again to take back its last change."
        )
    if clash.kind == "nothing":
        return _("there is nothing to undo")
    if clash.kind == "taken":
        return _("there is a monastery on this spot already")
    if clash.kind == "gone":
        return _("A monastery you tapped was removed on another phone after this phone showed the sketch, so nothing was drawn.")
    if clash.kind == "road" and clash.road is not None:
        there = pair(*clash.road) in roads_of(sketch_of(state, tap.color))
        message = (
            _("Another phone drew the road {road} again after this phone showed the sketch.")
            if there
            else _("Another phone cut the road {road} after this phone showed the sketch.")
        )
        return message.format(road=_road_name(state, tap.color, clash.road))
    letter = _letter(state, tap.color, clash.spot)
    ends = sorted(_letter(state, tap.color, b if a == clash.spot else a) for a, b in roads_of(sketch_of(state, tap.color)) if clash.spot in (a, b))
    return _("Another phone changed monastery {name} after this phone showed the sketch; its roads now go to: {ends}.").format(
        name=letter, ends=", ".join(ends) or _("none")
    )


def explain_conflict(conflict: Conflict[KardinalState], resend: dict[str, Any]) -> dict[str, Any]:
    """The conflict notice's words and buttons for a tap on a sketch."""
    state, tap, clash = conflict.table.state, conflict.yours, conflict.theirs
    reason = clash_reason(state, tap, clash)
    if clash.kind == "full":
        reason = _("Another phone added monasteries to this sketch meanwhile: {reason}").format(reason=reason)
    words = {
        "sentence": reason + " " + _("Nothing was overwritten."),
        "keep": _("OK"),
        "keep_args": {"sketch": tap.color},
        "resend": None,  # most clashes leave nothing sensible to do "anyway"
    }
    rev = sketch_of(state, tap.color).rev
    if clash.kind == "roads":
        words["keep"] = _("Keep {name}").format(name=_letter(state, tap.color, clash.spot))
        words["retry"] = _("Remove {name} anyway").format(name=_letter(state, tap.color, clash.spot))
        words["resend"] = {**resend, "rev": rev, "from": ""}
    elif clash.kind == "road":
        words["retry"] = _("Cut it anyway") if tap.do == "cut" else _("Draw it anyway")
        words["resend"] = {**resend, "rev": rev}
    return words


def after_change(state: KardinalState, tap: Tap, here: MultiDict[str, str]) -> dict[str, Any]:
    """Where the phone goes on: the same sketch, the last tapped monastery selected."""
    args = {"sketch": tap.color, "_anchor": "sketch"}
    selected = tap.selects()
    if selected and selected in sketch_of(state, tap.color).nodes:
        args["at"] = selected
    if here.get("mode") == "remove":
        args["mode"] = "remove"
    return args
