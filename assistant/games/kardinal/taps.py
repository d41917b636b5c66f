"""What a tap does to a Kardinal & König table's counts and chains, pure (games/taps.py says why):
the server's tap path applies these to the stored state (web/games/kardinal/cells.py), the phone to
the core's input it holds (``apply_tap``), whose ``monasteries`` and ``advisors`` have the state's shape."""
from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from assistant.games.taps import counted, store_count

PIECES = ("monasteries", "advisors")


def set_count(table: MutableMapping[str, dict[str, int]], country: str, color: str, value: int) -> None:
    """A count of monasteries or advisors (by country, then colour); a country left with no
    count is dropped, as a missing count reads as 0."""
    row = table.setdefault(country, {})
    store_count(row, color, value)
    if not row:
        table.pop(country)


def change_chain(chains: MutableMapping[str, list[int]], color: str, length: int, adding: bool) -> None:
    """A counted chain of ``length`` added to or taken from a player's (one of that length, if
    there is one); a player left with none is dropped."""
    lengths = chains.setdefault(color, [])
    if adding:
        lengths.append(length)
    elif length in lengths:
        lengths.remove(length)
    if not lengths:
        chains.pop(color)


def apply_tap(position: dict[str, Any], cell: str, tap: Mapping[str, str]) -> bool:
    """A count or a counted chain applied to the core's input; False for a cell of another kind."""
    parts = cell.split(".")
    if len(parts) == 3 and parts[0] in PIECES:
        set_count(position.setdefault(parts[0], {}), parts[1], parts[2], counted(tap))
        return True
    if len(parts) == 2 and parts[0] == "chains":
        if position.get("scoring") == "final":  # the intermediate scoring reads no chain
            _change_held_chain(position.setdefault("chains", {}), parts[1], tap)
        return True
    return False


def _change_held_chain(held: dict[str, Any], color: str, tap: Mapping[str, str]) -> None:
    """The final scoring's input holds each player's counted lengths beside their sketch's roads."""
    adding = "add" in tap
    entry = held.get(color, {})
    lengths = {color: list(entry["lengths"])} if entry.get("lengths") else {}
    change_chain(lengths, color, counted(tap, "add" if adding else "remove"), adding)
    entry = {key: value for key, value in entry.items() if key != "lengths"} | ({"lengths": lengths[color]} if lengths else {})
    if entry:
        held[color] = entry
    else:
        held.pop(color, None)
