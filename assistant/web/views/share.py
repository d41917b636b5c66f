"""Sharing a table: the edit link and the spectators' link, as text and QR codes."""
from __future__ import annotations

from flask import Blueprint, current_app, request, url_for
from flask.typing import ResponseReturnValue

from assistant.web import own_counts
from assistant.web.pages import open_table, render
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.sharing import BaseUrls, base_urls, qr_svg

bp = Blueprint("share", __name__, url_prefix="/t/<token>")


@bp.get("/share")
def share(token: str) -> ResponseReturnValue:
    table, game = open_table(token)
    listening = current_app.config.get("LISTENING_HOST") or request.environ.get("SERVER_NAME")
    config = current_app.config
    # SERVER_NAME may come from the Host header itself: only the configured address is known.
    known = [*(config.get("TRUSTED_HOSTS") or ()), *filter(None, [config.get("LISTENING_HOST")])]
    where = base_urls(request.host_url, config.get("PUBLIC_URL", ""), listening, known, request.environ.get("SERVER_PORT", ""))
    first = game.entry_screens[0].name
    links = []
    if table.can_edit:
        edit = where["base"] + url_for("table.screen", token=table.id, screen=first)
        links.append({"kind": "edit", "url": edit, "qr": qr_svg(edit, _("QR code of the link to play along"))})
    view = where["base"] + url_for("table.screen", token=table.view_id, screen=first)
    links.append({"kind": "view", "url": view, "qr": qr_svg(view, _("QR code of the spectators' link"))})
    return render(
        "table/page.html", "table/_screen.html", table=table, game=game, screen="share", fragment="share/page.html",
        links=links, seat_links=own_counts.entry_links(table, game, where["base"]), where=where, where_said=where_said(where), poll_url=None, notice=None,
    )


def where_said(where: BaseUrls) -> str:
    """What the share page says about the links' address (templates/share/where/): the configured
    one, a page opened on localhost, a Host this server was not told is its own, or just how to scan."""
    if where["source"] == "configured":
        return "share/where/configured.html"
    if where["opened_on_localhost"]:
        return "share/where/localhost.html"
    if where.get("unknown_host"):
        return "share/where/unknown-host.html"
    return "share/where/network.html"
