"""Connections that send nothing, half a request or half a body hold no thread: the app keeps
answering, and a body that does not come is refused within the front's timeout (front.py)."""
from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit

import pytest

from assistant.web.serving.front import BODY_SECONDS
from benchmarks.slow_clients import HOST, hanging, healthz_seconds

HANGING = 100  # a quarter each: preconnects, half requests, idle keep-alive connections, half bodies
HALF_BODIES = 100  # the review froze the server with 8 (its threads)


def test_healthz_answers_within_a_second_while_100_connections_hang(served, capsys):
    port = urlsplit(served.url).port
    with hanging(port, "mixed", HANGING):
        waits = [healthz_seconds(port) for _ in range(5)]
    with capsys.disabled():
        print(f"\n/healthz while {HANGING} connections hang (preconnect, half request, idle keep-alive, half body): worst {max(waits) * 1000:.1f} ms")
    assert max(waits) < 1.0, waits


@pytest.mark.timing
def test_100_half_sent_bodies_hold_nothing_and_are_refused_within_the_timeout(served, capsys):
    port = urlsplit(served.url).port
    with hanging(port, "half body", HALF_BODIES) as held:
        started = time.monotonic()
        waits = [healthz_seconds(port) for _ in range(5)]
        answers = [_answer_and_close(connection, deadline=started + BODY_SECONDS + 5) for connection in held]
    last_closed = max(seconds for _status, seconds in answers) - started
    with capsys.disabled():
        print(f"\n/healthz while {HALF_BODIES} bodies hang half-sent: worst {max(waits) * 1000:.1f} ms; every one answered and closed within {last_closed:.1f} s")
    assert max(waits) < 1.0, waits
    assert {status for status, _seconds in answers} == {408}, answers[:3]
    assert last_closed < BODY_SECONDS + 2, last_closed


def test_a_60_kb_body_sent_in_pieces_within_the_timeout_is_taken(served):
    """A large form on a slow connection still goes through: the front waits for the whole body."""
    port = urlsplit(served.url).port
    names = ",".join(json.dumps("x" * 40) for _ in range(1400))
    body = ('{"game": "princeps-machiavelli", "players": [' + names + "]}").encode()
    assert 55_000 < len(body) < 64 * 1024
    with socket.create_connection((HOST, port), timeout=10) as connection:
        connection.sendall(f"POST /api/score HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode())
        for start in range(0, len(body), len(body) // 4 + 1):
            connection.sendall(body[start : start + len(body) // 4 + 1])
            time.sleep(0.3)
        status, answer = _response(connection)
    assert status == 400, answer[:300]  # read whole and scored: not a position, said field by field
    assert b'"errors"' in answer and b"players" in answer


def test_a_chunked_body_over_64_kb_is_refused_as_too_large(served):
    """Chunked, the size is known only as it comes: past the cap it is a 413, not a body cut short."""
    port = urlsplit(served.url).port
    chunk = b"a" * 8192
    with socket.create_connection((HOST, port), timeout=10) as connection:
        connection.sendall(f"POST /api/score HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
        try:
            for _ in range(10):
                connection.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            connection.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused before the rest was sent
        status, answer = _response(connection)
    assert status == 413, answer[:300]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["errors"][0]["field"] == "input"


def _answer_and_close(connection: socket.socket, deadline: float) -> tuple[int, float]:
    """The status the server answered a held connection with, and when it closed it."""
    connection.settimeout(max(0.1, deadline - time.monotonic()))
    status, _answer = _response(connection)
    return status, time.monotonic()


def _response(connection: socket.socket) -> tuple[int, bytes]:
    """Everything the server sends until it closes the connection (or has sent one whole answer)."""
    received = b""
    while True:
        try:
            data = connection.recv(65536)
        except TimeoutError:
            break
        if not data:
            break
        received += data
        head, _, rest = received.partition(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")), None)
        if length is not None and len(rest) >= length and b"connection: close" not in head.lower():
            break
    status = int(received.split(b" ", 2)[1]) if received.startswith(b"HTTP/") else 0
    return status, received
