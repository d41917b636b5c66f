"""What the server's front refuses before the app runs (issue 31): a body shorter than it said,
cut by a close or a reset, a malformed or oversized chunk, framing two servers could read two
ways, several Host headers or none, a Host that is no name. Each through the app as served
(`python -m assistant serve`, every protection on), on raw sockets: a browser sends none of them."""
from __future__ import annotations

import re
import socket
import struct
import time
from http.cookiejar import CookieJar
from urllib.parse import urlencode, urlsplit

import pytest

from tests.served import Phone, new_table, serving

CELL = "monasteries.Frankreich.green"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    said: list[str] = []
    with serving(tmp_path_factory.mktemp("front"), said=said) as url:
        yield url, said
    log = "".join(said)
    assert "Traceback" not in log and "unexpected error" not in log, log


@pytest.fixture(scope="module")
def table(server):
    phone = Phone(server[0])
    return phone, new_table(phone)


def _port(server) -> int:
    return urlsplit(server[0]).port


def _exchange(port: int, raw: bytes, then: str = "wait", seconds: float = 5.0) -> tuple[int, bytes]:
    """Send ``raw``; then ``wait`` for the answer, ``close`` the sending side first, or ``reset``
    the connection. The status and all the server sent until it closed (0: nothing)."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as connection:
        connection.sendall(raw)
        if then == "close":
            connection.shutdown(socket.SHUT_WR)
        elif then == "reset":
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            time.sleep(0.2)  # the head is read and the body begun before the reset
            connection.close()
            return 0, b""
        received = b""
        while True:
            try:
                data = connection.recv(65536)
            except (TimeoutError, ConnectionResetError):
                break
            if not data:
                break
            received += data
            if _whole(received):
                break
    status = int(received.split(b" ", 2)[1]) if received.startswith(b"HTTP/") else 0
    return status, received


def _whole(received: bytes) -> bool:
    """One whole answer is in (the server may keep the connection open after it)."""
    head, separator, rest = received.partition(b"\r\n\r\n")
    lengths = [int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
    return bool(separator) and bool(lengths) and len(rest) >= lengths[0]


def _change_head(phone: Phone, table: str, port: int, length: int, extra: str = "") -> bytes:
    cookies = "; ".join(f"{cookie.name}={cookie.value}" for cookie in _jar(phone))
    return (f"POST /t/{table}/change HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookies}\r\nX-CSRFToken: {phone.token}\r\n"
            f"HX-Request: true\r\nContent-Type: application/x-www-form-urlencoded\r\n{extra}"
            + (f"Content-Length: {length}\r\n" if length >= 0 else "") + "\r\n").encode()


def _jar(phone: Phone) -> CookieJar:
    return next(handler.cookiejar for handler in phone.browser.handlers if hasattr(handler, "cookiejar"))


def _change_body(phone: Phone, table: str, value: int) -> bytes:
    return urlencode({"cell": CELL, "value": str(value), "base": str(phone.version(table)), "screen": "board", "here": ""}).encode()


def _valued_last(body: bytes, value: bytes) -> bytes:
    """The form with its value last, so a body without its last byte is still a change (of 1)."""
    fields = [field for field in body.split(b"&") if field != value]
    return b"&".join([*fields, value])


def _shown(phone: Phone, table: str) -> str:
    found = re.search(r'id="cell-monasteries-Frankreich-green"[^>]*>(\d*)</a>', phone.get(f"/t/{table}/board")[1])
    return found.group(1) if found else ""


def test_a_whole_change_sent_on_a_raw_socket_is_taken(server, table):
    """The helpers themselves: the same change, whole, is stored (else the refusals prove nothing)."""
    phone, token = table
    body = _change_body(phone, token, 7)
    status, answer = _exchange(_port(server), _change_head(phone, token, _port(server), len(body)) + body)
    assert status == 200, answer[:400]
    assert _shown(phone, token) == "7"


@pytest.mark.parametrize("then", ["close", "reset"])
def test_a_change_without_its_last_byte_is_refused_and_stores_nothing(server, table, then):
    phone, token = table
    before = _shown(phone, token)
    body = _valued_last(_change_body(phone, token, 12), b"value=12")
    status, answer = _exchange(_port(server), _change_head(phone, token, _port(server), len(body)) + body[:-1], then=then)
    if then == "close":
        assert status == 400, answer[:400]
        assert b"did not arrive whole" in answer and b"connection: close" in answer.lower()
    assert _shown(phone, token) == before  # not 1: the app never saw the cut body


@pytest.mark.parametrize("broken, reason", [
    (b"1\r\n12\r\n0\r\n\r\n", "a chunk longer than its size (3\\r\\nhello)"),
    (b"10000000000000000\r\n2\r\n0\r\n\r\n", "a chunk size of 2^64"),
    (b"zz\r\n2\r\n0\r\n\r\n", "a chunk size that is no number"),
])
def test_a_malformed_chunk_is_refused_and_stores_nothing(server, table, broken, reason):
    """The change's body whole but for its last digit (``value=1``), then a chunk that breaks the
    framing: before the front checked, the board stored 1."""
    phone, token = table
    before = _shown(phone, token)
    body = _valued_last(_change_body(phone, token, 12), b"value=12")[:-1]
    chunks = b"%x\r\n%s\r\n" % (len(body), body) + broken
    status, answer = _exchange(_port(server), _change_head(phone, token, _port(server), -1, "Transfer-Encoding: chunked\r\n") + chunks)
    assert status == 400, (reason, answer[:400])
    assert b"did not arrive whole" in answer
    assert _shown(phone, token) == before


def test_a_whole_chunked_change_is_taken(server, table):
    phone, token = table
    body = _change_body(phone, token, 4)
    chunks = b"%x\r\n%s\r\n%x\r\n%s\r\n0\r\n\r\n" % (10, body[:10], len(body) - 10, body[10:])
    status, answer = _exchange(_port(server), _change_head(phone, token, _port(server), -1, "Transfer-Encoding: chunked\r\n") + chunks)
    assert status == 200, answer[:400]
    assert _shown(phone, token) == "4"


@pytest.mark.parametrize("encodings, status, reason", [
    ("Transfer-Encoding: x\r\nTransfer-Encoding: chunked\r\n", 400, b"several Transfer-Encoding"),
    ("Transfer-Encoding: gzip, chunked\r\n", 501, b"only chunked"),
])
def test_several_or_unknown_transfer_encodings_are_refused_as_nginx_does(server, table, encodings, status, reason):
    phone, token = table
    before = _shown(phone, token)
    body = _change_body(phone, token, 9)
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
    answered, answer = _exchange(_port(server), _change_head(phone, token, _port(server), -1, encodings) + chunked)
    assert answered == status, answer[:400]
    assert reason in answer and b"connection: close" in answer.lower()
    assert _shown(phone, token) == before


def test_two_different_content_lengths_are_refused(server, table):
    phone, token = table
    before = _shown(phone, token)
    body = _change_body(phone, token, 9)
    status, answer = _exchange(_port(server), _change_head(phone, token, _port(server), len(body), f"Content-Length: {len(body) - 1}\r\n") + body)
    assert status == 400, answer[:400]
    assert _shown(phone, token) == before


@pytest.mark.parametrize("head, reason", [
    ("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n", b"several Host headers"),
    ("GET /healthz HTTP/1.1\r\n\r\n", b"no Host header"),
])
def test_several_host_headers_or_none_are_refused_and_the_connection_closed(server, head, reason):
    status, answer = _exchange(_port(server), head.encode())
    assert status == 400, answer[:400]
    assert reason in answer and b"connection: close" in answer.lower()


def test_http_1_0_without_a_host_is_answered(server):
    status, answer = _exchange(_port(server), b"GET /livez HTTP/1.0\r\n\r\n")
    assert status == 200, answer[:400]


@pytest.mark.parametrize("host", ["a..b", "x" * 64 + ".example", "-a.example", "a b", "a.example:99999", "[::1", "\u00e9.example"])
def test_a_host_that_is_no_name_is_a_plain_400_on_every_route(server, table, host):
    phone, token = table
    port = _port(server)
    version = phone.version(token)
    for path in ("/healthz", "/livez", "/", f"/t/{token}/share", f"/t/{token}/board?since={version}", "/static/app.css"):
        raw = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nHX-Request: true\r\n\r\n".encode()
        status, answer = _exchange(port, raw)
        assert status == 400, (host, path, answer[:300])
        assert b"text/plain" in answer and b"Host" in answer.split(b"\r\n\r\n", 1)[1], (host, path, answer[:300])


@pytest.fixture(scope="module")
def named_server(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("named"), ASSISTANT_TRUSTED_HOSTS="scores.example.org") as url:
        yield url


def test_a_poll_naming_another_host_is_refused_as_every_other_request(named_server):
    """ASSISTANT_TRUSTED_HOSTS applies to the poll the front answers without the app too."""
    phone = Phone(named_server)
    token = new_table(phone)
    version = phone.version(token)
    port = urlsplit(named_server).port
    poll = f"GET /t/{token}/board?since={version} HTTP/1.1\r\nHost: {{host}}\r\nHX-Request: true\r\n\r\n"
    trusted, answer = _exchange(port, poll.format(host="scores.example.org").encode(), seconds=2)
    assert trusted == 200 and b"hx-reswap: none" in answer.lower(), answer[:300]
    status, answer = _exchange(port, poll.format(host="evil.example").encode(), seconds=2)
    assert status == 400 and b"does not answer to that name" in answer, answer[:300]


@pytest.mark.timing(loads_cores=True)
def test_past_the_bytes_held_for_unfinished_bodies_a_new_body_is_refused_at_once(tmp_path):
    """ASSISTANT_HELD_BODY_BYTES (here 1 MB: 15 declared bodies of 65,000 bytes): the 16th half-sent
    body is refused 503 at once, the connection closed; once those connections go, bodies are taken."""
    with serving(tmp_path / "instance", ASSISTANT_HELD_BODY_BYTES="1000000") as url:
        port = urlsplit(url).port
        head = f"POST /api/score HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 65000\r\n\r\n".encode()
        held = []
        try:
            for _ in range(15):
                connection = socket.create_connection(("127.0.0.1", port), timeout=5)
                connection.sendall(head + b"{" * 100)
                held.append(connection)
            time.sleep(0.3)  # each is being read
            started = time.monotonic()
            status, answer = _exchange(port, head + b"{" * 100)
            assert status == 503 and time.monotonic() - started < 1.0, answer[:300]
            assert b"retry-after" in answer.lower() and b"connection: close" in answer.lower()
        finally:
            for connection in held:
                connection.close()
        time.sleep(0.3)  # their reads end: the bytes are given back
        status, answer = _exchange(port, head.replace(b"65000", b"2") + b"{}")
        assert status == 400 and b'"errors"' in answer, answer[:300]  # read whole, and scored: not a position
