"""A table's entry screens (one per tab of its game) and the changes made on them."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, cast
from urllib.parse import parse_qsl

from flask import Blueprint, abort, current_app, get_flashed_messages, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from assistant.web import own_counts, takeback
from assistant.web.changes import name_seat
from assistant.web.games.base import BadChange, NameForm, PlannedChange, ScreenContext, Seat, WebGame
from assistant.web.pad import UndoOffer, cell_id
from assistant.web.pages import editable_table, open_table, render, wants_fragment
from assistant.web.phones import phone_is_new, this_phone, this_phone_if_known
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import lazy_gettext as _l
from assistant.web.serving.i18n import sentence_start
from assistant.web.serving.numbers import small_number
from assistant.web.serving.polls import NOTHING_NEW
from assistant.web.store import record
from assistant.web.store.db import get_db
from assistant.web.store.state import TableState
from assistant.web.store.tables import (
    UNKNOWN,
    Conflict,
    Origin,
    StaleVersion,
    Table,
    TapReused,
    apply_change,
    remember,
    replaced_since,
    shown_values,
    taken_tap,
    version_of,
)


@dataclass(frozen=True)
class Notice:
    """A message on a table's screen (templates/table/_notice.html), pinned on the pad when it
    is open: a refused change (``error``: the field and why), a page out of date (``stale``), a
    refused scoring (``cannot-score``: its problems), or another phone's value (``conflict``), or a
    scoring made on this phone without a connection that the table changed after (``scored-on-phone-stale``)."""

    kind: Literal["error", "stale", "cannot-score", "conflict", "scored-on-phone-stale"]
    field: str = ""
    reason: str = ""
    problems: tuple[str, ...] = ()
    theirs: str = ""  # a conflict: the value on the table and this phone's
    yours: str = ""
    resend: dict[str, str] | None = None  # the form that "use mine anyway" sends again (None: not offered)
    sentence: str = ""  # a conflict in words: the shared wording, or the game's own (WebGame.explain_conflict)
    keep: str = ""
    keep_args: dict[str, str] | None = None
    retry: str = ""
    keep_url: str = ""  # where "Keep" goes and "use mine anyway" posts (conflict_notice: the screen, the change by default)
    resend_url: str = ""
    keep_first: bool = False  # an Undo or a set-back: keeping the other phone's value is the main button

    @property
    def template(self) -> str:
        """The notice's own template: templates/table/notices/<kind>.html."""
        return f"table/notices/{self.kind}.html"

    @property
    def resend_attributes(self) -> dict[str, str]:
        """"Use mine anyway"'s attributes (the template's ``xmlattr``): the main button, unless keeping theirs is."""
        return {} if self.keep_first else {"class": "primary"}


bp = Blueprint("table", __name__, url_prefix="/t/<token>")


@dataclass(frozen=True, slots=True)
class TableLink:
    """A link of a table page's head or tabs (templates/table/page.html): ``current`` its
    ``aria-current`` on the page it leads to; ``label`` the game's tab's (the shared ones are worded
    by the template)."""

    url: str
    current: dict[str, str]
    label: str = ""


@dataclass(frozen=True, slots=True)
class TableNav:
    """A table page's links: the game's tabs, then the scores, share and history pages."""

    tabs: list[TableLink]
    scores: TableLink
    share: TableLink
    history: TableLink


def aria_current(shown: bool) -> dict[str, str]:
    """A link's attributes (the template's ``xmlattr``) where it leads to the page shown."""
    return {"aria-current": "page"} if shown else {}


@bp.app_template_global()
def table_nav(table: Table[TableState], game: WebGame[Any, Any], screen: str) -> TableNav:
    """The links of ``table``'s page showing ``screen`` (a tab's name, "scores", "share" or "history")."""
    def link(url: str, name: str, label: str = "") -> TableLink:
        return TableLink(url, aria_current(name == screen), label)

    return TableNav(
        tabs=[link(url_for("table.screen", token=table.token, screen=tab.name), tab.name, tab.label) for tab in game.entry_screens],
        scores=link(url_for("scores.latest", token=table.token), "scores"),
        share=link(url_for("share.share", token=table.token), "share"),
        history=link(url_for("history.history", token=table.token), "history"),
    )


TAP_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
THIS_ENTRY = _l("This entry")  # a tap's id refused: worded only then, as every tap's id is checked
SCORED_ON_PHONE_STALE = "scored-on-phone-stale"  # flashed by views/scores.py: a scoring sent back from a phone, the table changed since


