"""A scoring report made readable, for any game whose report has players and steps.

The report (from the game's core) gives players (``color``, ``name``, ``label``, ``total``,
optionally ``previous``, ``supply_left``, ``track``), ``winners``, ``decided_by``, ``verdict``
and ``steps`` (``kind``, ``awards``, ``text``, ``totals``). This module builds the list, the
step-by-step walk, the standings, the score track and the bar chart of where points came from.
"""
from __future__ import annotations

from typing import Any

from assistant.web.games.base import Segment

CHART_WIDTH = 320
BAR_HEIGHT = 22
TRACK_COLUMNS = 10
TRACK_CELL = 32


def players_by_key(report: Any, color_label) -> dict[str, dict]:
    return {
        p.color: {"color": p.color, "name": p.name, "label": p.label, "color_name": color_label(p.color)}
        for p in report.players
    }


def steps(report: Any, titles: list[str], players: dict[str, dict]) -> list[dict]:
    order = [p.color for p in report.players]
    shown = []
    for index, (step, title) in enumerate(zip(report.steps, titles), start=1):
        shown.append(
            {
                "index": index,
                "kind": step.kind,
                "title": title,
                "text": step.text,
                "awards": [(players[c], step.awards[c]) for c in order if step.awards.get(c)],
                "totals": [(players[c], step.totals.get(c, 0)) for c in order],
            }
        )
    return shown


def sections(all_steps: list[dict], label_of) -> list[dict]:
    groups: list[dict] = []
    for step in all_steps:
        if not groups or groups[-1]["kind"] != step["kind"]:
            groups.append({"kind": step["kind"], "label": label_of(step["kind"]), "steps": []})
        groups[-1]["steps"].append(step)
    return groups


def walk(all_steps: list[dict], asked: str | None, start_totals: list[tuple[dict, int]]) -> dict:
    """Step 0 is everyone's start, 1..n the steps, n+1 the end with the standings."""
    last = len(all_steps) + 1
    index = int(asked) if asked and asked.isdigit() else 0
    index = min(index, last)
    step = all_steps[index - 1] if 1 <= index <= len(all_steps) else None
    totals = step["totals"] if step else (all_steps[-1]["totals"] if index == last and all_steps else start_totals)
    highest = max([t for _, t in totals] + [1])
    return {
        "index": index,
        "count": len(all_steps),
        "step": step,
        "at_start": index == 0,
        "at_end": index == last,
        "back": index - 1 if index > 0 else None,
        "next": index + 1 if index < last else None,
        "totals": [(player, total, round(CHART_WIDTH * total / highest)) for player, total in totals],
        "width": CHART_WIDTH,
    }


def standings(report: Any, players: dict[str, dict], by_supply: bool) -> list[dict]:
    def rank_key(p) -> tuple:
        return (p.total, getattr(p, "supply_left", 0)) if by_supply else (p.total,)

    rows = []
    for p in sorted(report.players, key=rank_key, reverse=True):
        better = sum(1 for other in report.players if rank_key(other) > rank_key(p))
        rows.append(
            {
                "place": better + 1,
                "player": players[p.color],
                "total": p.total,
                "points": getattr(p, "points", p.total),
                "previous": getattr(p, "previous", 0),
                "supply": getattr(p, "supply_left", None),
                "track": getattr(p, "track", None),
                "winner": p.color in report.winners,
            }
        )
    return rows


def chart(report: Any, sources: dict[str, list[Segment]], players: dict[str, dict]) -> dict:
    """A stacked bar per player, scaled to the highest total, as SVG geometry."""
    highest = max([sum(s.points for s in segs) for segs in sources.values()] + [1])
    rows = []
    for y, p in enumerate(report.players):
        x = 0
        parts = []
        for segment in sources.get(p.color, []):
            width = CHART_WIDTH * segment.points / highest
            if segment.points:
                parts.append({"label": segment.label, "points": segment.points, "css": segment.css, "x": round(x, 1), "width": round(width, 1)})
            x += width
        rows.append({"player": players[p.color], "parts": parts, "total": sum(s.points for s in sources.get(p.color, [])), "y": y * (BAR_HEIGHT + 8)})
    legend = []
    for segs in sources.values():
        for segment in segs:
            if segment.css not in {item.css for item in legend}:
                legend.append(segment)
    return {"rows": rows, "legend": legend, "width": CHART_WIDTH, "bar": BAR_HEIGHT, "height": len(rows) * (BAR_HEIGHT + 8)}


def track(report: Any, players: dict[str, dict], spaces: int) -> dict:
    """Markers on a track of ``spaces`` spaces drawn as a grid of rows of ten."""
    on_space: dict[int, int] = {}
    markers = []
    for p in report.players:
        space = getattr(p, "track", p.total % spaces)
        slot = on_space.get(space, 0)
        on_space[space] = slot + 1
        column, row = space % TRACK_COLUMNS, space // TRACK_COLUMNS
        markers.append(
            {
                "player": players[p.color],
                "space": space,
                "laps": p.total // spaces,
                "x": column * TRACK_CELL + 8 + (slot % 3) * 8,
                "y": row * TRACK_CELL + 10 + (slot // 3) * 12,
            }
        )
    cells = [
        {"number": n, "x": (n % TRACK_COLUMNS) * TRACK_CELL, "y": (n // TRACK_COLUMNS) * TRACK_CELL} for n in range(spaces)
    ]
    rows = (spaces + TRACK_COLUMNS - 1) // TRACK_COLUMNS
    return {"cells": cells, "markers": markers, "cell": TRACK_CELL, "width": TRACK_COLUMNS * TRACK_CELL, "height": rows * TRACK_CELL}
