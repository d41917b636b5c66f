"""The ``Host`` a request names, checked before anything reads it: a name that is no host name
(``a..b``, a label over 63 characters, a space, a port over 65535) made Werkzeug's address
building raise on every route, ``/healthz`` included, and granian answered a bare 500 with a
traceback in the log (issue 31). Such a request gets a plain 400 from here instead, whatever the
route; a well-formed name outside ``ASSISTANT_TRUSTED_HOSTS`` is refused by Flask (errors.py), and
the poll answered before the app checks the same list (polls.py)."""
from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Flask

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

# A DNS name (letters, digits, hyphens and, for local names such as Docker's, underscores; labels
# of 1 to 63 characters, not starting or ending with a hyphen), an IPv4 address, or an IPv6 one in
# brackets; then an optional port. Browsers send internationalised names as punycode (xn--).
_LABEL = r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)"
_HOST = re.compile(rf"(?P<name>{_LABEL}(?:\.{_LABEL})*\.?|\[(?P<ipv6>[0-9A-Fa-f:.]+)\])(?::(?P<port>[0-9]{{1,5}}))?")
MAX_NAME = 253
REFUSED = b"Bad request: the Host header is not a host name.\n"


def is_host(value: str) -> bool:
    """``value`` is a Host header a client may send: a name or address, and a port."""
    found = _HOST.fullmatch(value)
    if found is None or len(found.group("name")) > MAX_NAME + 2:
        return False
    if found.group("port") is not None and not 0 < int(found.group("port")) <= 65535:
        return False
    if found.group("ipv6") is not None:
        try:
            ipaddress.IPv6Address(found.group("ipv6"))
        except ValueError:
            return False
    return True


class CheckedHost:
    """WSGI middleware: a request whose Host is no host name gets a plain 400 and goes no further."""

    def __init__(self, wsgi_app: WSGIApplication) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST")
        if host is not None and not is_host(host):
            start_response("400 Bad Request", [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(REFUSED))),
                                               ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store")])
            return [REFUSED]
        return self.wsgi_app(environ, start_response)


def init_app(app: Flask) -> None:
    """After ``polls.init_app`` and before ``security.init_app``: a trusted proxy's ``X-Forwarded-Host``
    (ProxyFix) is what is checked, and nothing after reads a Host unchecked."""
    app.wsgi_app = CheckedHost(app.wsgi_app)  # type: ignore[method-assign]  # Flask's documented way to wrap it
