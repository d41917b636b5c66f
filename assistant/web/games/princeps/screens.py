"""What the territories screen shows: per player a grid of the six counts (kind by state) with
live totals, the number pad, the house rule for ties and the scoring button."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import url_for
from werkzeug.datastructures import MultiDict

from assistant.games.names import isolated
from assistant.games.princeps import KINDS, STATES, TERRITORY_CARDS
from assistant.web.games.base import NOTHING, NameForm, ScreenContext, Seat, WebGame, grid_attributes, scoring_button
from assistant.web.games.princeps.cells import (
    COUNT_CAP,
    count,
    count_cell,
    entry_order,
    parse_count_cell,
)
from assistant.web.games.princeps.results import SCORING, kept_summary
from assistant.web.games.princeps.state import PrincepsState
from assistant.web.games.princeps.words import COUNT_LABELS, TIE_RULE, kind_name, state_name
from assistant.web.kept import KeptSummary
from assistant.web.pad import CountCell, GridPad, count_link, following_cells
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.numbers import small_number
from assistant.web.store.tables import Table


@dataclass(frozen=True, slots=True)
class KindRow:
    """A kind of territory on a player's card: a count per state, and their total."""

    kind: str
    label: str
    cells: list[CountCell]
    total: int
    live: str  # its cells' names: static/app.js counts them as the phone shows them (data-cells)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """One player on the territories screen: the grid (a row per kind, a column per state, with
    totals) and what is wrong."""

    index: int
    name: str
    rows: list[KindRow]
    totals: dict[str, int]  # by state, and "all"
    state_totals: list[int]  # in the columns' order
    state_cells: list[str]  # each column's cells' names, for static/app.js (data-cells)
    all_cells: str
    problems: list[str]
    fields: set[str]  # the fields the card shows: problems about any other are listed apart

    @property
    def classes(self) -> str:
        """The card's classes: marked ``bad`` while any count on it is refused."""
        return "card holding bad" if self.problems else "card holding"


@dataclass(frozen=True, slots=True, kw_only=True)
class TerritoryPad(GridPad):
    """The territories' pad: its foot says how many territory cards are on the table."""

    on_table: int


@dataclass(kw_only=True)
class TerritoriesScreen(ScreenContext):
    """What templates/princeps/_territories.html shows."""

    here_url: str  # this screen: a name's rename link, the pad's Done
    cards: list[PlayerCard]  # a player each
    grid_attributes: dict[str, str]  # the cards' htmx attributes (base.grid_attributes)
    name_template: str  # a player's name on their card: a link to its form, or the name alone (a phone watching only)
    columns: list[str]  # the grid's column heads (stable, destabilised)
    on_table: int  # territory cards on the table
    deck: int  # territory cards in the game
    table_problems: list[str]  # what is wrong with no card to show it on
    rule: str  # the house rule for tied categories, its label and what it means
    rule_label: str
    rule_explanation: str
    other_rule: str  # what the rule card's switch sets
    final: KeptSummary | None  # the kept scoring's summary (kept.kept_summary)
    scoring_button: str  # its card's button (base.scoring_button), NOTHING for a phone watching only
    deck_classes: str  # the line counting the cards on the table: marked ``over`` when more than the deck has
    intro: str  # how to count, for a phone that may enter counts (princeps/_intro.html); NOTHING for one watching only


