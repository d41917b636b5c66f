"""An access log from `serve`, off unless asked for: ``ASSISTANT_ACCESS_LOG=-`` (standard output,
where systemd's journal or ``docker logs`` take it) or ``=/path/to/file`` (appended to).

A table's link is its key, and so is a board variant's ``?key=``: they are logged as
``/t/<link>/…`` and ``key=<key>``, as the app's own log and the site file deploy/nginx.conf write
them. Anyone who reads the log learns which screens were used, how often and how fast, never a
table. One line a request, nginx's order:

    127.0.0.1 [26/Nov/2026:17:08:02 +0000] "GET /t/<link>/board?since=5 HTTP/1.1" 200 0 0.4ms

(the client's address as the app sees it: behind a trusted proxy, the phone's). Polls answered in
granian's event loop (polls.py) are logged there as well: the line is written where the answer is.
"""
from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING
from urllib.parse import quote

from assistant.web.serving.log_links import without_links

if TYPE_CHECKING:
    from _typeshed import OptExcInfo
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

SETTING = "ASSISTANT_ACCESS_LOG"
logger = logging.getLogger("assistant.access")


def masked(target: str) -> str:
    return without_links(target)  # the app's own log's rule: every route that carries a link


def problem(setting: str) -> str:
    """Why the setting cannot be used ("" when it can), said by `serve` before it starts."""
    if setting in ("", "-"):
        return ""
    try:
        with open(setting, "a", encoding="utf-8"):
            return ""
    except OSError as error:
        return f"{SETTING}: cannot write {setting}: {error.strerror}"


def logged(wsgi_app: WSGIApplication, setting: str) -> WSGIApplication:
    """``wsgi_app`` with a line logged for each request it answers (none without the setting)."""
    if not setting:
        return wsgi_app
    handler = logging.StreamHandler(sys.stdout) if setting == "-" else logging.FileHandler(setting, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False  # not twice, not in the app's own log
    return AccessLog(wsgi_app)


class AccessLog:
    """WSGI middleware: the request as it came, the status and length as they went."""

    def __init__(self, wsgi_app: WSGIApplication) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        answer: dict[str, str] = {}

        def remember(status: str, headers: list[tuple[str, str]], exc_info: OptExcInfo | None = None) -> Callable[[bytes], object]:
            answer.update(status=status.split(" ", 1)[0], length=dict(headers).get("Content-Length", "-"))
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        result = self.wsgi_app(environ, remember)  # a poll left to a thread raises here: logged there
        if answer:
            logger.info('%s [%s] "%s %s %s" %s %s %.1fms', environ.get("REMOTE_ADDR", "-"), time.strftime("%d/%b/%Y:%H:%M:%S %z"),
                        environ.get("REQUEST_METHOD", "-"), masked(_target(environ)), environ.get("SERVER_PROTOCOL", "-"),
                        answer["status"], answer["length"], (time.perf_counter() - started) * 1000)
        return result


def _target(environ: WSGIEnvironment) -> str:
    """The path and query as the client sent them (PEP 3333's path is Latin-1 code points of UTF-8)."""
    path = quote(environ.get("PATH_INFO", "").encode("latin-1", "replace").decode("utf-8", "replace"), safe="/;:@&=+$,-_.!~*'()")
    query = environ.get("QUERY_STRING", "")
    return f"{path}?{query}" if query else path
