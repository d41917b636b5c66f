"""The cells of a Kardinal & König table and the changes people make to them.

Cells are named like the core's field paths, so a problem the core reports lands on the cell
it is about: ``monasteries.Frankreich.green``, ``advisors.Italien.blue``, ``chains.red``,
``players.0.name``, ``rules.chains``, ``results.intermediate``.
"""
from __future__ import annotations

import functools
from typing import Any

from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.board import ADVISORS_PER_PLAYER, MONASTERIES_PER_PLAYER, published_board
from assistant.games.kardinal.chains import MIN_CHAIN
from assistant.games.kardinal.position import MAX_NAME
from assistant.games.kardinal.taps import change_chain, set_count
from assistant.games.names import isolated
from assistant.web.changes import checked_count, name_cell_change, parse_cell_change, posted_count, rule_cell_change
from assistant.web.changes import seat as _seat
from assistant.web.games.base import BadChange, Seat
from assistant.web.games.kardinal.state import KardinalState
from assistant.web.games.kardinal.words import CHAIN_RULE, color_as_player_label, color_label
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import lazy_gettext as _l
from assistant.web.serving.i18n import request_language
from assistant.web.serving.numbers import whole_number as _whole_number
from assistant.web.store.tables import Change

HOUSE_RULES = {"rules.chains": CHAIN_RULE}  # the game's WebGame.house_rules
PIECES = ("monasteries", "advisors")
REST = "rest"  # the pad's "Empty cells: 0" button
PIECE_CAP = {"monasteries": MONASTERIES_PER_PLAYER, "advisors": ADVISORS_PER_PLAYER}
PIECE_LABEL = {"monasteries": _l("monasteries"), "advisors": _l("advisors")}
# Whole phrases per kind of piece (never a piece's name glued into a pattern), so each
# language can inflect and order them.
CELL_PATTERN = {"monasteries": _l("{country}, monasteries of {player}"), "advisors": _l("{country}, advisors of {player}")}
COUNTRY_PATTERN = {"monasteries": _l("{country}, monasteries"), "advisors": _l("{country}, advisors")}
PLAYER_PATTERN = {"monasteries": _l("monasteries of {player}"), "advisors": _l("advisors of {player}")}
BAD_COUNT = {
    "monasteries": _l("a count of monasteries is a whole number from 0 to {cap} (each player owns {cap}), not “{value}”"),
    "advisors": _l("a count of advisors is a whole number from 0 to {cap} (each player owns {cap}), not “{value}”"),
}


def colors(state: KardinalState) -> list[str]:
    return [player.color for player in state.players]


def count(state: KardinalState, pieces: str, country: str, color: str) -> int:
    counts: dict[str, dict[str, int]] = getattr(state, pieces)  # monasteries or advisors
    return counts.get(country, {}).get(color, 0)


def placed(state: KardinalState, pieces: str, color: str) -> int:
    return sum(per_color.get(color, 0) for per_color in getattr(state, pieces).values())


def entry_order(state: KardinalState) -> list[str]:
    """The order the number pad moves in: a country's monasteries, then its advisors, then the next country."""
    return list(_entry_order(tuple(colors(state))))


@functools.lru_cache(maxsize=256)
def _entry_order(colors: tuple[str, ...]) -> tuple[str, ...]:
    """Worked out once per set of colours: every tap asks for it several times."""
    return tuple(f"{pieces}.{country}.{color}" for country in published_board().country_keys for pieces in PIECES for color in colors)


def seats(state: KardinalState) -> list[Seat]:
    """Each player's own counts (own_counts.py), keyed by colour: ``?player=red``."""
    return list(_seats(tuple((player.color, player.name) for player in state.players), request_language()))


@functools.lru_cache(maxsize=256)
def _seats(players: tuple[tuple[str, str], ...], language: str) -> tuple[Seat, ...]:
    """Worked out once per table's players and language: a tap asks for them several times."""
    return tuple(Seat(color, _player_label(name, color), color, _entry_order((color,))) for color, name in players)


def parse_count_cell(state: KardinalState, cell: str) -> tuple[str, str, str] | None:
    parts = cell.split(".")
    if len(parts) == 3 and parts[0] in PIECES and parts[1] in published_board().country_keys and parts[2] in colors(state):
        return parts[0], parts[1], parts[2]
    return None


def parse_change(state: KardinalState, form: MultiDict[str, str]) -> Change:
    return parse_cell_change(state, form, (_count_cell_change, _chain_cell_change, _name_cell_change, _rule_cell_change))


def _count_cell_change(state: KardinalState, cell: str, form: MultiDict[str, str]) -> Change | None:
    count_cell = parse_count_cell(state, cell)
    if count_cell and REST in form:
        return _rest_of_row_change(state, cell, *count_cell, form.get(REST))
    return _count_change(state, cell, *count_cell, posted_count(form)) if count_cell else None


def row_cells(state: KardinalState, cell: str) -> list[str]:
    """The cells of ``cell``'s row (a country's monasteries or advisors, a cell a player), from
    ``cell`` to the row's end."""
    counted = parse_count_cell(state, cell)
    assert counted is not None  # a count cell's row (parse_change read it)
    pieces, country, color = counted
    players = colors(state)
    return [f"{pieces}.{country}.{other}" for other in players[players.index(color) :]]