def unchanged_since() -> bool:
    """A poll whose table has not changed: answered ``NOTHING_NEW`` (polls.py), no body."""
    since = small_number(request.args.get("since"))
    return since is not None and version_of((request.view_args or {})["token"]) == since


@bp.get("")
def start(token: str) -> ResponseReturnValue:
    table, game = open_table(token)
    return redirect(url_for("table.screen", token=token, screen=game.entry_screens[0].name))


@bp.get("/<screen>")
def screen(token: str, screen: str) -> ResponseReturnValue:
    if unchanged_since():
        return "", 200, NOTHING_NEW
    table, game = open_table(token)
    if screen not in {s.name for s in game.entry_screens}:
        abort(404)
    if not wants_fragment():
        remember(table)
        return render_screen(table, game, screen, seat_opening(table, game, screen, request.args), notice=refused_scoring(token, screen))
    # A poll that finds changes gets what they changed, when the game can send just that.
    args = screen_args(game, request.args)
    parts = game.changed_parts(screen, table, changed_since(table, request.args.get("since")), args, args)
    if parts is not None:
        return render_changes(table, game, screen, request.args, parts)
    return render_screen(table, game, screen, request.args)


def seat_opening(table: Table[TableState], game: WebGame[Any, Any], screen: str, args: MultiDict[str, str]) -> MultiDict[str, str]:
    """A seat's own link opened (``?player=`` and no pad): the pad on the seat's first count not
    entered yet (own_counts.py). Polls and answers keep the pad where the phone has it."""
    seat = own_counts.seat_of(game.seats(table.state), args.get("player")) if screen == game.seat_screen and table.can_edit else None
    if seat is None or args.get("cell") or args.get("rename"):
        return args
    opened = MultiDict(args)
    opened["cell"] = own_counts.first_open(table, seat)
    return opened


def refused_scoring(token: str, screen: str) -> Notice | None:
    """The problems of a scoring just refused on this tab (views/scores.py flashed them)."""
    for refused in get_flashed_messages(category_filter=["cannot-score"]):
        if isinstance(refused, dict) and refused.get("table") == token and refused.get("screen") == screen:
            return Notice("cannot-score", problems=tuple(refused["problems"]))
    for stale in get_flashed_messages(category_filter=[SCORED_ON_PHONE_STALE]):
        if isinstance(stale, dict) and stale.get("table") == token and stale.get("screen") == screen:
            return Notice(SCORED_ON_PHONE_STALE, field=str(stale.get("scoring", "")))
    return None


def changed_since(table: Table[TableState], shown: str | None) -> dict[str, Any]:
    """The cells changed after the version a phone says it shows (none for a request without
    one), each with the value the phone shows (``UNKNOWN`` when the table does not know it)."""
    return shown_values(table, small_number(shown))


@bp.post("/change")
def change(token: str) -> ResponseReturnValue:
    table, game = editable_table(token)
    screen = request.form.get("screen", "")
    if screen not in {s.name for s in game.entry_screens}:
        screen = game.entry_screens[0].name
    # Where the phone was (an open number pad...), to show it again with any message.
    # Only what the game's screens know (an open pad...): never url_for's own _scheme, _external...
    keep = screen_args(game, MultiDict(parse_qsl(request.form.get("here", "")[:500])))
    try:
        base = int(request.form.get("base", ""))
        origin = change_origin(request.form)
        if taken_tap(table, origin) is not None:  # sent again: its change is on the table already
            return answer_change(table, game, screen, keep, taken_again(table, game, keep), None)
        planned, origin = read_change(table, game, keep, origin)
        outcome = apply_change(table, planned.change, base, origin)
    except TapReused:
        return render_screen(table, game, screen, keep, notice=Notice("error", field=_("This entry"), reason=tap_reused_reason()), status=409)
    except BadChange as bad:
        return render_screen(table, game, screen, keep, notice=Notice("error", field=sentence_start(bad.field), reason=bad.reason), status=400)
    except (ValueError, StaleVersion):
        fresh, _game = open_table(token)
        return render_screen(fresh, game, screen, keep, notice=Notice("stale"), status=400)
    if isinstance(outcome, Conflict):
        notice = conflict_notice(game, outcome, keep_first=origin.kind == "undo", screen=screen)
        # With the pad open the notice is pinned on it: the pad and what changed since the
        # phone's version are enough (a few KB, where the whole screen is 35).
        if wants_fragment() and "since" in request.form and keep.get("cell"):
            changed = changed_since(outcome.table, request.form.get("since"))
            changed.setdefault(outcome.cell, UNKNOWN)
            parts = game.changed_parts(screen, outcome.table, changed, keep, keep)
            if parts is not None:
                return render_changes(outcome.table, game, screen, keep, parts, notice=notice, status=409)
        return render_screen(outcome.table, game, screen, keep, notice=notice, status=409)
    return answer_change(outcome.table, game, screen, keep, planned.then(outcome.table.state), planned.change.cell, outcome.entry)


