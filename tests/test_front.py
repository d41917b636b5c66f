"""The server's front (assistant/web/serving/front.py) with granian's side stood in for: the WSGI environ
it builds from an RSGI scope, and what it does with bodies that come whole, late or too large.
tests/shipped/test_slow_clients.py checks the same through the real server."""
from __future__ import annotations

import asyncio
import concurrent.futures
import json

import pytest

from assistant.web.serving.front import BufferedWSGI, wsgi_environ
from assistant.web.store import db
from tests.client import browser_app


class Headers:
    """granian's RSGIHeaders: lower-case names, several values per name."""

    def __init__(self, pairs: list[tuple[str, str]]):
        self.pairs = pairs

    def keys(self) -> list[str]:
        return list(dict.fromkeys(name for name, _value in self.pairs))

    def get_all(self, name: str) -> list[str]:
        return [value for key, value in self.pairs if key == name]

    def get(self, name: str, default=None):
        return next((value for key, value in self.pairs if key == name), default)


class Scope:
    proto, http_version, scheme, authority = "http", "1.1", "http", None

    def __init__(self, method="GET", path="/", query="", headers=(), client="127.0.0.1:50000", server="127.0.0.1:5000"):
        self.method, self.path, self.query_string = method, path, query
        self.headers, self.client, self.server = Headers(list(headers)), client, server


class Protocol:
    """granian's RSGIHTTPProtocol: the body in chunks (each after ``pause`` seconds; ``stalls``: then
    nothing more, the connection held open), the answer kept."""

    def __init__(self, chunks=(), pause=0.0, stalls=False):
        self.chunks, self.pause, self.stalls, self.answer = list(chunks), pause, stalls, None

    def __aiter__(self):
        return self._chunks()

    async def _chunks(self):
        for chunk in self.chunks:
            await asyncio.sleep(self.pause)
            yield chunk
        if self.stalls:
            await asyncio.sleep(3600)

    def response_bytes(self, status, headers, body):
        self.answer = (status, dict((name.lower(), value) for name, value in headers), body)


def test_the_environ_is_what_a_wsgi_server_gives():
    scope = Scope(
        "POST", "/t/ü x/board", "since=3&lang=de",
        [("host", "table.example:8000"), ("cookie", "a=1"), ("cookie", "b=2"), ("accept", "text/html"), ("accept", "*/*"),
         ("content-type", "application/x-www-form-urlencoded"), ("content-length", "12"), ("hx-request", "true")],
        client="[::1]:41000", server="[::1]:8000",
    )
    environ = wsgi_environ(scope)
    assert environ["PATH_INFO"] == "/t/ü x/board".encode().decode("latin-1")  # PEP 3333: the UTF-8 bytes as code points
    assert environ["QUERY_STRING"] == "since=3&lang=de"
    assert environ["HTTP_COOKIE"] == "a=1; b=2" and environ["HTTP_ACCEPT"] == "text/html,*/*"
    assert (environ["CONTENT_TYPE"], environ["CONTENT_LENGTH"]) == ("application/x-www-form-urlencoded", "12")
    assert "HTTP_CONTENT_TYPE" not in environ and "HTTP_CONTENT_LENGTH" not in environ
    assert (environ["REMOTE_ADDR"], environ["SERVER_NAME"], environ["SERVER_PORT"]) == ("::1", "::1", "8000")
    assert environ["HTTP_HOST"] == "table.example:8000" and environ["HTTP_HX_REQUEST"] == "true"
    assert (environ["SERVER_PROTOCOL"], environ["wsgi.url_scheme"]) == ("HTTP/1.1", "http")
    scope.http_version = "1"  # granian's name for HTTP/1.0, as nginx speaks to the app
    assert wsgi_environ(scope)["SERVER_PROTOCOL"] == "HTTP/1.0"


@pytest.fixture
def front(tmp_path):
    app = browser_app({"DATABASE": str(tmp_path / "front.sqlite")})
    yield BufferedWSGI(app.wsgi_app, threads=2, max_body=app.config["MAX_CONTENT_LENGTH"], body_seconds=0.5)
    db.release(app.config["DATABASE"])


