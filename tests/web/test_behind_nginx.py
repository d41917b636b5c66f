"""A festival's set-up, as docs/deployment.md has a host build it: Debian's nginx with
deploy/nginx.conf (HTTPS) in front of a group of two `serve` processes on one PostgreSQL.

While the database is stopped, every answer a phone gets through nginx is the app's own 503
with Retry-After (its page or /healthz's JSON), never nginx's 502 "no live upstreams": the
documented lines once had nginx count each 503 as a failed server (issue 37). And after a game
night, the logs the shipped site file writes name no table link."""
from __future__ import annotations

import re
import threading
import time
from collections import Counter
from contextlib import ExitStack
from email.message import Message

import pytest

from assistant.web.serving.serve import free_port
from tests.browser.nginx import Nginx
from tests.postgres import Cluster
from tests.served import LOOPBACK, Phone, new_table, serving

HTMX = {"HX-Request": "true"}
OUR_OUTAGE_PAGE = "cannot use its database"
BOARD_KEY = "Zk3vQ8pWm2LxY7nR4tHs0g"
PATIENCE = 3.0  # seconds: the app waits 2 s for the database (postgres.WAIT_SECONDS), plus noise


@pytest.fixture
def festival(tmp_path):
    """(nginx, the cluster): two servers with one secret key, trusting the one proxy."""
    cluster = Cluster(durable=True).start()
    url = cluster.create_database("festival")
    settings = {"DATABASE_URL": url, "ASSISTANT_SECRET_KEY": "one key for every server", "ASSISTANT_TRUSTED_PROXIES": "1"}
    try:
        with ExitStack() as running:
            servers = [running.enter_context(serving(tmp_path / name, **settings)) for name in ("a", "b")]
            (tmp_path / "nginx").mkdir()
            proxy = Nginx(tmp_path / "nginx", servers=servers)
            running.callback(proxy.stop)
            yield proxy, cluster
    finally:
        if not (cluster.data / "postmaster.pid").exists():  # a failed test left it stopped
            cluster.start_server()
        cluster.stop()


def _answers_during_outage(phone: Phone, table: str, shown: int) -> list[tuple[str, int, Message, str, float]]:
    """What a phone meets in an outage, twice over so both servers answer each: (what, status, headers, body, seconds)."""
    asks = {
        "board": lambda: phone.get(f"/t/{table}/board"),
        "poll": lambda: phone.get(f"/t/{table}/board?since={shown}", HTMX),
        "change": lambda: phone.post(f"/t/{table}/change", {"cell": "monasteries.Frankreich.red", "value": "2", "base": str(shown), "screen": "board", "here": ""}),
        "scores": lambda: phone.get(f"/t/{table}/scores/final"),
        "healthz": lambda: phone.get("/healthz"),
    }
    answers = []
    for _round in range(3):
        for what, ask in asks.items():
            started = time.monotonic()
            status, body = ask()
            answers.append((what, status, phone.headers, body, time.monotonic() - started))
    return answers


@pytest.mark.timing
def test_in_a_database_outage_every_answer_through_nginx_is_our_503(festival, capsys):
    nginx, cluster = festival
    phone = Phone(nginx.url, ssl_context=nginx.ssl_context)
    table = new_table(phone)
    base = phone.version(table)
    assert phone.change(table, "monasteries.Frankreich.green", 3, base) == 200
    shown = base + 1
    for _poll in range(4):  # both servers have answered polls: each remembers the version
        assert phone.get(f"/t/{table}/board?since={shown}", HTMX) == (200, "")

    cluster.stop_server()
    answers = _answers_during_outage(phone, table, shown)
    for what, status, headers, body, seconds in answers:
        assert status == 503, (what, status, body[:300])
        assert "nginx" not in body, (what, body[:300])
        if what == "healthz":
            assert '"status":"unavailable"' in body.replace(" ", ""), body
        else:
            assert headers.get("Retry-After") == "5", (what, headers.items())
            assert OUR_OUTAGE_PAGE in body, (what, body[:300])
        assert seconds < PATIENCE, (what, seconds)

    cluster.start_server()
    back = time.monotonic()
    in_a_row = 0
    while in_a_row < 4:  # both servers (nginx takes turns)
        in_a_row = in_a_row + 1 if phone.get("/healthz")[0] == 200 else 0
        assert time.monotonic() - back < 15, "/healthz not 200 on both servers through nginx within 15 s of the database's start"
        time.sleep(0.1)
    back_after = time.monotonic() - back
    assert phone.change(table, "monasteries.Frankreich.red", 2, shown) == 200  # and the phones' taps go again
    with capsys.disabled():
        slowest = {what: max(s for w, _st, _h, _b, s in answers if w == what) for what in dict.fromkeys(a[0] for a in answers)}
        print(f"\nbehind nginx, PostgreSQL stopped: every answer our 503 (slowest: {', '.join(f'{w} {s * 1000:.0f} ms' for w, s in slowest.items())}); "
              f"/healthz 200 again {back_after:.1f} s after the database's start")