def answer_change(table: Table[TableState], game: WebGame[Any, Any], screen: str, keep: MultiDict[str, str], args: dict[str, str],
                  cell: str | None, written: record.Entry | None = None) -> ResponseReturnValue:
    """The answer to a change taken (``cell``: the cell it set; None: a tap taken before;
    ``written``: the record's entry for it, when this request wrote it)."""
    if wants_fragment():
        # Just what changed, when the phone's screen polls (the pad sends the version it shows):
        # this change and any since that version (taps queued before it, other phones'), as the
        # phone swaps in only the last of its queued taps' answers (static/app.js). A screen with
        # a notice on it, or none of the game's parts, gets the whole screen.
        changed = changed_since(table, request.form.get("since"))
        if cell is not None:
            changed.setdefault(cell, UNKNOWN)
        parts = game.changed_parts(screen, table, changed, screen_args(game, args), screen_args(game, keep)) if "since" in request.form else None
        if parts is not None:
            return render_changes(table, game, screen, MultiDict(args), parts, written=written)
        return render_screen(table, game, screen, MultiDict(args), written=written)
    return redirect(url_for("table.screen", token=table.token, screen=screen, **cast(dict[str, Any], args)), 303)


def read_change(table: Table[TableState], game: WebGame[Any, Any], keep: MultiDict[str, str], origin: Origin) -> tuple[PlannedChange, Origin]:
    """What the form asks: the pad's Undo (``undo``: the id of the tap it takes back, which the
    record names), else the game's one call."""
    if "undo" in request.form:
        undone = takeback.undo_entry(table, checked_tap(request.form.get("undo", ""), _("Undo")), origin.phone)
        return takeback.undo_change(game, table, undone, keep), replace(origin, undoes=undone.version)
    return game.read_change(table, request.form, keep), origin


def taken_again(table: Table[TableState], game: WebGame[Any, Any], keep: MultiDict[str, str]) -> dict[str, str]:
    """Where a tap sent again leaves the pad: where its first answer did, when the game can still
    read it; else where the phone is."""
    try:
        return game.read_change(table, request.form, keep).then(table.state) if "undo" not in request.form else keep.to_dict()
    except BadChange:
        return keep.to_dict()


def change_origin(form: MultiDict[str, str]) -> Origin:
    """Who asks (this phone) and with which tap; ``asked``: what the tap asks for, the same each
    time it is sent (the record refuses the id for anything else)."""
    tap = checked_tap(form.get("tap", ""), THIS_ENTRY)
    asked = "&".join(f"{key}={value[:100]}" for key, value in sorted(form.items(multi=True)) if key not in NOT_ASKED)[:1000]
    return Origin(this_phone(), tap, asked, kind="undo" if "undo" in form else "", new_phone=phone_is_new())


# A tap's fields that change from one sending to the next (the versions, where the phone is now):
# the others (the cell, the number, − or +, the rest of a row, a chain, a sketch's tap, Undo) say what it asks.
NOT_ASKED = {"base", "since", "here", "csrf_token", "tap", "screen"}


def checked_tap(tap: str, field: str) -> str:
    """A tap's id as static/app.js makes them ("" for none), or ``BadChange`` naming ``field``
    in words ("This entry", "Undo"), never the form's own name for it."""
    if tap and not TAP_ID.fullmatch(tap):
        raise BadChange(str(field), _("its id is not one this app makes (8 to 64 letters, digits, - or _): reload the page and enter it again"))
    return tap


def tap_reused_reason() -> str:
    return _("its id was used for another change already, so it was not made: enter it again")


def replaced_notes(table: Table[TableState], game: WebGame[Any, Any]) -> dict[str, str]:
    """Per cell, what this phone set that another phone replaced since it last updated (the
    version its poll or its change came from)."""
    seen = small_number(request.args.get("since") or request.form.get("since") or request.form.get("base"))
    phone = this_phone_if_known()
    if seen is None or not phone:
        return {}
    return {note.cell: _replaced_sentence(table, game, note.cell, note.old, note.new) for note in replaced_since(table, phone, seen)}


