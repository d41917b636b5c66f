"""The poll that finds nothing new, answered before the app: every phone at a table asks every
2 s whether its screen changed (``?since=<version>``), and almost always it has not.

Those polls are answered ``NOTHING_NEW`` here, in front of Flask, from the request line and three
headers alone (``PollAnswers``): the path, ``since``, the Host (checked as hosts.py and
``ASSISTANT_TRUSTED_HOSTS`` check it) and, behind a trusted proxy, its ``X-Forwarded-Proto`` and
``-Host`` read as ProxyFix reads them. The version comes from memory: on PostgreSQL from the
versions this process keeps (versions.py); on SQLite from ``FileVersions``, which believes what it
read while the file's ``data_version`` says no other connection, of this process or another, has
committed since. The answer carries the headers every response carries (``security_headers``,
HSTS over HTTPS) and ``Vary`` as the app sends it. A poll reads no session and changes nothing,
so it has no CSRF check to skip (GET). Anything else goes on to the app untouched, which looks
again: a changed or unknown table, a query this does not read (``?lang=`` sets a cookie), a Host
the app refuses, a database not set up yet.

Under ``serve`` the front (front.py) asks ``PollAnswers.answer`` with granian's request, in its
event loop, before any WSGI environ is built (with the access log on, through the app's WSGI
chain instead, so the line is written); elsewhere (tests, ``--debug``) the same answers come from
``UnchangedPolls``, WSGI middleware around the app.
"""
from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl

from flask import Flask
from werkzeug.sansio.utils import host_is_trusted

from assistant.web.serving.front import IN_FRONT, Answer, NeedsThread, Scope
from assistant.web.serving.hosts import is_host
from assistant.web.serving.numbers import small_number
from assistant.web.serving.security import security_headers
from assistant.web.store import versions
from assistant.web.store.db import kept_connection
from assistant.web.store.tables import version_of

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
KEPT = 100_000  # tables whose version FileVersions remembers at most (a few MB)
KEPT_HOSTS = 256
KEPT_POLLS = 10_000  # polls' addresses read (about 3 MB)
_UNREAD = ("", -1)  # an address not read yet (None: read, and not a poll answered here)


class FileVersions:
    """token → the version a SQLite file held, believed while the file's ``data_version`` (on
    one connection: it changes when any other connection commits) is what it was when read; one
    thread's (the front's event loop)."""

    def __init__(self) -> None:
        self._seen: int | None = None
        self._versions: dict[str, int] = {}

    def version(self, token: str, connection: sqlite3.Connection) -> int | None:
        (data_version,) = connection.execute("PRAGMA data_version").fetchone()
        if data_version != self._seen:  # a change somewhere: read each table again once
            self._versions.clear()
            self._seen = data_version
        known = self._versions.get(token)
        if known is None:
            known = version_of(token, connection)
            if known is not None:
                if len(self._versions) >= KEPT:
                    self._versions.clear()
                self._versions[token] = known
        return known


