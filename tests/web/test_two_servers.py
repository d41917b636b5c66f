"""Two app servers (`python -m assistant serve`, as shipped) on one PostgreSQL database, as
several machines behind a proxy run it: a phone on each changes the same cell and different
cells; conflicts are refused and nothing is lost, exactly as on one server."""
from __future__ import annotations

import re
from contextlib import ExitStack
from http.cookiejar import CookieJar
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, Request, build_opener

import pytest

from tests.client import PAGE_TOKEN, TOKEN_HEADER
from tests.served import serving
from tests.web.helpers import GAME


class Phone:
    """A phone's browser on one server: its own session cookie, the page's CSRF token, htmx's headers."""

    def __init__(self, url: str):
        self.url = url
        self.browser = build_opener(HTTPCookieProcessor(CookieJar()))  # keeps the session cookie, follows a 303
        self.address = url
        self.token = PAGE_TOKEN.search(self.get("/")[1]).group(1)

    def get(self, path: str, headers: dict | None = None) -> tuple[int, str]:
        return self._open(path, None, headers or {})

    def post(self, path: str, form: dict, htmx: bool = True) -> tuple[int, str]:
        headers = {TOKEN_HEADER: self.token, "Sec-Fetch-Site": "same-origin", "Origin": self.url}
        if htmx:
            headers["HX-Request"] = "true"
        return self._open(path, urlencode(form).encode(), headers)

    def _open(self, path: str, data: bytes | None, headers: dict) -> tuple[int, str]:
        try:
            with self.browser.open(Request(self.url + path, data=data, headers=headers), timeout=30) as response:
                self.address = response.url  # where a redirect led
                return response.status, response.read().decode()
        except HTTPError as error:
            with error:
                return error.code, error.read().decode()

    def version(self, table: str) -> int:
        status, page = self.get(f"/t/{table}/board", {"HX-Request": "true"})
        assert status == 200, f"{self.url} answers {status} for the table"
        return int(re.search(r'data-version="(\d+)"', page).group(1))

    def change(self, table: str, cell: str, value: int, base: int) -> int:
        return self.post(f"/t/{table}/change", {"cell": cell, "value": str(value), "base": str(base), "screen": "board", "here": ""})[0]


@pytest.fixture
def servers(postgres, tmp_path):
    """Two `serve` processes, each with its own instance folder, one database and one secret key;
    each stops cleanly on SIGTERM."""
    url = postgres.create_database("two_servers")
    with ExitStack() as running:
        yield [running.enter_context(serving(tmp_path / name, DATABASE_URL=url, ASSISTANT_SECRET_KEY="one key for every server")) for name in ("a", "b")]


def new_table(phone: Phone) -> str:
    form = {"action": "start", "chains": "disjoint", "players-0-name": "Ana", "players-0-color": "green", "players-1-name": "Ben", "players-1-color": "red", "players-2-name": "Cleo", "players-2-color": "blue"}
    status, page = phone.post(f"/new/{GAME}", form, htmx=False)
    assert status == 200, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))[-600:]
    found = re.search(r"/t/([\w-]+)/board$", phone.address)
    assert found, phone.address
    return found.group(1)


def test_two_servers_on_one_database_refuse_conflicts_and_lose_nothing(servers):
    first, second = Phone(servers[0]), Phone(servers[1])
    table = new_table(first)
    base = second.version(table)
    assert first.version(table) == base
    # different cells from the same version: both kept
    assert first.change(table, "monasteries.Frankreich.green", 3, base) == 200
    assert second.change(table, "monasteries.Frankreich.red", 2, base) == 200
    # the same cell from the same version: the second is refused, nothing overwritten
    now = first.version(table)
    assert second.change(table, "monasteries.Bayern.green", 4, now) == 200
    assert first.change(table, "monasteries.Bayern.green", 1, now) == 409
    # each server shows everything either phone entered
    for phone in (first, second):
        board = phone.get(f"/t/{table}/board")[1]
        assert re.search(r'id="cell-monasteries-Frankreich-green"[^>]*>3</a>', board)
        assert re.search(r'id="cell-monasteries-Frankreich-red"[^>]*>2</a>', board)
        assert re.search(r'id="cell-monasteries-Bayern-green"[^>]*>4</a>', board)
        assert phone.version(table) == base + 3
    # a poll on one server sees the change made on the other
    assert second.get(f"/t/{table}/board?since={base + 3}", {"HX-Request": "true"}) == (200, "")  # nothing new
    assert first.change(table, "advisors.Bayern.red", 1, base + 3) == 200
    assert second.get(f"/t/{table}/board?since={base + 3}", {"HX-Request": "true"})[0] == 200