def test_the_shipped_logs_name_no_table_link_after_a_game(festival):
    nginx, cluster = festival
    phone = Phone(nginx.url, ssl_context=nginx.ssl_context)
    table = new_table(phone)
    version = phone.version(table)
    for number, cell in enumerate(("monasteries.Frankreich.green", "monasteries.Bayern.red", "advisors.Burgund.blue")):
        assert phone.change(table, cell, number + 1, version + number) == 200
        phone.get(f"/t/{table}/board?since={version + number + 1}", HTMX)
    share = phone.get(f"/t/{table}/share")[1]
    watching = re.search(r"/t/([\w-]+)/board", share.replace(f"/t/{table}/", ""))
    assert watching, "the share page has no link for watching"
    phone.get(f"/t/{watching.group(1)}/board")
    phone.get(f"/t/{table}/scores/final")
    phone.get(f"/t/{table}/no-such-screen")  # a 404 too
    phone.get(f"/boards/1?lang=de&key={BOARD_KEY}&saved=1")  # a board variant's edit link (none here)
    cluster.stop_server()  # and an outage's 503s
    phone.get(f"/t/{table}/board")
    cluster.start_server()

    logs = nginx.shipped_logs()
    assert set(logs) == {"table-scoring.access.log", "table-scoring.error.log"}, list(logs)
    access = logs["table-scoring.access.log"].splitlines()
    assert len(access) >= 12 and any('"POST /t/<link>/change HTTP/1.1" 200' in line for line in access), access
    assert any('"GET /t/<link>/board HTTP/1.1" 503' in line for line in access), access
    assert any('"GET /boards/1?lang=de&key=<key>&saved=1 HTTP/1.1"' in line for line in access), access
    for name, text in logs.items():
        for token in (table, watching.group(1), BOARD_KEY):
            assert token not in text, f"{name} names a table's link or a board's key: {text}"
    # The test's own log (not shipped: it records what the browser sent) does have them: the
    # shipped one masks, it is not that nothing was logged.
    assert table in (nginx.folder / "access.log").read_text(encoding="utf-8")


def test_restarting_the_servers_one_at_a_time_fails_no_request(tmp_path):
    """An upgrade as docs/deployment.md has it: each server stopped (SIGTERM) and started again,
    the next one as soon as /healthz answers, while a phone polls and taps through nginx. With
    nginx's default max_fails=1 the first stayed marked down for 10 s and the second's restart
    left none: 502 "no live upstreams"."""
    cluster = Cluster().start()
    settings = {"DATABASE_URL": cluster.create_database("upgrade"), "ASSISTANT_SECRET_KEY": "one key", "ASSISTANT_TRUSTED_PROXIES": "1"}
    ports = [free_port(LOOPBACK), free_port(LOOPBACK)]
    servers = [ExitStack(), ExitStack()]
    answers: Counter = Counter()
    done = threading.Event()
    try:
        for stack, port in zip(servers, ports, strict=True):
            stack.enter_context(serving(tmp_path / str(port), ASSISTANT_PORT=str(port), **settings))
        (tmp_path / "nginx").mkdir()
        nginx = Nginx(tmp_path / "nginx", servers=[f"{LOOPBACK}:{port}" for port in ports])
        phone = Phone(nginx.url, ssl_context=nginx.ssl_context)
        table = new_table(phone)

        def a_phone_at_the_table() -> None:
            while not done.is_set():
                status, _poll = phone.get(f"/t/{table}/board?since=0", HTMX)
                answers[f"poll {status}"] += 1
                status, page = phone.get(f"/t/{table}/board", HTMX)
                found = re.search(r'data-version="(\d+)"', page) if status == 200 else None
                if found:
                    answers[f"tap {phone.change(table, 'monasteries.Italien.green', sum(answers.values()) % 8, int(found.group(1)))}"] += 1
                time.sleep(0.05)

        playing = threading.Thread(target=a_phone_at_the_table)
        playing.start()
        time.sleep(0.5)
        for index, port in enumerate(ports):
            servers[index].close()  # SIGTERM, and its exit status 0
            servers[index] = ExitStack()
            servers[index].enter_context(serving(tmp_path / str(port), ASSISTANT_PORT=str(port), **settings))
        time.sleep(0.5)
        done.set()
        playing.join()
        nginx.stop()
        # nginx's error lines for a server refusing connections quote the request, link and all.
        assert not any(table in text for text in nginx.shipped_logs().values()), nginx.shipped_logs()
    finally:
        done.set()
        for stack in servers:
            stack.close()
        cluster.stop()
    assert answers["poll 200"] > 10 and answers["tap 200"] > 5, answers
    assert set(answers) == {"poll 200", "tap 200"}, answers  # no 502 of nginx's, no 503 of ours
