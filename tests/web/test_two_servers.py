"""Two app servers (`python -m assistant serve`, as shipped) on one PostgreSQL database, as
several machines behind a proxy run it: a phone on each changes the same cell and different
cells; conflicts are refused and nothing is lost, exactly as on one server; a change made on one
reaches the phones polling the other within a poll, also when the other's listener for changes
(assistant/web/store/versions.py) loses its connection."""
from __future__ import annotations

import itertools
import re
import time
from contextlib import ExitStack

import psycopg
import pytest

from assistant.web.store.versions import LISTENER_NAME
from tests.served import Phone, new_table, serving

HTMX = {"HX-Request": "true"}
POLL_SECONDS = 2.0  # as the phones poll
_databases = itertools.count()


@pytest.fixture
def database(postgres) -> str:
    return postgres.create_database(f"two_servers_{next(_databases)}")


@pytest.fixture
def servers(database, tmp_path):
    """Two `serve` processes, each with its own instance folder, one database and one secret key;
    each stops cleanly on SIGTERM."""
    url = database
    with ExitStack() as running:
        yield [running.enter_context(serving(tmp_path / name, DATABASE_URL=url, ASSISTANT_SECRET_KEY="one key for every server")) for name in ("a", "b")]


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


def _seen_after(phone: Phone, table: str, shown: int, changed: float) -> float:
    """Seconds from ``changed`` until a poll on ``phone`` showing version ``shown`` gets the change."""
    while True:
        status, body = phone.get(f"/t/{table}/board?since={shown}", HTMX)
        assert status == 200, status
        if body:
            return time.monotonic() - changed
        assert time.monotonic() - changed < POLL_SECONDS, f"version {shown} still answered nothing new {POLL_SECONDS} s after the change"
        time.sleep(0.01)


@pytest.mark.timing
def test_a_change_on_one_server_reaches_a_phone_polling_the_other_within_a_poll(servers, capsys):
    first, second = Phone(servers[0]), Phone(servers[1])
    table = new_table(first)
    shown = second.version(table)
    lags = []
    for number in range(20):
        assert second.get(f"/t/{table}/board?since={shown}", HTMX) == (200, "")  # nothing new, from memory
        assert first.change(table, "monasteries.Frankreich.green", number % 9, shown) == 200
        lags.append(_seen_after(second, table, shown, time.monotonic()))
        shown += 1
    with capsys.disabled():
        print(f"\na change on server A seen by a phone polling server B after: median {sorted(lags)[len(lags) // 2] * 1000:.1f} ms, worst {max(lags) * 1000:.1f} ms")


@pytest.mark.timing
def test_no_poll_misses_a_change_when_the_listeners_connection_is_killed(servers, database):
    """Changes made while a server's listener is gone are never told to it: it must ask the database."""
    first, second = Phone(servers[0]), Phone(servers[1])
    table = new_table(first)
    shown = second.version(table)
    listeners = "SELECT pid FROM pg_stat_activity WHERE application_name = %s AND datname = current_database()"
    with psycopg.connect(database, autocommit=True) as admin:
        for number in range(6):
            _wait_for_listeners(admin, listeners, 2)  # one per server, back after the last kill
            assert second.get(f"/t/{table}/board?since={shown}", HTMX) == (200, "")
            admin.execute(f"SELECT pg_terminate_backend(pid) FROM ({listeners}) AS listener", (LISTENER_NAME,))
            assert first.change(table, "monasteries.Frankreich.green", number + 1, shown) == 200  # told to no listener
            _wait_for_listeners(admin, listeners, 2)
            time.sleep(0.2)  # and listening again: what each remembered from before must be forgotten
            _seen_after(second, table, shown, time.monotonic())
            _seen_after(first, table, shown, time.monotonic())
            shown += 1


def _wait_for_listeners(admin, query: str, count: int, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while len(admin.execute(query, (LISTENER_NAME,)).fetchall()) != count:
        assert time.monotonic() < deadline, f"not {count} listeners within {seconds} s"
        time.sleep(0.05)
