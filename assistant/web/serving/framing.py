"""What the server's front (front.py) refuses before the app sees a request, as nginx does: a
request whose framing two servers could read two ways (request smuggling) or whose body did not
arrive whole. granian's HTTP parser (hyper) already refuses a lone unknown Transfer-Encoding,
differing Content-Lengths and a Content-Length that is not a number; what it lets through, and
what this module refuses:

- several ``Host`` headers, or none on HTTP/1.1 (RFC 9112 §3.2: 400);
- several ``Transfer-Encoding`` headers (400), or one that is not plain ``chunked`` (501, as
  nginx: hyper reads ``x, chunked`` as chunked, while the app would see a body it cannot decode);
- a body that ended before its end: fewer bytes than its Content-Length, a malformed or
  oversized chunk, a connection closed or reset half-way.

granian's body iterator does not raise when the body breaks off: it yields an empty chunk for
the error, then the empty chunk every body ends with (``BodyEnd`` reads that).
"""
from __future__ import annotations

import json as json_text
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Refusal:
    """A request the front answers itself: ``reason`` is said in the answer (or ``json``, for the
    API), and the connection closed (``close``: the rest of a body may still be on its way);
    ``retry_after``: a 503's wait."""

    status: int
    reason: str
    json: dict[str, object] | None = None
    retry_after: int | None = None
    close: bool = True

    def answer(self) -> tuple[int, list[tuple[str, str]], bytes]:
        if self.json is not None:
            text, kind = json_text.dumps(self.json).encode(), "application/json"
        else:
            text, kind = f"{self.reason}\n".encode(), "text/plain; charset=utf-8"
        headers = [("Content-Type", kind), ("Content-Length", str(len(text))), ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store")]
        if self.retry_after is not None:
            headers.append(("Retry-After", str(self.retry_after)))
        if self.close:
            headers.append(("Connection", "close"))
        return self.status, headers, text


class RequestHeaders(Protocol):
    """A request's headers as granian gives them (its RSGI scope's ``headers``), names in lower case."""

    def __contains__(self, key: str, /) -> bool: ...

    def get(self, key: str, default: None = None, /) -> str | None: ...

    def get_all(self, key: str, /) -> list[str]: ...

    def keys(self) -> Iterable[str]: ...


def refused_framing(headers: RequestHeaders, http_version: str) -> Refusal | None:
    """Why a request's head cannot be trusted to frame it (None when it can)."""
    hosts = headers.get_all("host")
    if len(hosts) > 1:
        return Refusal(400, "Bad request: several Host headers")
    if not hosts and http_version not in ("1", "1.0"):
        return Refusal(400, "Bad request: no Host header (HTTP/1.1 requires one)")
    encodings = headers.get_all("transfer-encoding")
    if len(encodings) > 1:
        return Refusal(400, "Bad request: several Transfer-Encoding headers")
    if encodings and encodings[0].strip().lower() != "chunked":
        return Refusal(501, f"Not implemented: Transfer-Encoding {encodings[0].strip()[:40]!r} (only chunked is understood)")
    return None


CUT_BODY = Refusal(400, "Bad request: the body did not arrive whole (cut short, or a malformed chunk)")


class BodyEnd:
    """Reads granian's chunks as they come: an empty chunk followed by anything means the body broke off."""

    def __init__(self) -> None:
        self.empty_seen = False
        self.broken = False

    def took(self, chunk: bytes) -> None:
        if self.empty_seen:
            self.broken = True
        self.empty_seen = not chunk
