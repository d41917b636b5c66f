"""A SQLite file that cannot be written, whatever SQLite calls it ("disk I/O error" for an
immutable file, read-only, full), is one outage (issue 31): said once when it starts and once
when it ends, /healthz 503 while writes cannot be made, reads still served. Through the served
app: the file made immutable (chattr +i) under it, as the review did."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest

from tests.served import Phone, new_table, serving

CELL = "monasteries.Frankreich.green"
pytestmark = pytest.mark.skipif(shutil.which("chattr") is None, reason="chattr (e2fsprogs) makes a file immutable")


def _immutable(database, on: bool) -> bool:
    """The database and its WAL (where a change is written first) made immutable, or writable again."""
    files = [str(database), str(database) + "-wal"]
    return subprocess.run(["chattr", "+i" if on else "-i", *files], capture_output=True).returncode == 0


def test_an_immutable_database_file_is_one_outage_said_once_with_healthz_503_until_writes_work(tmp_path):
    said: list[str] = []
    instance = tmp_path / "instance"
    with serving(instance, said=said) as server:
        phone = Phone(server)
        table = new_table(phone)
        base = phone.version(table)
        assert phone.change(table, CELL, 3, base) == 200
        base += 1
        if not _immutable(instance / "assistant.sqlite", True):
            pytest.skip("this file system cannot make a file immutable")
        try:
            answers = []
            for number in range(10):  # a busy minute: changes, pages, polls and health checks
                answers.append(("change", phone.change(table, CELL, 4 + number % 3, base)))
                answers.append(("board", phone.get(f"/t/{table}/board")[0]))
                answers.append(("poll", phone.get(f"/t/{table}/board?since={base}", {"HX-Request": "true"})[0]))
                answers.append(("healthz", phone.get("/healthz")[0]))
            time.sleep(0.2)
        finally:
            _immutable(instance / "assistant.sqlite", False)
        after = [phone.change(table, CELL, 6, base), phone.get("/healthz")[0], phone.get(f"/t/{table}/board")[0]]
    assert {status for kind, status in answers if kind == "change"} == {503}, answers
    assert {status for kind, status in answers if kind == "healthz"} == {503}, answers
    assert {status for kind, status in answers if kind in ("board", "poll")} == {200}, answers
    assert after == [200, 200, 200], after
    log = "".join(said)
    assert log.count("the database cannot be used") == 1, log
    assert log.count("the database works again") == 1, log
    assert "Traceback" not in log, log
