"""Polls with nothing new answered by the served front from granian's request alone (polls.py,
``PollAnswers``), before any WSGI environ: the same answer the app gives, never when something
changed, whichever process or connection changed it, and only for a Host the app would serve."""
import http.client
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from assistant.web.serving.polls import FileVersions
from tests.served import Phone, new_table, serving

HTMX = {"HX-Request": "true"}
EVERY_RESPONSE = {"content-security-policy", "x-content-type-options", "referrer-policy", "vary"}


def raw_get(url: str, path: str, headers: dict) -> tuple[int, dict[str, str], bytes]:
    """A GET with exactly these headers (http.client adds no Host when one is given); the answer's
    headers without Date, which changes each second."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_host="Host" in headers, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders()
        answer = connection.getresponse()
        kept = {name.lower(): value for name, value in answer.getheaders() if name.lower() != "date"}
        return answer.status, kept, answer.read()
    finally:
        connection.close()


def nothing_new(status: int, headers: dict[str, str], body: bytes) -> bool:
    return status == 200 and body == b"" and headers.get("hx-reswap") == "none"


@contextmanager
def a_served_table(instance: Path, **settings: str) -> Iterator[tuple[str, Phone, str, int]]:
    """The served app, a phone, its new table and the version the phone shows."""
    with serving(instance, **settings) as url:
        phone = Phone(url)
        table = new_table(phone)
        yield url, phone, table, phone.version(table)


def test_the_served_poll_is_answered_with_every_header_and_sees_a_change_at_once(tmp_path):
    with a_served_table(tmp_path) as (url, phone, table, base):
        poll = f"/t/{table}/board?since={base}"
        status, headers, body = raw_get(url, poll, {**HTMX, "Host": urlsplit(url).netloc})
        assert nothing_new(status, headers, body)
        assert EVERY_RESPONSE <= set(headers) and "set-cookie" not in headers and "strict-transport-security" not in headers
        assert raw_get(url, poll, {**HTMX, "Host": urlsplit(url).netloc}) == (status, headers, body)  # asked again: remembered
        assert phone.change(table, "monasteries.Bayern.red", 2, base) == 200
        status, _headers, body = raw_get(url, poll, {**HTMX, "Host": urlsplit(url).netloc})
        assert status == 200 and b"Bayern" in body  # the board again, not "nothing new"


def test_a_change_another_process_commits_to_the_file_is_seen_by_the_next_poll(tmp_path):
    with a_served_table(tmp_path) as (url, _phone, table, base):
        poll = f"/t/{table}/board?since={base}"
        host = {"Host": urlsplit(url).netloc}
        assert nothing_new(*raw_get(url, poll, {**HTMX, **host}))
        with sqlite3.connect(Path(tmp_path) / "assistant.sqlite") as other:  # as `restore` or a second server would
            other.execute("UPDATE game_table SET version = version + 1 WHERE id = ?", (table,))
        status, _headers, body = raw_get(url, poll, {**HTMX, **host})
        assert status == 200 and body != b""


def test_the_served_poll_refuses_what_the_app_refuses(tmp_path):
    with a_served_table(tmp_path, ASSISTANT_TRUSTED_HOSTS="127.0.0.1") as (url, _phone, table, base):
        poll = f"/t/{table}/board?since={base}"
        port = urlsplit(url).port
        assert nothing_new(*raw_get(url, poll, {**HTMX, "Host": f"127.0.0.1:{port}"}))
        assert raw_get(url, poll, {**HTMX, "Host": f"elsewhere.example:{port}"})[0] == 400  # not a trusted host
        assert raw_get(url, poll, {**HTMX, "Host": "a..b"})[0] == 400  # no host name at all
        assert raw_get(url, poll, {**HTMX, "Host": f"127.0.0.1:{port}", "X-Forwarded-Host": "elsewhere.example"})[0] == 200  # no proxy trusted


def test_behind_a_trusted_proxy_the_served_poll_reads_its_scheme_and_host(tmp_path):
    with serving(tmp_path, ASSISTANT_TRUSTED_PROXIES="1", ASSISTANT_TRUSTED_HOSTS="scores.example.org,127.0.0.1") as url:
        forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org", "X-Forwarded-For": "192.0.2.7"}
        phone = Phone(url)  # straight to the server: no proxy's headers, nothing forwarded
        table = new_table(phone)
        poll = f"/t/{table}/board?since={phone.version(table)}"
        status, headers, body = raw_get(url, poll, {**HTMX, "Host": "127.0.0.1", **forwarded})
        assert nothing_new(status, headers, body) and headers["strict-transport-security"].startswith("max-age=")
        not_trusted = {**forwarded, "X-Forwarded-Host": "elsewhere.example"}
        assert raw_get(url, poll, {**HTMX, "Host": "127.0.0.1", **not_trusted})[0] == 400


def test_file_versions_forget_what_they_read_once_another_connection_commits(tmp_path):
    path = tmp_path / "versions.sqlite"
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("CREATE TABLE game_table (id TEXT PRIMARY KEY, view_id TEXT UNIQUE, version INTEGER)")
    writer.execute("INSERT INTO game_table VALUES ('edit-token-1', 'view-token-1', 3)")
    reader = sqlite3.connect(path, isolation_level=None)
    reader.row_factory = sqlite3.Row
    versions = FileVersions()
    assert versions.version("edit-token-1", reader) == 3
    assert versions.version("view-token-1", reader) == 3
    assert versions.version("unknown-token", reader) is None
    writer.execute("UPDATE game_table SET version = 4")
    assert versions.version("edit-token-1", reader) == 4
    assert versions.version("view-token-1", reader) == 4