def _serve(front: BufferedWSGI, scope: Scope, protocol: Protocol):
    # A thread of its own: a browser test earlier in the session may leave Playwright's loop
    # running in this one, and asyncio.run() refuses to start inside a running loop.
    with concurrent.futures.ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, front.__rsgi__(scope, protocol)).result()
    return protocol.answer


def test_a_body_that_comes_in_pieces_reaches_the_app_whole(front):
    body = json.dumps({"game": "princeps-machiavelli", "players": [{"name": "Ana"}, {"name": "Ben"}]}).encode()
    scope = Scope("POST", "/api/score", headers=[("host", "x"), ("content-type", "application/json"), ("content-length", str(len(body)))])
    status, _headers, answer = _serve(front, scope, Protocol([body[:10], body[10:30], body[30:]], pause=0.05))
    assert status == 200, answer
    assert json.loads(answer)["game"] == "princeps-machiavelli"


def test_a_body_that_stops_coming_is_refused_in_time_and_the_connection_closed(front):
    scope = Scope("POST", "/api/score", headers=[("host", "x"), ("content-type", "application/json"), ("content-length", "1000")])
    status, headers, answer = _serve(front, scope, Protocol([b'{"game"'], stalls=True))
    assert status == 408 and headers["connection"] == "close"
    assert json.loads(answer)["errors"] == [{"field": "body", "reason": "did not arrive in time"}]


def test_a_form_whose_body_stops_coming_gets_the_page_that_says_so(front):
    scope = Scope("POST", "/new/kardinal-und-koenig", headers=[("host", "x"), ("content-type", "application/x-www-form-urlencoded"), ("content-length", "500")])
    status, headers, answer = _serve(front, scope, Protocol([b"players-0-name=An"], stalls=True))
    assert status == 408 and headers["connection"] == "close"
    assert "did not arrive in time" in answer.decode()


@pytest.mark.parametrize("declared", [True, False], ids=["declared", "chunked"])
def test_a_body_over_the_cap_is_refused_as_too_large_without_reading_it_all(front, declared):
    chunks = [b"a" * 16384] * 6  # 96 KB over a 64 KB cap
    length = [("content-length", str(sum(map(len, chunks))))] if declared else [("transfer-encoding", "chunked")]
    protocol = Protocol(chunks)
    scope = Scope("POST", "/api/score", headers=[("host", "x"), ("content-type", "application/json"), *length])
    status, headers, answer = _serve(front, scope, protocol)
    assert status == 413 and headers["connection"] == "close"
    assert json.loads(answer)["errors"][0]["field"] == "input"


def test_a_get_without_a_body_is_answered_at_once(front):
    status, _headers, answer = _serve(front, Scope("GET", "/healthz", headers=[("host", "x")]), Protocol())
    assert status == 200 and json.loads(answer)["status"] == "ok"


@pytest.mark.parametrize("chunks, declared, whole", [
    ([b"value=12", b""], "8", True),  # granian ends every body with an empty chunk
    ([b"value=1", b"", b""], "8", False),  # a break: an empty chunk for the error, then the end
    ([b"value=1", b""], "8", False),  # fewer bytes than declared
    ([b"hel", b"", b""], None, False),  # chunked, a malformed chunk
    ([b"hello", b""], None, True),
])
def test_a_body_that_broke_off_never_reaches_the_app(front, chunks, declared, whole):
    length = [("content-length", declared)] if declared else [("transfer-encoding", "chunked")]
    scope = Scope("POST", "/api/score", headers=[("host", "x"), ("content-type", "application/json"), *length])
    status, headers, answer = _serve(front, scope, Protocol(chunks))
    if whole:
        assert status == 400 and b'"errors"' in answer  # the app read it: not JSON, said field by field
    else:
        assert status == 400 and answer == b"Bad request: the body did not arrive whole (cut short, or a malformed chunk)\n"
        assert headers["connection"] == "close"
    assert front.held == 0  # every byte counted while reading is given back