def _replaced_sentence(table: Table[TableState], game: WebGame[Any, Any], cell: str, old: Any, new: Any) -> str:
    # "the value entered here ({old})": an empty name is "no name" there, not "((no name))".
    entered = _("no name") if old == "" else game.describe_value(cell, old)
    sentence = _("{field}: the value entered here ({old}) was replaced by {new} on another phone.")
    return sentence_start(sentence.format(field=game.describe_cell(table.state, cell), old=entered, new=game.describe_value(cell, new)))


def replaced_context(table: Table[TableState], game: WebGame[Any, Any]) -> dict[str, object]:
    """The replaced-value notes for a screen's templates, whole or in parts: a list to pin on the
    pad (table/_pinned.html) and to tell at the top of the screen (table/_replaced.html, with the
    id of the cell's link to show it), and the same by cell (the cells and their country cards)."""
    replaced = replaced_notes(table, game)
    notes = [{"cell": cell, "sentence": sentence, "anchor": cell_id(cell)} for cell, sentence in replaced.items()]
    return {"replaced": notes, "replaced_cells": replaced}


def conflict_notice(game: WebGame[Any, Any], conflict: Conflict[TableState], resend_url: str = "", keep_url: str = "", keep_first: bool = False,
                    screen: str = "") -> Notice:
    """``keep_first``: a change that takes back (Undo, "Set it back"), where the other phone's
    value is what the person most likely keeps. "Keep" goes to ``keep_url``, by default ``screen``
    (with the game's ``keep_args``); "use mine anyway" posts to ``resend_url``, by default the change."""
    state = conflict.table.state
    # Not since=: the notice's own answer is the whole screen.
    # The tap's id goes too: "use mine anyway" is that tap, taken once however often it is sent.
    resend = {k: v for k, v in request.form.items() if k not in {"base", "csrf_token", "since"}}
    field = game.describe_cell(state, conflict.cell)
    theirs, yours = game.describe_value(conflict.cell, conflict.theirs), game.describe_value(conflict.cell, conflict.yours)
    sentence = _(
        "{field} was set to {theirs} on another phone after this phone loaded it. You entered {yours}. Nothing was overwritten."
    ).format(field=field, theirs=theirs, yours=yours)
    notice = Notice("conflict", field=field, theirs=theirs, yours=yours, resend=resend, sentence=sentence, resend_url=resend_url, keep_url=keep_url,
                    keep_first=keep_first)
    notice = replace(notice, **(game.explain_conflict(conflict, resend) or {}))  # a game may word it itself
    token = conflict.table.token
    return replace(notice, sentence=sentence_start(notice.sentence),
                   keep_url=notice.keep_url or url_for("table.screen", token=token, screen=screen, **cast(dict[str, Any], notice.keep_args or {})),
                   resend_url=notice.resend_url or url_for("table.change", token=token))


def screen_args(game: WebGame[Any, Any], args: Mapping[str, str]) -> MultiDict[str, str]:
    """Only the URL arguments the game's screens know (an open pad...), each kept short."""
    return MultiDict((key, str(value)[:100]) for key, value in args.items() if key in game.screen_args)


def render_screen(table: Table[TableState], game: WebGame[Any, Any], screen: str, args: Mapping[str, str], notice: Notice | None = None,
                  status: int = 200, written: record.Entry | None = None) -> tuple[str, int, dict[str, str]]:
    args = screen_args(game, args)
    context = game.screen(screen, table, args)
    # No polling while a message waits for an answer or a text is being typed: a refresh
    # must not wipe what the person entered.
    # The poll sends the version shown and the screen's arguments from #screen-poll (poll_args),
    # which the answer to a tap updates.
    poll_url = None if notice or context.typing else url_for("table.screen", token=table.token, screen=screen)
    return render(
        "table/page.html",
        "table/_screen.html",
        status,
        fragment=f"{game.templates}/_{screen}.html",
        notice=notice,
        poll_url=poll_url,
        poll_seconds=current_app.config["POLL_SECONDS"],
        **_screen_context(table, game, screen, args, context, notice, written),
    )


