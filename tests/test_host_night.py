"""A host's night as docs/deployment.md sets it up (issue 44): its two cron lines, taken from the
docs word for word, run as cron runs them (``sh -c``, the serving user's home as the working
folder, cron's bare PATH) with the set-up's own settings file, on PostgreSQL. Only the set-up's
folders are moved into the test's (``/srv``, ``/etc``, ``/var/lib``) and the release's python is
this one. The backup makes its folder (0700) and its file, the prune removes an old table from
PostgreSQL (not from a SQLite file of its own), and each leaves its lines where the serving user
can write them."""
from __future__ import annotations

import re
import stat
import subprocess
import sys
import time
from pathlib import Path

from tests.client import browser_app
from tests.web.helpers import new_table

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
SETTINGS = (ROOT / "deploy" / "table-scoring.env").read_text(encoding="utf-8")
DAY = 24 * 60 * 60


def cron_command(file: str) -> tuple[str, str]:
    """The user and the command of the documented line of /etc/cron.d/<file>."""
    block = re.search(rf"```\n# /etc/cron\.d/{file}:[^\n]*\n([^\n]+)\n```", DOCS)
    assert block, f"docs/deployment.md has no /etc/cron.d/{file} block"
    fields = block.group(1).split(None, 6)
    return fields[5], fields[6]


def as_cron_runs_it(command: str, folders: dict[str, Path]) -> subprocess.CompletedProcess:
    command = command.replace("\\%", "%")  # cron's own escape
    command = command.replace("/srv/table-scoring/current/bin/python", sys.executable)
    for documented, here in folders.items():
        command = command.replace(documented, str(here))
    return subprocess.run(["/bin/sh", "-c", command], cwd=folders["/srv/table-scoring"], env={"PATH": "/usr/bin:/bin", "HOME": str(folders["/srv/table-scoring"])},
                          capture_output=True, text=True, timeout=120)


def test_the_documented_cron_lines_back_up_and_prune_postgresql(postgres, tmp_path):
    url = postgres.create_database("host_night")
    folders = {"/srv/table-scoring": tmp_path / "srv", "/etc/table-scoring/env": tmp_path / "etc" / "env", "/var/lib/table-scoring": tmp_path / "var"}
    folders["/srv/table-scoring"].mkdir()
    (tmp_path / "etc").mkdir()
    (tmp_path / "var" / "8000").mkdir(parents=True)  # the Install block's install -d
    # The settings file as the Install block has the host edit it: DATABASE_URL uncommented.
    env = re.sub(r"^#DATABASE_URL=.*$", f"DATABASE_URL={url}", SETTINGS, flags=re.MULTILINE)
    assert f"DATABASE_URL={url}" in env
    folders["/etc/table-scoring/env"].write_text(env, encoding="utf-8")

    app = browser_app({"DATABASE_URL": url})
    client = app.test_client()
    old, recent = new_table(client), new_table(client)
    with app.app_context():
        from assistant.web.store.db import get_db

        get_db().execute("UPDATE game_table SET updated = ? WHERE id = ?", (time.time() - 100 * DAY, old))

    user, backup_line = cron_command("table-scoring-backup")
    assert user == "assistant"
    done = as_cron_runs_it(backup_line, folders)
    assert done.returncode == 0 and not done.stdout and not done.stderr, (done.stdout, done.stderr)  # nothing for cron to mail
    backups = tmp_path / "srv" / "backups"
    assert stat.S_IMODE(backups.stat().st_mode) == 0o700
    assert [file.name for file in backups.iterdir()] == [time.strftime("%Y-%m-%d.backup")]
    backup_log = (tmp_path / "var" / "backup.log").read_text(encoding="utf-8")
    assert re.search(r"^backed up PostgreSQL database host_night .*: game_table 2 rows", backup_log, re.MULTILINE), backup_log

    user, prune_line = cron_command("table-scoring")
    assert user == "assistant"
    done = as_cron_runs_it(prune_line, folders)
    assert done.returncode == 0 and not done.stdout and not done.stderr, (done.stdout, done.stderr)
    prune_log = (tmp_path / "var" / "prune.log").read_text(encoding="utf-8")
    assert re.search(r"^removed table \S+ \(kardinal-und-koenig, unfinished, .*\n1 tables? removed", prune_log, re.MULTILINE), prune_log
    with app.app_context():
        assert {row["id"] for row in get_db().execute("SELECT id FROM game_table").fetchall()} == {recent}
    assert not list((tmp_path / "var" / "8000").glob("*.sqlite"))  # PostgreSQL's tables, not a file of its own


SECURITY = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
# What the set-up's own commands need, and Debian's package that has it (a fresh Debian may lack each).
TOOLS = {"/etc/cron.d/": "cron", "curl ": "curl", "envsubst ": "gettext-base", "openssl ": "openssl", "git clone": "git", "python3 -m venv": "python3-venv"}


def test_the_install_block_installs_what_the_set_up_s_commands_use():
    """On a fresh Debian the walk-through found cron, curl and envsubst missing for the cron lines,
    the Upgrade block's health checks and the site file: the Install block's apt-get names each."""
    installed = re.search(r"^apt-get install ([^#\n]+)", DOCS, re.MULTILINE)
    assert installed, "docs/deployment.md's Install block has no apt-get install line"
    packages = set(installed.group(1).split())
    used = {package for tool, package in TOOLS.items() if tool in DOCS or tool in SECURITY}
    assert used == set(TOOLS.values())  # the docs use them all (a tool dropped: drop it here)
    assert used <= packages, sorted(used - packages)
