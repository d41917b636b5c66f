"""The cells of a Kardinal & König table and the changes people make to them.

Cells are named like the core's field paths, so a problem the core reports lands on the cell
it is about: ``monasteries.Frankreich.green``, ``advisors.Italien.blue``, ``chains.red``,
``players.0.name``, ``rules.chains``, ``results.intermediate``.
"""
from __future__ import annotations

from typing import Any

from assistant.web.i18n import gettext as _
from assistant.web.i18n import lazy_gettext as _l
from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.board import ADVISORS_PER_PLAYER, MONASTERIES_PER_PLAYER, published_board
from assistant.games.kardinal.chains import CHAIN_RULES, MIN_CHAIN
from assistant.games.kardinal.position import MAX_NAME
from assistant.web.changes import name_change, rule_change
from assistant.web.changes import seat as _seat
from assistant.web.games.base import BadChange
from assistant.web.numbers import whole_number as _whole_number
from assistant.web.games.kardinal.words import color_label
from assistant.web.tables import Change

PIECES = ("monasteries", "advisors")
PIECE_CAP = {"monasteries": MONASTERIES_PER_PLAYER, "advisors": ADVISORS_PER_PLAYER}
PIECE_LABEL = {"monasteries": _l("monasteries"), "advisors": _l("advisors")}
PIECE_LABEL_ONE = {"monasteries": _l("monastery"), "advisors": _l("advisor")}


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
        raise BadChange(
            describe_cell(state, cell),
            _("a count is a whole number from 0 to {cap} (a player owns {cap} {pieces}), not “{value}”").format(
                cap=cap, pieces=PIECE_LABEL[pieces], value=str(raw)[:20]
            ),
        )

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
            _("a chain has 4 to 20 monasteries, not “{value}”").format(value=str(raw)[:20]),
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
    name = " ".join(str(raw).split())
    if len(name) > MAX_NAME:
        raise BadChange(describe_cell(state, cell), _("a name has at most {limit} characters").format(limit=MAX_NAME))
    return name_change(cell, index, name)


def _rule_change(state: dict, cell: str, raw: str) -> Change:
    if raw not in CHAIN_RULES:
        raise BadChange(describe_cell(state, cell), _("is not one of the chain rules"))
    return rule_change(cell, "chains", raw)


# --- words for cells, shared by conflict messages and the number pad ---
def player_label(state: dict, color: str) -> str:
    name = next((p["name"] for p in state["players"] if p["color"] == color), "")
    return f"{name} ({color_label(color)})" if name else color_label(color)


def describe_cell(state: dict, cell: str) -> str:
    """A cell, or any field the core names in a problem, in words."""
    count_cell = parse_count_cell(state, cell)
    if count_cell:
        pieces, country, color = count_cell
        return _("{country}, {pieces} of {player}").format(
            country=country, pieces=PIECE_LABEL[pieces], player=player_label(state, color)
        )
    parts = cell.split(".")
    if len(parts) == 2 and parts[0] in PIECES:  # a whole country: "monasteries.Frankreich"
        return _("{country}, {pieces}").format(country=parts[1], pieces=PIECE_LABEL[parts[0]])
    if len(parts) == 3 and parts[0] in PIECES and parts[1] == "*":  # one player's pieces in all
        return _("{pieces} of {player}").format(pieces=PIECE_LABEL[parts[0]], player=player_label(state, parts[2]))
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
