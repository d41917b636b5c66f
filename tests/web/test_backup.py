"""`python -m assistant backup FILE` and `restore FILE` on either store, under a running
`serve` (issue 37): the file is its owner's only; a restore puts the tables back as they were
backed up, and no phone is left behind showing newer counts than the table has: its next poll
brings the restored ones, and a tap made on its older screen is a conflict, not a silent merge."""
from __future__ import annotations

import itertools
import json
import os
import re
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.served import Phone, new_table, serving

HTMX = {"HX-Request": "true"}
_databases = itertools.count()


@pytest.fixture(params=["sqlite", "postgresql"])
def settings(request) -> dict[str, str]:
    """The store `serve` and the commands share: the instance folder's SQLite file, or a PostgreSQL database of the test's own."""
    if request.param == "sqlite":
        return {}
    return {"DATABASE_URL": request.getfixturevalue("postgres").create_database(f"backup_{next(_databases)}")}


def command(*argv: str, instance: Path, **settings: str) -> subprocess.CompletedProcess:
    """`python -m assistant …` as a host types it, with the servers' settings."""
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    return subprocess.run([sys.executable, "-m", "assistant", *argv, "--instance", str(instance)], env={**env, **settings},
                          capture_output=True, text=True, timeout=60)


def shown(board: str, cell: str) -> str:
    found = re.search(rf'id="cell-{cell.replace(".", "-")}"[^>]*>(\d+)</a>', board)
    assert found, f"{cell} is not on the board"
    return found.group(1)


def test_a_restore_under_a_running_server_leaves_no_phone_behind(settings, tmp_path):
    instance = tmp_path / "instance"
    with serving(instance, **settings) as server:
        phone = Phone(server)
        table = new_table(phone)
        version = phone.version(table)
        assert phone.change(table, "monasteries.Frankreich.green", 4, version) == 200
        version += 1

        made = command("backup", str(tmp_path / "night.backup"), instance=instance, **settings)
        assert made.returncode == 0, made.stderr
        assert re.fullmatch(r"backed up .+ to .+night\.backup: game_table 1 rows, board_variant 0 rows, table_change 1 rows, table_tap 0 rows\n", made.stdout), made.stdout
        assert stat.S_IMODE((tmp_path / "night.backup").stat().st_mode) == 0o600  # it holds every edit link
        with sqlite3.connect(tmp_path / "night.backup") as copy:
            assert copy.execute("SELECT id, version FROM game_table").fetchall() == [(table, version)]
        copy.close()

        # The game goes on after the backup: the phone shows red 5 in France, version +2.
        assert phone.change(table, "monasteries.Frankreich.red", 5, version) == 200
        assert phone.change(table, "monasteries.Frankreich.green", 6, version + 1) == 200
        seen = version + 2
        assert phone.get(f"/t/{table}/board?since={seen}", HTMX) == (200, "")  # nothing new: the server remembers it

        back = command("restore", str(tmp_path / "night.backup"), instance=instance, **settings)
        assert back.returncode == 0, back.stderr
        restored = int(re.search(r"the tables' versions now (\d+), past any a phone has seen", back.stdout).group(1))
        assert restored > seen

        # The phone's next poll brings the restored counts (in parts: the cells that changed).
        status, poll = phone.get(f"/t/{table}/board?since={seen}", HTMX)
        assert status == 200 and poll, "the poll said nothing new: the phone would keep red 5"
        assert shown(poll, "monasteries.Frankreich.red") == "0" and shown(poll, "monasteries.Frankreich.green") == "4"
        assert f'name="since" value="{restored}"' in poll
        # A tap on the phone's older screen, on a cell the restore changed, is a conflict.
        assert phone.change(table, "monasteries.Frankreich.red", 6, seen) == 409
        board = phone.get(f"/t/{table}/board")[1]
        assert shown(board, "monasteries.Frankreich.red") == "0" and shown(board, "monasteries.Frankreich.green") == "4"
        assert phone.change(table, "monasteries.Frankreich.red", 2, phone.version(table)) == 200  # and the game goes on
        # The table's record came back as it was backed up (its own versions), then the game went on.
        record = phone.get(f"/api/tables/{table}/history")[1]
        assert [change["version"] for change in json.loads(record)["changes"]] == [restored + 1, version]


def test_a_backup_never_overwrites_and_a_restore_refuses_what_is_no_backup(tmp_path):
    instance = tmp_path / "instance"
    existing = tmp_path / "notes.txt"
    existing.write_text("the host's notes")
    refused = command("backup", str(existing), instance=instance)
    assert refused.returncode == 2 and "exists already: a backup never overwrites a file" in refused.stderr, refused.stderr
    assert existing.read_text() == "the host's notes"
    for bad in (existing, tmp_path / "missing.backup"):
        refused = command("restore", str(bad), instance=instance)
        assert refused.returncode == 2, refused.stderr
        assert "is not a backup of this app" in refused.stderr or "cannot read" in refused.stderr, refused.stderr
        assert "Traceback" not in refused.stderr


def test_a_sqlite_backup_restores_into_postgresql(postgres, tmp_path):
    """One format for both stores: a night on a laptop moves to the club's PostgreSQL."""
    laptop, club = tmp_path / "laptop", {"DATABASE_URL": postgres.create_database(f"backup_{next(_databases)}")}
    with serving(laptop) as server:
        phone = Phone(server)
        table = new_table(phone)
        assert phone.change(table, "monasteries.Burgund.blue", 3, phone.version(table)) == 200
    assert command("backup", str(tmp_path / "laptop.backup"), instance=laptop).returncode == 0
    moved = command("restore", str(tmp_path / "laptop.backup"), instance=tmp_path / "club", **club)
    assert moved.returncode == 0, moved.stderr
    with serving(tmp_path / "club", **club) as server:
        assert shown(Phone(server).get(f"/t/{table}/board")[1], "monasteries.Burgund.blue") == "3"
