"""The cells of a Kardinal & König table and the changes people make to them.

Cells are named like the core's field paths, so a problem the core reports lands on the cell
it is about: ``monasteries.Frankreich.green``, ``advisors.Italien.blue``, ``chains.red``,
``players.0.name``, ``rules.chains``, ``results.intermediate``.
"""
from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.board import ADVISORS_PER_PLAYER, MONASTERIES_PER_PLAYER, published_board
from assistant.games.kardinal.chains import CHAIN_RULES, MIN_CHAIN
from assistant.games.kardinal.position import MAX_NAME
from assistant.web.changes import clean_name, name_change, rule_change
from assistant.web.changes import seat as _seat
from assistant.web.games.base import BadChange
from assistant.web.games.kardinal.words import color_as_player_label, color_label
from assistant.web.i18n import gettext as _
from assistant.web.i18n import lazy_gettext as _l
from assistant.web.i18n import request_language
from assistant.web.numbers import whole_number as _whole_number
from assistant.web.tables import Change

PIECES = ("monasteries", "advisors")
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


def colors(state: dict) -> list[str]:
    return [player["color"] for player in state["players"]]


def count(state: dict, pieces: str, country: str, color: str) -> int:
    return state[pieces].get(country, {}).get(color, 0)


def placed(state: dict, pieces: str, color: str) -> int:
    return sum(per_color.get(color, 0) for per_color in state[pieces].values())


def entry_order(state: dict) -> list[str]:
    """The order the number pad moves in: a country's monasteries, then its advisors, then the next country."""
    return [
        f"{pieces}.{country}.{color}"
        for country in published_board().country_keys
        for pieces in PIECES
        for color in colors(state)
    ]


def parse_count_cell(state: dict, cell: str) -> tuple[str, str, str] | None:
    parts = cell.split(".")
    if len(parts) == 3 and parts[0] in PIECES and parts[1] in published_board().country_keys and parts[2] in colors(state):
        return parts[0], parts[1], parts[2]
    return None


def parse_change(state: dict, form: MultiDict) -> Change:
    cell = form.get("cell", "")
    count_cell = parse_count_cell(state, cell)
    if count_cell:
        # "value" comes from the pad's numbers, "adjust" from its - and + buttons.
        return _count_change(state, cell, *count_cell, form.get("value", form.get("adjust")))
    parts = cell.split(".")
    if len(parts) == 2 and parts[0] == "chains" and parts[1] in colors(state):
        return _chain_change(state, cell, parts[1], form)
    if len(parts) == 3 and parts[0] == "players" and parts[2] == "name" and _seat(state, parts[1]) is not None:
        return _name_change(state, cell, _seat(state, parts[1]), form.get("value", ""))
    if cell == "rules.chains":
        return _rule_change(state, cell, form.get("value", ""))
    raise BadChange(cell[:60] or _("field"), _("is not a field of this table"))


def _count_change(state: dict, cell: str, pieces: str, country: str, color: str, raw: Any) -> Change:
    cap = PIECE_CAP[pieces]
    value = _whole_number(raw, 0, cap)
    if value is None:
        raise BadChange(describe_cell(state, cell), str(BAD_COUNT[pieces]).format(cap=cap, value=str(raw)[:20]))

    def apply(s: dict) -> None:
        per_color = s[pieces].setdefault(country, {})
        if value:
            per_color[color] = value
        else:
            per_color.pop(color, None)
        if not per_color:
            s[pieces].pop(country)

    return Change(cell, value, apply=apply, read=lambda s: count(s, pieces, country, color))


def _chain_change(state: dict, cell: str, color: str, form: MultiDict) -> Change:
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

    def apply(s: dict) -> None:
        lengths = s["chains"].setdefault(color, [])
        if adding:
            lengths.append(length)
        elif length in lengths:
            lengths.remove(length)
        if not lengths:
            s["chains"].pop(color)

    def read(s: dict) -> list[int]:
        return list(s["chains"].get(color, []))

    if adding:
        return Change(cell, length, apply=apply, read=read, merges=True)  # adding never contradicts
    if length not in read(state):
        raise BadChange(describe_cell(state, cell), _("has no chain of {length} any more").format(length=length))
    return Change(cell, length, apply=apply, read=read, merges=True)


def _name_change(state: dict, cell: str, index: int, raw: str) -> Change:
    return name_change(cell, index, clean_name(raw, describe_cell(state, cell), MAX_NAME))


def _rule_change(state: dict, cell: str, raw: str) -> Change:
    if raw not in CHAIN_RULES:
        raise BadChange(describe_cell(state, cell), _("is not one of the chain rules"))
    return rule_change(cell, "chains", raw)


# --- words for cells, shared by conflict messages and the number pad ---
def player_label(state: dict, color: str) -> str:
    """'Andreas (green)', or a colour standing alone as the player's name: 'Green'."""
    name = next((p["name"] for p in state["players"] if p["color"] == color), "")
    return f"{name} ({color_label(color)})" if name else color_as_player_label(color)


def country_label(key: str) -> str:
    """The board's name, with the local one beside it where it differs: 'Frankreich (Francia)'."""
    return published_board().display_name(key, request_language())


def describe_cell(state: dict, cell: str) -> str:
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
    if parts[0] == "players" and len(parts) == 3 and _seat(state, parts[1]) is not None:
        return _("name of player {number}").format(number=_seat(state, parts[1]) + 1)
    if cell == "rules.chains":
        return _("house rule for chains")
    if cell == "chains":
        return _("chains")
    return cell[:60]


def describe_value(cell: str, value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value)) or _("none")
    if value == "":
        return _("(no name)")
    return str(value)
