"""Everyone counts their own pieces: a seat's own entry link, and who is done.

A game with seats (``WebGame.seats``) lets each player's phone walk just that player's counts:
``/t/<edit token>/<seat screen>?player=<seat key>`` (a colour, a seat number) opens the number
pad on the player's first count not entered yet, a number moves it on to the player's next one
(the cells' ``data-next`` and the server's answer follow the seat's order), and the screen shows
every seat's progress. A count is *entered* when the table marks its cell changed
(``Table.changed``) after the latest scoring kept: a number tapped, even the same one again or
a 0, or the rest of a row or of a seat's counts set to 0. A seat is *done* when all its counts
are entered; once every seat is done the screen offers the next scoring. After the game's last
scoring nothing is shown (the board is scored).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import url_for
from markupsafe import Markup

from assistant.web.pad import PadT, seat_pad
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.sharing import qr_svg
from assistant.web.store.state import TableState
from assistant.web.store.tables import Table, entered_after

if TYPE_CHECKING:
    from assistant.web.games.base import Seat, WebGame




def entered(table: Table[TableState], cells: tuple[str, ...] | list[str]) -> list[str]:
    """The cells whose count was entered since the latest scoring (``tables.entered_after``)."""
    since = entered_after(table)
    return [cell for cell in cells if table.changed.get(cell, 0) > since]


def seat_of(seats: list[Seat], key: str | None) -> Seat | None:
    """The seat a link's ``player`` names, if any."""
    return next((seat for seat in seats if key and seat.key == key), None)


def first_open(table: Table[TableState], seat: Seat) -> str:
    """Where a seat's link opens the pad: its first count not entered yet (else its first)."""
    done = set(entered(table, seat.cells))
    return next((cell for cell in seat.cells if cell not in done), seat.cells[0] if seat.cells else "")


@dataclass(frozen=True, slots=True)
class SeatProgress:
    """A seat's counts entered so far."""

    seat: Seat
    done: int
    total: int
    finished: bool

    @property
    def state(self) -> str:
        """Its line's class: ``finished``, or ``entering`` still."""
        return "finished" if self.finished else "entering"


@dataclass(frozen=True, slots=True)
class OwnCounts:
    """What templates/table/_own_counts.html shows of everyone's counts (``progress``)."""

    rows: list[SeatProgress]  # a seat each
    mine: SeatProgress | None  # the seat this phone enters
    everyone: bool  # every seat is done
    score_url: str  # then: the next scoring's card
    whole_url: str  # the screen with every count, not just the seat's ("": no seat's, not shown)

    @property
    def heading(self) -> str:
        """Its heading's template: whose counts this phone enters, or everyone's progress (templates/table/own_counts/)."""
        return "table/own_counts/mine.html" if self.mine else "table/own_counts/everyone.html"

    @property
    def marked(self) -> dict[str, str]:
        """The card's attributes (the template's ``xmlattr``): ``data-own`` once everyone, or this
        phone's seat, is done."""
        if self.everyone:
            return {"data-own": "everyone"}
        return {"data-own": "mine"} if self.mine and self.mine.finished else {}


@dataclass(frozen=True, slots=True)
class SeatLink:
    """A seat's own entry link on the share page, with its QR code."""

    seat: Seat
    url: str
    qr: Markup


def progress(table: Table[TableState], game: WebGame[Any, Any], screen: str, key: str | None) -> OwnCounts | None:
    """What the seat screen shows of everyone's counts (templates/table/_seats.html): each seat
    done or still entering, the seat this phone enters (``mine``), and once every seat is done the
    next scoring to make; None where the game has no seats, on another screen or after the last
    scoring. Shown from the first screen on, "0 of 6" each: had it come with the first count, every
    cell would move down under the finger reaching for the next one."""
    if screen != game.seat_screen or table.state.results.get(game.scorings[-1].name):
        return None
    seats = game.seats(table.state)
    mine = seat_of(seats, key)
    rows = []
    for seat in seats:
        done = len(entered(table, seat.cells))
        rows.append(SeatProgress(seat=seat, done=done, total=len(seat.cells), finished=done == len(seat.cells)))
    if not seats:
        return None
    everyone = all(row.finished for row in rows)
    return OwnCounts(
        rows=rows,
        mine=next((row for row in rows if row.seat is mine), None),
        everyone=everyone,
        score_url=_next_scoring_url(table, game) if everyone else "",
        # shown to a phone on a seat's own link only (worked out only then: every tap's answer has this)
        whole_url=url_for("table.screen", token=table.token, screen=screen) if mine is not None else "",
    )


def _next_scoring_url(table: Table[TableState], game: WebGame[Any, Any]) -> str:
    """The scoring card of the first scoring not kept yet (its tab, its card's id)."""
    scoring = next((s for s in game.scorings if not table.state.results.get(s.name)), game.scorings[-1])
    return url_for("table.screen", token=table.token, screen=scoring.screen or game.entry_screens[0].name) + f"#score-{scoring.name}"


def entry_links(table: Table[TableState], game: WebGame[Any, Any], base: str) -> list[SeatLink]:
    """Each seat's own entry link on the share page (the edit token's only: a spectator's page
    has none), with its QR code."""
    if not table.can_edit or not game.seat_screen:
        return []
    links = []
    for seat in game.seats(table.state):
        url = base + url_for("table.screen", token=table.id, screen=game.seat_screen, player=seat.key)
        qr = qr_svg(url, _("QR code of the link for {player} to count their own pieces").format(player=seat.label))
        links.append(SeatLink(seat=seat, url=url, qr=qr))
    return links


def on_seat(pad: PadT, table: Table[TableState], game: WebGame[Any, Any], screen: str, args: Mapping[str, str]) -> PadT:
    """The open pad of a phone on a seat's own link (``?player=``): it stays on the link and offers
    the rest of the seat's counts set to 0 (``pad.seat_pad``); any other pad as the game drew it."""
    seat = game.seat(table.state, args) if screen == game.seat_screen else None
    return seat_pad(pad, seat.key, seat.cells, url_for("table.screen", token=table.token, screen=screen, player=seat.key)) if seat else pad