class PollAnswers:
    """Whether a poll is answered ``NOTHING_NEW``, from its path, query, Host and scheme."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
        self._files: dict[int, FileVersions] = {}  # by thread: a SQLite connection is one thread's
        self._hosts: dict[str, bool] = {}
        self._polls: dict[tuple[str, str], tuple[str, int] | None] = {}  # (path, query) read once
        self._answers = {secure: (200, [VARY, *NOTHING_NEW.items(), *security_headers(secure)], b"") for secure in (False, True)}

    def answer(self, request: Scope) -> Answer | None:
        """granian's request answered here, or None: the app answers it."""
        headers = request.headers
        if request.method != "GET" or "content-length" in headers or "transfer-encoding" in headers:
            return None
        host = headers.get("host") or request.authority or ""
        secure = request.scheme == "https"
        if self.proxies:  # as ProxyFix reads them, after the trusted proxies
            host = self._forwarded(headers.get_all("x-forwarded-host")) or host
            secure = (self._forwarded(headers.get_all("x-forwarded-proto")) or request.scheme) == "https"
        if not self.unchanged(request.path, request.query_string, host, in_front=True):
            return None
        return self._answers[secure]  # the same list each time: granian only reads it

    def nothing_new_headers(self, secure: bool) -> list[tuple[str, str]]:
        return list(self._answers[secure][1])

    def unchanged(self, path: str, query_string: str, host: str, in_front: bool) -> bool:
        if not self._host_served(host):
            return False  # the app answers it (a Host it refuses: in the page's language)
        asked = self._polls.get((path, query_string), _UNREAD)
        if asked is _UNREAD:
            asked = self._polls[path, query_string] = _poll_of(path, query_string)
            if len(self._polls) >= KEPT_POLLS:  # a table's phones ask the same address until it changes
                self._polls.clear()
        if asked is None:
            return False
        token, since = asked
        if self.app.config["DATABASE_URL"]:  # on PostgreSQL, from the versions kept in memory
            known = versions.watched(self.app.config["DATABASE_URL"])
            return known is not None and known.known(token) == since
        # In the event loop, a lookup that would wait for a lock is left to a thread instead.
        connection = kept_connection(self.app.config["DATABASE"], busy_seconds=FRONT_BUSY_SECONDS if in_front else None)
        if connection is None:
            return False
        try:
            if not in_front:  # an app thread writes on this same connection, which its data_version never counts
                return version_of(token, connection) == since
            return self._file_versions().version(token, connection) == since
        except sqlite3.Error:  # the app answers it, and says what went wrong
            return False

    def _host_served(self, host: str) -> bool:
        """A host name (hosts.py) the app serves (``ASSISTANT_TRUSTED_HOSTS``): the few a server
        is reached by, each worked out once."""
        served = self._hosts.get(host)
        if served is None:
            trusted = self.app.config["TRUSTED_HOSTS"]
            served = is_host(host) and not (trusted and not host_is_trusted(host, trusted))
            if len(self._hosts) >= KEPT_HOSTS:  # a client making up names does not grow it
                self._hosts.clear()
            self._hosts[host] = served
        return served

    def _file_versions(self) -> FileVersions:
        """The event loop's (only the front's threads, which never write, may believe one)."""
        thread = threading.get_ident()
        kept = self._files.get(thread)
        if kept is None:
            kept = self._files[thread] = FileVersions()
        return kept

    def _forwarded(self, values: list[str]) -> str | None:
        """The value the ``proxies``-th proxy from the end set (Werkzeug's ProxyFix), or None."""
        found = [value.strip() for value in ",".join(values).split(",")] if values else []
        return found[-self.proxies] if len(found) >= self.proxies else None


def _poll_of(path: str, query_string: str) -> tuple[str, int] | None:
    """The table's token and the version a poll says it shows, or None: not a poll this answers."""
    if not SCREEN_PATH.fullmatch(path):
        return None
    query = _query(query_string)
    since = small_number(query.get("since"))
    if since is None or "lang" in query:
        return None
    return path.split("/")[2], since


def _query(query_string: str) -> dict[str, str]:
    """A poll's query (``since=5``, ``player=2&since=5``): split by hand, parse_qsl only when
    something in it is encoded; it cost a poll more than its lookup."""
    if "%" in query_string or "+" in query_string:
        return dict(parse_qsl(query_string))
    return dict(pair.partition("=")[::2] for pair in query_string.split("&") if pair)


class UnchangedPolls:
    """WSGI middleware around the app's own ``wsgi_app``: the same answers where there is no
    front (tests, ``--debug``), or where the front passes the request through the app's chain."""

    def __init__(self, answers: PollAnswers, wsgi_app: WSGIApplication) -> None:
        self.answers, self.wsgi_app = answers, wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        in_front = bool(environ.get(IN_FRONT, False))
        if environ.get("REQUEST_METHOD") == "GET" and self.answers.unchanged(
                environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", ""), environ.get("HTTP_HOST", ""), in_front):
            start_response("200 OK", self.answers.nothing_new_headers(environ.get("wsgi.url_scheme") == "https"))
            return []
        if in_front:
            raise NeedsThread
        return self.wsgi_app(environ, start_response)


def answers(app: Flask) -> PollAnswers:
    """The app's poll answers (``init_app``), for the front to ask before any WSGI environ."""
    found: PollAnswers = app.extensions["poll_answers"]
    return found


def init_app(app: Flask) -> None:
    """Before ``security.init_app``, so that a trusted proxy's ``ProxyFix`` runs first."""
    poll_answers = app.extensions["poll_answers"] = PollAnswers(app)
    app.wsgi_app = UnchangedPolls(poll_answers, app.wsgi_app)  # type: ignore[method-assign]  # Flask's documented way to wrap it
