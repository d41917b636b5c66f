"""Friendly pages for every error a client can cause; never a stack trace."""
from __future__ import annotations

import math

from flask import Flask, Response, abort, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadRequest, HTTPException, SecurityError

from assistant.web.pages import WATCH_ONLY
from assistant.web.serving import admission
from assistant.web.serving.admission import ServerBusy
from assistant.web.serving.front import BODY_LATE
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.locale import api_language
from assistant.web.store.db import store_failed
from assistant.web.store.pace import WrittenTooFast

RETRY_SECONDS = 5  # what a 503 asks a client to wait before trying again


class FieldRefused(BadRequest):
    """A form field no page of ours sends as it came: the page names the field and why (the description)."""


def _page(title: str, message: str, status: int, outage: str = "") -> tuple[str, int]:
    """``outage``: what is out of reach ("database"), marked on the page (data-outage) so a phone's
    banner says it rather than that the phone lost its connection (static/app.js)."""
    marked = {"data-outage": outage} if outage else {}  # the page's attributes (the template's ``xmlattr``)
    return render_template("error.html", title=title, message=message, status=status, outage_attributes=marked), status


def _api_error(error: HTTPException) -> tuple[dict[str, object], int, dict[str, str]]:
    """A JSON client gets JSON, in the API's shape, whatever went wrong (an HTML page is no use to curl)."""
    status = error.code or 400
    reason = "use POST with a JSON body" if status == 405 else (error.name or "bad request").lower()
    allow = {key: value for key, value in error.get_headers() if key == "Allow"}
    return {"error": f"error: request: {reason}", "errors": [{"field": "request", "reason": reason}]}, status, allow


def refuse_nul_bytes() -> None:
    """A NUL character belongs in no address, link token or form field of ours, and PostgreSQL
    cannot even compare a text with one: not found (in the path) or a bad request (elsewhere)."""
    if "\x00" in request.path:
        abort(404)
    fields = request.args.items(multi=True)
    if request.method == "POST" and request.mimetype in {"application/x-www-form-urlencoded", "multipart/form-data"}:
        fields = [*fields, *request.form.items(multi=True)]
    if any("\x00" in key or "\x00" in value for key, value in fields):
        abort(400)


def refuse_late_body() -> None:
    """A request whose body did not reach the server's front in time (front.py), which kept it
    from every thread until then: it is refused before anything reads its (empty) form."""
    if request.environ.get(BODY_LATE):
        abort(408)


def init_app(app: Flask) -> None:
    # Before every other check (the CSRF check reads the form, which is not there).
    app.before_request_funcs.setdefault(None, []).insert(0, refuse_nul_bytes)
    app.before_request_funcs[None].insert(0, refuse_late_body)

    @app.errorhandler(408)
    def too_slow(_error: HTTPException) -> ResponseReturnValue:
        if request.blueprint == "api":
            return {"error": "the request's body did not arrive in time", "errors": [{"field": "body", "reason": "did not arrive in time"}]}, 408
        return _page(_("The connection is too slow"), _("What you sent did not arrive in time, so nothing was saved. Try again."), 408)

    @app.errorhandler(CSRFError)
    def csrf_error(_error: CSRFError) -> ResponseReturnValue:
        return _page(
            _("This page has expired"),
            _("The form was sent without its security token. Reload the page and try again; the table keeps everything saved so far."),
            400,
        )

    @app.errorhandler(404)
    def not_found(_error: HTTPException) -> ResponseReturnValue:
        if request.path.startswith("/api/"):
            return _api_error(_error)
        return _page(
            _("Nothing here"),
            _("There is no table or page at this address. Check the link, or start a new table."),
            404,
        )

    @app.errorhandler(413)
    def too_large(_error: HTTPException) -> ResponseReturnValue:
        return _page(_("Too much text"), _("That was far more than a form of this app sends. Nothing was saved."), 413)

    @app.errorhandler(SecurityError)
    def untrusted_host(_error: SecurityError) -> ResponseReturnValue:
        # A Host outside ASSISTANT_TRUSTED_HOSTS: no page of ours can be drawn, each of its
        # links would need the very name refused.
        text = _("This server does not answer to that name.")
        return Response(text + "\n", 400, mimetype="text/plain")

    @app.errorhandler(ServerBusy)
    def busy(_error: ServerBusy) -> ResponseReturnValue:
        retry = {"Retry-After": str(admission.RETRY_SECONDS)}
        if request.path.startswith("/api/"):
            language = api_language()
            return admission.busy_json(language), 503, {**retry, "Content-Language": language, "Vary": "Accept-Language"}
        page, status = _page(_("The server is busy"), _("Other scorings are taking all its time right now. Nothing was lost; try again in a moment."), 503)
        return page, status, retry

    @app.errorhandler(WrittenTooFast)
    def written_too_fast(error: WrittenTooFast) -> ResponseReturnValue:
        # Plain words and Retry-After: app.js keeps the tap and sends it again then, as after a 503.
        text = _("This table is being changed faster than any game is played, so this change was not made: try again in a moment.")
        return Response(text + "\n", 429, mimetype="text/plain", headers={"Retry-After": str(max(1, math.ceil(error.seconds))), "Cache-Control": "no-store"})

    @app.errorhandler(FieldRefused)
    def field_refused(error: FieldRefused) -> ResponseReturnValue:
        return _page(_("That did not work"), str(error.description), 400)

    @app.errorhandler(HTTPException)
    def other_http_error(error: HTTPException) -> ResponseReturnValue:
        if request.path.startswith("/api/"):
            return _api_error(error)
        return _page(_("That did not work"), _("The request could not be handled ({code}).").format(code=error.code), error.code or 400)

    @app.errorhandler(403)
    def forbidden(error: HTTPException) -> ResponseReturnValue:
        if getattr(error, "description", None) == WATCH_ONLY:
            return _page(
                _("This link is for watching only"),
                _(
                    "It shows the table and its scores, and changes nothing. To enter counts, open the link to play along: "
                    "any phone already playing can show it under Share."
                ),
                403,
            )
        return other_http_error(error)

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> ResponseReturnValue:
        if store_failed(error):  # said once in the log (db.py); the phones keep their taps and retry
            page, status = _page(
                _("The tables cannot be reached right now"),
                _("The server cannot use its database at the moment. Everything saved before is safe; try again in a moment."),
                503,
                outage="database",
            )
            return page, status, {"Retry-After": str(RETRY_SECONDS)}
        app.logger.exception("unexpected error", exc_info=error)
        return _page(
            _("Something went wrong"),
            _("This is a fault in the app, not in what you entered. Everything saved before is still there; reload the page."),
            500,
        )