def _screen_context(table: Table[TableState], game: WebGame[Any, Any], screen: str, args: MultiDict[str, str], context: ScreenContext,
                    notice: Notice | None = None, written: record.Entry | None = None) -> dict[str, object]:
    """What a screen's templates see, whole or in parts: the game's context for it, the table,
    its arguments (also sent with the next poll), the replaced-value notes, and a refused name's
    form holding it as typed (``name_form``: shown again, not the stored name)."""
    shared = {"table": table, "game": game, "screen": screen, "args": args, "poll_args": args}
    own = own_counts.progress(table, game, screen, args.get("player") if table.can_edit else None)
    variables = {**shared, **replaced_context(table, game), **context.template_vars(), "own_counts": own}
    if notice and notice.kind == "error":
        variables["name_form"] = refused_name(table) or context.name_form
    if context.pad is not None and table.can_edit:  # while a conflict's notice is up, its own buttons decide
        player = args.get("player")
        seat = own_counts.seat_of(game.seats(table.state), player) if own and player else None
        pad = own_counts.on_seat(context.pad, table, game, screen, args)
        variables["pad"] = replace(pad, undo=None if notice and notice.kind == "conflict" else undo_offer(table, game, seat, written))
    return variables


def undo_offer(table: Table[TableState], game: WebGame[Any, Any], seat: Seat | None = None,
               written: record.Entry | None = None) -> UndoOffer | None:
    """``seat``: the seat whose own counts the phone enters, whose "rest" is the rest of its counts;
    ``written``: the entry this request just wrote, this phone's latest and in force while it is
    the table's latest, so the record need not be read (a count or a row only: their values read
    back from the record as they are; a set-back's may be any value the game stores)."""
    if written is not None and written.tap and written.kind in ("set", "row") and written.version == table.version and undoes_something(game, table, written):
        entry: record.Entry | None = written
    else:
        entry = record.latest_undoable(get_db(), table.id, this_phone_if_known(), lambda found: undoes_something(game, table, found))
    if entry is None or entry.tap is None:
        return None
    cell = game.describe_cell(table.state, entry.cell)
    if entry.kind == "row" and seat is not None and entry.cell in seat.cells:
        label = _("Undo: {cell} and the rest of my counts, back to empty").format(cell=cell)
        return UndoOffer(entry.tap, entry.version, label, entry.cell, None)
    if entry.kind == "row":
        label = _("Undo: {cell} and the rest of its row, back to empty").format(cell=cell)
        return UndoOffer(entry.tap, entry.version, label, entry.cell, None)
    before, after = (game.describe_value(entry.cell, value) for value in (entry.before, entry.after))
    label = _("Undo: {cell}, {after} → {before}").format(cell=cell, after=after, before=before)
    return UndoOffer(entry.tap, entry.version, label, entry.cell, str(entry.before))


def undoes_something(game: WebGame[Any, Any], table: Table[TableState], entry: record.Entry) -> bool:
    """Whether the Undo of ``entry`` would change the table (takeback.in_force). The table's latest
    change holds by itself (nothing came after it): the answer to a tap asks no game."""
    if entry.version == table.version:
        return bool(entry.cells) if entry.kind == "row" else entry.before != entry.after
    return takeback.in_force(game, table, entry)


def refused_name(table: Table[TableState]) -> NameForm | None:
    """The name this request's form sent for a player, as typed: the form it was refused in opens again with it."""
    if request.method != "POST" or "cell" not in request.form:
        return None
    index = name_seat(table.state, request.form["cell"])
    return None if index is None else NameForm(index, request.form.get("value", "")[:100])


def render_changes(table: Table[TableState], game: WebGame[Any, Any], screen: str, args: Mapping[str, str], parts: frozenset[str],
                   notice: Notice | None = None, status: int = 200, written: record.Entry | None = None) -> tuple[str, int, dict[str, str]]:
    """Only what a change changed (``parts``, as the game's ``changed_parts`` named them), each part
    swapped in by its id (htmx out-of-band); the screen itself stays (``HX-Reswap: none``). A
    ``notice`` (a conflict) is pinned on the pad, which is one of the parts."""
    args = screen_args(game, args)
    context = game.changes_screen(screen, table, args, parts)
    body = render_template(
        "table/_changes.html",
        changed=parts,
        changes=f"{game.templates}/_{screen}_changes.html",
        fragment_request=True,
        oob=True,  # every part alone, swapped in by its id
        notice=notice,
        **_screen_context(table, game, screen, args, context, notice, written),
    )
    # The pad's cell is shown; with no pad open the page stays where it is scrolled (htmx would
    # bring the last part swapped, the problems at the top, into view instead).
    reswap = "none show:.cell.selected:bottom" if args.get("cell") else "none"
    headers = {"Vary": "HX-Request", "Cache-Control": "no-store", "HX-Reswap": reswap}
    return body, status, headers
