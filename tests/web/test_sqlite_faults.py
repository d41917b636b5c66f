"""A SQLite file that cannot be written (read-only, full) is a 503 with a clear sentence, nothing
half-written, and the next change after the fault works (db.is_outage, errors.py). The faults are
SQLite's own, made on the connection the request uses (the test client runs each request in the
test's thread, on that thread's kept connection): PRAGMA query_only answers writes as a read-only
file does (SQLITE_READONLY), PRAGMA max_page_count as a full disk does (SQLITE_FULL)."""
from __future__ import annotations

import logging

import pytest

from assistant.web.store import db
from tests.client import browser_app
from tests.web.helpers import GAME, change, new_table, version


@pytest.fixture
def app(tmp_path):
    app = browser_app({"TESTING": True, "DATABASE": str(tmp_path / "faults.sqlite")})
    yield app
    db.release(app.config["DATABASE"])


@pytest.fixture
def client(app):
    return app.test_client()


def _connection(app):
    return db.kept_connection(app.config["DATABASE"])


def _stored(app, token: str) -> tuple[int, str]:
    return tuple(_connection(app).execute("SELECT version, state FROM game_table WHERE id = ?", (token,)).fetchone())


def test_a_read_only_database_answers_503_saves_nothing_and_the_next_change_works(app, client, caplog):
    token = new_table(client)
    assert change(client, token, "monasteries.England.red", value=3).status_code == 200
    before = _stored(app, token)
    _connection(app).execute("PRAGMA query_only = ON")
    with caplog.at_level(logging.WARNING):
        refused = [change(client, token, "monasteries.Franken.red", base=before[0], value=value) for value in (5, 6)]
    assert [response.status_code for response in refused] == [503, 503]
    page = refused[0].get_data(as_text=True)
    assert "cannot use its database" in page and "Everything saved before is safe" in page and "Traceback" not in page
    assert 'data-outage="database"' in page  # the phone's banner says the database, not the connection (static/app.js)
    assert refused[0].headers["Retry-After"] == "5"
    assert _stored(app, token) == before  # nothing half-written
    # the board itself still reads, with what was saved; /healthz says writes cannot be made
    assert client.get(f"/t/{token}/board").status_code == 200
    assert client.get("/healthz").status_code == 503
    said = [record.getMessage() for record in caplog.records if "database" in record.getMessage()]
    assert len(said) == 1 and "cannot be used" in said[0] and "attempt to write a readonly database" in said[0], said  # once, and reads do not end it

    _connection(app).execute("PRAGMA query_only = OFF")
    with caplog.at_level(logging.WARNING):
        assert change(client, token, "monasteries.Franken.red", base=before[0], value=5).status_code == 200
    assert version(client, token) == before[0] + 1
    assert any("works again" in record.getMessage() for record in caplog.records)
    assert client.get("/healthz").status_code == 200


def test_a_full_disk_answers_503_when_a_new_table_does_not_fit_and_keeps_the_tables_before(app, client):
    new_table(client)
    connection = _connection(app)
    connection.execute(f"PRAGMA max_page_count = {connection.execute('PRAGMA page_count').fetchone()[0]}")
    made = 0
    form = {"action": "start", "chains": "disjoint", **{f"players-{index}-{key}": value for index, (name, color) in enumerate((("Ana", "red"), ("Ben", "green"), ("Cleo", "blue")))
                                                        for key, value in (("name", name), ("color", color))}}
    for _attempt in range(60):  # a few tables fill the file's last page
        response = client.post(f"/new/{GAME}", data=form)
        if response.status_code != 303:
            break
        made += 1
    assert response.status_code == 503, response.status_code
    assert "cannot use its database" in response.get_data(as_text=True)
    assert connection.execute("SELECT COUNT(*) FROM game_table").fetchone()[0] == 1 + made  # nothing half-written
    connection.execute("PRAGMA max_page_count = 1073741823")
    assert new_table(client)
