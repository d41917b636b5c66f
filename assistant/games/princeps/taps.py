"""What a tap does to a Princeps Machiavelli table's counts, pure (games/taps.py says why): the
server keeps a player's counts by ``count_key`` (web/games/princeps/cells.py), the core's input by
kind and state; both through ``store_count``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.games.taps import counted, store_count


def apply_tap(position: dict[str, Any], cell: str, tap: Mapping[str, str]) -> bool:
    """A territory count applied to the core's input; False for a cell of another kind."""
    parts = cell.split(".")
    if len(parts) == 5 and parts[0] == "players" and parts[2] == "territories":
        store_count(position["players"][int(parts[1])]["territories"][parts[3]], parts[4], counted(tap))
        return True
    return False
