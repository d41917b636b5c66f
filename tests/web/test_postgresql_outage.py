"""PostgreSQL stopped at once and started again under a running server whose pool is in use
(issue 21): while it is down, a table's pages, polls and changes answer 503 within about 2 s,
/healthz says 503, the start page and static files still load; once it is back no request fails,
nothing acknowledged is lost, and the log says each once (the poll's listener's lost and again too). A cluster of the test's own: stopping
the shared one would stop every other test's database."""
from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.postgres import Cluster
from tests.served import Phone, new_table, serving

HTMX = {"HX-Request": "true"}
PATIENCE = 3.0  # seconds: the database's wait is 2 s (postgres.WAIT_SECONDS), plus the machine's noise


@pytest.fixture
def cluster():
    own = Cluster(durable=True).start()
    yield own
    own.stop()


def _timed(call) -> tuple[int, str, float]:
    started = time.monotonic()
    status, page = call()
    return status, page, time.monotonic() - started


def _wait_for(phone: Phone, path: str, status: int, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while phone.get(path)[0] != status:
        assert time.monotonic() < deadline, f"{path} did not answer {status} within {seconds} s"
        time.sleep(0.1)


@pytest.mark.timing
def test_a_database_restart_answers_503_while_down_and_fails_no_request_after(cluster, tmp_path, capsys):
    url = cluster.create_database("outage")
    said: list[str] = []
    with serving(tmp_path / "server", said=said, DATABASE_URL=url) as server:
        phone = Phone(server)
        table = new_table(phone)
        base = phone.version(table)
        with ThreadPoolExecutor(8) as pool:  # every pooled connection used, as on a busy evening
            assert set(pool.map(lambda _n: phone.get(f"/t/{table}/board")[0], range(24))) == {200}
        assert phone.change(table, "monasteries.Frankreich.green", 3, base) == 200
        shown = base + 1

        cluster.stop_server()
        _wait_for(phone, f"/t/{table}/board?since={shown}", 503, seconds=PATIENCE)  # the poll's memory forgets at once
        during = {
            "board": _timed(lambda: phone.get(f"/t/{table}/board")),
            "poll": _timed(lambda: phone.get(f"/t/{table}/board?since={shown}", HTMX)),
            "change": _timed(lambda: phone.post(f"/t/{table}/change", {"cell": "monasteries.Frankreich.red", "value": "2", "base": str(shown), "screen": "board", "here": ""})),
            "scores": _timed(lambda: phone.get(f"/t/{table}/scores/final")),
            "healthz": _timed(lambda: phone.get("/healthz")),
        }
        for name, (status, page, seconds) in during.items():
            assert status == 503, (name, status, page[:300])
            assert seconds < PATIENCE, (name, seconds)
        assert "cannot use its database" in during["board"][1] and "Everything saved before is safe" in during["board"][1]
        assert '"status":"unavailable"' in during["healthz"][1].replace(" ", "")
        start_page = phone.get("/")
        assert start_page[0] == 200 and "cannot be listed right now" in start_page[1]
        assert phone.get("/static/app.css")[0] == 200 and phone.get("/livez")[0] == 200

        cluster.start_server()
        back = time.monotonic()
        _wait_for(phone, "/healthz", 200)
        back_after = time.monotonic() - back
        answers = []
        for number in range(30):  # pages, polls and changes: none fails once it is back
            answers.append(phone.get(f"/t/{table}/board")[0])
            answers.append(phone.get(f"/t/{table}/board?since={shown}", HTMX)[0])
            answers.append(phone.change(table, "monasteries.Burgund.red", number % 5, phone.version(table)))
        assert set(answers) == {200}, answers
        board = phone.get(f"/t/{table}/board")[1]
        assert re.search(r'id="cell-monasteries-Frankreich-green"[^>]*>3</a>', board)  # acknowledged before: kept
        assert not re.search(r'id="cell-monasteries-Frankreich-red"[^>]*>2</a>', board)  # refused during: not there
        deadline = time.monotonic() + 15  # the listener retries on its own schedule (versions.RETRY_SECONDS)
        while not any("table changes again" in line for line in said):
            assert time.monotonic() < deadline, "the poll's listener did not say it listens again within 15 s"
            time.sleep(0.1)
    log = "".join(said)
    with capsys.disabled():
        print(f"\nPostgreSQL restarted under a served app: during the outage {', '.join(f'{name} {status} in {seconds * 1000:.0f} ms' for name, (status, _p, seconds) in during.items())}; "
              f"/healthz 200 again {back_after:.1f} s after the start")
    assert log.count("the database cannot be used") == 1, log
    assert log.count("the database works again") == 1, log
    # The poll's listener (versions.py), as docs/deployment.md's "What to monitor" names its lines:
    # serve's log shows WARNING and above, so these are warnings.
    assert log.count("lost the database's table changes") == 1, log
    assert log.count("listening to the database's table changes again") == 1, log
    assert "Traceback" not in log and "unexpected error" not in log, log
