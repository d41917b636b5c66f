"""The server's front: how a request gets from granian to the app, whole.

granian's own WSGI interface hands a request to a Python thread as soon as its headers are in,
and the thread then reads the body: a client that sends half a body holds that thread for as long
as it likes, and eight of them held all of ``serve``'s threads (issue 19). granian leaves a body
timeout to the application (emmett-framework/granian#728). So ``serve`` runs granian's RSGI
interface with this adapter, which reads every body in granian's event loop, where waiting costs
nothing, within ``BODY_SECONDS`` and the app's size cap, and only then runs the WSGI app with the
complete request on one of its threads. A body that does not arrive in time, or is larger than
the cap (declared or, chunked, as it comes), reaches the app without them, which answers its 408
or 413 page at once, and the connection is closed. A request framed so that two servers could read
it two ways, or whose body broke off (framing.py), and a new body while too many bytes of
unfinished ones are held already, are answered here and never reach the app. Health checks and
static files run on threads of their own; an API scoring takes a thread only once it has a search
slot (admission.py).
"""
from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import parse_qsl

from assistant.web.serving import admission
from assistant.web.serving.framing import CUT_BODY, BodyEnd, Refusal, RequestHeaders, refused_framing
from assistant.web.serving.locale import api_language_of

if TYPE_CHECKING:
    from _typeshed import OptExcInfo
    from _typeshed.wsgi import WSGIApplication, WSGIEnvironment

# A phone's form or tap is a few hundred bytes and comes with its headers; a weak Wi-Fi may
# retransmit for a few seconds. Past this, the body is not coming: the request is refused.
BODY_SECONDS = 10.0
# Set in the environ of a request whose body did not arrive in time: the app refuses it (errors.py).
BODY_LATE = "assistant.body_late"
# Set in the environ while the app's chain runs in the event loop: only what answers without a
# thread (polls.py) may answer there; anything else raises NeedsThread.
IN_FRONT = "assistant.in_front"

# The bytes of unfinished bodies held at once, all connections together: 512 whole 64 KB forms
# (ASSISTANT_HELD_BODY_BYTES). Past it a new body is refused at once (503) instead of the worker's
# memory growing with every connection that sends half a body (2,000 of them took it from 64 MB
# to 263 MB before, 141 MB with the cap: benchmarks/half_bodies.py). A declared body counts whole
# from its first byte.
HELD_BYTES = 32 * 1024 * 1024
HELD_FULL = Refusal(503, "Service unavailable: too many requests are sending their bodies right now; try again in a moment", retry_after=5)

# Answered on threads of their own, so that they never wait behind the app's busy threads: a load
# balancer's health checks (a stuck store answers them within db.HEALTH_SECONDS) and the static files.
EXPRESS_PATHS = ("/healthz", "/livez")
EXPRESS_PREFIX = "/static/"
EXPRESS_THREADS = 2
SWITCH_SECONDS = 0.001
# Requests that are nothing but a chain search: admitted in the event loop, before a thread (admission.py).
SEARCH_PATHS = ("/api/score",)


class Scope(Protocol):
    """An RSGI request's scope, as granian gives it (granian.rsgi.Scope, with the headers'
    ``get_all``, which granian's own stub leaves out)."""

    proto: str
    http_version: str
    server: str
    client: str
    scheme: str
    method: str
    path: str
    query_string: str
    authority: str | None

    @property
    def headers(self) -> RequestHeaders: ...


class HTTPProtocol(Protocol):
    """What the front uses of granian's RSGI HTTP protocol: the body's chunks, and one answer."""

    def __aiter__(self) -> AsyncIterator[bytes]: ...

    def response_bytes(self, status: int, headers: list[tuple[str, str]], body: bytes, /) -> None: ...


Answer = tuple[int, list[tuple[str, str]], bytes]
QuickAnswer = Callable[[Scope], "Answer | None"]  # a poll answered from the request alone (polls.py)


class _TooLarge(Exception):
    pass


class _HeldFull(Exception):
    pass


class _Cut(Exception):
    pass


class NeedsThread(Exception):
    """Raised by the app's front middleware (polls.py) for a request it cannot answer in the loop."""