def _rest_of_row_change(state: KardinalState, cell: str, pieces: str, country: str, color: str, raw: Any) -> Change:
    """The pad's "Empty cells: 0": every cell of the row from ``cell`` on that has no count yet
    is set to 0 (a count entered, here or on another phone meanwhile, stays), as one change. A
    count of 0 is stored as none, so the state stays as it is; the cells are marked changed and
    set by this phone, as a 0 tapped on each would be (a seat's own counts: WebGame.rest_of_counts_change)."""
    if raw != "0":
        raise BadChange(describe_cell(state, cell), _("sets the rest of a row to 0 only, not “{value}”").format(value=str(raw)[:20]))

    def empty(s: KardinalState) -> tuple[str, ...]:
        return tuple(other for other in row_cells(s, cell) if not count(s, *other.split(".")))

    return Change(cell, 0, apply=lambda s: None, read=lambda s: count(s, pieces, country, color), merges=True, cells=empty)


def _chain_cell_change(state: KardinalState, cell: str, form: MultiDict[str, str]) -> Change | None:
    parts = cell.split(".")
    return _chain_change(state, cell, parts[1], form) if len(parts) == 2 and parts[0] == "chains" and parts[1] in colors(state) else None


def _name_cell_change(state: KardinalState, cell: str, form: MultiDict[str, str]) -> Change | None:
    return name_cell_change(state, cell, form, lambda field: describe_cell(state, field), MAX_NAME, required=False)  # a colour names a player without one


def _rule_cell_change(state: KardinalState, cell: str, form: MultiDict[str, str]) -> Change | None:
    return rule_cell_change(state, cell, form, HOUSE_RULES)


def _count_change(state: KardinalState, cell: str, pieces: str, country: str, color: str, raw: Any) -> Change:
    value = checked_count(raw, PIECE_CAP[pieces], lambda: describe_cell(state, cell), lambda: str(BAD_COUNT[pieces]))

    def apply(s: KardinalState) -> None:
        set_count(getattr(s, pieces), country, color, value)

    return Change(cell, value, apply=apply, read=lambda s: count(s, pieces, country, color))


def _chain_change(state: KardinalState, cell: str, color: str, form: MultiDict[str, str]) -> Change:
    adding = "add" in form
    raw = form.get("add") if adding else form.get("remove")
    length = _whole_number(raw, MIN_CHAIN, MONASTERIES_PER_PLAYER)
    if length is None:
        raise BadChange(
            describe_cell(state, cell),
            _("a chain has {low} to {high} monasteries, not “{value}”").format(
                low=MIN_CHAIN, high=MONASTERIES_PER_PLAYER, value=str(raw)[:20]
            ),
        )

    def apply(s: KardinalState) -> None:
        change_chain(s.chains, color, length, adding)

    def read(s: KardinalState) -> list[int]:
        return list(s.chains.get(color, []))

    if adding:
        # No more monasteries in chains than a player has: a looped "add" grows no page without end.
        in_chains = sum(read(state))
        if in_chains + length > MONASTERIES_PER_PLAYER:
            raise BadChange(
                describe_cell(state, cell),
                _("a player has {supply} monasteries, and {count} are in chains already: a chain of {length} does not fit").format(
                    supply=MONASTERIES_PER_PLAYER, count=in_chains, length=length
                ),
            )
        return Change(cell, length, apply=apply, read=read, merges=True)  # adding never contradicts
    if length not in read(state):
        raise BadChange(describe_cell(state, cell), _("has no chain of {length} any more").format(length=length))
    return Change(cell, length, apply=apply, read=read, merges=True)


# --- words for cells, shared by conflict messages and the number pad ---
def player_label(state: KardinalState, color: str) -> str:
    """'Andreas (green)', or a colour standing alone as the player's name: 'Green'."""
    return _player_label(next((p.name for p in state.players if p.color == color), ""), color)


def _player_label(name: str, color: str) -> str:
    return f"{isolated(name)} ({color_label(color)})" if name else color_as_player_label(color)


def country_label(key: str) -> str:
    """The board's name, with the local one beside it where it differs: 'Frankreich (Francia)'."""
    return published_board().display_name(key, request_language())


def is_players_whole(state: KardinalState, field: str) -> bool:
    """A core problem's field that is one player's pieces or chains in all ("monasteries.*.red",
    "chains.red"), whose reason names the player itself."""
    parts = field.split(".")
    whole = (len(parts) == 3 and parts[0] in PIECES and parts[1] == "*") or (len(parts) == 2 and parts[0] == "chains")
    return whole and parts[-1] in colors(state)


def describe_cell(state: KardinalState, cell: str) -> str:
    """A cell, or any field the core names in a problem, in words."""
    count_cell = parse_count_cell(state, cell)
    if count_cell:
        pieces, country, color = count_cell
        return str(CELL_PATTERN[pieces]).format(country=country_label(country), player=player_label(state, color))
    parts = cell.split(".")
    if len(parts) == 2 and parts[0] in PIECES and parts[1] in published_board().country_keys:  # "monasteries.Frankreich"
        return str(COUNTRY_PATTERN[parts[0]]).format(country=country_label(parts[1]))
    if len(parts) == 3 and parts[0] in PIECES and parts[1] == "*":  # one player's pieces in all
        return str(PLAYER_PATTERN[parts[0]]).format(player=player_label(state, parts[2]))
    if parts[0] == "chains" and len(parts) >= 2:
        return _("chains of {player}").format(player=player_label(state, parts[1]))
    index = _seat(state, parts[1]) if parts[0] == "players" and len(parts) == 3 else None
    if index is not None:
        return _("name of player {number}").format(number=index + 1)
    if cell in HOUSE_RULES:
        return str(HOUSE_RULES[cell].name)
    if cell == "chains":
        return _("chains")
    return cell[:60]
