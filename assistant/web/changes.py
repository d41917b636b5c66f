"""Changes every game's table has: a player's name, a house rule. By convention a table's state
holds ``players`` (a list of objects with a ``name``) and ``rules`` (house rules by name)."""
from __future__ import annotations

from assistant.web.games.base import BadChange
from assistant.web.i18n import gettext as _
from assistant.web.numbers import small_number
from assistant.web.tables import Change


def seat(state: dict, text: str) -> int | None:
    """A player's index from a field name ("players.<index>..."), if there is such a player."""
    index = small_number(text)
    return index if index is not None and index < len(state["players"]) else None


def clean_name(raw: str, field: str, limit: int) -> str:
    """A typed name with its spaces tidied, or ``BadChange`` when it is too long."""
    name = " ".join(str(raw).split())
    if len(name) > limit:
        raise BadChange(field, _("a name has at most {limit} characters").format(limit=limit))
    return name


def name_change(cell: str, index: int, name: str) -> Change:
    def apply(state: dict) -> None:
        state["players"][index]["name"] = name

    return Change(cell, name, apply=apply, read=lambda state: state["players"][index]["name"])


def rule_change(cell: str, rule: str, value: str) -> Change:
    def apply(state: dict) -> None:
        state["rules"][rule] = value

    return Change(cell, value, apply=apply, read=lambda state: state["rules"][rule])
