"""The store behind the tables: SQLite in the instance folder unless DATABASE_URL names a
PostgreSQL database; changes from many threads at once are each applied or refused, never lost."""
from __future__ import annotations

import re
import threading

import psycopg
import pytest

from assistant.cli import main
from assistant.games.kardinal.position import GAME_SLUG
from assistant.web.store import db
from tests.client import browser_app, browser_app_from_environment
from tests.web.helpers import HTMX, change, enter, new_table, version

COUNTRIES = ("Frankreich", "Lothringen", "Italien", "Burgund", "Bayern", "Aragon", "Schwaben", "England")


def stored_version(url: str, token: str) -> int | None:
    with psycopg.connect(url) as connection:
        row = connection.execute("SELECT version FROM game_table WHERE id = %s", (token,)).fetchone()
    return row[0] if row else None


def test_database_url_keeps_the_tables_in_postgresql(postgres, tmp_path):
    url = postgres.create_database("chosen")
    client = browser_app({"TESTING": True, "DATABASE_URL": url, "DATABASE": str(tmp_path / "unused.sqlite")}).test_client()
    token = new_table(client)
    enter(client, token, {"monasteries.Frankreich.green": 2})
    assert stored_version(url, token) == 2
    assert not (tmp_path / "unused.sqlite").exists()


def test_database_url_from_the_environment(postgres, tmp_path, monkeypatch):
    url = postgres.create_database("from_environment")
    monkeypatch.setenv("DATABASE_URL", url)
    token = new_table(browser_app_from_environment(tmp_path).test_client())
    assert stored_version(url, token) == 1
    assert not (tmp_path / "assistant.sqlite").exists()


def test_without_database_url_the_tables_stay_in_sqlite_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = browser_app_from_environment(tmp_path)
    new_table(app.test_client())
    assert (tmp_path / "assistant.sqlite").exists()
    db.release(app.config["DATABASE"])


def test_the_postgresql_schema_comes_from_the_migrations_once(postgres):
    url = postgres.create_database("migrated")
    first = browser_app({"TESTING": True, "DATABASE_URL": url}).test_client()
    token = new_table(first)
    with psycopg.connect(url) as connection:
        applied = {row[0] for row in connection.execute("SELECT migration_id FROM _yoyo_migration")}
    assert {"0001.game-table", "0002.game-table-authors", f"{GAME_SLUG}-0001.board-variant"} <= applied
    db.forget_postgresql(url)  # as a new process would: the migrations are looked at again
    again = browser_app({"TESTING": True, "DATABASE_URL": url}).test_client()
    assert again.get(f"/t/{token}/board").status_code == 200
    with psycopg.connect(url) as connection:
        assert {row[0] for row in connection.execute("SELECT migration_id FROM _yoyo_migration")} == applied


def test_changes_to_different_cells_at_once_are_all_kept(app):
    """Eight phones tap eight cells at the same moment, all from the same version: every tap is kept."""
    owner = app.test_client()
    token = new_table(owner)
    base = version(owner, token)
    cells = [f"monasteries.{country}.green" for country in COUNTRIES]
    phones = [app.test_client() for _ in cells]
    for phone in phones:
        phone.get(f"/t/{token}/board")  # each has its page (session and token) before the taps
    answers: list[int] = []
    start = threading.Barrier(len(cells))

    def tap(phone, cell):
        start.wait()
        answers.append(change(phone, token, cell, base=base, value=1).status_code)

    threads = [threading.Thread(target=tap, args=pair) for pair in zip(phones, cells)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200] * len(cells)
    assert version(owner, token) == base + len(cells)
    board = owner.get(f"/t/{token}/board").get_data(as_text=True)
    for cell in cells:
        assert re.search(rf'id="cell-{cell.replace(".", "-")}"[^>]*>1</a>', board), cell


def test_the_same_cell_from_many_phones_at_once_keeps_one_and_refuses_the_others(app):
    owner = app.test_client()
    token = new_table(owner)
    base = version(owner, token)
    phones = [app.test_client() for _ in range(6)]
    for phone in phones:
        phone.get(f"/t/{token}/board")
    answers: list[int] = []
    start = threading.Barrier(len(phones))

    def tap(phone, value):
        start.wait()
        answers.append(change(phone, token, "monasteries.Frankreich.green", base=base, value=value).status_code)

    threads = [threading.Thread(target=tap, args=(phone, value)) for value, phone in enumerate(phones, start=1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200] + [409] * (len(phones) - 1)
    assert version(owner, token) == base + 1


def test_a_poll_sees_a_change_made_through_another_app(app, store):
    """Two app objects on one store stand for two servers in one process."""
    other = browser_app({"TESTING": True, **store}).test_client()
    mine = app.test_client()
    token = new_table(mine)
    base = version(mine, token)
    assert change(other, token, "monasteries.Bayern.red", base=base, value=2).status_code == 200
    assert mine.get(f"/t/{token}/board?since={base}", headers=HTMX).status_code == 200


@pytest.mark.parametrize("command", ["prune --older-than 90d", "serve --port 0"])
def test_a_database_url_that_is_not_postgresql_is_named(command, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "mysql://somewhere/tables")
    assert main([*command.split(), "--instance", str(tmp_path)]) == 2
    assert "DATABASE_URL: only postgresql://… is understood" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["0", "many", "2.5"])
def test_a_bad_pool_size_is_named(size, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ASSISTANT_DATABASE_POOL_SIZE", size)
    assert main(["serve", "--port", "0", "--instance", str(tmp_path)]) == 2
    assert f"ASSISTANT_DATABASE_POOL_SIZE: {size} is not a whole number from 1 to 1000" in capsys.readouterr().err


def test_migrate_applies_the_postgresql_migrations_once(postgres, tmp_path, monkeypatch, capsys):
    url = postgres.create_database("migrate_command")
    monkeypatch.setenv("DATABASE_URL", url)
    assert main(["migrate", "--instance", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "applied 0001.game-table\napplied 0002.game-table-authors\napplied 0003.game-table-versions\napplied 0004.table-change\napplied 0005.table-tap\napplied 0006.game-table-pace\napplied 0007.table-change-undoes\n" in printed
    assert f"applied {GAME_SLUG}-0001.board-variant\n" in printed
    assert "PostgreSQL database migrate_command on " in printed and "(8 migrations applied now)" in printed
    db.forget_postgresql(url)
    assert main(["migrate", "--instance", str(tmp_path)]) == 0
    assert "(0 migrations applied now)" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["migrate", "prune --older-than 90d", "serve --port 0"])
def test_a_database_out_of_reach_is_said_at_start(command, postgres, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", postgres.url("no_such_database"))
    assert main([*command.split(), "--instance", str(tmp_path)]) == 1
    error = capsys.readouterr().err
    assert "cannot open the database (PostgreSQL database no_such_database on " in error and 'database "no_such_database" does not exist' in error


@pytest.mark.parametrize("command", ["prune --older-than 90d", "serve --port 0", "migrate", "backup nightly.backup"])
def test_an_instance_folder_that_cannot_be_made_is_named(command, tmp_path, capsys):
    """A cron line or a unit with a wrong --instance (found walking deployment.md): said in one
    line naming the setting and the reason, never a traceback."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert main([*command.split(), "--instance", str(blocker / "instance")]) == 2
    said = capsys.readouterr().err
    assert said == f"--instance (ASSISTANT_INSTANCE_PATH): cannot make the folder {blocker / 'instance'}: Not a directory\n", said
