"""One template set for both kinds of request: the full page, or the fragment htmx asked for."""
from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request
from flask.typing import ResponseReturnValue
from jinja2 import Environment
from jinja2.runtime import Macro

from assistant.web.games import web_game
from assistant.web.games.base import WebGame
from assistant.web.phones import this_phone
from assistant.web.store.state import TableState
from assistant.web.store.tables import Table, find_table


def wants_fragment() -> bool:
    """An htmx request that swaps part of the page (not a boosted link or a history restore)."""
    headers = request.headers
    return headers.get("HX-Request") == "true" and not headers.get("HX-Boosted") and not headers.get("HX-History-Restore-Request")


def swap_oob(alone: bool) -> dict[str, str]:
    """A part's attributes (the template's ``xmlattr``) where it comes alone in an answer: htmx swaps
    it in by its id (out of band)."""
    return {"hx-swap-oob": "true"} if alone else {}


def shared_macros(environment: Environment) -> dict[str, Macro]:
    """templates/macros.html's macros, which ``create_app`` makes globals of every template: what
    ``{% from "macros.html" import ... %}`` gave, the template's module made once without the context of
    the template using it (its macros see the globals, ``url_for``, ``_``..., and their parameters)."""
    module = environment.get_template("macros.html").module
    return {name: value for name, value in vars(module).items() if isinstance(value, Macro)}


def render(page_template: str, fragment_template: str, status: int = 200, **context: Any) -> tuple[str, int, dict[str, str]]:
    """``fragment_template`` for htmx, else ``page_template`` (which includes the same fragment)."""
    # Vary: the same address answers with a page or a fragment; no-store: live state and tokens.
    headers = {"Vary": "HX-Request", "Cache-Control": "no-store"}
    return render_template(fragment_template if wants_fragment() else page_template, fragment_request=wants_fragment(), **context), status, headers


def open_table(token: str) -> tuple[Table[TableState], WebGame[Any, Any]]:
    """The table behind a link, or the friendly 404 page."""
    if not 10 <= len(token) <= 64:
        abort(404)
    table = find_table(token)
    if table is None:
        abort(404)
    try:
        game = web_game(table.game)
    except KeyError:
        abort(404)
    if table.can_edit:
        this_phone()  # the phone's id comes with the page it changes the table from (phones.py)
    return table, game


WATCH_ONLY = "watch-only"  # the 403 of a spectators' link (errors.py says so in the page's language)


def editable_table(token: str) -> tuple[Table[TableState], WebGame[Any, Any]]:
    table, game = open_table(token)
    if not table.can_edit:
        abort(403, WATCH_ONLY)
    return table, game


def go_to(url: str) -> ResponseReturnValue:
    """After a successful form: a normal redirect, or for htmx a full navigation (not a swap)."""
    if request.headers.get("HX-Request") == "true":
        return "", 204, {"HX-Redirect": url}
    return redirect(url, 303)
