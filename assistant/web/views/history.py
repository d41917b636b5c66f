"""A table's history: its record (record.py) newest first, who changed what, and "Set it back"."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue

from assistant.web import takeback
from assistant.web.games.base import BadChange, WebGame
from assistant.web.kept import kept_verdict
from assistant.web.pages import editable_table, open_table, render, wants_fragment
from assistant.web.phones import phone_is_new, this_phone, this_phone_if_known
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import sentence_start
from assistant.web.serving.numbers import small_number
from assistant.web.serving.polls import NOTHING_NEW
from assistant.web.store import record
from assistant.web.store.db import get_db
from assistant.web.store.state import KeptResult, TableState
from assistant.web.store.tables import RESULTS, Conflict, Origin, StaleVersion, Table, TapReused, apply_change, new_token, taken_tap
from assistant.web.views.table import Notice, checked_tap, conflict_notice, tap_reused_reason, unchanged_since

bp = Blueprint("history", __name__, url_prefix="/t/<token>")
SCREEN = "history"


@dataclass(frozen=True)
class HistoryRow:
    """One entry as the history screen shows it (templates/table/_history.html)."""

    version: int
    at: float
    who: str  # "this phone", "phone 2"
    kind: str  # the record's kind (record.py)
    what: str  # the cell in words, or the scoring's name
    before: str
    after: str
    cells: int  # how many cells it set (a row)
    verdict: str = ""  # a scoring's: who led or won
    done: str = ""  # the change in words where before → after says nothing (a tap on a sketch)
    set_back: str = ""  # "Set it back to 3" ("" when not offered)
    back_url: str = ""  # where "Set it back" posts

    @property
    def takes_back(self) -> bool:
        """An Undo or a "Set it back": badged as such."""
        return self.kind in ("undo", "back")

    @property
    def value_changed(self) -> bool:
        """Before → after (a count entered as it stood, a seat's progress moved: the value alone)."""
        return self.before != self.after

    @property
    def template(self) -> str:
        """How the entry says what changed (templates/table/history/): a scoring, a row set to 0,
        a change in words, or a value before and after."""
        if self.kind in ("scoring", "restore"):
            return "table/history/scoring.html"
        if self.kind == "row":
            return "table/history/row.html"
        return "table/history/done.html" if self.done else "table/history/value.html"


@dataclass(frozen=True)
class HistoryPage:
    rows: list[HistoryRow]
    number: int
    pages: int
    total: int
    first_url: str  # the newest changes' page
    newer_url: str  # the page before this one ("": this is the first)
    older_url: str  # the page after this one ("": this is the last)

    @property
    def past_the_last(self) -> bool:
        """A page number beyond the record's (an old link): not "nothing changed"."""
        return not self.rows and self.total > 0

    @property
    def paged(self) -> bool:
        """The record takes more than one page: the links to the others are shown."""
        return self.pages > 1

    @property
    def template(self) -> str:
        """What the page shows (templates/table/history_page/): its entries, no such page, or nothing changed yet."""
        return "table/history_page/" + ("entries.html" if self.rows else "missing.html" if self.past_the_last else "empty.html")


def history_page(table: Table[TableState], game: WebGame[Any, Any], number: int) -> HistoryPage:
    db = get_db()
    entries, total = record.page(db, table.id, number)
    phones = record.phones(db, table.id)
    me = this_phone_if_known()
    rows = [_row(table, game, entry, phones, me, number) for entry in entries]
    pages = max(1, -(-total // record.PAGE))
    return HistoryPage(
        rows, number, pages, total, first_url=url_for("history.history", token=table.token),
        newer_url=url_for("history.history", token=table.token, page=number - 1) if number > 1 else "",
        older_url=url_for("history.history", token=table.token, page=number + 1) if number < pages else "",
    )


def who(entry: record.Entry, phones: dict[str, int], me: str) -> str:
    if entry.phone and entry.phone == me:
        return _("this phone")
    if entry.phone in phones:
        return _("phone {number}").format(number=phones[entry.phone])
    return _("a phone")


def _row(table: Table[TableState], game: WebGame[Any, Any], entry: record.Entry, phones: dict[str, int], me: str, number: int) -> HistoryRow:
    common: dict[str, Any] = {"version": entry.version, "at": entry.at, "who": who(entry, phones, me), "kind": entry.kind, "cells": len(entry.cells)}
    if entry.kind in ("scoring", "restore"):
        scoring = next((s for s in game.scorings if RESULTS + s.name == entry.cell), None)
        result = KeptResult.model_validate(entry.after) if entry.after else None
        verdict = kept_verdict(game.slug, result) if result else ""
        return HistoryRow(what=sentence_start(str(scoring.label) if scoring else entry.cell), before="", after="", verdict=verdict, **common)
    what = sentence_start(game.describe_cell(table.state, entry.cell))
    done = game.describe_change(entry.cell, entry.before, entry.after)
    if done:
        return HistoryRow(what=what, before="", after="", done=done, **common)
    before, after = (game.describe_value(entry.cell, value) for value in (entry.before, entry.after))
    if not (table.can_edit and takeback.can_set_back(game, table, entry)):
        return HistoryRow(what=what, before=before, after=after, **common)
    # A name that was empty: "(no name)" is no value to set a thing back to.
    set_back = _("Remove the name again") if entry.before == "" else _("Set it back to {value}").format(value=before)
    back_url = url_for("history.set_back", token=table.token, version=entry.version, page=number)
    return HistoryRow(what=what, before=before, after=after, set_back=set_back, back_url=back_url, **common)


@bp.get("/history")
def history(token: str) -> ResponseReturnValue:
    if unchanged_since():
        return "", 200, NOTHING_NEW
    table, game = open_table(token)
    return render_history(table, game, _page_number())


def _page_number() -> int:
    number = small_number(request.values.get("page"))
    return number if number and number >= 1 else 1


def render_history(table: Table[TableState], game: WebGame[Any, Any], number: int, notice: Notice | None = None,
                   status: int = 200) -> tuple[str, int, dict[str, str]]:
    page = history_page(table, game, number)
    poll_url = None if notice else url_for("history.history", token=table.token, page=number if number > 1 else None)
    return render(
        "table/page.html", "table/_screen.html", status,
        fragment="table/_history.html", table=table, game=game, screen=SCREEN, history=page, notice=notice,
        poll_url=poll_url, poll_args={}, poll_seconds=current_app.config["POLL_SECONDS"], new_tap=new_token(),
    )


@bp.post("/history/back/<int:version>")
def set_back(token: str, version: int) -> ResponseReturnValue:
    """The value an entry replaced, set again: a change of its own, through the usual conflict rules."""
    table, game = editable_table(token)
    number = _page_number()
    try:
        base = int(request.form.get("base", ""))
        origin = Origin(this_phone(), checked_tap(request.form.get("tap", ""), _("This entry")), f"back={version}", kind="back", new_phone=phone_is_new())
        if taken_tap(table, origin) is None:
            entry = takeback.back_entry(table, version)
            outcome = apply_change(table, takeback.back_change(game, table, entry), base, origin)
            if isinstance(outcome, Conflict):
                notice = conflict_notice(game, outcome, url_for("history.set_back", token=token, version=version, page=number),
                                         url_for("history.history", token=token, page=number), keep_first=True)
                return render_history(outcome.table, game, number, notice, 409)
            table = outcome.table
    except TapReused:
        return render_history(table, game, number, Notice("error", field=_("This entry"), reason=tap_reused_reason()), 409)
    except BadChange as bad:
        return render_history(table, game, number, Notice("error", field=bad.field, reason=bad.reason), 400)
    except (ValueError, StaleVersion):
        fresh, _game = open_table(token)
        return render_history(fresh, game, number, Notice("stale"), 400)
    if wants_fragment():
        return render_history(table, game, number)
    return redirect(url_for("history.history", token=token, page=number), 303)


def json_history(token: str, number: int) -> dict[str, object]:
    """The record as ``GET /api/tables/<token>/history`` gives it (docs/json.md): either link,
    read-only; phones by number, never their ids; scorings with their totals and verdict."""
    table, game = open_table(token)
    db = get_db()
    entries, total = record.page(db, table.id, number)
    phones = record.phones(db, table.id)
    return {
        "game": table.game,
        "version": table.version,
        "page": number,
        "pages": max(1, -(-total // record.PAGE)),
        "entries": total,
        "changes": [_json_entry(table, game, entry, phones) for entry in entries],
    }


def _json_entry(table: Table[TableState], game: WebGame[Any, Any], entry: record.Entry, phones: dict[str, int]) -> dict[str, Any]:
    shown: dict[str, Any] = {"version": entry.version, "kind": entry.kind, "at": entry.at, "phone": phones.get(entry.phone), "undoes": entry.undoes}
    if entry.kind in ("scoring", "restore"):
        result = KeptResult.model_validate(entry.after) if entry.after else None
        return {**shown, "scoring": entry.cell.removeprefix(RESULTS), "totals": result.totals if result else {},
                "verdict": kept_verdict(game.slug, result) if result else ""}
    return {**shown, "cell": entry.cell, "field": game.describe_cell(table.state, entry.cell),
            "cells": [{"cell": cell, "before": before, "after": after} for cell, (before, after) in entry.cells.items()]}
