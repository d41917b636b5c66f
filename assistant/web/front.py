"""The server's front: how a request gets from granian to the app, whole.

granian's own WSGI interface hands a request to a Python thread as soon as its headers are in,
and the thread then reads the body: a client that sends half a body holds that thread for as long
as it likes, and eight of them held all of ``serve``'s threads (issue 19). granian leaves a body
timeout to the application (emmett-framework/granian#728). So ``serve`` runs granian's RSGI
interface with this adapter, which reads every body in granian's event loop, where waiting costs
nothing, within ``BODY_SECONDS`` and the app's size cap, and only then runs the WSGI app with the
complete request on one of its threads. A body that does not arrive in time, or is larger than
the cap (declared or, chunked, as it comes), reaches the app without them, which answers its 408
or 413 page at once, and the connection is closed.
"""
from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor

# A phone's form or tap is a few hundred bytes and comes with its headers; a weak Wi-Fi may
# retransmit for a few seconds. Past this, the body is not coming: the request is refused.
BODY_SECONDS = 10.0
# Set in the environ of a request whose body did not arrive in time: the app refuses it (errors.py).
BODY_LATE = "assistant.body_late"
# Set in the environ while the app's chain runs in the event loop: only what answers without a
# thread (polls.py) may answer there; anything else raises NeedsThread.
IN_FRONT = "assistant.in_front"

WSGIApp = Callable[[dict, Callable], Iterable[bytes]]


class _TooLarge(Exception):
    pass


class NeedsThread(Exception):
    """Raised by the app's front middleware (polls.py) for a request it cannot answer in the loop."""


class BufferedWSGI:
    """An RSGI application (granian's native interface) that runs a WSGI app on ``threads``
    threads, each request with its body already read."""

    def __init__(self, wsgi_app: WSGIApp, threads: int, max_body: int, body_seconds: float = BODY_SECONDS):
        self.wsgi_app, self.max_body, self.body_seconds = wsgi_app, max_body, body_seconds
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="app")

    def __rsgi_init__(self, loop) -> None:
        pass

    def __rsgi_del__(self, loop) -> None:
        self.executor.shutdown(wait=True)

    async def __rsgi__(self, scope, protocol) -> None:
        if scope.proto != "http":  # granian is started without websockets
            return
        environ = wsgi_environ(scope)
        if scope.method == "GET" and "CONTENT_LENGTH" not in environ and "HTTP_TRANSFER_ENCODING" not in environ:
            try:  # a poll with nothing new, answered here (on a copy: the proxy settings change it)
                protocol.response_bytes(*self._respond({**environ, "wsgi.input": io.BytesIO(), IN_FRONT: True}))
                return
            except NeedsThread:
                pass
        body, refused = await self._body(scope, protocol)
        environ["wsgi.input"] = io.BytesIO(body)
        if refused == "late":
            environ[BODY_LATE] = True
            environ["CONTENT_LENGTH"] = "0"
        elif refused == "large":  # the app refuses it as any body over its cap (MAX_CONTENT_LENGTH): 413
            environ["CONTENT_LENGTH"] = str(self.max_body + 1)
        elif body or "CONTENT_LENGTH" in environ:
            environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)  # the body is whole now
        status, headers, payload = await asyncio.get_running_loop().run_in_executor(self.executor, self._respond, environ)
        if refused:
            headers.append(("Connection", "close"))  # the rest of its body may still be on its way
        protocol.response_bytes(status, headers, payload)

    async def _body(self, scope, protocol) -> tuple[bytes, str]:
        """The request's body, and why it was not read ("" when it was)."""
        headers = scope.headers
        declared = headers.get("content-length")
        if declared is None and "chunked" not in headers.get("transfer-encoding", "").lower():
            return b"", ""
        if declared is not None and declared.isdigit() and int(declared) > self.max_body:
            return b"", "large"
        try:
            return await asyncio.wait_for(self._read(protocol), self.body_seconds), ""
        except TimeoutError:
            return b"", "late"
        except _TooLarge:
            return b"", "large"

    async def _read(self, protocol) -> bytes:
        body = bytearray()
        async for chunk in protocol:
            body += chunk
            if len(body) > self.max_body:
                raise _TooLarge
        return bytes(body)

    def _respond(self, environ: dict) -> tuple[int, list[tuple[str, str]], bytes]:
        """The WSGI app's answer, whole (its pages and files are small)."""
        started: list = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info=None):
            started[:] = [int(status.split(" ", 1)[0]), list(headers)]
            return lambda data: None  # the write() of old WSGI apps: Flask never calls it

        result = self.wsgi_app(environ, start_response)
        try:
            payload = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        return started[0], started[1], payload


def wsgi_environ(scope) -> dict:
    """The WSGI environ of an RSGI request, as granian's WSGI interface builds it (PEP 3333:
    the path decoded, as Latin-1 code points of its UTF-8 bytes)."""
    server_host, server_port = _host_and_port(scope.server)
    environ = {
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