class BufferedWSGI:
    """An RSGI application (granian's native interface) that runs a WSGI app on ``threads``
    threads, each request with its body already read."""

    def __init__(self, wsgi_app: WSGIApplication, threads: int, max_body: int, body_seconds: float = BODY_SECONDS, max_held: int = HELD_BYTES,
                 quick: QuickAnswer | None = None) -> None:
        self.wsgi_app, self.max_body, self.body_seconds, self.max_held = wsgi_app, max_body, body_seconds, max_held
        self.quick = quick  # a poll with nothing new, from granian's request alone (polls.PollAnswers.answer)
        self.held = 0  # bytes of bodies being read now, all connections together (the event loop's only)
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="app")
        self.express = ThreadPoolExecutor(EXPRESS_THREADS, thread_name_prefix="express")

    def __rsgi_init__(self, loop: asyncio.AbstractEventLoop) -> None:
        # A thread busy with a chain search holds Python's lock for this long before another
        # (the event loop, a health check) may run: 5 ms by default, which queued a poll behind
        # every search thread in turn (benchmarks/heavy_clients.py).
        sys.setswitchinterval(SWITCH_SECONDS)

    def __rsgi_del__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.executor.shutdown(wait=True)
        self.express.shutdown(wait=True)

    async def __rsgi__(self, scope: Scope, protocol: HTTPProtocol) -> None:
        if scope.proto != "http":  # granian is started without websockets
            return
        refusal = refused_framing(scope.headers, scope.http_version)
        if refusal is not None:
            protocol.response_bytes(*refusal.answer())
            return
        if self.quick is not None:  # a poll with nothing new, from the request alone; it said all there was to say
            answer = self.quick(scope)
            if answer is not None:
                protocol.response_bytes(*answer)
                return
        environ = wsgi_environ(scope)
        if self.quick is None and scope.method == "GET" and "CONTENT_LENGTH" not in environ and "HTTP_TRANSFER_ENCODING" not in environ:
            try:  # the same through the app's chain (the access log on): on a copy, the proxy settings change it
                protocol.response_bytes(*self._respond({**environ, "wsgi.input": io.BytesIO(), IN_FRONT: True}))
                return
            except NeedsThread:
                pass
        body, refused = await self._body(scope, protocol)
        if isinstance(refused, Refusal):  # the app never sees it
            protocol.response_bytes(*refused.answer())
            return
        environ["wsgi.input"] = io.BytesIO(body)
        if refused == "late":
            environ[BODY_LATE] = True
            environ["CONTENT_LENGTH"] = "0"
        elif refused == "large":  # the app refuses it as any body over its cap (MAX_CONTENT_LENGTH): 413
            environ["CONTENT_LENGTH"] = str(self.max_body + 1)
        elif body or "CONTENT_LENGTH" in environ:
            environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)  # the body is whole now
        status, headers, payload = await self._run(environ, scope)
        if refused:
            headers.append(("Connection", "close"))  # the rest of its body may still be on its way
        protocol.response_bytes(status, headers, payload)

    async def _run(self, environ: WSGIEnvironment, scope: Scope) -> tuple[int, list[tuple[str, str]], bytes]:
        """The app's answer from a thread: the express lane's for what answers in a moment
        whatever the load (health checks, static files), else the app's, a scoring through the
        API only once it has a search slot (admission.py)."""
        loop = asyncio.get_running_loop()
        if scope.method in ("GET", "HEAD") and (scope.path in EXPRESS_PATHS or scope.path.startswith(EXPRESS_PREFIX)):
            return await loop.run_in_executor(self.express, self._respond, environ)
        if scope.method != "POST" or scope.path not in SEARCH_PATHS:
            return await loop.run_in_executor(self.executor, self._respond, environ)
        if not await admission.wait_for_slot():
            asked = dict(parse_qsl(scope.query_string)).get("lang")
            language = api_language_of(asked, scope.headers.get("accept-language") or "")
            status, headers, body = Refusal(503, "", json=admission.busy_json(language), retry_after=admission.RETRY_SECONDS, close=False).answer()
            return status, [*headers, ("Content-Language", language), ("Vary", "Accept-Language")], body  # its body was read whole
        environ[admission.HOLDS_SLOT] = True
        try:
            return await loop.run_in_executor(self.executor, self._respond, environ)
        finally:
            admission.give_slot()

    async def _body(self, scope: Scope, protocol: HTTPProtocol) -> tuple[bytes, str | Refusal]:
        """The request's body, and why it was not read ("" when it was)."""
        headers = scope.headers
        declared = headers.get("content-length")
        if declared is None and headers.get("transfer-encoding") is None:
            return b"", ""
        expected = int(declared) if declared is not None else None  # hyper let only digits through
        if expected is not None and expected > self.max_body:
            return b"", "large"
        if self.held + (expected or 0) > self.max_held:
            return b"", HELD_FULL
        reading = _Reading(self, expected)
        try:
            body = await asyncio.wait_for(reading.read(protocol), self.body_seconds)
        except TimeoutError:
            return b"", "late"
        except _TooLarge:
            return b"", "large"
        except _HeldFull:
            return b"", HELD_FULL
        except _Cut:
            return b"", CUT_BODY
        finally:
            reading.release()
        return body, ""

    def _respond(self, environ: WSGIEnvironment) -> tuple[int, list[tuple[str, str]], bytes]:
        """The WSGI app's answer, whole (its pages and files are small)."""
        started: list[tuple[int, list[tuple[str, str]]]] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: OptExcInfo | None = None) -> Callable[[bytes], object]:
            started[:] = [(int(status.split(" ", 1)[0]), list(headers))]
            return lambda data: None  # the write() of old WSGI apps: Flask never calls it

        result = self.wsgi_app(environ, start_response)
        try:
            payload = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        status, headers = started[0]
        return status, headers, payload


