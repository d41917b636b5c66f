"""A slow or locked store is an outage too (issue 31): a change held by a lock or a stuck
statement answers the same 503 as a stopped database within about 2.5 s, /healthz answers on
its own short timeout, everything works after, and a server idle through a PostgreSQL restart
answers its first request. Through the served app, on both stores."""
from __future__ import annotations

import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import psycopg
import pytest

from tests.postgres import Cluster
from tests.served import Phone, new_table, serving

PATIENCE = 3.0  # the store's timeout is 2 s (ASSISTANT_DATABASE_TIMEOUT_SECONDS), plus the machine's noise
HEALTH_PATIENCE = 1.5  # /healthz's own timeout is 1 s
HELD = 6.0  # seconds the lock or the statement holds: longer than any timeout, shorter than a test should be
CELL = "monasteries.Frankreich.green"
DOWN = 6.0  # longer than the pool's attempts to reconnect (postgres.RECONNECT_SECONDS)


@pytest.fixture
def cluster():
    own = Cluster().start()
    yield own
    own.stop()


@pytest.fixture
def durable_cluster():
    """Stopped at once mid-test: only a durable one keeps the table just made (the fast one syncs nothing)."""
    own = Cluster(durable=True).start()
    yield own
    own.stop()


def _timed(call) -> tuple[int, float]:
    started = time.monotonic()
    status = call()
    return status, time.monotonic() - started


def _change(phone: Phone, table: str, value: int) -> int:
    return phone.change(table, CELL, value, phone.version(table))


@contextmanager
def _held(hold, seconds: float = HELD):
    """``hold(release)`` runs in a thread of its own until ``release`` is set (or ``seconds`` pass)."""
    release = threading.Event()
    ready = threading.Event()
    holder = threading.Thread(target=hold, args=(ready, release, seconds), daemon=True)
    holder.start()
    assert ready.wait(10), "the lock was not taken"
    try:
        yield
    finally:
        release.set()
        holder.join(timeout=seconds + 5)


def _postgresql_lock(url: str, statement: str):
    def hold(ready, release, seconds):
        with psycopg.connect(url) as connection:  # a transaction: the lock holds until it ends
            connection.execute(statement)
            ready.set()
            release.wait(seconds)
    return hold


def _sqlite_lock(path: str):
    def hold(ready, release, seconds):
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute("BEGIN EXCLUSIVE")
        ready.set()
        release.wait(seconds)
        connection.execute("ROLLBACK")
        connection.close()
    return hold


def _during_and_after(phone: Phone, table: str, with_lock, expect_healthz: set[int]) -> None:
    base = phone.version(table)
    with with_lock:
        change, change_seconds = _timed(lambda: phone.change(table, CELL, 5, base))
        health, health_seconds = _timed(lambda: phone.get("/healthz")[0])
    assert change == 503 and change_seconds < PATIENCE, (change, change_seconds)
    assert health in expect_healthz and health_seconds < HEALTH_PATIENCE, (health, health_seconds)
    assert _change(phone, table, 6) == 200  # the lock gone: the next change works
    assert phone.get("/healthz")[0] == 200


@pytest.mark.timing
def test_a_locked_postgresql_table_is_a_503_within_the_timeout_and_works_after(cluster, tmp_path):
    url = cluster.create_database("locked")
    with serving(tmp_path / "server", DATABASE_URL=url) as server:
        phone = Phone(server)
        table = new_table(phone)
        assert _change(phone, table, 3) == 200
        _during_and_after(phone, table, _held(_postgresql_lock(url, "LOCK TABLE game_table IN ACCESS EXCLUSIVE MODE")), {503})


@pytest.mark.timing
def test_a_stuck_postgresql_change_is_a_503_and_healthz_does_not_wait_behind_it(cluster, tmp_path):
    url = cluster.create_database("stuck")
    with serving(tmp_path / "server", DATABASE_URL=url) as server:
        phone = Phone(server)
        table = new_table(phone)
        with psycopg.connect(url, autocommit=True) as connection:  # every update takes 5 s, as in the review
            connection.execute("CREATE FUNCTION slow() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(5); RETURN NEW; END $$ LANGUAGE plpgsql")
            connection.execute("CREATE TRIGGER slow BEFORE UPDATE ON game_table FOR EACH ROW EXECUTE FUNCTION slow()")
        base = phone.version(table)
        stuck = threading.Thread(target=lambda: phone.change(table, CELL, 4, base))
        stuck.start()
        time.sleep(0.3)  # that change is stuck in its update now
        health, health_seconds = _timed(lambda: phone.get("/healthz")[0])
        change, change_seconds = _timed(lambda: phone.change(table, CELL, 5, base))
        stuck.join()
        assert health == 200 and health_seconds < HEALTH_PATIENCE, (health, health_seconds)
        assert change == 503 and change_seconds < PATIENCE, (change, change_seconds)
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute("DROP TRIGGER slow ON game_table")
        assert _change(phone, table, 6) == 200


@pytest.mark.timing
def test_a_locked_sqlite_file_is_a_503_within_the_timeout_and_works_after(tmp_path):
    with serving(tmp_path / "server") as server:
        phone = Phone(server)
        table = new_table(phone)
        # The change that met the lock makes it a write outage: /healthz then tries a write too,
        # which waits its own 1 s for the lock, and says 503 while changes cannot be made.
        _during_and_after(phone, table, _held(_sqlite_lock(str(tmp_path / "server" / "assistant.sqlite"))), {503})


def test_a_server_idle_through_a_postgresql_restart_answers_its_first_request(durable_cluster, tmp_path):
    cluster = durable_cluster
    url = cluster.create_database("restart")
    with serving(tmp_path / "server", DATABASE_URL=url) as server:
        phone = Phone(server)
        table = new_table(phone)
        with ThreadPoolExecutor(8) as pool:  # every pooled connection used, so every one dies in the restart
            assert set(pool.map(lambda _n: phone.get(f"/t/{table}/board")[0], range(24))) == {200}
        cluster.stop_server()
        time.sleep(DOWN)
        cluster.start_server()
        time.sleep(1)
        first = [phone.get(f"/t/{table}/board")[0], _change(phone, table, 2), phone.get("/healthz")[0]]
        assert first == [200, 200, 200], first
