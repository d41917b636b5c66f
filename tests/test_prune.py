"""`python -m assistant prune --older-than AGE` removes the tables nobody changed for that long
(finished or left unfinished), on either store, and says which; a bad age names the option."""
from __future__ import annotations

import time

import pytest

from assistant.cli import main
from assistant.web.store import db
from assistant.web.store.db import get_db
from tests.client import browser_app_from_environment
from tests.web.helpers import enter, new_table

DAY = 24 * 60 * 60


@pytest.fixture
def served(store, tmp_path, monkeypatch):
    """The app as `serve` and `prune` make it (settings from the environment, data in ``tmp_path``), on each store."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    if "DATABASE_URL" in store:
        monkeypatch.setenv("DATABASE_URL", store["DATABASE_URL"])
    app = browser_app_from_environment(tmp_path)
    yield app
    db.release(app.config["DATABASE"])


def last_changed(app, token: str, days_ago: float) -> None:
    with app.app_context():
        get_db().execute("UPDATE game_table SET created = ?, updated = ? WHERE id = ?", (time.time() - 200 * DAY, time.time() - days_ago * DAY, token))


def stored(app) -> set[str]:
    with app.app_context():
        return {row["id"] for row in get_db().execute("SELECT id FROM game_table").fetchall()}


def test_tables_untouched_for_longer_than_the_age_are_removed_and_named(served, tmp_path, capsys):
    client = served.test_client()
    finished, abandoned, recent = new_table(client), new_table(client), new_table(client)
    enter(client, finished, {"monasteries.Frankreich.green": 2})
    assert client.post(f"/t/{finished}/score/final", data={"screen": "board", "confirm": "without-chains"}).status_code == 303
    last_changed(served, finished, days_ago=120)
    last_changed(served, abandoned, days_ago=91)
    last_changed(served, recent, days_ago=89)  # started long ago, still played
    assert main(["prune", "--older-than", "90d", "--instance", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert stored(served) == {recent}
    assert printed.count("removed table ") == 2 and "(kardinal-und-koenig, finished, last changed " in printed
    assert "(kardinal-und-koenig, unfinished, last changed " in printed
    assert "2 tables removed (unchanged for 90 days or more)" in printed
    assert finished not in printed and abandoned not in printed  # the edit links are secrets, even in a log


def test_nothing_old_enough_removes_nothing(served, tmp_path, capsys):
    token = new_table(served.test_client())
    assert main(["prune", "--older-than", "12h", "--instance", str(tmp_path)]) == 0
    assert stored(served) == {token}
    assert "0 tables removed (unchanged for 12 hours or more)" in capsys.readouterr().out


@pytest.mark.parametrize("age", ["90", "90x", "-3d", "d", "0d", "1000000d", ""])
def test_a_bad_age_names_the_option(age, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["prune", f"--older-than={age}"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert f"argument --older-than: {age!r} is not an age" in error and "90d" in error and "Traceback" not in error

