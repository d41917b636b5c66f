"""Everything logged in a test session, for one check at its end: no line names a table's link
or a board's key (docs/security.md). The servers the tests start (tests/served.py, the shipped
app's tests) hand over what they printed when they stop; this process's own log records are
collected by a handler on the root logger (tests/conftest.py)."""
from __future__ import annotations

import logging
import re

# A link's token (10 to 64 URL-safe characters) or a key, where a log line would show it.
TOKEN = re.compile(r"(?:/t/|/api/tables/)[A-Za-z0-9_-]{10,64}|\bkey=[A-Za-z0-9_-]{10,}")
lines: list[str] = []


def served(output: list[str]) -> None:
    """What a server printed, from its start to its stop."""
    lines.extend(line.rstrip("\n") for line in output)


class Collector(logging.Handler):
    """This process's log records, formatted as a handler would write them."""

    def emit(self, record: logging.LogRecord) -> None:
        lines.append(self.format(record))


def with_tokens() -> list[str]:
    return [line for line in lines if TOKEN.search(line)]
