"""Friendly pages for every error a client can cause; never a stack trace."""
from __future__ import annotations

from flask import Flask, render_template
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from assistant.web.i18n import gettext as _


def _page(title: str, message: str, status: int):
    return render_template("error.html", title=title, message=message, status=status), status


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(_error):
        return _page(
            _("This page has expired"),
            _("The form was sent without its security token. Reload the page and try again; the table keeps everything saved so far."),
            400,
        )

    @app.errorhandler(404)
    def not_found(_error):
        return _page(
            _("Nothing here"),
            _("There is no table or page at this address. Check the link, or start a new table."),
            404,
        )

    @app.errorhandler(413)
    def too_large(_error):
        return _page(_("Too much text"), _("That was far more than a form of this app sends. Nothing was saved."), 413)

    @app.errorhandler(HTTPException)
    def other_http_error(error: HTTPException):
        return _page(_("That did not work"), _("The request could not be handled ({code}).").format(code=error.code), error.code or 400)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        app.logger.exception("unexpected error", exc_info=error)
        return _page(
            _("Something went wrong"),
            _("This is a fault in the app, not in what you entered. Everything saved before is still there; reload the page."),
            500,
        )
