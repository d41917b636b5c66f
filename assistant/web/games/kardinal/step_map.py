"""The map in the breakdown walk: the step's country, or its alliance and both countries,
highlighted, with every player's count on them; drawn on the board the table was scored on."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant.web.games.base import PlayerView, StepFigure
from assistant.web.games.kardinal.board_map import Count, Focus, MapDrawing, MapTitles, board_map
from assistant.web.games.kardinal.boards import board_from
from assistant.web.games.kardinal.state import KardinalState
from assistant.web.games.kardinal.words import country_names
from assistant.web.serving.i18n import gettext as _
from assistant.web.store.tables import Table


@dataclass(frozen=True, slots=True, kw_only=True)
class StepMap(StepFigure, MapTitles):
    """The map of a step (templates/kardinal/_map.html), with its title and its counts in words."""

    map: MapDrawing
    title: str
    desc: str
    id: str = "step-map"


def step_map(table: Table[KardinalState], report: Any, index: int, players: list[PlayerView]) -> StepMap | None:
    """Template context of the map for step ``index`` (1-based) of a kept scoring, or None
    when that step is not about a country or an alliance."""
    if not 1 <= index <= len(report.steps):
        return None
    step = report.steps[index - 1]
    if step.kind not in ("country", "alliance"):
        return None
    kept = table.state.results.get(report.scoring)
    try:
        board = board_from(kept.input.get("board") if kept else None)
    except Exception:  # a kept copy that cannot be read: no map rather than no breakdown
        return None

    def counts(per_color: dict[str, int], strong: Any = ()) -> list[Count]:
        return [
            Count(color=p.color, name=p.name or p.color_name, count=per_color[p.key], strong=p.key in strong)
            for p in players
            if per_color.get(p.key)
        ]

    def spoken(per_color: dict[str, int], strong: Any = ()) -> str:
        items = [
            (_("{player}: {count}, majority") if p.key in strong else _("{player}: {count}")).format(player=p.label, count=per_color[p.key])
            for p in players
            if per_color.get(p.key)
        ]
        return ", ".join(items) or _("none")

    if step.kind == "country":
        key = step.subject
        per_color = step.details.get("monasteries", {})
        focus = Focus(countries=(key,), counts={key: counts(per_color)}, pieces=_("monasteries"), nothing=_("none"))
        title = _("Map of the board: {country} highlighted").format(country=_name(key))
        desc = _("Monasteries in {country}: {counts}.").format(country=_name(key), counts=spoken(per_color))
    else:
        first, second = step.details["countries"]
        advisors = step.details.get("advisors", {})
        holders = step.details.get("holders", {})
        focus = Focus(
            countries=(first, second),
            alliance=step.number,
            counts={c: counts(advisors.get(c, {}), holders.get(c, [])) for c in (first, second)},
            pieces=_("advisors"),
            nothing=_("none"),
        )
        way = _("across the sea") if step.details.get("sea") else _("over land")
        title = _("Map of the board: alliance {number}, {first}–{second} ({way}), highlighted").format(
            number=step.number, first=_name(first), second=_name(second), way=way
        )
        desc = " ".join(
            _("Advisors in {country}: {counts}.").format(country=_name(c), counts=spoken(advisors.get(c, {}), holders.get(c, [])))
            for c in (first, second)
        )
    return StepMap(template="kardinal/_map.html", map=board_map(board, focus), title=title, desc=desc)


def _name(key: str) -> str:
    name, local = country_names(key)
    return f"{name} ({local})" if local else name
