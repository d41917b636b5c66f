"""The database file and the secret key are private; the WAL stays between requests; every
acknowledged change is synced to disk (PRAGMA synchronous=FULL, see docs/security.md)."""
import os
import stat

import pytest

from assistant.web.serving.security import instance_secret
from assistant.web.store import db
from assistant.web.store.db import get_db
from tests.client import browser_app
from tests.web.helpers import enter, new_table


@pytest.fixture
def app(tmp_path):
    """These are the SQLite file's own properties: SQLite only."""
    app = browser_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite")})
    yield app
    db.release(app.config["DATABASE"])


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def open_umask():
    """The most permissive umask: the modes must not depend on the one the server starts with."""
    old = os.umask(0)
    yield
    os.umask(old)


def test_the_database_and_its_wal_files_are_readable_by_their_owner_only(app, client, open_umask):
    enter(client, new_table(client), {"monasteries.Frankreich.green": 2})
    path = app.config["DATABASE"]
    assert {suffix: mode(path + suffix) for suffix in ("", "-wal", "-shm")} == {"": 0o600, "-wal": 0o600, "-shm": 0o600}


def test_an_existing_database_keeps_its_mode(app, client, tmp_path):
    os.close(os.open(app.config["DATABASE"], os.O_CREAT | os.O_WRONLY, 0o640))
    new_table(client)
    assert mode(app.config["DATABASE"]) == 0o640


def test_the_generated_secret_key_is_readable_by_its_owner_only(tmp_path, open_umask):
    key = instance_secret(tmp_path / "secret_key")
    assert mode(tmp_path / "secret_key") == 0o600 and len(key) == 64
    assert instance_secret(tmp_path / "secret_key") == key


def test_the_wal_is_kept_between_requests(app, client):
    """Closing the last connection that holds the WAL index checkpoints and deletes the WAL:
    the process's anchor connection holds it, so a change costs no checkpoint."""
    token = new_table(client)
    enter(client, token, {"monasteries.Frankreich.green": 2})
    assert os.path.exists(app.config["DATABASE"] + "-wal")


def test_every_connection_syncs_each_change(app, client):
    new_table(client)
    with app.app_context():
        assert get_db().execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert get_db().execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_thread_keeps_its_connection_from_one_request_to_the_next(app):
    with app.test_request_context():
        first = get_db()
    with app.test_request_context():
        assert get_db() is first
        assert first.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL, on the kept one too


def test_a_request_that_fails_inside_a_transaction_leaves_the_kept_connection_out_of_it(app, client):
    token = new_table(client)
    with pytest.raises(RuntimeError), app.test_request_context():
        get_db().execute("BEGIN IMMEDIATE")
        get_db().execute("UPDATE game_table SET version = 99 WHERE id = ?", (token,))
        raise RuntimeError("the request failed half-way")
    with app.test_request_context():
        assert not get_db().in_transaction
        assert get_db().execute("SELECT version FROM game_table WHERE id = ?", (token,)).fetchone()[0] == 1
    enter(client, token, {"monasteries.Frankreich.green": 2})  # and the next change goes through
