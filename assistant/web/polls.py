"""The poll that finds nothing new, answered before the app: every phone at a table asks every
2 s whether its screen changed (``?since=<version>``), and almost always it has not.

Those polls are answered ``NOTHING_NEW`` here, in front of Flask: one indexed lookup on this
thread's kept connection (``db.kept_connection``), the headers every response carries (``security_headers``,
HSTS over HTTPS as the proxy settings say: this sits behind ``ProxyFix``) and ``Vary`` as the app
sends it. A poll reads no session and changes nothing, so it has no CSRF check to skip (GET).
Anything else goes on to the app untouched, which looks again: a changed or unknown table, a
query this does not read (``?lang=`` sets a cookie), a database not set up yet.
"""
from __future__ import annotations

import re
import sqlite3
from urllib.parse import parse_qsl

from flask import Flask

from assistant.web.db import kept_connection
from assistant.web.numbers import small_number
from assistant.web.security import security_headers
from assistant.web.tables import version_of

# /t/<token>/<screen> and /t/<token>/scores/<scoring>: the screens that poll (views/table.py,
# views/scores.py); tokens are 10 to 64 URL-safe characters.
SCREEN_PATH = re.compile(r"/t/[A-Za-z0-9_-]{10,64}/(?:scores/)?[a-z]+")
VARY = ("Vary", "Accept-Language")  # as the app's own answers (locale.py)
# "Nothing new", as the app's own poll answers it too (views/table.py): an empty 200 that htmx
# swaps nowhere. Not a 204: a 204 may carry no Content-Length, and some servers (waitress) close
# an HTTP/1.1 connection after any answer without one, so every poll would cost a new connection.
NOTHING_NEW = {"Content-Length": "0", "HX-Reswap": "none"}


class UnchangedPolls:
    """WSGI middleware around the app's own ``wsgi_app``."""

    def __init__(self, app: Flask, wsgi_app):
        self.app, self.wsgi_app = app, wsgi_app

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET" and self._unchanged(environ):
            secure = environ.get("wsgi.url_scheme") == "https"
            start_response("200 OK", [VARY, *NOTHING_NEW.items(), *security_headers(secure)])
            return []
        return self.wsgi_app(environ, start_response)

    def _unchanged(self, environ) -> bool:
        path = environ.get("PATH_INFO", "")
        if not SCREEN_PATH.fullmatch(path):
            return False
        query = dict(parse_qsl(environ.get("QUERY_STRING", "")))
        since = small_number(query.get("since"))
        if since is None or "lang" in query or self.app.config["DATABASE_URL"]:
            return False  # on PostgreSQL the app answers every poll through its pool
        connection = kept_connection(self.app.config["DATABASE"])
        try:
            return connection is not None and version_of(path.split("/")[2], connection) == since
        except sqlite3.Error:  # the app answers it, and says what went wrong
            return False


def init_app(app: Flask) -> None:
    """Before ``security.init_app``, so that a trusted proxy's ``ProxyFix`` runs first."""
    app.wsgi_app = UnchangedPolls(app, app.wsgi_app)
