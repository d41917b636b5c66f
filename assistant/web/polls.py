"""The poll that finds nothing new, answered before the app: every phone at a table asks every
2 s whether its screen changed (``?since=<version>``), and almost always it has not.

Those polls are answered ``NOTHING_NEW`` here, in front of Flask: on SQLite from one indexed
lookup on this thread's kept connection (``db.kept_connection``), on PostgreSQL from the versions
this process keeps in memory (versions.py); with the headers every response carries (``security_headers``,
HSTS over HTTPS as the proxy settings say: this sits behind ``ProxyFix``) and ``Vary`` as the app
sends it. A poll reads no session and changes nothing, so it has no CSRF check to skip (GET).
Anything else goes on to the app untouched, which looks again: a changed or unknown table, a
query this does not read (``?lang=`` sets a cookie), a database not set up yet.

Under ``serve`` this runs first in granian's event loop (front.py, ``IN_FRONT`` in the environ),
so a poll with nothing new never waits for a thread or costs a hand-over to one; whatever it
cannot answer there it passes on (``NeedsThread``), and the app's thread takes the request.
"""
from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl

from flask import Flask
from werkzeug.sansio.utils import host_is_trusted

from assistant.web import versions
from assistant.web.db import kept_connection
from assistant.web.front import IN_FRONT, NeedsThread
from assistant.web.numbers import small_number
from assistant.web.security import security_headers
from assistant.web.tables import version_of

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

# /t/<token>/<screen> and /t/<token>/scores/<scoring>: the screens that poll (views/table.py,
# views/scores.py); tokens are 10 to 64 URL-safe characters.
SCREEN_PATH = re.compile(r"/t/[A-Za-z0-9_-]{10,64}/(?:scores/)?[a-z]+")
VARY = ("Vary", "Accept-Language")  # as the app's own answers (locale.py)
# "Nothing new", as the app's own poll answers it too (views/table.py): an empty 200 that htmx
# swaps nowhere. Not a 204: a 204 may carry no Content-Length, and some servers (waitress) close
# an HTTP/1.1 connection after any answer without one, so every poll would cost a new connection.
NOTHING_NEW = {"Content-Length": "0", "HX-Reswap": "none"}
FRONT_BUSY_SECONDS = 0.05  # a read in WAL mode waits for no writer; this only bounds the odd case


class UnchangedPolls:
    """WSGI middleware around the app's own ``wsgi_app``."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication) -> None:
        self.app, self.wsgi_app = app, wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        in_front = environ.get(IN_FRONT, False)
        if environ.get("REQUEST_METHOD") == "GET" and self._unchanged(environ, in_front):
            secure = environ.get("wsgi.url_scheme") == "https"
            start_response("200 OK", [VARY, *NOTHING_NEW.items(), *security_headers(secure)])
            return []
        if in_front:
            raise NeedsThread
        return self.wsgi_app(environ, start_response)

    def _unchanged(self, environ: WSGIEnvironment, in_front: bool) -> bool:
        path = environ.get("PATH_INFO", "")
        if not SCREEN_PATH.fullmatch(path):
            return False
        trusted = self.app.config["TRUSTED_HOSTS"]
        if trusted and not host_is_trusted(environ.get("HTTP_HOST", ""), trusted):
            return False  # Flask refuses it (errors.py), in the page's language
        query = dict(parse_qsl(environ.get("QUERY_STRING", "")))
        since = small_number(query.get("since"))
        if since is None or "lang" in query:
            return False
        token = path.split("/")[2]
        if self.app.config["DATABASE_URL"]:  # on PostgreSQL, from the versions kept in memory
            known = versions.watched(self.app.config["DATABASE_URL"])
            return known is not None and known.known(token) == since
        # In the event loop, a lookup that would wait for a lock is left to a thread instead.
        connection = kept_connection(self.app.config["DATABASE"], busy_seconds=FRONT_BUSY_SECONDS if in_front else None)
        try:
            return connection is not None and version_of(token, connection) == since
        except sqlite3.Error:  # the app answers it, and says what went wrong
            return False


def init_app(app: Flask) -> None:
    """Before ``security.init_app``, so that a trusted proxy's ``ProxyFix`` runs first."""
    app.wsgi_app = UnchangedPolls(app, app.wsgi_app)  # type: ignore[method-assign]  # Flask's documented way to wrap it
