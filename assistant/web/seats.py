"""The new-table forms' list of players: the add and remove buttons, the same for every game."""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from assistant.web.serving.numbers import small_number

PlayerT = TypeVar("PlayerT")  # a player as the game's new-table form holds one


def change_seats(action: str, players: list[PlayerT], low: int, high: int, new_player: Callable[[], PlayerT]) -> bool:
    """Add a player (``action`` "add") or remove one ("remove-<index>") within ``low``..``high``,
    in place. True when the form asked for that (even beyond the limits, when nothing changes),
    so it is shown again instead of started."""
    if action == "add":
        if len(players) < high:
            players.append(new_player())
        return True
    if action.startswith("remove-"):
        number = small_number(action.removeprefix("remove-"))
        if len(players) > low and number is not None and number < len(players):
            players.pop(number)
        return True
    return False
