"""No log line names a table's link or a board's key: an edit link is the key to a table, and
logs are read by more people than the players (docs/security.md). Every record this process
logs, from any logger (Flask's, granian's, psycopg's), exceptions and their tracebacks included,
has ``/t/<token>`` replaced by ``/t/<link>``, ``/api/tables/<token>`` by ``/api/tables/<link>`` and
``key=<key>`` by ``key=<key>`` when it is made: a record factory, so no handler configured later
(granian's, a host's own) can miss it. Every route that carries a link is one of these
(tests/web/test_no_link_logged.py walks the URL map); deploy/nginx.conf masks the same."""
from __future__ import annotations

import logging
import re
import traceback
from typing import Any

# A table's link (edit or watch token, 10 to 64 URL-safe characters) where a route carries one,
# and a board variant's key. One character is no token: a mask such as ``/t/-/…`` stays as it is.
_LINK = re.compile(r"(/t/|/api/tables/)[A-Za-z0-9_-]{2,}")
_KEY = re.compile(r"\bkey=[^&\s\"'<]+")
_installed: dict[str, object] = {}


def without_links(text: str) -> str:
    """``text`` with every table link and board key replaced by a placeholder."""
    return _KEY.sub("key=<key>", _LINK.sub(r"\1<link>", text))


def _scrubbed(record: logging.LogRecord) -> logging.LogRecord:
    try:
        message = record.getMessage()
    except Exception:  # arguments that do not fit the message: keep both apart, each scrubbed
        message = f"{record.msg} {record.args!r}"
    record.msg, record.args = without_links(message), ()
    if record.exc_info and record.exc_info[1] is not None:
        # The handler's formatter uses exc_text when it is set: the traceback, scrubbed, made now.
        record.exc_text = without_links("".join(traceback.format_exception(*record.exc_info)).rstrip("\n"))
    elif record.exc_text:
        record.exc_text = without_links(record.exc_text)
    if record.stack_info:
        record.stack_info = without_links(record.stack_info)
    return record


def hide_links_in_logs() -> None:
    """From now on in this process, every log record is made without links (once per process)."""
    if "factory" in _installed:
        return
    made = logging.getLogRecordFactory()
    _installed["factory"] = made

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:  # LogRecord's own arguments, passed on
        return _scrubbed(made(*args, **kwargs))

    logging.setLogRecordFactory(factory)
