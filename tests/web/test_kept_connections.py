"""Polls with nothing new keep the phone's connection open on the production server as shipped
(`python -m assistant serve`). Some servers (waitress, the one before) close an HTTP/1.1
connection after any answer without a Content-Length, and a 204 may not carry one: every phone
polling every 2 s would cost a new TCP connection each time."""
from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest

from tests.served import serving
from tests.web.test_two_servers import Phone, new_table


@pytest.fixture
def served(store, tmp_path):
    """One `serve` process on the test's store (SQLite: polls answered before the app; PostgreSQL: by the app)."""
    with serving(tmp_path / "instance", **{key: value for key, value in store.items() if key == "DATABASE_URL"}) as url:
        yield url


# "&lang=" is a query the SQLite shortcut does not read: the app itself answers that poll.
@pytest.mark.parametrize("more", ["", "&lang=en"])
def test_polls_with_nothing_new_keep_the_connection_open(served, more):
    phone = Phone(served)
    table = new_table(phone)
    poll = f"/t/{table}/board?since={phone.version(table)}{more}"
    address = urlsplit(served)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    try:
        answers, sockets = [], []
        for _ in range(2):
            connection.request("GET", poll, headers={"HX-Request": "true"})
            response = connection.getresponse()
            answers.append((response, response.read()))
            sockets.append(connection.sock)  # None once the server said it closes
        assert sockets[0] is not None and sockets[1] is sockets[0]  # the second poll went over the same connection
        for response, body in answers:
            assert response.getheader("Connection", "").lower() != "close"
            assert response.status == 200 and body == b"", (response.status, body[:200])
            assert response.getheader("HX-Reswap") == "none"  # htmx swaps nothing: the screen stays as it is
            assert response.getheader("Content-Security-Policy")
            assert more or not response.getheader("Set-Cookie")  # ("?lang=" sets the language cookie)
    finally:
        connection.close()