def territories_screen(table: Table[PrincepsState], args: MultiDict[str, str], game: WebGame[PrincepsState, Any]) -> TerritoriesScreen:
    """``game``: Princeps' WebGame (``describe_cell`` from named.py, ``live_problems`` from base.py)."""
    describe = game.describe_cell
    state = table.state
    problems = game.live_problems(state)
    selected = args.get("cell", "")
    if not table.can_edit or not parse_count_cell(state, selected):
        selected = ""  # spectators have no pad
    here = url_for("table.screen", token=table.token, screen="territories")
    following = following_cells(entry_order(state))
    seat = game.seat(state, args)
    if seat is not None:  # a seat's own link: its counts move on within the seat's (own_counts.py)
        following.update(following_cells(list(seat.cells)))
    tail = f"&player={seat.key}" if seat else ""
    cards = [_card(state, index, problems, selected, here, following, tail, seat) for index in range(len(state.players))]
    shown = {field for card in cards for field in card.fields}
    renaming = small_number(args.get("rename"))
    rename = NameForm(renaming, cards[renaming].name) if renaming is not None and renaming < len(cards) and table.can_edit else None
    on_table = sum(card.totals["all"] for card in cards)
    rule = state.rules.ties
    final = kept_summary(table, SCORING)
    return TerritoriesScreen(
        here_url=here,
        cards=cards,
        name_form=rename,
        typing=rename is not None,
        grid_attributes=grid_attributes(table.can_edit),
        name_template="princeps/_name_link.html" if table.can_edit else "princeps/_name.html",
        columns=[state_name(st) for st in STATES],
        on_table=on_table,
        deck=TERRITORY_CARDS,
        table_problems=[
            _("{field}: {reason}").format(field=describe(state, field), reason=reason) if field != "players" else reason
            for field, reasons in problems.items()
            if field not in shown
            for reason in reasons
        ],
        rule=rule,
        rule_label=TIE_RULE.choices[rule].label,
        rule_explanation=TIE_RULE.choices[rule].explanation,
        other_rule=TIE_RULE.other(rule),
        pad=_pad(state, selected, problems, on_table, describe) if selected else None,
        offline_pad=_pad(state, entry_order(state)[0], problems, on_table, describe) if not selected and table.can_edit else None,
        final=final,
        scoring_button=scoring_button(table, final),
        deck_classes="muted deck over" if on_table > TERRITORY_CARDS else "muted deck",
        intro="princeps/_intro.html" if table.can_edit else NOTHING,
    )


def _card(state: PrincepsState, index: int, problems: dict[str, list[str]], selected: str, here: str, following: dict[str, str],
          tail: str = "", seat: Seat | None = None) -> PlayerCard:
    name = state.players[index].name
    rows: list[KindRow] = []
    found = []  # (what, reason) for the cells of this player
    fields = {f"players.{index}", f"players.{index}.name", f"players.{index}.territories"}
    for kind in KINDS:
        cells: list[CountCell] = []
        for st in STATES:
            cell = count_cell(index, kind, st)
            fields.add(cell)
            value = count(state, index, kind, st)
            reasons = problems.get(cell, [])
            found += [(COUNT_LABELS[kind, st], reason) for reason in reasons]
            label = _("{what} of {player}").format(what=COUNT_LABELS[kind, st], player=isolated(name))
            data = {"next": following.get(cell, ""), "player": isolated(name), "what": COUNT_LABELS[kind, st], "cap": COUNT_CAP}
            if seat is not None and cell in seat.cells:  # the row static/app.js sets to 0 offline: the rest of the seat's counts
                data["row"] = f"seat.{seat.key}"
            cells.append(count_link(cell, value, label, here, selected, bool(reasons), data, tail))
        rows.append(KindRow(kind=kind, label=kind_name(kind), cells=cells, total=sum(c.value for c in cells), live=" ".join(c.cell for c in cells)))
    totals = {st: sum(count(state, index, kind, st) for kind in KINDS) for st in STATES}
    totals["all"] = sum(totals.values())
    own = [reason for field in sorted(fields) if not parse_count_cell(state, field) for reason in problems.get(field, [])]
    return PlayerCard(
        index=index,
        name=name,
        rows=rows,
        totals=totals,
        state_totals=[totals[st] for st in STATES],
        state_cells=[" ".join(count_cell(index, kind, st) for kind in KINDS) for st in STATES],
        all_cells=" ".join(count_cell(index, kind, st) for kind in KINDS for st in STATES),
        problems=own + [_("{field}: {reason}").format(field=what, reason=reason) for what, reason in found],
        fields=fields,
    )


def _pad(state: PrincepsState, cell: str, problems: dict[str, list[str]], on_table: int, describe: Callable[[PrincepsState, str], str]) -> TerritoryPad:
    counted = parse_count_cell(state, cell)
    assert counted is not None  # the pad opens on a count only (territories_screen)
    index, kind, st = counted
    # The pad covers the lower part of the screen: it repeats what is wrong where it is entering.
    nearby = ["players", f"players.{index}"] + [count_cell(index, k, s) for k in KINDS for s in STATES]
    reasons = [
        reason if field in ("players", f"players.{index}") else _("{field}: {reason}").format(field=describe(state, field), reason=reason)
        for field in nearby
        for reason in problems.get(field, [])
    ]
    return TerritoryPad(
        cell=cell,
        value=count(state, index, kind, st),
        cap=COUNT_CAP,
        problems=reasons,
        player=isolated(state.players[index].name),
        what=COUNT_LABELS[kind, st],
        on_table=on_table,
    )