class _Reading:
    """One body as it comes, counted against the front's bytes held (``BufferedWSGI.held``)
    until it is handed on or refused."""

    def __init__(self, front: BufferedWSGI, expected: int | None):
        self.front, self.expected = front, expected
        self.counted = expected or 0  # a declared body is counted whole from the start
        front.held += self.counted

    async def read(self, protocol: HTTPProtocol) -> bytes:
        body = bytearray()
        end = BodyEnd()
        try:
            async for chunk in protocol:
                end.took(chunk)
                body += chunk
                if len(body) > self.front.max_body:
                    raise _TooLarge
                if len(body) > self.counted:  # chunked: counted as it comes
                    self.front.held += len(body) - self.counted
                    self.counted = len(body)
                    if self.front.held > self.front.max_held:
                        raise _HeldFull
        except (_TooLarge, _HeldFull):
            raise
        except Exception as error:  # granian's RSGIProtocolClosed/Error: the connection went away
            raise _Cut from error
        if end.broken or (self.expected is not None and len(body) != self.expected):
            raise _Cut
        return bytes(body)

    def release(self) -> None:
        self.front.held -= self.counted
        self.counted = 0


def wsgi_environ(scope: Scope) -> dict[str, Any]:
    """The WSGI environ of an RSGI request, as granian's WSGI interface builds it (PEP 3333:
    the path decoded, as Latin-1 code points of its UTF-8 bytes)."""
    server_host, server_port = _host_and_port(scope.server)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope.method,
        "SCRIPT_NAME": "",
        "PATH_INFO": scope.path.encode("utf-8", "surrogateescape").decode("latin-1"),
        "QUERY_STRING": scope.query_string,
        "SERVER_NAME": server_host,
        "SERVER_PORT": server_port,
        "SERVER_PROTOCOL": _protocol(scope.http_version),
        "REMOTE_ADDR": _host_and_port(scope.client)[0],
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.scheme,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        "wsgi.input_terminated": True,
    }
    headers = scope.headers
    for name in headers.keys():
        values = headers.get_all(name)
        if name == "content-type":
            environ["CONTENT_TYPE"] = values[0]
        elif name == "content-length":
            environ["CONTENT_LENGTH"] = values[0]
        else:
            environ["HTTP_" + name.upper().replace("-", "_")] = ("; " if name == "cookie" else ",").join(values)
    if "HTTP_HOST" not in environ and scope.authority:
        environ["HTTP_HOST"] = scope.authority
    return environ


def _host_and_port(address: str) -> tuple[str, str]:
    """'127.0.0.1:5000' or '[::1]:5000' as its host and port."""
    host, _, port = address.rpartition(":")
    return host.strip("[]"), port


def _protocol(http_version: str) -> str:
    """PEP 3333's SERVER_PROTOCOL: granian names HTTP/1.0 (what nginx speaks to the app) "1"."""
    return "HTTP/1.0" if http_version == "1" else f"HTTP/{http_version}"
